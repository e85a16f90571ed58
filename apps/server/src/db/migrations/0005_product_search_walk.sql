-- The product list's word search in its default order (newest first) walks products by id checking
-- each one's words: with the words in the index, that walk reads the index alone (catalog/queries.ts,
-- productList.narrowPage). Not in the drizzle schema: its index builder has no INCLUDE.
CREATE INDEX "products_id_search_walk_idx" ON "products" USING btree ("id") INCLUDE ("search_vector");
