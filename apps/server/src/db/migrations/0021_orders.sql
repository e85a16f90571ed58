CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"sku" text NOT NULL,
	"title" text,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"cancelled_quantity" integer DEFAULT 0 NOT NULL,
	"cost_cents" bigint,
	CONSTRAINT "order_items_numbers_check" CHECK (quantity > 0 and unit_price_cents >= 0 and discount_cents >= 0 and cancelled_quantity >= 0 and cancelled_quantity <= quantity)
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_resolution_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution" text,
	CONSTRAINT "order_resolution_cases_reason_check" CHECK (reason in ('unroutable', 'compliance_hold', 'vendor_backorder', 'address_problem', 'payment_problem', 'vendor_late', 'cs_open'))
);
--> statement-breakpoint
CREATE TABLE "order_route_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"route_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"compliance_outcome" text,
	"compliance_reason" text
);
--> statement-breakpoint
CREATE TABLE "order_route_option_vendor_totals" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"source_kind" text NOT NULL,
	"vendor_id" integer,
	"location_id" integer,
	"items_cents" bigint DEFAULT 0 NOT NULL,
	"fixed_fees_cents" bigint DEFAULT 0 NOT NULL,
	"per_unit_fees_cents" bigint DEFAULT 0 NOT NULL,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"min_order_cents" integer,
	"min_order_met" boolean DEFAULT true NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fee_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "order_route_option_vendor_totals_source_check" CHECK ((source_kind = 'vendor' and vendor_id is not null and location_id is null) or (source_kind = 'warehouse' and location_id is not null and vendor_id is null))
);
--> statement-breakpoint
CREATE TABLE "order_route_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"route_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"is_feasible" boolean DEFAULT true NOT NULL,
	"description" text NOT NULL,
	"infeasible_reason" text,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"delta_to_next_cents" bigint,
	"explanation" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"strategy" text NOT NULL,
	"created_by" integer,
	"computed_at" timestamp with time zone,
	"chosen_option_id" integer,
	"chosen_at" timestamp with time zone,
	"chosen_by" integer,
	"is_stale" boolean DEFAULT false NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "order_routes_strategy_check" CHECK (strategy in ('cheapest', 'fewest_shipments', 'single_source'))
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"field" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"user_id" integer,
	"note" text,
	CONSTRAINT "order_status_history_field_check" CHECK (field in ('status', 'internal_status', 'cs_status'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"number" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"internal_status_id" integer,
	"cs_status" text DEFAULT 'none' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text,
	"ship_name" text NOT NULL,
	"ship_company" text,
	"ship_line1" text NOT NULL,
	"ship_line2" text,
	"ship_city" text NOT NULL,
	"ship_state" text NOT NULL,
	"ship_zip" text NOT NULL,
	"ship_to_dealer" boolean DEFAULT false NOT NULL,
	"ship_dealer_license" text,
	"bill_name" text NOT NULL,
	"bill_line1" text NOT NULL,
	"bill_line2" text,
	"bill_city" text NOT NULL,
	"bill_state" text NOT NULL,
	"bill_zip" text NOT NULL,
	"shipping_charged_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"payment_method" text NOT NULL,
	"payment_captured_cents" integer DEFAULT 0 NOT NULL,
	"customer_notes" text,
	"item_count" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint GENERATED ALWAYS AS (subtotal_cents + shipping_charged_cents + tax_cents) STORED,
	"cost_cents" bigint,
	"margin_cents" bigint GENERATED ALWAYS AS (subtotal_cents + shipping_charged_cents - cost_cents) STORED,
	"compliance_hold" boolean DEFAULT false NOT NULL,
	"is_split" boolean DEFAULT false NOT NULL,
	"is_late" boolean DEFAULT false NOT NULL,
	"open_cases" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "orders_money_check" CHECK (shipping_charged_cents >= 0 and tax_cents >= 0 and payment_captured_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" integer,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_routing_settings" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"strategy" text DEFAULT 'cheapest' NOT NULL,
	"auto_route" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "store_routing_settings_strategy_check" CHECK (strategy in ('cheapest', 'fewest_shipments', 'single_source'))
);
--> statement-breakpoint
CREATE TABLE "vendor_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"vendor_sku" text,
	"quantity" integer NOT NULL,
	"unit_cost_cents" integer NOT NULL,
	CONSTRAINT "vendor_order_items_numbers_check" CHECK (quantity > 0 and unit_cost_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_order_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_order_id" integer NOT NULL,
	"channel" text NOT NULL,
	"kind" text DEFAULT 'send' NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "vendor_order_outbox_channel_check" CHECK (channel in ('email', 'edi', 'api', 'portal'))
);
--> statement-breakpoint
CREATE TABLE "vendor_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"route_id" integer,
	"option_id" integer,
	"source_kind" text NOT NULL,
	"vendor_id" integer,
	"location_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"items_cents" bigint DEFAULT 0 NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"tracking_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"instructions" text,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"expected_ship_date" date,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "vendor_orders_source_check" CHECK ((source_kind = 'vendor' and vendor_id is not null and location_id is null) or (source_kind = 'warehouse' and location_id is not null and vendor_id is null))
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "order_channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_resolution_cases" ADD CONSTRAINT "order_resolution_cases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_resolution_cases" ADD CONSTRAINT "order_resolution_cases_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_route_items" ADD CONSTRAINT "order_route_items_route_id_order_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."order_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_route_items" ADD CONSTRAINT "order_route_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_route_option_vendor_totals" ADD CONSTRAINT "order_route_option_vendor_totals_option_id_order_route_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."order_route_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_route_option_vendor_totals" ADD CONSTRAINT "order_route_option_vendor_totals_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_route_option_vendor_totals" ADD CONSTRAINT "order_route_option_vendor_totals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_route_options" ADD CONSTRAINT "order_route_options_route_id_order_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."order_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_routes" ADD CONSTRAINT "order_routes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_routes" ADD CONSTRAINT "order_routes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_routes" ADD CONSTRAINT "order_routes_chosen_by_users_id_fk" FOREIGN KEY ("chosen_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_internal_status_id_internal_statuses_id_fk" FOREIGN KEY ("internal_status_id") REFERENCES "public"."internal_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_api_keys" ADD CONSTRAINT "store_api_keys_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_api_keys" ADD CONSTRAINT "store_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_api_keys" ADD CONSTRAINT "store_api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_routing_settings" ADD CONSTRAINT "store_routing_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_order_items" ADD CONSTRAINT "vendor_order_items_vendor_order_id_vendor_orders_id_fk" FOREIGN KEY ("vendor_order_id") REFERENCES "public"."vendor_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_order_items" ADD CONSTRAINT "vendor_order_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_order_outbox" ADD CONSTRAINT "vendor_order_outbox_vendor_order_id_vendor_orders_id_fk" FOREIGN KEY ("vendor_order_id") REFERENCES "public"."vendor_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_order_outbox" ADD CONSTRAINT "vendor_order_outbox_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_route_id_order_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."order_routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_option_id_order_route_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."order_route_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_line_key" ON "order_items" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "order_items_sku_idx" ON "order_items" USING btree (upper("sku"));--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_resolution_cases_open_key" ON "order_resolution_cases" USING btree ("order_id","reason") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "order_resolution_cases_open_idx" ON "order_resolution_cases" USING btree ("reason","opened_at") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "order_resolution_cases_opened_idx" ON "order_resolution_cases" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX "order_resolution_cases_resolved_idx" ON "order_resolution_cases" USING btree ("resolved_at");--> statement-breakpoint
CREATE INDEX "order_route_items_route_idx" ON "order_route_items" USING btree ("route_id");--> statement-breakpoint
CREATE INDEX "order_route_items_item_idx" ON "order_route_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_route_option_vendor_totals_option_idx" ON "order_route_option_vendor_totals" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "order_route_options_route_idx" ON "order_route_options" USING btree ("route_id","rank");--> statement-breakpoint
CREATE INDEX "order_routes_order_idx" ON "order_routes" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_routes_status_idx" ON "order_routes" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_number_key" ON "orders" USING btree ("store_id","number");--> statement-breakpoint
CREATE INDEX "orders_placed_idx" ON "orders" USING btree ("placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_store_placed_idx" ON "orders" USING btree ("store_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_status_placed_idx" ON "orders" USING btree ("status","placed_at");--> statement-breakpoint
CREATE INDEX "orders_number_prefix_idx" ON "orders" USING btree (upper("number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree (lower("customer_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_open_cases_idx" ON "orders" USING btree ("placed_at") WHERE open_cases > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "store_api_keys_hash_key" ON "store_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "store_api_keys_store_idx" ON "store_api_keys" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "vendor_order_items_vo_idx" ON "vendor_order_items" USING btree ("vendor_order_id");--> statement-breakpoint
CREATE INDEX "vendor_order_items_item_idx" ON "vendor_order_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "vendor_order_outbox_vo_idx" ON "vendor_order_outbox" USING btree ("vendor_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_orders_number_key" ON "vendor_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "vendor_orders_order_idx" ON "vendor_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "vendor_orders_vendor_idx" ON "vendor_orders" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_orders_status_idx" ON "vendor_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "vendor_orders_created_idx" ON "vendor_orders" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_order_channel_check" CHECK (order_channel in ('email', 'edi', 'api', 'portal'));--> statement-breakpoint
SELECT qm_track_table_revisions();
