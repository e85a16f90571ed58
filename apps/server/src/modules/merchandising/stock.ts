/**
 * What merchandising calls "in stock", shared by the use cases and the merchandising reports: a
 * product is in stock when one of its variants is on hand in one of our warehouses or available from
 * a vendor that drop-ships it — what a shopper could order today.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A variant (by its id expression) is on hand in a warehouse or available to drop-ship. */
export const variantInStock = (variantId: SQL) =>
  sql`(exists (select 1 from inventory_items ii where ii.variant_id = ${variantId} and ii.on_hand > 0)
       or exists (select 1 from vendor_products vp where vp.variant_id = ${variantId} and vp.can_drop_ship and vp.quantity_available > 0))`;

/** A product (by its id expression) has a variant in stock. */
export const productInStock = (productId: SQL) => sql`exists (select 1 from variants sv where sv.product_id = ${productId} and ${variantInStock(sql`sv.id`)})`;

/** Units of a product (by its id expression) on hand in our warehouses, every variant. */
export const productOnHand = (productId: SQL) =>
  sql`coalesce((select sum(ii.on_hand)::int from variants sv join inventory_items ii on ii.variant_id = sv.id where sv.product_id = ${productId}), 0)`;

/**
 * Per product (of the variants `scope` keeps, a condition on `v`): units and value on hand in our
 * warehouses and whether it is in stock — the rule above, computed for many products at once (one
 * pass over the stock and the drop-ship offers instead of a lookup per product; the tests hold both
 * to the same answer).
 */
export const productStock = (scope?: SQL) => sql`
  select v.product_id, coalesce(sum(ii.on_hand), 0)::int8 as on_hand,
         coalesce(sum(ii.on_hand::int8 * coalesce(ii.avg_cost_cents, 0)), 0)::int8 as value,
         bool_or(coalesce(ii.on_hand, 0) > 0 or ds.variant_id is not null) as in_stock
    from variants v
    left join inventory_items ii on ii.variant_id = v.id
    left join (select distinct variant_id from vendor_products where can_drop_ship and quantity_available > 0 and variant_id is not null) ds on ds.variant_id = v.id
   ${scope ? sql`where ${scope}` : sql``}
   group by v.product_id`;
