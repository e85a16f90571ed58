-- Indexes the order reports, the dashboard and the resolution screens read through (index-only scans
-- of what they sum).
-- Order Margin, Monthly Summary and the dashboard's revenue: the orders placed in a range, with their figures.
CREATE INDEX IF NOT EXISTS "orders_report_idx" ON "orders" ("placed_at") INCLUDE ("id", "store_id", "status", "units", "subtotal_cents", "shipping_charged_cents", "cost_cents", "margin_cents");
--> statement-breakpoint
-- Monthly Summary: the fees and shipping of the vendor orders created since a day, without reading their rows.
CREATE INDEX IF NOT EXISTS "vendor_orders_report_idx" ON "vendor_orders" ("created_at") INCLUDE ("order_id", "status", "fees_cents", "shipping_cents");
--> statement-breakpoint
-- Order Item: the lines of the orders in a range, summed without reading their rows.
CREATE INDEX IF NOT EXISTS "order_items_report_idx" ON "order_items" ("order_id") INCLUDE ("quantity", "cancelled_quantity", "unit_price_cents", "discount_cents", "cost_cents");
