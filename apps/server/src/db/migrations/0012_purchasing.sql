ALTER TABLE "purchase_orders" ADD COLUMN "line_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "ordered_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "received_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "open_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "purchase_orders_location_idx" ON "purchase_orders" USING btree ("location_id");