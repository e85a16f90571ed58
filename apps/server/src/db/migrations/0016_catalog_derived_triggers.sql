-- The product list's cached columns on products — title and image (the canonical values of
-- attributes 11 and 13), search_vector (the title's words, the SKUs and UPCs), variant_count,
-- default_variant_id, default_sku and published_store_ids — are kept by the triggers below, whoever
-- writes the rows they copy: the API, a job, an import or plain SQL. Each trigger is a statement
-- trigger reading its statement's changed rows (transition tables), so a bulk write refreshes each
-- product it touches once per statement, not once per row.
--
-- Computes every cached column of these products from the rows it copies and writes the products
-- whose values differ (so an unchanged product fires none of its own row triggers), locked in id
-- order as qm_touch_products does (concurrent writers queue, they do not deadlock). The ids are
-- joined, not tested with = ANY: a bulk statement's 100,000 ids would be compared one by one.
CREATE FUNCTION qm_refresh_product_cache(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET
    title = c.title,
    image = c.image,
    search_vector = c.search_vector,
    variant_count = c.variant_count,
    default_variant_id = c.default_variant_id,
    default_sku = c.default_sku,
    published_store_ids = c.published_store_ids
  FROM (
    SELECT x.id, x.title, x.image,
           to_tsvector('simple'::regconfig, concat_ws(' ', x.title, x.codes)) AS search_vector,
           x.variant_count, x.default_variant_id, x.default_sku, x.published_store_ids
      FROM (
        SELECT p2.id,
               (SELECT d.value #>> '{}' FROM attribute_data d
                 WHERE d.sourceable_type = 'product' AND d.sourceable_id = p2.id AND d.attribute_id = 11 AND d.source_type IS NULL) AS title,
               (SELECT d.value #>> '{}' FROM attribute_data d
                 WHERE d.sourceable_type = 'product' AND d.sourceable_id = p2.id AND d.attribute_id = 13 AND d.source_type IS NULL) AS image,
               (SELECT string_agg(v.sku || coalesce(' ' || v.upc, ''), ' ' ORDER BY v.id) FROM variants v WHERE v.product_id = p2.id) AS codes,
               (SELECT count(*)::int FROM variants v WHERE v.product_id = p2.id) AS variant_count,
               (SELECT v.id FROM variants v WHERE v.product_id = p2.id AND v.is_default) AS default_variant_id,
               (SELECT v.sku FROM variants v WHERE v.product_id = p2.id AND v.is_default) AS default_sku,
               array(SELECT sp.store_id FROM store_products sp
                      WHERE sp.product_id = p2.id AND sp.is_published ORDER BY sp.store_id) AS published_store_ids
          FROM products p2
         WHERE p2.id IN (SELECT l.id FROM products l JOIN (SELECT DISTINCT unnest(ids) AS id) u ON u.id = l.id
                          ORDER BY l.id FOR UPDATE OF l)
      ) x
  ) c
  WHERE p.id = c.id
    AND (p.title, p.image, p.search_vector, p.variant_count, p.default_variant_id, p.default_sku, p.published_store_ids)
        IS DISTINCT FROM (c.title, c.image, c.search_vector, c.variant_count, c.default_variant_id, c.default_sku, c.published_store_ids)
$$
--> statement-breakpoint
-- New products (a product inserted with cache columns of its own gets them as its rows say).
CREATE FUNCTION qm_product_cache_of_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM qm_refresh_product_cache(array(SELECT id FROM new_rows));
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_product_cache_insert AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qm_product_cache_of_products()
--> statement-breakpoint
-- Variants: SKUs and UPCs (search), count and default, for the products they leave and join.
CREATE FUNCTION qm_product_cache_of_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_refresh_product_cache(array(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM qm_refresh_product_cache(array(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM qm_refresh_product_cache(array(
      SELECT unnest(array[o.product_id, n.product_id])
        FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.product_id, o.sku, o.upc, o.is_default) IS DISTINCT FROM (n.product_id, n.sku, n.upc, n.is_default)));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
-- Canonical title and image values of products.
CREATE FUNCTION qm_product_cache_of_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM qm_refresh_product_cache(array(
      SELECT DISTINCT sourceable_id FROM new_rows
       WHERE sourceable_type = 'product' AND attribute_id IN (11, 13) AND source_type IS NULL));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM qm_refresh_product_cache(array(
      SELECT DISTINCT sourceable_id FROM old_rows
       WHERE sourceable_type = 'product' AND attribute_id IN (11, 13) AND source_type IS NULL));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
-- Store products: the stores a product is published on.
CREATE FUNCTION qm_product_cache_of_store_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_refresh_product_cache(array(SELECT DISTINCT product_id FROM new_rows WHERE product_id IS NOT NULL AND is_published));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM qm_refresh_product_cache(array(SELECT DISTINCT product_id FROM old_rows WHERE product_id IS NOT NULL AND is_published));
  ELSE
    PERFORM qm_refresh_product_cache(array(
      SELECT p FROM (SELECT unnest(array[o.product_id, n.product_id]) AS p
                       FROM old_rows o JOIN new_rows n ON n.id = o.id
                      WHERE (o.product_id, o.store_id, o.is_published) IS DISTINCT FROM (n.product_id, n.store_id, n.is_published)) x
       WHERE p IS NOT NULL));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('variants', 'qm_product_cache_of_variants'),
    ('attribute_data', 'qm_product_cache_of_values'),
    ('store_products', 'qm_product_cache_of_store_products')
  ) AS m(tbl, fn) LOOP
    EXECUTE format('CREATE TRIGGER qm_product_cache_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER qm_product_cache_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER qm_product_cache_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl, t.fn);
  END LOOP;
END $$
--> statement-breakpoint
-- Whatever was written before these triggers is brought in line once.
SELECT qm_refresh_product_cache(array(SELECT id FROM products))
