CREATE INDEX "orders_cs_status_placed_idx" ON "orders" USING btree ("cs_status","placed_at") WHERE cs_status <> 'none';--> statement-breakpoint
CREATE INDEX "orders_internal_status_placed_idx" ON "orders" USING btree ("internal_status_id","placed_at") WHERE internal_status_id is not null;--> statement-breakpoint
CREATE INDEX "orders_hold_placed_idx" ON "orders" USING btree ("placed_at") WHERE compliance_hold;--> statement-breakpoint
CREATE INDEX "orders_late_placed_idx" ON "orders" USING btree ("placed_at") WHERE is_late;--> statement-breakpoint
CREATE INDEX "orders_split_placed_idx" ON "orders" USING btree ("placed_at") WHERE is_split;--> statement-breakpoint
CREATE INDEX "orders_customer_name_prefix_idx" ON "orders" USING btree (lower("customer_name") text_pattern_ops);