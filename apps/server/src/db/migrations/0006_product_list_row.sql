ALTER TABLE "products" ADD COLUMN "list_json" text DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The product's row of the product list (catalog/queries.ts productList.rowJson) as JSON text, written
-- from the row, its brand's name and the default image (DEFAULT_PRODUCT_IMAGE in packages/contracts).
-- Timestamps are written as the API writes them (UTC, milliseconds, "Z") whatever the session's zone.
CREATE FUNCTION qm_product_list_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_json := '{"id":' || NEW.id
    || ',"title":' || coalesce(to_json(NEW.title)::text, 'null')
    || ',"image":' || to_json(coalesce(NEW.image, '/images/default-product.svg'))::text
    || ',"type":' || to_json(NEW.type)::text
    || ',"variation_type":' || to_json(NEW.variation_type)::text
    || ',"brand_id":' || coalesce(NEW.brand_id::text, 'null')
    || ',"brand_name":' || coalesce((SELECT to_json(b.name)::text FROM brands b WHERE b.id = NEW.brand_id), 'null')
    || ',"variant_count":' || NEW.variant_count
    || ',"default_variant_id":' || coalesce(NEW.default_variant_id::text, 'null')
    || ',"default_sku":' || coalesce(to_json(NEW.default_sku)::text, 'null')
    || ',"published_store_ids":' || to_json(NEW.published_store_ids)::text
    || ',"created_at":"' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","updated_at":"' || to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","version":' || NEW.version || '}';
  RETURN NEW;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_product_list_json BEFORE INSERT OR UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION qm_product_list_json()
--> statement-breakpoint
-- A renamed brand rewrites the list rows of its products (locked in id order, as qm_touch_products does).
CREATE FUNCTION qm_brand_list_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET list_json = ''
   WHERE id IN (SELECT id FROM products WHERE brand_id = NEW.id ORDER BY id FOR UPDATE);
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_brand_list_json AFTER UPDATE OF "name" ON "brands" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION qm_brand_list_json()
--> statement-breakpoint
UPDATE "products" SET "list_json" = ''
--> statement-breakpoint
-- The word search newest first walks this index (migration 0005); holding the list row too, the walk
-- yields the page itself, with no row read from the table.
DROP INDEX "products_id_search_walk_idx"
--> statement-breakpoint
CREATE INDEX "products_id_search_walk_idx" ON "products" USING btree ("id") INCLUDE ("search_vector", "list_json")
