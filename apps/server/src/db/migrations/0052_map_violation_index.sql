-- The flag "advertised under MAP" (pricing/prices.ts: no MAP gate, the price under MAP, no MAP holiday
-- on) matches a handful of store variants: a page of it walked every store variant newest first to
-- find them (21 ms alone, ~500 ms at 50 connections on 240,000). Its own partial index, and the
-- comparison's statistics (a comparison of two columns is otherwise estimated at a third of the rows).
CREATE INDEX "store_variants_map_violation_idx" ON "store_variants" USING btree ("id") WHERE map_gate is null and (price_cents < map_price_cents) is true;--> statement-breakpoint
CREATE STATISTICS "store_variants_map_flag_stats" ON (price_cents < map_price_cents) FROM "store_variants";--> statement-breakpoint
ANALYZE "store_variants";
