-- Vendor order numbers (VO-<six digits>) come from one sequence, so two writers never take the same.
CREATE SEQUENCE IF NOT EXISTS "vendor_order_number_seq" START 100001
--> statement-breakpoint
-- One trigger function for the statement triggers below: the orders a statement touched (its rows'
-- order_id, before and after) are handed to the refresh function named by the trigger's argument.
CREATE FUNCTION qm_orders_refresh_touched() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := array(SELECT DISTINCT order_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    ids := array(SELECT order_id FROM new_rows UNION SELECT order_id FROM old_rows);
  ELSE
    ids := array(SELECT DISTINCT order_id FROM old_rows);
  END IF;
  EXECUTE format('SELECT %I($1)', TG_ARGV[0]) USING ids;
  RETURN NULL;
END $$
--> statement-breakpoint
-- An order's item count, units and subtotal follow its items. A line's amount is what is not
-- cancelled at its unit price, less that part's share of the line's discount. The statement triggers
-- below recompute the orders a statement touched, once per statement (an intake of 50 lines and a
-- bulk load of millions alike); the API never writes these columns.
CREATE FUNCTION qm_orders_refresh_items(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE orders o
     SET item_count = coalesce(s.item_count, 0),
         units = coalesce(s.units, 0),
         subtotal_cents = coalesce(s.subtotal, 0)
    FROM unnest(ids) AS t(order_id)
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS item_count,
             sum(i.quantity - i.cancelled_quantity)::int AS units,
             sum((i.quantity - i.cancelled_quantity)::bigint * i.unit_price_cents
                 - (i.discount_cents::bigint * (i.quantity - i.cancelled_quantity)) / i.quantity)::bigint AS subtotal
        FROM order_items i WHERE i.order_id = t.order_id
    ) s ON true
   WHERE o.id = t.order_id
$$
--> statement-breakpoint
CREATE TRIGGER qm_order_items_inserted AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_orders_refresh_touched('qm_orders_refresh_items')
--> statement-breakpoint
CREATE TRIGGER qm_order_items_updated AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_orders_refresh_touched('qm_orders_refresh_items')
--> statement-breakpoint
CREATE TRIGGER qm_order_items_deleted AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_orders_refresh_touched('qm_orders_refresh_items')
--> statement-breakpoint
-- An order's open resolution cases: their count, and the flags they raise (a compliance hold, a late
-- vendor order). Cases are opened and resolved by the services; these columns only follow them.
CREATE FUNCTION qm_orders_refresh_cases(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE orders o
     SET open_cases = coalesce(s.open_cases, 0),
         compliance_hold = coalesce(s.hold, false),
         is_late = coalesce(s.late, false)
    FROM unnest(ids) AS t(order_id)
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS open_cases,
             bool_or(c.reason = 'compliance_hold') AS hold,
             bool_or(c.reason = 'vendor_late') AS late
        FROM order_resolution_cases c WHERE c.order_id = t.order_id AND c.resolved_at IS NULL
    ) s ON true
   WHERE o.id = t.order_id
$$
--> statement-breakpoint
CREATE TRIGGER qm_order_cases_inserted AFTER INSERT ON "order_resolution_cases" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_orders_refresh_touched('qm_orders_refresh_cases')
--> statement-breakpoint
CREATE TRIGGER qm_order_cases_updated AFTER UPDATE ON "order_resolution_cases" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_orders_refresh_touched('qm_orders_refresh_cases')
--> statement-breakpoint
CREATE TRIGGER qm_order_cases_deleted AFTER DELETE ON "order_resolution_cases" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_orders_refresh_touched('qm_orders_refresh_cases')
--> statement-breakpoint
-- An order ships from more than one source when its vendor orders (not cancelled) name two or more.
CREATE FUNCTION qm_orders_refresh_split(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE orders o
     SET is_split = (SELECT count(DISTINCT coalesce('v' || v.vendor_id, 'w' || v.location_id)) > 1
                       FROM vendor_orders v WHERE v.order_id = o.id AND v.status <> 'cancelled')
   WHERE o.id = ANY (ids)
$$
--> statement-breakpoint
CREATE TRIGGER qm_vendor_orders_inserted AFTER INSERT ON "vendor_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_orders_refresh_touched('qm_orders_refresh_split')
--> statement-breakpoint
CREATE TRIGGER qm_vendor_orders_updated AFTER UPDATE ON "vendor_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_orders_refresh_touched('qm_orders_refresh_split')
--> statement-breakpoint
CREATE TRIGGER qm_vendor_orders_deleted AFTER DELETE ON "vendor_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_orders_refresh_touched('qm_orders_refresh_split')
--> statement-breakpoint
-- Search orders by the customer's name anywhere in it (the list's search box).
CREATE INDEX IF NOT EXISTS "orders_customer_name_trgm_idx" ON "orders" USING gin (lower("customer_name") gin_trgm_ops)
