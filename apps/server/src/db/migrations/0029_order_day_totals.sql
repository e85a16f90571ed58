-- Orders per day (UTC), store and status with their figures: what the Monthly Summary adds up, so it
-- reads a few hundred rows a month instead of every order and vendor order of the range. Derived
-- data, kept by statement triggers over the transition tables of orders and vendor_orders (any
-- writer keeps it: the API, a job, an import or plain SQL); a test writes behind the API and compares
-- it with a sum from scratch.
--
-- An order counts once in its bucket: orders, units, revenue (goods and shipping charged); once routed
-- (cost known), also in routed_orders, routed_units and routed_revenue (what the Order Margin Report
-- counts), its cost, margin and the fees and shipping of its vendor orders not cancelled.
-- Rows are added to in key order (concurrent writers lock them in the same order).
CREATE TABLE "order_day_totals" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"status" text NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"routed_orders" bigint DEFAULT 0 NOT NULL,
	"routed_units" bigint DEFAULT 0 NOT NULL,
	"routed_revenue" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"margin" bigint DEFAULT 0 NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	"shipping" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_totals_pkey" PRIMARY KEY ("day", "store_id", "status")
);
--> statement-breakpoint
-- The orders' side: the statement that adds order rows to their buckets. `rows_sql` selects order
-- rows with a `sign` (+1 added, -1 taken away) from the trigger's transition tables (run by the trigger
-- function itself: only its own statements see them); their vendor orders' fees are read as they are
-- now (a statement on orders does not change them).
CREATE FUNCTION qm_order_day_totals_sql(rows_sql text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO order_day_totals AS t (day, store_id, status, orders, units, revenue, routed_orders, routed_units, routed_revenue, cost, margin, fees, shipping)
    SELECT (r.placed_at AT TIME ZONE 'UTC')::date, r.store_id, r.status,
           sum(r.sign), sum(r.sign * r.units), sum(r.sign * (r.subtotal_cents + r.shipping_charged_cents)),
           sum(r.sign * (r.cost_cents IS NOT NULL)::int),
           sum(r.sign * CASE WHEN r.cost_cents IS NULL THEN 0 ELSE r.units END),
           sum(r.sign * CASE WHEN r.cost_cents IS NULL THEN 0 ELSE r.subtotal_cents + r.shipping_charged_cents END),
           sum(r.sign * coalesce(r.cost_cents, 0)), sum(r.sign * coalesce(r.margin_cents, 0)),
           sum(r.sign * CASE WHEN r.cost_cents IS NULL THEN 0 ELSE coalesce(f.fees, 0) END),
           sum(r.sign * CASE WHEN r.cost_cents IS NULL THEN 0 ELSE coalesce(f.shipping, 0) END)
      FROM (%s) r
      LEFT JOIN LATERAL (SELECT sum(v.fees_cents) AS fees, sum(v.shipping_cents) AS shipping
                           FROM vendor_orders v WHERE v.order_id = r.id AND v.status <> 'cancelled') f ON r.cost_cents IS NOT NULL
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (day, store_id, status) DO UPDATE
       SET orders = t.orders + excluded.orders, units = t.units + excluded.units, revenue = t.revenue + excluded.revenue,
           routed_orders = t.routed_orders + excluded.routed_orders, routed_units = t.routed_units + excluded.routed_units,
           routed_revenue = t.routed_revenue + excluded.routed_revenue, cost = t.cost + excluded.cost, margin = t.margin + excluded.margin,
           fees = t.fees + excluded.fees, shipping = t.shipping + excluded.shipping
  $q$, rows_sql)
$$;
--> statement-breakpoint
CREATE FUNCTION qm_order_day_totals_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE qm_order_day_totals_sql('SELECT n.*, 1 AS sign FROM new_rows n');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE qm_order_day_totals_sql('SELECT o.*, -1 AS sign FROM old_rows o');
  ELSE
    -- Only the orders whose bucket or figures changed (flags, notes and statuses of customer service
    -- change often and count nothing here).
    EXECUTE qm_order_day_totals_sql($r$
      WITH changed AS (
        SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.placed_at, o.store_id, o.status, o.units, o.subtotal_cents, o.shipping_charged_cents, o.cost_cents)
               IS DISTINCT FROM (n.placed_at, n.store_id, n.status, n.units, n.subtotal_cents, n.shipping_charged_cents, n.cost_cents))
      SELECT n.*, 1 AS sign FROM new_rows n WHERE n.id IN (SELECT id FROM changed)
      UNION ALL
      SELECT o.*, -1 AS sign FROM old_rows o WHERE o.id IN (SELECT id FROM changed)$r$);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER qm_order_day_totals_orders_ins AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_order_day_totals_orders();
--> statement-breakpoint
CREATE TRIGGER qm_order_day_totals_orders_upd AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_order_day_totals_orders();
--> statement-breakpoint
CREATE TRIGGER qm_order_day_totals_orders_del AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_order_day_totals_orders();
--> statement-breakpoint
-- The vendor orders' side: the change of fees and shipping (not cancelled) per order, added to the
-- bucket of its order when the order is routed. An order with vendor orders cannot be deleted (their
-- foreign key), so an order's fees always leave through here or through its own update.
CREATE FUNCTION qm_order_day_totals_vendor_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parts text[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    parts := array_append(parts, 'SELECT order_id, fees_cents, shipping_cents, 1 AS sign FROM new_rows WHERE status <> ''cancelled''');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    parts := array_append(parts, 'SELECT order_id, fees_cents, shipping_cents, -1 AS sign FROM old_rows WHERE status <> ''cancelled''');
  END IF;
  EXECUTE format($q$
    INSERT INTO order_day_totals AS t (day, store_id, status, fees, shipping)
    SELECT (o.placed_at AT TIME ZONE 'UTC')::date, o.store_id, o.status, sum(d.sign * d.fees_cents), sum(d.sign * d.shipping_cents)
      FROM (%s) d JOIN orders o ON o.id = d.order_id AND o.cost_cents IS NOT NULL
     GROUP BY 1, 2, 3
    HAVING sum(d.sign * d.fees_cents) <> 0 OR sum(d.sign * d.shipping_cents) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (day, store_id, status) DO UPDATE SET fees = t.fees + excluded.fees, shipping = t.shipping + excluded.shipping
  $q$, array_to_string(parts, ' UNION ALL '));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER qm_order_day_totals_vo_ins AFTER INSERT ON "vendor_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_order_day_totals_vendor_orders();
--> statement-breakpoint
CREATE TRIGGER qm_order_day_totals_vo_upd AFTER UPDATE ON "vendor_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_order_day_totals_vendor_orders();
--> statement-breakpoint
CREATE TRIGGER qm_order_day_totals_vo_del AFTER DELETE ON "vendor_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_order_day_totals_vendor_orders();
--> statement-breakpoint
INSERT INTO order_day_totals (day, store_id, status, orders, units, revenue, routed_orders, routed_units, routed_revenue, cost, margin, fees, shipping)
SELECT (o.placed_at AT TIME ZONE 'UTC')::date, o.store_id, o.status, count(*), sum(o.units), sum(o.subtotal_cents + o.shipping_charged_cents),
       count(o.cost_cents), coalesce(sum(o.units) FILTER (WHERE o.cost_cents IS NOT NULL), 0),
       coalesce(sum(o.subtotal_cents + o.shipping_charged_cents) FILTER (WHERE o.cost_cents IS NOT NULL), 0), coalesce(sum(o.cost_cents), 0), coalesce(sum(o.margin_cents), 0), coalesce(sum(f.fees), 0), coalesce(sum(f.shipping), 0)
  FROM orders o
  LEFT JOIN (SELECT v.order_id, sum(v.fees_cents) AS fees, sum(v.shipping_cents) AS shipping FROM vendor_orders v WHERE v.status <> 'cancelled' GROUP BY v.order_id) f
    ON f.order_id = o.id AND o.cost_cents IS NOT NULL
 GROUP BY 1, 2, 3;
--> statement-breakpoint
SELECT qm_track_table_revisions();
