ALTER TABLE "products" ADD COLUMN "list_json" text DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The product's row of the product list (catalog/queries.ts productList.rowJson) as JSON text, from
-- the row alone: everything but the brand's name and the default image, which are added when read.
-- Timestamps are written as the API writes them (UTC, milliseconds, "Z") whatever the session's zone.
CREATE FUNCTION qm_product_list_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_json := '{"id":' || NEW.id
    || ',"title":' || coalesce(to_json(NEW.title)::text, 'null')
    || ',"type":' || to_json(NEW.type)::text
    || ',"variation_type":' || to_json(NEW.variation_type)::text
    || ',"brand_id":' || coalesce(NEW.brand_id::text, 'null')
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
UPDATE "products" SET "list_json" = '{}'
