-- Open routes (options computed, not chosen) go stale when what their options were built from
-- changes: a source's stock or cost of one of their variants (vendor_products, inventory_items), a
-- vendor's terms or fees, or the compliance rules. Statement triggers over the transition tables: a
-- catalogue import of thousands of rows marks the routes concerned once. A stale route is not chosen
-- until it is recomputed.
CREATE INDEX IF NOT EXISTS "order_route_items_variant_idx" ON "order_route_items" USING btree ("variant_id")
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_routes_open_idx" ON "order_routes" USING btree ("id") WHERE status in ('computed', 'needs_review') and not is_stale
--> statement-breakpoint
CREATE FUNCTION qm_routes_stale_for_variants(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE order_routes r SET is_stale = true
    FROM (SELECT DISTINCT i.route_id FROM order_route_items i WHERE i.variant_id = ANY (ids)) x
   WHERE r.id = x.route_id AND r.status IN ('computed', 'needs_review') AND NOT r.is_stale
$$
--> statement-breakpoint
-- Whether any route is open at all (one probe of a partial index): stock moves by the thousand when none is.
CREATE FUNCTION qm_routes_any_open() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM order_routes WHERE status IN ('computed', 'needs_review') AND NOT is_stale)
$$
--> statement-breakpoint
CREATE FUNCTION qm_routes_stale_for_sources(vendor_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE order_routes r SET is_stale = true
   WHERE r.status IN ('computed', 'needs_review') AND NOT r.is_stale
     AND EXISTS (SELECT 1 FROM order_route_options o JOIN order_route_option_vendor_totals t ON t.option_id = o.id
                  WHERE o.route_id = r.id AND t.vendor_id = ANY (vendor_ids))
$$
--> statement-breakpoint
CREATE FUNCTION qm_vendor_products_route_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT qm_routes_any_open() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_routes_stale_for_variants(array(SELECT DISTINCT variant_id FROM new_rows WHERE variant_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM qm_routes_stale_for_variants(array(SELECT DISTINCT variant_id FROM old_rows WHERE variant_id IS NOT NULL));
  ELSE
    PERFORM qm_routes_stale_for_variants(array(
      SELECT DISTINCT v FROM old_rows o JOIN new_rows n ON n.id = o.id,
             LATERAL (VALUES (o.variant_id), (n.variant_id)) AS x(v)
       WHERE v IS NOT NULL
         AND (o.variant_id IS DISTINCT FROM n.variant_id OR o.cost_cents IS DISTINCT FROM n.cost_cents
              OR o.quantity_available IS DISTINCT FROM n.quantity_available OR o.can_drop_ship IS DISTINCT FROM n.can_drop_ship)));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_vendor_products_route_stale_ins AFTER INSERT ON "vendor_products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_vendor_products_route_stale()
--> statement-breakpoint
CREATE TRIGGER qm_vendor_products_route_stale_upd AFTER UPDATE ON "vendor_products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_vendor_products_route_stale()
--> statement-breakpoint
CREATE TRIGGER qm_vendor_products_route_stale_del AFTER DELETE ON "vendor_products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_vendor_products_route_stale()
--> statement-breakpoint
CREATE FUNCTION qm_inventory_items_route_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT qm_routes_any_open() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_routes_stale_for_variants(array(SELECT DISTINCT variant_id FROM new_rows));
  ELSE
    PERFORM qm_routes_stale_for_variants(array(
      SELECT DISTINCT n.variant_id FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE o.on_hand IS DISTINCT FROM n.on_hand OR o.avg_cost_cents IS DISTINCT FROM n.avg_cost_cents));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_inventory_items_route_stale_ins AFTER INSERT ON "inventory_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_inventory_items_route_stale()
--> statement-breakpoint
CREATE TRIGGER qm_inventory_items_route_stale_upd AFTER UPDATE ON "inventory_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_inventory_items_route_stale()
--> statement-breakpoint
CREATE FUNCTION qm_vendors_route_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM qm_routes_stale_for_sources(array(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.is_active, o.can_drop_ship, o.min_order_cents, o.shipping_model, o.shipping_cents, o.free_shipping_above_cents, o.shipping_tiers, o.fee_schema_id)
           IS DISTINCT FROM (n.is_active, n.can_drop_ship, n.min_order_cents, n.shipping_model, n.shipping_cents, n.free_shipping_above_cents, n.shipping_tiers, n.fee_schema_id)));
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_vendors_route_stale AFTER UPDATE ON "vendors" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_vendors_route_stale()
--> statement-breakpoint
CREATE FUNCTION qm_vendor_fees_route_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM qm_routes_stale_for_sources(array(SELECT v.id FROM vendors v WHERE v.fee_schema_id IN (SELECT fee_schema_id FROM old_rows)));
  ELSE
    PERFORM qm_routes_stale_for_sources(array(SELECT v.id FROM vendors v WHERE v.fee_schema_id IN (SELECT fee_schema_id FROM new_rows)));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_vendor_fees_route_stale_ins AFTER INSERT ON "vendor_fees" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_vendor_fees_route_stale()
--> statement-breakpoint
CREATE TRIGGER qm_vendor_fees_route_stale_upd AFTER UPDATE ON "vendor_fees" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_vendor_fees_route_stale()
--> statement-breakpoint
CREATE TRIGGER qm_vendor_fees_route_stale_del AFTER DELETE ON "vendor_fees" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_vendor_fees_route_stale()
--> statement-breakpoint
-- A compliance rule change (the revision moves) may change where any item may ship.
CREATE FUNCTION qm_compliance_route_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_routes SET is_stale = true WHERE status IN ('computed', 'needs_review') AND NOT is_stale;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_compliance_route_stale AFTER UPDATE ON "compliance_revision" FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_route_stale()
