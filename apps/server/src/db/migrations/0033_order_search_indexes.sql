-- The Orders list's broad searches (more matches than the list sorts itself: a common last name, a
-- SKU on thousands of orders) find their page by walking the orders newest first. The walk now reads
-- the index alone: it holds the number, email and name a text search tests, and a SKU's orders are
-- read from an index that holds them (an expression index serves an index-only scan only when it also
-- holds the column under the expression).
DROP INDEX IF EXISTS "orders_placed_idx";--> statement-breakpoint
CREATE INDEX "orders_placed_idx" ON "orders" USING btree ("placed_at","id") INCLUDE ("number","customer_email","customer_name");--> statement-breakpoint
DROP INDEX IF EXISTS "order_items_sku_idx";--> statement-breakpoint
CREATE INDEX "order_items_sku_idx" ON "order_items" USING btree (upper("sku")) INCLUDE ("order_id","sku");
