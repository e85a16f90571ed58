-- No report reads a period's order lines any more (the merchandising reports read product_day_sales):
-- the lines' placed_at index only cost their writes.
DROP INDEX "order_items_placed_idx";