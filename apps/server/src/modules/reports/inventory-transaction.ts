/** Inventory Transaction Report: the ledger, by variant, location, kind, date and user. */
import { sql } from 'drizzle-orm';
import { INVENTORY_TRANSACTION_KINDS } from '../../db/schema/purchasing.js';
import { col, contains, daysAgo, defineReport, filter, where } from '../../reports/kit.js';
import { PRODUCT_TITLE, locationOptions, userOptions, words } from './lookups.js';

export const inventoryTransaction = defineReport({
  name: 'inventory-transaction',
  title: 'Inventory Transaction Report',
  permissions: ['reports.read', 'inventory.read'],
  filters: {
    from: filter.date('From', { default: daysAgo(30) }),
    to: filter.date('To'),
    kind: filter.oneOf('Kind', INVENTORY_TRANSACTION_KINDS, Object.fromEntries(INVENTORY_TRANSACTION_KINDS.map((k) => [k, words(k)]))),
    location_id: filter.id('Location', locationOptions),
    variant_id: filter.id('Variant'),
    sku: filter.text('SKU'),
    user_id: filter.id('User', userOptions),
  },
  columns: [
    col.datetime('at', 'When'),
    col.text('kind', 'Kind'),
    col.text('sku', 'SKU'),
    col.text('product', 'Product'),
    col.text('location', 'Location'),
    col.int('quantity', 'Quantity', 'sum'),
    col.int('balance_after', 'Balance after'),
    col.money('unit_cost', 'Unit cost'),
    col.money('value', 'Value', 'sum'),
    col.text('reason', 'Reason'),
    col.text('reference', 'Reference'),
    col.text('user_name', 'User'),
  ],
  rows: (f) => sql`
    select t.id, t.at, t.kind, v.sku, ${PRODUCT_TITLE} as product, l.code as location, t.quantity, t.balance_after,
           t.unit_cost_cents as unit_cost, t.quantity::int8 * coalesce(t.unit_cost_cents, 0) as value, t.reason, t.reference,
           u.name as user_name, t.variant_id, t.location_id
      from inventory_transactions t
      left join variants v on v.id = t.variant_id
      left join products p on p.id = v.product_id
      left join locations l on l.id = t.location_id
      left join users u on u.id = t.user_id
      ${where(
        f.from && sql`t.at >= ${f.from}::timestamptz`,
        f.to && sql`t.at < (${f.to}::date + 1)::timestamptz`,
        f.kind && sql`t.kind = ${f.kind}`,
        f.location_id && sql`t.location_id = ${f.location_id}`,
        f.variant_id && sql`t.variant_id = ${f.variant_id}`,
        f.sku && contains(sql`v.sku`, f.sku),
        f.user_id && sql`t.user_id = ${f.user_id}`,
      )}`,
  key: () => ['id'],
  defaultSort: '-at',
  chart: {
    kind: 'share',
    title: 'Units moved by kind',
    x: 'kind',
    series: [{ key: 'units', label: 'Units', type: 'int' }],
    rows: (f) => sql`
      select t.kind, sum(abs(t.quantity))::int8 as units
        from inventory_transactions t ${f.sku ? sql`left join variants v on v.id = t.variant_id` : sql``}
        ${where(
          f.from && sql`t.at >= ${f.from}::timestamptz`,
          f.to && sql`t.at < (${f.to}::date + 1)::timestamptz`,
          f.kind && sql`t.kind = ${f.kind}`,
          f.location_id && sql`t.location_id = ${f.location_id}`,
          f.variant_id && sql`t.variant_id = ${f.variant_id}`,
          f.sku && contains(sql`v.sku`, f.sku),
          f.user_id && sql`t.user_id = ${f.user_id}`,
        )}
       group by t.kind`,
  },
});
