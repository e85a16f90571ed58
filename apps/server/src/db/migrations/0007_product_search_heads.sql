CREATE TABLE "product_search_heads" (
	"head" text NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_search_heads_head_product_id_pk" PRIMARY KEY("head","product_id")
);
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
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM product_search_heads WHERE head = ANY (qm_word_heads(OLD.search_vector)) AND product_id = OLD.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM product_search_heads
     WHERE head = ANY (qm_word_heads(OLD.search_vector)) AND product_id = OLD.id
       AND (head <> ALL (qm_word_heads(NEW.search_vector)) OR OLD.id <> NEW.id);
  END IF;
  INSERT INTO product_search_heads (head, product_id)
  SELECT h, NEW.id FROM unnest(qm_word_heads(NEW.search_vector)) h
  ON CONFLICT DO NOTHING;
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
SELECT DISTINCT left(w, 3), p.id FROM "products" p, unnest(tsvector_to_array(p.search_vector)) w
