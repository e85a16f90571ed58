-- Sales per day (UTC), store and product: units, revenue and cost of the order lines of orders not
-- cancelled or refunded, as the merchandising reports count them, so a period's sales per product, brand,
-- category or use case read a row per product sold a day instead of every order line of the period.
-- Derived data, kept by statement triggers over the transition tables of order_items, orders and
-- variants (any writer keeps it: the API, a job, an import or plain SQL); a test writes behind the API
-- and compares it with a sum from scratch. Every figure is added to, rows in key order.
CREATE TABLE "product_day_sales" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_day_sales_pkey" PRIMARY KEY ("day", "store_id", "product_id")
);
--> statement-breakpoint
-- Adds signed rows to their day, store and product, summed, in key order.
CREATE FUNCTION qm_product_day_sales_add(days date[], stores integer[], products integer[], units bigint[], revenue bigint[], cost bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_day_sales AS t (day, store_id, product_id, units, revenue, cost)
  SELECT u.day, u.store_id, u.product_id, sum(u.units), sum(u.revenue), sum(u.cost)
    FROM unnest(days, stores, products, units, revenue, cost) u(day, store_id, product_id, units, revenue, cost)
   WHERE u.day IS NOT NULL
   GROUP BY u.day, u.store_id, u.product_id
  HAVING sum(u.units) <> 0 OR sum(u.revenue) <> 0 OR sum(u.cost) <> 0
   ORDER BY u.day, u.store_id, u.product_id
  ON CONFLICT (day, store_id, product_id) DO UPDATE
     SET units = t.units + excluded.units, revenue = t.revenue + excluded.revenue, cost = t.cost + excluded.cost;
END $$;
--> statement-breakpoint
-- Order lines (`sign` 1 added, -1 taken away) to their day, store and product: what is not cancelled at
-- its unit price less that part's share of its discount, and its routed cost; counted while their order
-- is not cancelled or refunded (a line whose order is gone counts nothing: the order's delete took its
-- lines away first, below).
CREATE FUNCTION qm_product_day_sales_of_lines(lines order_items[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM qm_product_day_sales_add(array_agg(d.day), array_agg(d.store_id), array_agg(d.product_id), array_agg(d.units), array_agg(d.revenue), array_agg(d.cost))
     FROM (SELECT (o.placed_at AT TIME ZONE 'UTC')::date AS day, o.store_id, v.product_id, sign * (r.quantity - r.cancelled_quantity)::int8 AS units,
                  sign * ((r.quantity - r.cancelled_quantity)::int8 * r.unit_price_cents - (r.discount_cents::int8 * (r.quantity - r.cancelled_quantity)) / r.quantity) AS revenue,
                  sign * coalesce(r.cost_cents, 0) AS cost
             FROM unnest(lines) r
             JOIN orders o ON o.id = r.order_id
             JOIN variants v ON v.id = r.variant_id
            WHERE o.status NOT IN ('cancelled', 'refunded')) d;
END $$;
--> statement-breakpoint
-- Lines written: added, taken away, or (updated) only those whose figures, order or variant changed.
CREATE FUNCTION qm_product_day_sales_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_product_day_sales_of_lines((SELECT array_agg(n::order_items) FROM new_rows n), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM qm_product_day_sales_of_lines((SELECT array_agg(o::order_items) FROM old_rows o), -1);
  ELSE
    PERFORM qm_product_day_sales_of_lines((SELECT array_agg(o::order_items) FROM old_rows o JOIN new_rows n ON n.id = o.id
                                            WHERE (n.order_id, n.variant_id, n.quantity, n.cancelled_quantity, n.unit_price_cents, n.discount_cents, n.cost_cents)
                                                  IS DISTINCT FROM (o.order_id, o.variant_id, o.quantity, o.cancelled_quantity, o.unit_price_cents, o.discount_cents, o.cost_cents)), -1);
    PERFORM qm_product_day_sales_of_lines((SELECT array_agg(n::order_items) FROM new_rows n JOIN old_rows o ON o.id = n.id
                                            WHERE (n.order_id, n.variant_id, n.quantity, n.cancelled_quantity, n.unit_price_cents, n.discount_cents, n.cost_cents)
                                                  IS DISTINCT FROM (o.order_id, o.variant_id, o.quantity, o.cancelled_quantity, o.unit_price_cents, o.discount_cents, o.cost_cents)), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER qm_product_day_sales_lines_ins AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_product_day_sales_lines();--> statement-breakpoint
CREATE TRIGGER qm_product_day_sales_lines_upd AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_product_day_sales_lines();--> statement-breakpoint
CREATE TRIGGER qm_product_day_sales_lines_del AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_product_day_sales_lines();--> statement-breakpoint
-- An order whose day, store or counting changed (cancelled, refunded, or back) moves its lines: taken
-- from where it counted, added where it counts now.
CREATE FUNCTION qm_product_day_sales_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM qm_product_day_sales_add(array_agg(d.day), array_agg(d.store_id), array_agg(d.product_id), array_agg(d.units), array_agg(d.revenue), array_agg(d.cost))
     FROM (SELECT (x.placed_at AT TIME ZONE 'UTC')::date AS day, x.store_id, v.product_id, x.sign * (i.quantity - i.cancelled_quantity)::int8 AS units,
                  x.sign * ((i.quantity - i.cancelled_quantity)::int8 * i.unit_price_cents - (i.discount_cents::int8 * (i.quantity - i.cancelled_quantity)) / i.quantity) AS revenue,
                  x.sign * coalesce(i.cost_cents, 0) AS cost
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
CREATE TRIGGER qm_product_day_sales_orders_upd AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_product_day_sales_orders();--> statement-breakpoint
-- An order deleted takes its lines away before they are deleted with it. Row by row: orders are rarely deleted.
CREATE FUNCTION qm_product_day_sales_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM qm_product_day_sales_of_lines((SELECT array_agg(i) FROM order_items i WHERE i.order_id = OLD.id), -1);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER qm_product_day_sales_order_del BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION qm_product_day_sales_order_deleted();--> statement-breakpoint
-- A variant moved to another product takes its sales with it.
CREATE FUNCTION qm_product_day_sales_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.product_id IS DISTINCT FROM o.product_id) THEN RETURN NULL; END IF;
  PERFORM qm_product_day_sales_add(array_agg(d.day), array_agg(d.store_id), array_agg(d.product_id), array_agg(d.units), array_agg(d.revenue), array_agg(d.cost))
     FROM (SELECT s.day, s.store_id, p.product_id, p.sign * s.units AS units, p.sign * s.revenue AS revenue, p.sign * s.cost AS cost
             FROM (SELECT (o.placed_at AT TIME ZONE 'UTC')::date AS day, o.store_id, i.variant_id, (i.quantity - i.cancelled_quantity)::int8 AS units,
                          (i.quantity - i.cancelled_quantity)::int8 * i.unit_price_cents - (i.discount_cents::int8 * (i.quantity - i.cancelled_quantity)) / i.quantity AS revenue,
                          coalesce(i.cost_cents, 0) AS cost
                     FROM order_items i JOIN orders o ON o.id = i.order_id
                    WHERE o.status NOT IN ('cancelled', 'refunded')
                      AND i.variant_id IN (SELECT o2.id FROM old_rows o2 JOIN new_rows n2 ON n2.id = o2.id WHERE n2.product_id IS DISTINCT FROM o2.product_id)) s
             JOIN (SELECT n.id, n.product_id, 1 AS sign FROM new_rows n UNION ALL SELECT o.id, o.product_id, -1 FROM old_rows o) p ON p.id = s.variant_id) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER qm_product_day_sales_variants_upd AFTER UPDATE ON "variants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_product_day_sales_variants();--> statement-breakpoint
INSERT INTO product_day_sales (day, store_id, product_id, units, revenue, cost)
SELECT (o.placed_at AT TIME ZONE 'UTC')::date, o.store_id, v.product_id, sum(i.quantity - i.cancelled_quantity),
       sum((i.quantity - i.cancelled_quantity)::int8 * i.unit_price_cents - (i.discount_cents::int8 * (i.quantity - i.cancelled_quantity)) / i.quantity),
       sum(coalesce(i.cost_cents, 0))
  FROM order_items i JOIN orders o ON o.id = i.order_id JOIN variants v ON v.id = i.variant_id
 WHERE o.status NOT IN ('cancelled', 'refunded')
 GROUP BY 1, 2, 3;
--> statement-breakpoint
SELECT qm_track_table_revisions();
