CREATE TABLE "product_search_heads" (
	"head" text NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_search_heads_head_product_id_pk" PRIMARY KEY("head","product_id")
);
--> statement-breakpoint
-- The word mask of migration 0006 goes: PostgreSQL tests the cheaper-costed words before it, so it
-- never skipped a product, and word searches are now driven by the heads above. The list row's
-- trigger no longer writes it.
CREATE OR REPLACE FUNCTION qm_product_list_json() RETURNS trigger LANGUAGE plpgsql AS $$
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
ALTER TABLE "products" DROP COLUMN "word_mask";
--> statement-breakpoint
DROP FUNCTION qm_word_mask(tsvector)
--> statement-breakpoint
DROP FUNCTION qm_word_bit(text)
--> statement-breakpoint
-- Dropped with the column: the walk of migrations 0005 and 0006, an index on id holding the words and
-- the list row. The unsearched list reads its page from it alone, and a word search driven by heads
-- looks each product up in it.
CREATE INDEX "products_id_search_walk_idx" ON "products" USING btree ("id") INCLUDE ("search_vector", "list_json")
--> statement-breakpoint
-- The heads of a tsvector's words: the first three characters of each (the whole word when shorter),
-- once each. A word of a prefix search with three characters or more can only match a product
-- holding its own head (catalog/queries.ts matchesWords).
CREATE FUNCTION qm_word_heads(words tsvector) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT left(w, 3)), '{}') FROM unnest(tsvector_to_array(words)) w
$$
--> statement-breakpoint
-- Keeps product_search_heads equal to the heads of each product's search_vector, whoever writes it.
CREATE FUNCTION qm_product_search_heads() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_heads text[] := CASE WHEN TG_OP <> 'INSERT' THEN qm_word_heads(OLD.search_vector) END;
  new_heads text[] := CASE WHEN TG_OP <> 'DELETE' THEN qm_word_heads(NEW.search_vector) END;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM product_search_heads
     WHERE head = ANY (old_heads) AND product_id = OLD.id
       AND (TG_OP = 'DELETE' OR OLD.id <> NEW.id OR head <> ALL (new_heads));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO product_search_heads (head, product_id)
    SELECT h, NEW.id FROM unnest(new_heads) h
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_product_search_heads_insert AFTER INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION qm_product_search_heads()
--> statement-breakpoint
CREATE TRIGGER qm_product_search_heads_update AFTER UPDATE OF "id", "search_vector" ON "products"
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector OR OLD.id <> NEW.id)
  EXECUTE FUNCTION qm_product_search_heads()
--> statement-breakpoint
CREATE TRIGGER qm_product_search_heads_delete AFTER DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION qm_product_search_heads()
--> statement-breakpoint
INSERT INTO "product_search_heads" ("head", "product_id")
SELECT h, p.id FROM "products" p, unnest(qm_word_heads(p.search_vector)) h
