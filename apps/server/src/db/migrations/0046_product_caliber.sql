ALTER TABLE "products" ADD COLUMN "caliber" text;--> statement-breakpoint
-- products.caliber mirrors the canonical value of the built-in caliber attribute (its code and type
-- cannot change), kept as title and image are (0016): the product cache's function and the trigger
-- on attribute values restated with it.
CREATE OR REPLACE FUNCTION qm_refresh_product_cache(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET
    title = c.title,
    image = c.image,
    caliber = c.caliber,
    search_vector = c.search_vector,
    variant_count = c.variant_count,
    default_variant_id = c.default_variant_id,
    default_sku = c.default_sku,
    published_store_ids = c.published_store_ids
  FROM (
    SELECT x.id, x.title, x.image, x.caliber,
           to_tsvector('simple'::regconfig, concat_ws(' ', x.title, x.codes)) AS search_vector,
           x.variant_count, x.default_variant_id, x.default_sku, x.published_store_ids
      FROM (
        SELECT p2.id,
               (SELECT d.value #>> '{}' FROM attribute_data d
                 WHERE d.sourceable_type = 'product' AND d.sourceable_id = p2.id AND d.attribute_id = 11 AND d.source_type IS NULL) AS title,
               (SELECT d.value #>> '{}' FROM attribute_data d
                 WHERE d.sourceable_type = 'product' AND d.sourceable_id = p2.id AND d.attribute_id = 13 AND d.source_type IS NULL) AS image,
               (SELECT d.value #>> '{}' FROM attribute_data d
                 WHERE d.sourceable_type = 'product' AND d.sourceable_id = p2.id AND d.source_type IS NULL
                   AND d.attribute_id = (SELECT a.id FROM attributes a WHERE a.code = 'caliber')) AS caliber,
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
    AND (p.title, p.image, p.caliber, p.search_vector, p.variant_count, p.default_variant_id, p.default_sku, p.published_store_ids)
        IS DISTINCT FROM (c.title, c.image, c.caliber, c.search_vector, c.variant_count, c.default_variant_id, c.default_sku, c.published_store_ids)
$$
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_product_cache_of_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM qm_refresh_product_cache(array(
      SELECT DISTINCT sourceable_id FROM new_rows
       WHERE sourceable_type = 'product' AND attribute_id IN (11, 13, (SELECT a.id FROM attributes a WHERE a.code = 'caliber')) AND source_type IS NULL));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM qm_refresh_product_cache(array(
      SELECT DISTINCT sourceable_id FROM old_rows
       WHERE sourceable_type = 'product' AND attribute_id IN (11, 13, (SELECT a.id FROM attributes a WHERE a.code = 'caliber')) AND source_type IS NULL));
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
-- What is there now, in one join.
UPDATE products p SET caliber = d.value #>> '{}'
  FROM attribute_data d
 WHERE d.sourceable_type = 'product' AND d.sourceable_id = p.id AND d.source_type IS NULL
   AND d.attribute_id = (SELECT a.id FROM attributes a WHERE a.code = 'caliber')
   AND p.caliber IS DISTINCT FROM d.value #>> '{}'
