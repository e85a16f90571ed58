-- Indexes the reports read through (index-only scans of what they sum).
-- Product Inventory: the last 90 days' sales per variant and location.
CREATE INDEX IF NOT EXISTS "inventory_transactions_sales_idx" ON "inventory_transactions" ("at") INCLUDE ("variant_id", "location_id", "quantity") WHERE kind = 'sale';
--> statement-breakpoint
-- Product Inventory "on order": the lines still to be received (a small part of all lines).
CREATE INDEX IF NOT EXISTS "purchase_order_lines_open_idx" ON "purchase_order_lines" ("purchase_order_id") INCLUDE ("variant_id", "quantity", "quantity_received", "quantity_cancelled") WHERE quantity > quantity_received + quantity_cancelled;
--> statement-breakpoint
-- PO Summary and PO Items: each order's lines summed without reading the lines' rows.
CREATE INDEX IF NOT EXISTS "purchase_order_lines_totals_idx" ON "purchase_order_lines" ("purchase_order_id") INCLUDE ("variant_id", "quantity", "quantity_received", "quantity_cancelled", "unit_cost_cents");
