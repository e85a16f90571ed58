-- A store variant carries its variant's cost, so the price flags "below cost" and "under the margin
-- floor" (pricing/prices.ts) compare two columns of one row, and each has a partial index of the few
-- rows it matches: a page of either flag walked every store variant newest first, looking each
-- variant up, to find a handful (230–330 ms on 240,000 store variants). Kept by the triggers below;
-- the API never writes it.
ALTER TABLE "store_variants" ADD COLUMN "variant_cost_cents" integer;--> statement-breakpoint
UPDATE "store_variants" sv SET "variant_cost_cents" = v."cost_cents" FROM "variants" v WHERE v."id" = sv."variant_id" AND v."cost_cents" IS NOT NULL;--> statement-breakpoint
-- A store variant takes its variant's cost when written (whatever the statement sent)…
CREATE FUNCTION qm_store_variants_cost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.variant_cost_cents := (SELECT v.cost_cents FROM variants v WHERE v.id = NEW.variant_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER qm_store_variants_cost BEFORE INSERT OR UPDATE OF variant_id, variant_cost_cents ON "store_variants" FOR EACH ROW EXECUTE FUNCTION qm_store_variants_cost();--> statement-breakpoint
-- …and follows it when the variant's changes (one statement for a statement's variants: a price file
-- may change thousands).
CREATE FUNCTION qm_variants_cost_to_store_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE store_variants sv SET variant_cost_cents = n.cost_cents
    FROM qm_new_variants n JOIN qm_old_variants o ON o.id = n.id
   WHERE sv.variant_id = n.id AND n.cost_cents IS DISTINCT FROM o.cost_cents;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER qm_variants_cost_to_store_variants AFTER UPDATE ON "variants" REFERENCING OLD TABLE AS qm_old_variants NEW TABLE AS qm_new_variants FOR EACH STATEMENT EXECUTE FUNCTION qm_variants_cost_to_store_variants();--> statement-breakpoint
-- REPRICE_MARGIN_FLOOR_PCT is 8: the floor is the cost ÷ 0.92, as pricing/prices.ts writes it. Each
-- flag is written `(…) IS TRUE`, as its index's condition, and its statistics are gathered: PostgreSQL
-- estimates a comparison of two columns at a third of the rows and hashed every variant to count a
-- handful (90 ms); with the expressions' statistics it reads them from the index (1.5 ms).
CREATE INDEX "store_variants_below_cost_idx" ON "store_variants" USING btree ("id") WHERE (price_cents < variant_cost_cents) is true;--> statement-breakpoint
CREATE INDEX "store_variants_under_floor_idx" ON "store_variants" USING btree ("id") WHERE (price_cents < ceil(variant_cost_cents * 100::numeric / 92)) is true;--> statement-breakpoint
CREATE STATISTICS "store_variants_price_flags_stats" ON (price_cents < variant_cost_cents), (price_cents < ceil(variant_cost_cents * 100::numeric / 92)) FROM "store_variants";--> statement-breakpoint
ANALYZE "store_variants";
