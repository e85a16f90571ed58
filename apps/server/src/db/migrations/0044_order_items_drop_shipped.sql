-- Whether an order line ships from a drop-ship vendor: it is on a vendor order of a vendor (not one of
-- our warehouses) that is not cancelled. Kept by the statement triggers below on vendor order lines and
-- vendor orders (any writer: the API, a job, plain SQL); the API never writes it. The merchandising
-- reports count such lines' units as drop-shipped, kept per day, store and product with the sales
-- (product_day_sales.ds_units), so the per-product report reads its period's day rows and no line.
ALTER TABLE "order_items" ADD COLUMN "drop_shipped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An order's totals follow only the lines whose figures or order changed: a line's drop-shipped flag
-- or routed cost, written as its vendor orders are made, leaves them as they are (the refresh of
-- migration 0022 ran for any update of a line, ~2 ms of each vendor order made).
CREATE FUNCTION qm_order_items_refresh_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  ids := array(
    SELECT DISTINCT x.order_id FROM new_rows n JOIN old_rows o ON o.id = n.id CROSS JOIN LATERAL (VALUES (n.order_id), (o.order_id)) x(order_id)
     WHERE (n.order_id, n.quantity, n.cancelled_quantity, n.unit_price_cents, n.discount_cents) IS DISTINCT FROM (o.order_id, o.quantity, o.cancelled_quantity, o.unit_price_cents, o.discount_cents));
  IF cardinality(ids) > 0 THEN
    PERFORM qm_orders_refresh_items(ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER qm_order_items_updated ON "order_items";--> statement-breakpoint
CREATE TRIGGER qm_order_items_updated AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_order_items_refresh_changed();--> statement-breakpoint
-- The flag of the lines named, as their vendor orders now say; written only where it changes (an
-- update of no line would still run the lines' statement triggers).
CREATE FUNCTION qm_order_items_drop_shipped(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
  flags boolean[];
BEGIN
  SELECT array_agg(x.id ORDER BY x.id), array_agg(x.ds ORDER BY x.id) INTO changed, flags
    FROM (SELECT t.id, EXISTS (SELECT 1 FROM vendor_order_items vi JOIN vendor_orders vo ON vo.id = vi.vendor_order_id
                                WHERE vi.order_item_id = t.id AND vo.source_kind = 'vendor' AND vo.status <> 'cancelled') AS ds
            FROM (SELECT DISTINCT u AS id FROM unnest(ids) u) t) x
    JOIN order_items i ON i.id = x.id
   WHERE i.drop_shipped IS DISTINCT FROM x.ds;
  IF changed IS NOT NULL THEN
    UPDATE order_items i SET drop_shipped = u.ds FROM unnest(changed, flags) u(id, ds) WHERE i.id = u.id;
  END IF;
END $$;--> statement-breakpoint
-- The lines of vendor orders written so far: the rule of qm_order_items_drop_shipped, as one hash join
-- (through that function, a probe per line: 2.9M lines took minutes longer).
UPDATE order_items i SET drop_shipped = true
  FROM (SELECT DISTINCT vi.order_item_id FROM vendor_order_items vi JOIN vendor_orders vo ON vo.id = vi.vendor_order_id
         WHERE vo.source_kind = 'vendor' AND vo.status <> 'cancelled') d
 WHERE i.id = d.order_item_id;--> statement-breakpoint
-- Vendor order lines written: the lines of the order they name, before and after.
CREATE FUNCTION qm_order_items_drop_shipped_vo_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_order_items_drop_shipped(array(SELECT n.order_item_id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM qm_order_items_drop_shipped(array(SELECT o.order_item_id FROM old_rows o));
  ELSE
    PERFORM qm_order_items_drop_shipped(array(SELECT x.id FROM new_rows n JOIN old_rows o ON o.id = n.id CROSS JOIN LATERAL (VALUES (n.order_item_id), (o.order_item_id)) x(id)
                                                WHERE (n.order_item_id, n.vendor_order_id) IS DISTINCT FROM (o.order_item_id, o.vendor_order_id)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER qm_order_items_drop_shipped_vi_ins AFTER INSERT ON "vendor_order_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_order_items_drop_shipped_vo_lines();--> statement-breakpoint
CREATE TRIGGER qm_order_items_drop_shipped_vi_upd AFTER UPDATE ON "vendor_order_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_order_items_drop_shipped_vo_lines();--> statement-breakpoint
CREATE TRIGGER qm_order_items_drop_shipped_vi_del AFTER DELETE ON "vendor_order_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_order_items_drop_shipped_vo_lines();--> statement-breakpoint
-- A vendor order cancelled (or back), or moved between a vendor and a warehouse: its lines' lines.
-- (A vendor order deleted deletes its lines, whose trigger above sees it gone.)
CREATE FUNCTION qm_order_items_drop_shipped_vos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM qm_order_items_drop_shipped(array(
    SELECT vi.order_item_id FROM vendor_order_items vi
     WHERE vi.vendor_order_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                                   WHERE (n.source_kind = 'vendor' AND n.status <> 'cancelled') IS DISTINCT FROM (o.source_kind = 'vendor' AND o.status <> 'cancelled'))));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER qm_order_items_drop_shipped_vo_upd AFTER UPDATE ON "vendor_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_order_items_drop_shipped_vos();--> statement-breakpoint
-- The drop-shipped units join the kept sales: every function of migration 0043 again, with them.
ALTER TABLE "product_day_sales" ADD COLUMN "ds_units" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP FUNCTION qm_product_day_sales_add(date[], integer[], integer[], bigint[], bigint[], bigint[]);--> statement-breakpoint
CREATE FUNCTION qm_product_day_sales_add(days date[], stores integer[], products integer[], units bigint[], revenue bigint[], cost bigint[], ds_units bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_day_sales AS t (day, store_id, product_id, units, revenue, cost, ds_units)
  SELECT u.day, u.store_id, u.product_id, sum(u.units), sum(u.revenue), sum(u.cost), sum(u.ds_units)
    FROM unnest(days, stores, products, units, revenue, cost, ds_units) u(day, store_id, product_id, units, revenue, cost, ds_units)
   WHERE u.day IS NOT NULL
   GROUP BY u.day, u.store_id, u.product_id
  HAVING sum(u.units) <> 0 OR sum(u.revenue) <> 0 OR sum(u.cost) <> 0 OR sum(u.ds_units) <> 0
   ORDER BY u.day, u.store_id, u.product_id
  ON CONFLICT (day, store_id, product_id) DO UPDATE
     SET units = t.units + excluded.units, revenue = t.revenue + excluded.revenue, cost = t.cost + excluded.cost, ds_units = t.ds_units + excluded.ds_units;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_product_day_sales_of_lines(lines order_items[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM qm_product_day_sales_add(array_agg(d.day), array_agg(d.store_id), array_agg(d.product_id), array_agg(d.units), array_agg(d.revenue), array_agg(d.cost), array_agg(d.ds_units))
     FROM (SELECT (o.placed_at AT TIME ZONE 'UTC')::date AS day, o.store_id, v.product_id, sign * (r.quantity - r.cancelled_quantity)::int8 AS units,
                  sign * ((r.quantity - r.cancelled_quantity)::int8 * r.unit_price_cents - (r.discount_cents::int8 * (r.quantity - r.cancelled_quantity)) / r.quantity) AS revenue,
                  sign * coalesce(r.cost_cents, 0) AS cost,
                  CASE WHEN r.drop_shipped THEN sign * (r.quantity - r.cancelled_quantity)::int8 ELSE 0 END AS ds_units
             FROM unnest(lines) r
             JOIN orders o ON o.id = r.order_id
             JOIN variants v ON v.id = r.variant_id
            WHERE o.status NOT IN ('cancelled', 'refunded')) d;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_product_day_sales_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before order_items[];
  after order_items[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_product_day_sales_of_lines((SELECT array_agg(n::order_items) FROM new_rows n), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM qm_product_day_sales_of_lines((SELECT array_agg(o::order_items) FROM old_rows o), -1);
  ELSE
    SELECT array_agg(o::order_items), array_agg(n::order_items) INTO before, after
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (n.order_id, n.variant_id, n.quantity, n.cancelled_quantity, n.unit_price_cents, n.discount_cents, n.cost_cents, n.drop_shipped)
           IS DISTINCT FROM (o.order_id, o.variant_id, o.quantity, o.cancelled_quantity, o.unit_price_cents, o.discount_cents, o.cost_cents, o.drop_shipped);
    IF before IS NOT NULL THEN
      PERFORM qm_product_day_sales_of_lines(before, -1);
      PERFORM qm_product_day_sales_of_lines(after, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_product_day_sales_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM qm_product_day_sales_add(array_agg(d.day), array_agg(d.store_id), array_agg(d.product_id), array_agg(d.units), array_agg(d.revenue), array_agg(d.cost), array_agg(d.ds_units))
     FROM (SELECT (x.placed_at AT TIME ZONE 'UTC')::date AS day, x.store_id, v.product_id, x.sign * (i.quantity - i.cancelled_quantity)::int8 AS units,
                  x.sign * ((i.quantity - i.cancelled_quantity)::int8 * i.unit_price_cents - (i.discount_cents::int8 * (i.quantity - i.cancelled_quantity)) / i.quantity) AS revenue,
                  x.sign * coalesce(i.cost_cents, 0) AS cost,
                  CASE WHEN i.drop_shipped THEN x.sign * (i.quantity - i.cancelled_quantity)::int8 ELSE 0 END AS ds_units
             FROM (SELECT n.id, n.placed_at, n.store_id, n.status, 1 AS sign FROM new_rows n JOIN old_rows o ON o.id = n.id
                    WHERE ((n.placed_at AT TIME ZONE 'UTC')::date, n.store_id, n.status IN ('cancelled', 'refunded'))
                          IS DISTINCT FROM ((o.placed_at AT TIME ZONE 'UTC')::date, o.store_id, o.status IN ('cancelled', 'refunded'))
                   UNION ALL
                   SELECT o.id, o.placed_at, o.store_id, o.status, -1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                    WHERE ((n.placed_at AT TIME ZONE 'UTC')::date, n.store_id, n.status IN ('cancelled', 'refunded'))
                          IS DISTINCT FROM ((o.placed_at AT TIME ZONE 'UTC')::date, o.store_id, o.status IN ('cancelled', 'refunded'))) x
             JOIN order_items i ON i.order_id = x.id
             JOIN variants v ON v.id = i.variant_id
            WHERE x.status NOT IN ('cancelled', 'refunded')) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_product_day_sales_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.product_id IS DISTINCT FROM o.product_id) THEN RETURN NULL; END IF;
  PERFORM qm_product_day_sales_add(array_agg(d.day), array_agg(d.store_id), array_agg(d.product_id), array_agg(d.units), array_agg(d.revenue), array_agg(d.cost), array_agg(d.ds_units))
     FROM (SELECT s.day, s.store_id, p.product_id, p.sign * s.units AS units, p.sign * s.revenue AS revenue, p.sign * s.cost AS cost, p.sign * s.ds_units AS ds_units
             FROM (SELECT (o.placed_at AT TIME ZONE 'UTC')::date AS day, o.store_id, i.variant_id, (i.quantity - i.cancelled_quantity)::int8 AS units,
                          (i.quantity - i.cancelled_quantity)::int8 * i.unit_price_cents - (i.discount_cents::int8 * (i.quantity - i.cancelled_quantity)) / i.quantity AS revenue,
                          coalesce(i.cost_cents, 0) AS cost,
                          CASE WHEN i.drop_shipped THEN (i.quantity - i.cancelled_quantity)::int8 ELSE 0 END AS ds_units
                     FROM order_items i JOIN orders o ON o.id = i.order_id
                    WHERE o.status NOT IN ('cancelled', 'refunded')
                      AND i.variant_id IN (SELECT o2.id FROM old_rows o2 JOIN new_rows n2 ON n2.id = o2.id WHERE n2.product_id IS DISTINCT FROM o2.product_id)) s
             JOIN (SELECT n.id, n.product_id, 1 AS sign FROM new_rows n UNION ALL SELECT o.id, o.product_id, -1 FROM old_rows o) p ON p.id = s.variant_id) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE product_day_sales t SET ds_units = d.ds_units
  FROM (SELECT (o.placed_at AT TIME ZONE 'UTC')::date AS day, o.store_id, v.product_id, sum(i.quantity - i.cancelled_quantity) AS ds_units
          FROM order_items i JOIN orders o ON o.id = i.order_id JOIN variants v ON v.id = i.variant_id
         WHERE o.status NOT IN ('cancelled', 'refunded') AND i.drop_shipped
         GROUP BY 1, 2, 3) d
 WHERE (t.day, t.store_id, t.product_id) = (d.day, d.store_id, d.product_id);
