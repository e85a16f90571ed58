-- A feed's rule "leave out restricted items": with it, every item restricted somewhere by a compliance
-- rule stays out of the feed (items blocked in every state always do).
ALTER TABLE "feeds" ADD COLUMN "leave_out_restricted" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- How many products carry each brand, each category (product_categories rows) and each canonical value
-- of the attributes whose values are few (number, boolean, select, measurement): what "what is restricted
-- here" adds up per rule to say how many products a rule catches. Kept by statement triggers over the
-- transition tables of products, product_categories and attribute_data, so any writer keeps it.
CREATE TABLE "compliance_catalogue_counts" (
	"kind" text NOT NULL,
	"attribute_id" integer DEFAULT 0 NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "compliance_catalogue_counts_pkey" PRIMARY KEY("kind","attribute_id","key"),
	CONSTRAINT "compliance_catalogue_counts_kind_check" CHECK ("kind" in ('brand', 'category', 'value'))
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_compliance_counts_add(k text, deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- deltas: [[attribute_id, key, delta], …], already summed per key. Locked in key order (no deadlocks).
  INSERT INTO compliance_catalogue_counts AS c (kind, attribute_id, key, n)
  SELECT k, (x->>0)::int, x->>1, (x->>2)::int FROM jsonb_array_elements(deltas) x
   ORDER BY 2, 3
  ON CONFLICT (kind, attribute_id, key) DO UPDATE SET n = c.n + excluded.n;
  DELETE FROM compliance_catalogue_counts c USING jsonb_array_elements(deltas) x
   WHERE c.kind = k AND c.attribute_id = (x->>0)::int AND c.key = x->>1 AND c.n = 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_compliance_counts_products() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_array(0, b::text, n)) INTO d FROM (SELECT brand_id b, count(*) n FROM new_rows WHERE brand_id IS NOT NULL GROUP BY 1) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_array(0, b::text, -n)) INTO d FROM (SELECT brand_id b, count(*) n FROM old_rows WHERE brand_id IS NOT NULL GROUP BY 1) x;
  ELSE
    SELECT jsonb_agg(jsonb_build_array(0, b::text, n)) INTO d FROM (
      SELECT b, sum(n) n FROM (
        SELECT u.b, u.n FROM old_rows o JOIN new_rows w ON w.id = o.id
         CROSS JOIN LATERAL (VALUES (w.brand_id, 1), (o.brand_id, -1)) u(b, n)
         WHERE o.brand_id IS DISTINCT FROM w.brand_id AND u.b IS NOT NULL) y
       GROUP BY 1 HAVING sum(n) <> 0) x;
  END IF;
  IF d IS NOT NULL THEN PERFORM qm_compliance_counts_add('brand', d); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER compliance_counts_products_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_counts_products();
--> statement-breakpoint
CREATE TRIGGER compliance_counts_products_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_counts_products();
--> statement-breakpoint
CREATE TRIGGER compliance_counts_products_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_counts_products();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_compliance_counts_categories() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_array(0, c::text, n)) INTO d FROM (SELECT category_id c, count(*) n FROM new_rows GROUP BY 1) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_array(0, c::text, -n)) INTO d FROM (SELECT category_id c, count(*) n FROM old_rows GROUP BY 1) x;
  ELSE
    SELECT jsonb_agg(jsonb_build_array(0, c::text, n)) INTO d FROM (
      SELECT c, sum(n) n FROM (SELECT category_id c, 1 n FROM new_rows UNION ALL SELECT category_id, -1 FROM old_rows) y GROUP BY 1 HAVING sum(n) <> 0) x;
  END IF;
  IF d IS NOT NULL THEN PERFORM qm_compliance_counts_add('category', d); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER compliance_counts_categories_ins AFTER INSERT ON product_categories REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_counts_categories();
--> statement-breakpoint
CREATE TRIGGER compliance_counts_categories_upd AFTER UPDATE ON product_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_counts_categories();
--> statement-breakpoint
CREATE TRIGGER compliance_counts_categories_del AFTER DELETE ON product_categories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_counts_categories();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_compliance_counted_attribute(attribute integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM attributes a WHERE a.id = attribute AND a.type IN ('number', 'boolean', 'select', 'measurement'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_compliance_counts_values() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_array(a, v, n)) INTO d FROM (
      SELECT attribute_id a, lower(value #>> '{}') v, count(*) n FROM new_rows
       WHERE sourceable_type = 'product' AND source_type IS NULL AND qm_compliance_counted_attribute(attribute_id) GROUP BY 1, 2) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_array(a, v, -n)) INTO d FROM (
      SELECT attribute_id a, lower(value #>> '{}') v, count(*) n FROM old_rows
       WHERE sourceable_type = 'product' AND source_type IS NULL AND qm_compliance_counted_attribute(attribute_id) GROUP BY 1, 2) x;
  ELSE
    SELECT jsonb_agg(jsonb_build_array(a, v, n)) INTO d FROM (
      SELECT a, v, sum(n) n FROM (
        SELECT attribute_id a, lower(value #>> '{}') v, 1 n FROM new_rows WHERE sourceable_type = 'product' AND source_type IS NULL
        UNION ALL
        SELECT attribute_id, lower(value #>> '{}'), -1 FROM old_rows WHERE sourceable_type = 'product' AND source_type IS NULL) y
       WHERE qm_compliance_counted_attribute(a) GROUP BY 1, 2 HAVING sum(n) <> 0) x;
  END IF;
  IF d IS NOT NULL THEN PERFORM qm_compliance_counts_add('value', d); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER compliance_counts_values_ins AFTER INSERT ON attribute_data REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_counts_values();
--> statement-breakpoint
CREATE TRIGGER compliance_counts_values_upd AFTER UPDATE ON attribute_data REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_counts_values();
--> statement-breakpoint
CREATE TRIGGER compliance_counts_values_del AFTER DELETE ON attribute_data REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_counts_values();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_compliance_counts_attribute_type() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An attribute's type decides whether its values are counted: a change of type recounts it.
  DELETE FROM compliance_catalogue_counts WHERE kind = 'value' AND attribute_id = NEW.id;
  INSERT INTO compliance_catalogue_counts (kind, attribute_id, key, n)
  SELECT 'value', NEW.id, lower(value #>> '{}'), count(*) FROM attribute_data
   WHERE attribute_id = NEW.id AND sourceable_type = 'product' AND source_type IS NULL AND qm_compliance_counted_attribute(NEW.id)
   GROUP BY 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER compliance_counts_attribute_type AFTER UPDATE OF type ON attributes FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type) EXECUTE FUNCTION qm_compliance_counts_attribute_type();
--> statement-breakpoint
INSERT INTO compliance_catalogue_counts (kind, attribute_id, key, n)
SELECT 'brand', 0, brand_id::text, count(*) FROM products WHERE brand_id IS NOT NULL GROUP BY brand_id
UNION ALL
SELECT 'category', 0, category_id::text, count(*) FROM product_categories GROUP BY category_id
UNION ALL
SELECT 'value', attribute_id, lower(value #>> '{}'), count(*) FROM attribute_data
 WHERE sourceable_type = 'product' AND source_type IS NULL AND qm_compliance_counted_attribute(attribute_id) GROUP BY attribute_id, lower(value #>> '{}');
--> statement-breakpoint
SELECT qm_track_table_revisions();
