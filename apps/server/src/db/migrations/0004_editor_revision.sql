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
CREATE FUNCTION qm_touch_from_product_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_touch_products(array(SELECT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM qm_touch_products(array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  ELSE
    PERFORM qm_touch_products(array(SELECT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_touch_insert AFTER INSERT ON "product_categories" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_product_categories()
--> statement-breakpoint
CREATE TRIGGER qm_touch_update AFTER UPDATE ON "product_categories" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_product_categories()
--> statement-breakpoint
CREATE TRIGGER qm_touch_delete AFTER DELETE ON "product_categories" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_product_categories()
--> statement-breakpoint
CREATE FUNCTION qm_touch_from_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_touch_products(array(SELECT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM qm_touch_products(array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  ELSE
    PERFORM qm_touch_products(array(SELECT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_touch_insert AFTER INSERT ON "variants" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_variants()
--> statement-breakpoint
CREATE TRIGGER qm_touch_update AFTER UPDATE ON "variants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_variants()
--> statement-breakpoint
CREATE TRIGGER qm_touch_delete AFTER DELETE ON "variants" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_variants()
--> statement-breakpoint
CREATE FUNCTION qm_touch_from_product_family_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_touch_products(array(SELECT v.product_id FROM variants v WHERE v.id IN (SELECT variant_id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM qm_touch_products(array(SELECT v.product_id FROM variants v WHERE v.id IN (SELECT variant_id FROM new_rows) UNION SELECT v.product_id FROM variants v WHERE v.id IN (SELECT variant_id FROM old_rows)));
  ELSE
    PERFORM qm_touch_products(array(SELECT v.product_id FROM variants v WHERE v.id IN (SELECT variant_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_touch_insert AFTER INSERT ON "product_family_variants" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_product_family_variants()
--> statement-breakpoint
CREATE TRIGGER qm_touch_update AFTER UPDATE ON "product_family_variants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_product_family_variants()
--> statement-breakpoint
CREATE TRIGGER qm_touch_delete AFTER DELETE ON "product_family_variants" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_product_family_variants()
--> statement-breakpoint
CREATE FUNCTION qm_touch_from_modifiers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_touch_products(array(SELECT product_id FROM new_rows WHERE product_id IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM qm_touch_products(array(SELECT product_id FROM new_rows WHERE product_id IS NOT NULL UNION SELECT product_id FROM old_rows WHERE product_id IS NOT NULL));
  ELSE
    PERFORM qm_touch_products(array(SELECT product_id FROM old_rows WHERE product_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_touch_insert AFTER INSERT ON "modifiers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_modifiers()
--> statement-breakpoint
CREATE TRIGGER qm_touch_update AFTER UPDATE ON "modifiers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_modifiers()
--> statement-breakpoint
CREATE TRIGGER qm_touch_delete AFTER DELETE ON "modifiers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_modifiers()
--> statement-breakpoint
CREATE FUNCTION qm_touch_from_modifier_options() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_touch_products(array(SELECT m.product_id FROM modifiers m WHERE m.product_id IS NOT NULL AND m.id IN (SELECT modifier_id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM qm_touch_products(array(SELECT m.product_id FROM modifiers m WHERE m.product_id IS NOT NULL AND m.id IN (SELECT modifier_id FROM new_rows) UNION SELECT m.product_id FROM modifiers m WHERE m.product_id IS NOT NULL AND m.id IN (SELECT modifier_id FROM old_rows)));
  ELSE
    PERFORM qm_touch_products(array(SELECT m.product_id FROM modifiers m WHERE m.product_id IS NOT NULL AND m.id IN (SELECT modifier_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_touch_insert AFTER INSERT ON "modifier_options" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_modifier_options()
--> statement-breakpoint
CREATE TRIGGER qm_touch_update AFTER UPDATE ON "modifier_options" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_modifier_options()
--> statement-breakpoint
CREATE TRIGGER qm_touch_delete AFTER DELETE ON "modifier_options" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_modifier_options()
--> statement-breakpoint
CREATE FUNCTION qm_touch_from_modifier_option_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_touch_products(array(SELECT v.product_id FROM variants v WHERE v.id IN (SELECT variant_id FROM new_rows) UNION SELECT m.product_id FROM modifier_options o JOIN modifiers m ON m.id = o.modifier_id WHERE m.product_id IS NOT NULL AND o.id IN (SELECT modifier_option_id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM qm_touch_products(array(SELECT v.product_id FROM variants v WHERE v.id IN (SELECT variant_id FROM new_rows) UNION SELECT m.product_id FROM modifier_options o JOIN modifiers m ON m.id = o.modifier_id WHERE m.product_id IS NOT NULL AND o.id IN (SELECT modifier_option_id FROM new_rows) UNION SELECT v.product_id FROM variants v WHERE v.id IN (SELECT variant_id FROM old_rows) UNION SELECT m.product_id FROM modifier_options o JOIN modifiers m ON m.id = o.modifier_id WHERE m.product_id IS NOT NULL AND o.id IN (SELECT modifier_option_id FROM old_rows)));
  ELSE
    PERFORM qm_touch_products(array(SELECT v.product_id FROM variants v WHERE v.id IN (SELECT variant_id FROM old_rows) UNION SELECT m.product_id FROM modifier_options o JOIN modifiers m ON m.id = o.modifier_id WHERE m.product_id IS NOT NULL AND o.id IN (SELECT modifier_option_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_touch_insert AFTER INSERT ON "modifier_option_variants" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_modifier_option_variants()
--> statement-breakpoint
CREATE TRIGGER qm_touch_update AFTER UPDATE ON "modifier_option_variants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_modifier_option_variants()
--> statement-breakpoint
CREATE TRIGGER qm_touch_delete AFTER DELETE ON "modifier_option_variants" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_modifier_option_variants()
--> statement-breakpoint
CREATE FUNCTION qm_touch_from_store_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_touch_products(array(SELECT product_id FROM new_rows WHERE product_id IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM qm_touch_products(array(SELECT product_id FROM new_rows WHERE product_id IS NOT NULL UNION SELECT product_id FROM old_rows WHERE product_id IS NOT NULL));
  ELSE
    PERFORM qm_touch_products(array(SELECT product_id FROM old_rows WHERE product_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_touch_insert AFTER INSERT ON "store_products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_store_products()
--> statement-breakpoint
CREATE TRIGGER qm_touch_update AFTER UPDATE ON "store_products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_store_products()
--> statement-breakpoint
CREATE TRIGGER qm_touch_delete AFTER DELETE ON "store_products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_store_products()
--> statement-breakpoint
CREATE FUNCTION qm_touch_from_store_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_touch_products(array(SELECT sp.product_id FROM store_products sp WHERE sp.product_id IS NOT NULL AND sp.id IN (SELECT store_product_id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM qm_touch_products(array(SELECT sp.product_id FROM store_products sp WHERE sp.product_id IS NOT NULL AND sp.id IN (SELECT store_product_id FROM new_rows) UNION SELECT sp.product_id FROM store_products sp WHERE sp.product_id IS NOT NULL AND sp.id IN (SELECT store_product_id FROM old_rows)));
  ELSE
    PERFORM qm_touch_products(array(SELECT sp.product_id FROM store_products sp WHERE sp.product_id IS NOT NULL AND sp.id IN (SELECT store_product_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_touch_insert AFTER INSERT ON "store_variants" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_store_variants()
--> statement-breakpoint
CREATE TRIGGER qm_touch_update AFTER UPDATE ON "store_variants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_store_variants()
--> statement-breakpoint
CREATE TRIGGER qm_touch_delete AFTER DELETE ON "store_variants" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_store_variants()
--> statement-breakpoint
CREATE FUNCTION qm_touch_from_feed_store_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_touch_products(array(SELECT sp.product_id FROM store_variants sv JOIN store_products sp ON sp.id = sv.store_product_id WHERE sp.product_id IS NOT NULL AND sv.id IN (SELECT store_variant_id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM qm_touch_products(array(SELECT sp.product_id FROM store_variants sv JOIN store_products sp ON sp.id = sv.store_product_id WHERE sp.product_id IS NOT NULL AND sv.id IN (SELECT store_variant_id FROM new_rows) UNION SELECT sp.product_id FROM store_variants sv JOIN store_products sp ON sp.id = sv.store_product_id WHERE sp.product_id IS NOT NULL AND sv.id IN (SELECT store_variant_id FROM old_rows)));
  ELSE
    PERFORM qm_touch_products(array(SELECT sp.product_id FROM store_variants sv JOIN store_products sp ON sp.id = sv.store_product_id WHERE sp.product_id IS NOT NULL AND sv.id IN (SELECT store_variant_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_touch_insert AFTER INSERT ON "feed_store_variants" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_feed_store_variants()
--> statement-breakpoint
CREATE TRIGGER qm_touch_update AFTER UPDATE ON "feed_store_variants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_feed_store_variants()
--> statement-breakpoint
CREATE TRIGGER qm_touch_delete AFTER DELETE ON "feed_store_variants" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_feed_store_variants()
--> statement-breakpoint
CREATE FUNCTION qm_touch_from_attribute_data() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_touch_products(array(SELECT sourceable_id FROM new_rows WHERE sourceable_type = 'product' UNION SELECT sp.product_id FROM store_products sp WHERE sp.product_id IS NOT NULL AND sp.id IN (SELECT sourceable_id FROM new_rows WHERE sourceable_type = 'store_product') UNION SELECT sp.product_id FROM store_variants sv JOIN store_products sp ON sp.id = sv.store_product_id WHERE sp.product_id IS NOT NULL AND sv.id IN (SELECT sourceable_id FROM new_rows WHERE sourceable_type = 'store_variant')));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM qm_touch_products(array(SELECT sourceable_id FROM new_rows WHERE sourceable_type = 'product' UNION SELECT sp.product_id FROM store_products sp WHERE sp.product_id IS NOT NULL AND sp.id IN (SELECT sourceable_id FROM new_rows WHERE sourceable_type = 'store_product') UNION SELECT sp.product_id FROM store_variants sv JOIN store_products sp ON sp.id = sv.store_product_id WHERE sp.product_id IS NOT NULL AND sv.id IN (SELECT sourceable_id FROM new_rows WHERE sourceable_type = 'store_variant') UNION SELECT sourceable_id FROM old_rows WHERE sourceable_type = 'product' UNION SELECT sp.product_id FROM store_products sp WHERE sp.product_id IS NOT NULL AND sp.id IN (SELECT sourceable_id FROM old_rows WHERE sourceable_type = 'store_product') UNION SELECT sp.product_id FROM store_variants sv JOIN store_products sp ON sp.id = sv.store_product_id WHERE sp.product_id IS NOT NULL AND sv.id IN (SELECT sourceable_id FROM old_rows WHERE sourceable_type = 'store_variant')));
  ELSE
    PERFORM qm_touch_products(array(SELECT sourceable_id FROM old_rows WHERE sourceable_type = 'product' UNION SELECT sp.product_id FROM store_products sp WHERE sp.product_id IS NOT NULL AND sp.id IN (SELECT sourceable_id FROM old_rows WHERE sourceable_type = 'store_product') UNION SELECT sp.product_id FROM store_variants sv JOIN store_products sp ON sp.id = sv.store_product_id WHERE sp.product_id IS NOT NULL AND sv.id IN (SELECT sourceable_id FROM old_rows WHERE sourceable_type = 'store_variant')));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_touch_insert AFTER INSERT ON "attribute_data" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_attribute_data()
--> statement-breakpoint
CREATE TRIGGER qm_touch_update AFTER UPDATE ON "attribute_data" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_attribute_data()
--> statement-breakpoint
CREATE TRIGGER qm_touch_delete AFTER DELETE ON "attribute_data" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_from_attribute_data()
--> statement-breakpoint
-- Names every editor payload shows: brands, categories, stores, feeds, product families.
CREATE FUNCTION qm_touch_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_touch_catalog AFTER INSERT OR UPDATE OR DELETE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_catalog()
--> statement-breakpoint
CREATE TRIGGER qm_touch_catalog AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_catalog()
--> statement-breakpoint
CREATE TRIGGER qm_touch_catalog AFTER INSERT OR UPDATE OR DELETE ON "stores" FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_catalog()
--> statement-breakpoint
CREATE TRIGGER qm_touch_catalog AFTER INSERT OR UPDATE OR DELETE ON "feeds" FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_catalog()
--> statement-breakpoint
CREATE TRIGGER qm_touch_catalog AFTER INSERT OR UPDATE OR DELETE ON "product_families" FOR EACH STATEMENT EXECUTE FUNCTION qm_touch_catalog()
