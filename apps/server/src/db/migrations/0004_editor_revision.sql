CREATE TABLE "catalog_revision" (
	"id" integer PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
INSERT INTO "catalog_revision" ("id", "revision") VALUES (1, 0)
--> statement-breakpoint
-- Any change to a product row moves its revision, unless the statement moves it itself.
CREATE FUNCTION qm_product_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revision = OLD.revision THEN
    NEW.revision := OLD.revision + 1;
  END IF;
  RETURN NEW;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_product_revision BEFORE UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION qm_product_revision()
--> statement-breakpoint
-- Moves the revision of these products, locking them in id order (concurrent writers queue, not deadlock).
CREATE FUNCTION qm_touch_products(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products SET revision = revision + 1
   WHERE id IN (SELECT id FROM products WHERE id = ANY(ids) ORDER BY id FOR UPDATE)
$$
--> statement-breakpoint
-- Statement trigger of a table the product editor reads: TG_ARGV[0] is a query over the changed
-- rows (written %1$s: the statement's new_rows and/or old_rows) that yields the products concerned.
CREATE FUNCTION qm_touch_from() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('SELECT array(' || TG_ARGV[0] || ')', 'new_rows') INTO ids;
    PERFORM qm_touch_products(ids);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format('SELECT array(' || TG_ARGV[0] || ')', 'old_rows') INTO ids;
    PERFORM qm_touch_products(ids);
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
-- The tables the product editor reads, each with the query that maps its changed rows to products.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('product_categories', 'SELECT product_id FROM %1$s'),
    ('variants', 'SELECT product_id FROM %1$s'),
    ('product_family_variants', 'SELECT v.product_id FROM variants v WHERE v.id IN (SELECT variant_id FROM %1$s)'),
    ('modifiers', 'SELECT product_id FROM %1$s WHERE product_id IS NOT NULL'),
    ('modifier_options', 'SELECT m.product_id FROM modifiers m WHERE m.product_id IS NOT NULL AND m.id IN (SELECT modifier_id FROM %1$s)'),
    ('modifier_option_variants', 'SELECT v.product_id FROM variants v WHERE v.id IN (SELECT variant_id FROM %1$s) UNION SELECT m.product_id FROM modifier_options o JOIN modifiers m ON m.id = o.modifier_id WHERE m.product_id IS NOT NULL AND o.id IN (SELECT modifier_option_id FROM %1$s)'),
    ('store_products', 'SELECT product_id FROM %1$s WHERE product_id IS NOT NULL'),
    ('store_variants', 'SELECT sp.product_id FROM store_products sp WHERE sp.product_id IS NOT NULL AND sp.id IN (SELECT store_product_id FROM %1$s)'),
    ('feed_store_variants', 'SELECT sp.product_id FROM store_variants sv JOIN store_products sp ON sp.id = sv.store_product_id WHERE sp.product_id IS NOT NULL AND sv.id IN (SELECT store_variant_id FROM %1$s)'),
    ('attribute_data', 'SELECT sourceable_id FROM %1$s WHERE sourceable_type = ''product'' UNION SELECT sp.product_id FROM store_products sp WHERE sp.product_id IS NOT NULL AND sp.id IN (SELECT sourceable_id FROM %1$s WHERE sourceable_type = ''store_product'') UNION SELECT sp.product_id FROM store_variants sv JOIN store_products sp ON sp.id = sv.store_product_id WHERE sp.product_id IS NOT NULL AND sv.id IN (SELECT sourceable_id FROM %1$s WHERE sourceable_type = ''store_variant'')')
  ) AS m(tbl, products) LOOP
    EXECUTE format('CREATE TRIGGER qm_touch_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from(%L)', t.tbl, t.products);
    EXECUTE format('CREATE TRIGGER qm_touch_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from(%L)', t.tbl, t.products);
    EXECUTE format('CREATE TRIGGER qm_touch_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from(%L)', t.tbl, t.products);
  END LOOP;
END $$
--> statement-breakpoint
-- Names every editor payload shows: brands, categories, stores, feeds, product families.
CREATE FUNCTION qm_touch_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
  RETURN NULL;
END $$
--> statement-breakpoint
DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['brands', 'categories', 'stores', 'feeds', 'product_families'] LOOP
    EXECUTE format('CREATE TRIGGER qm_touch_catalog AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_catalog()', tbl);
  END LOOP;
END $$
