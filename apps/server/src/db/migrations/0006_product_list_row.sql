ALTER TABLE "products" ADD COLUMN "list_json" text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "word_mask" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- One bit of 64 for a word's first two characters (0 for a shorter word); a product's word mask ORs
-- those of the words of its search_vector. A word search whose words' bits are not all in a product's
-- mask cannot match it (catalog/queries.ts matchesWords). Plain arithmetic, not a hash function, so
-- the stored masks stay valid across PostgreSQL versions.
CREATE FUNCTION qm_word_bit(word text) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN length(word) < 2 THEN 0::bigint
              ELSE 1::bigint << ((ascii(word) * 31 + ascii(substr(word, 2, 1))) % 64) END
$$
--> statement-breakpoint
CREATE FUNCTION qm_word_mask(words tsvector) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(qm_word_bit(w)), 0) FROM unnest(tsvector_to_array(words)) w
$$
--> statement-breakpoint
-- The product's row of the product list (catalog/queries.ts productList.rowJson) as JSON text, written
-- from the row, its brand's name and the default image (DEFAULT_PRODUCT_IMAGE in packages/contracts),
-- and the word mask of its search_vector.
-- Timestamps are written as the API writes them (UTC, milliseconds, "Z") whatever the session's zone.
CREATE FUNCTION qm_product_list_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.word_mask := qm_word_mask(NEW.search_vector);
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
-- Only for updates that write a column the row is made of: a bare revision move (qm_touch_products,
-- on every write to a variant, value, modifier or store row) leaves the list row as it is.
CREATE TRIGGER qm_product_list_json BEFORE INSERT OR UPDATE OF
    "title", "image", "type", "variation_type", "brand_id", "variant_count", "default_variant_id", "default_sku",
    "published_store_ids", "search_vector", "created_at", "updated_at", "version", "list_json"
  ON "products" FOR EACH ROW EXECUTE FUNCTION qm_product_list_json()
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
-- The word search newest first walks this index (migration 0005); holding the word mask and the list
-- row too, the walk tests most products by their mask alone and yields the page itself, with no row
-- read from the table.
DROP INDEX "products_id_search_walk_idx"
--> statement-breakpoint
CREATE INDEX "products_id_search_walk_idx" ON "products" USING btree ("id") INCLUDE ("word_mask", "search_vector", "list_json")
