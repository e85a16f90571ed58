-- A period's order lines (the merchandising reports' sales) come from this index: each line carries its
-- order's placed_at (migration 0040), where the reports read every line and kept the period's.
CREATE INDEX "order_items_placed_idx" ON "order_items" USING btree ("placed_at");--> statement-breakpoint
-- Stock per product, what merchandising reads for the whole catalogue at once (modules/merchandising/
-- stock.ts): units on hand in our warehouses, their value at average cost, and how many stock rows make
-- it "in stock" — inventory items with units on hand, and drop-ship offers with units available. Derived
-- data, kept by statement triggers over the transition tables of inventory_items, vendor_products and
-- variants (any writer keeps it: the API, an import, a job or plain SQL); a test writes behind the API
-- and compares it with a count from scratch. Every figure is added to (never recomputed), so concurrent
-- writers add up; rows are added to in key order.
CREATE TABLE "product_stock" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"on_hand" bigint DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"stocked_rows" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Adds signed rows (a product, units on hand, value, stock rows) to their products, summed per product,
-- in key order. The triggers below pass their rows as arrays: a trigger's transition tables are seen
-- only by its own statements, and static statements keep their plans (a movement of stock: ~0.3 ms).
CREATE FUNCTION qm_product_stock_add(ids integer[], on_hand bigint[], value bigint[], stocked_rows bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stock AS t (product_id, on_hand, value, stocked_rows)
  SELECT u.id, sum(u.on_hand), sum(u.value), sum(u.stocked_rows) FROM unnest(ids, on_hand, value, stocked_rows) u(id, on_hand, value, stocked_rows)
   WHERE u.id IS NOT NULL
   GROUP BY u.id
  HAVING sum(u.on_hand) <> 0 OR sum(u.value) <> 0 OR sum(u.stocked_rows) <> 0
   ORDER BY u.id
  ON CONFLICT (product_id) DO UPDATE
     SET on_hand = t.on_hand + excluded.on_hand, value = t.value + excluded.value, stocked_rows = t.stocked_rows + excluded.stocked_rows;
END $$;
--> statement-breakpoint
-- What an inventory item and a drop-ship offer count, signed, with their variant's product (a row whose
-- variant is gone counts nothing: the variant's delete took it away first, below).
CREATE FUNCTION qm_product_stock_inventory() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
  PERFORM qm_product_stock_add(array_agg(d.product_id), array_agg(d.on_hand), array_agg(d.value), array_agg(d.stocked_rows)) FROM (SELECT v.product_id, r.on_hand::int8 AS on_hand, r.on_hand::int8 * coalesce(r.avg_cost_cents, 0) AS value, (r.on_hand > 0)::int::int8 AS stocked_rows FROM new_rows r JOIN variants v ON v.id = r.variant_id) d;
  ELSIF TG_OP = 'DELETE' THEN
  PERFORM qm_product_stock_add(array_agg(d.product_id), array_agg(d.on_hand), array_agg(d.value), array_agg(d.stocked_rows)) FROM (SELECT v.product_id, -r.on_hand::int8 AS on_hand, -r.on_hand::int8 * coalesce(r.avg_cost_cents, 0) AS value, -(r.on_hand > 0)::int::int8 AS stocked_rows FROM old_rows r JOIN variants v ON v.id = r.variant_id) d;
  ELSE
  PERFORM qm_product_stock_add(array_agg(d.product_id), array_agg(d.on_hand), array_agg(d.value), array_agg(d.stocked_rows)) FROM (SELECT v.product_id, r.on_hand::int8 AS on_hand, r.on_hand::int8 * coalesce(r.avg_cost_cents, 0) AS value, (r.on_hand > 0)::int::int8 AS stocked_rows FROM new_rows r JOIN variants v ON v.id = r.variant_id UNION ALL SELECT v.product_id, -r.on_hand::int8 AS on_hand, -r.on_hand::int8 * coalesce(r.avg_cost_cents, 0) AS value, -(r.on_hand > 0)::int::int8 AS stocked_rows FROM old_rows r JOIN variants v ON v.id = r.variant_id) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION qm_product_stock_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
  PERFORM qm_product_stock_add(array_agg(d.product_id), array_agg(d.on_hand), array_agg(d.value), array_agg(d.stocked_rows)) FROM (SELECT v.product_id, 0::int8 AS on_hand, 0::int8 AS value, 1::int8 AS stocked_rows FROM new_rows r JOIN variants v ON v.id = r.variant_id WHERE r.can_drop_ship AND r.quantity_available > 0) d;
  ELSIF TG_OP = 'DELETE' THEN
  PERFORM qm_product_stock_add(array_agg(d.product_id), array_agg(d.on_hand), array_agg(d.value), array_agg(d.stocked_rows)) FROM (SELECT v.product_id, 0::int8 AS on_hand, 0::int8 AS value, -1::int8 AS stocked_rows FROM old_rows r JOIN variants v ON v.id = r.variant_id WHERE r.can_drop_ship AND r.quantity_available > 0) d;
  ELSE
  PERFORM qm_product_stock_add(array_agg(d.product_id), array_agg(d.on_hand), array_agg(d.value), array_agg(d.stocked_rows)) FROM (SELECT v.product_id, 0::int8 AS on_hand, 0::int8 AS value, 1::int8 AS stocked_rows FROM new_rows r JOIN variants v ON v.id = r.variant_id WHERE r.can_drop_ship AND r.quantity_available > 0 UNION ALL SELECT v.product_id, 0::int8 AS on_hand, 0::int8 AS value, -1::int8 AS stocked_rows FROM old_rows r JOIN variants v ON v.id = r.variant_id WHERE r.can_drop_ship AND r.quantity_available > 0) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER qm_product_stock_inventory_ins AFTER INSERT ON "inventory_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_product_stock_inventory();--> statement-breakpoint
CREATE TRIGGER qm_product_stock_inventory_upd AFTER UPDATE ON "inventory_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_product_stock_inventory();--> statement-breakpoint
CREATE TRIGGER qm_product_stock_inventory_del AFTER DELETE ON "inventory_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_product_stock_inventory();--> statement-breakpoint
CREATE TRIGGER qm_product_stock_offers_ins AFTER INSERT ON "vendor_products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_product_stock_offers();--> statement-breakpoint
CREATE TRIGGER qm_product_stock_offers_upd AFTER UPDATE ON "vendor_products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_product_stock_offers();--> statement-breakpoint
CREATE TRIGGER qm_product_stock_offers_del AFTER DELETE ON "vendor_products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_product_stock_offers();--> statement-breakpoint
-- A variant moved to another product takes its stock rows with it.
CREATE FUNCTION qm_product_stock_variants_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.product_id IS DISTINCT FROM o.product_id) THEN RETURN NULL; END IF;
  PERFORM qm_product_stock_add(array_agg(d.product_id), array_agg(d.on_hand), array_agg(d.value), array_agg(d.stocked_rows))
     FROM (WITH moved AS (SELECT o.id, o.product_id AS from_id, n.product_id AS to_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.product_id IS DISTINCT FROM o.product_id),
                rows AS (SELECT i.variant_id, i.on_hand::int8 AS on_hand, i.on_hand::int8 * coalesce(i.avg_cost_cents, 0) AS value, (i.on_hand > 0)::int::int8 AS stocked_rows
                           FROM inventory_items i WHERE i.variant_id IN (SELECT id FROM moved)
                         UNION ALL
                         SELECT p.variant_id, 0, 0, 1 FROM vendor_products p WHERE p.variant_id IN (SELECT id FROM moved) AND p.can_drop_ship AND p.quantity_available > 0)
           SELECT m.to_id AS product_id, r.on_hand, r.value, r.stocked_rows FROM rows r JOIN moved m ON m.id = r.variant_id
           UNION ALL
           SELECT m.from_id, -r.on_hand, -r.value, -r.stocked_rows FROM rows r JOIN moved m ON m.id = r.variant_id) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER qm_product_stock_variants_upd AFTER UPDATE ON "variants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_product_stock_variants_moved();--> statement-breakpoint
-- A variant deleted: its drop-ship offers stop counting before their variant is set to null (inventory
-- items keep a variant from being deleted). Row by row: a variant is rarely deleted.
CREATE FUNCTION qm_product_stock_variant_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_stock SET stocked_rows = stocked_rows - (SELECT count(*) FROM vendor_products p WHERE p.variant_id = OLD.id AND p.can_drop_ship AND p.quantity_available > 0)
   WHERE product_id = OLD.product_id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER qm_product_stock_variant_del BEFORE DELETE ON "variants" FOR EACH ROW EXECUTE FUNCTION qm_product_stock_variant_deleted();--> statement-breakpoint
INSERT INTO product_stock (product_id, on_hand, value, stocked_rows)
SELECT d.product_id, sum(d.on_hand), sum(d.value), sum(d.stocked_rows)
  FROM (SELECT v.product_id, i.on_hand::int8 AS on_hand, i.on_hand::int8 * coalesce(i.avg_cost_cents, 0) AS value, (i.on_hand > 0)::int AS stocked_rows
          FROM inventory_items i JOIN variants v ON v.id = i.variant_id
        UNION ALL
        SELECT v.product_id, 0, 0, 1 FROM vendor_products p JOIN variants v ON v.id = p.variant_id WHERE p.can_drop_ship AND p.quantity_available > 0) d
 GROUP BY d.product_id
HAVING sum(d.on_hand) <> 0 OR sum(d.value) <> 0 OR sum(d.stocked_rows) <> 0;
--> statement-breakpoint
SELECT qm_track_table_revisions();
