CREATE TABLE "inventory_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"avg_cost_cents" integer,
	"bin" text,
	"reorder_point" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "inventory_items_on_hand_check" CHECK (on_hand >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"inventory_item_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"unit_cost_cents" integer,
	"reason" text,
	"purchase_order_line_id" integer,
	"reference" text,
	"transfer_id" bigint,
	"user_id" integer,
	CONSTRAINT "inventory_transactions_kind_check" CHECK (kind in ('receipt', 'sale', 'adjustment', 'return', 'transfer_out', 'transfer_in', 'count')),
	CONSTRAINT "inventory_transactions_quantity_check" CHECK (quantity <> 0 and balance_after >= 0)
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"state" text,
	"zip" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"ships_orders" boolean DEFAULT true NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"handling_days" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "locations_shipping_check" CHECK (shipping_cents >= 0 and handling_days between 0 and 60)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost_cents" integer NOT NULL,
	"quantity_received" integer DEFAULT 0 NOT NULL,
	"quantity_cancelled" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "purchase_order_lines_quantity_check" CHECK (quantity > 0 and unit_cost_cents >= 0 and quantity_received >= 0 and quantity_cancelled >= 0 and quantity_received + quantity_cancelled <= quantity)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"vendor_id" integer NOT NULL,
	"entity" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"invoice_status" text DEFAULT 'not_invoiced' NOT NULL,
	"location_id" integer NOT NULL,
	"expected_date" date,
	"submitted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"invoice_number" text,
	"invoice_date" date,
	"invoice_amount_cents" integer,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "purchase_orders_entity_check" CHECK (entity in ('SD', 'LOS')),
	CONSTRAINT "purchase_orders_status_check" CHECK (status in ('draft', 'submitted', 'confirmed', 'partially_received', 'received', 'closed', 'cancelled')),
	CONSTRAINT "purchase_orders_invoice_status_check" CHECK (invoice_status in ('not_invoiced', 'invoiced', 'partially_paid', 'paid', 'disputed', 'void')),
	CONSTRAINT "purchase_orders_money_check" CHECK (shipping_cents >= 0 and (invoice_amount_cents is null or invoice_amount_cents >= 0))
);
--> statement-breakpoint
CREATE TABLE "vendor_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"role" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text,
	"username" text,
	"secret" "bytea",
	"key_id" text,
	"endpoint_url" text,
	"notes" text,
	"last_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "vendor_credentials_kind_check" CHECK (kind in ('portal', 'api_key', 'sftp', 'edi'))
);
--> statement-breakpoint
CREATE TABLE "vendor_fee_schemas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"fee_schema_id" integer NOT NULL,
	"name" text NOT NULL,
	"application" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"unit_basis" text,
	"brand_id" integer,
	"category_id" integer,
	"waived_above_cents" integer,
	"effective_from" date,
	"effective_to" date,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "vendor_fees_application_check" CHECK (application in ('fixed', 'per_unit')),
	CONSTRAINT "vendor_fees_unit_basis_check" CHECK ((application = 'fixed' and unit_basis is null) or (application = 'per_unit' and unit_basis in ('rounds', 'pieces', 'shells', 'item'))),
	CONSTRAINT "vendor_fees_amount_check" CHECK (amount_cents >= 0 and (waived_above_cents is null or waived_above_cents >= 0)),
	CONSTRAINT "vendor_fees_dates_check" CHECK (effective_from is null or effective_to is null or effective_from <= effective_to)
);
--> statement-breakpoint
CREATE TABLE "vendor_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"vendor_sku" text NOT NULL,
	"name" text,
	"upc" text,
	"variant_id" integer,
	"match_method" text,
	"cost_cents" integer,
	"quantity_available" integer DEFAULT 0 NOT NULL,
	"can_drop_ship" boolean DEFAULT false NOT NULL,
	"map_cents" integer,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "vendor_products_match_check" CHECK (match_method is null or match_method in ('upc', 'sku', 'manual')),
	CONSTRAINT "vendor_products_numbers_check" CHECK (quantity_available >= 0 and (cost_cents is null or cost_cents >= 0) and (map_cents is null or map_cents >= 0))
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"can_drop_ship" boolean DEFAULT false NOT NULL,
	"min_order_cents" integer,
	"shipping_model" text DEFAULT 'flat' NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"free_shipping_above_cents" integer,
	"shipping_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"handling_days" integer DEFAULT 1 NOT NULL,
	"fee_schema_id" integer,
	"website" text,
	"notes" text,
	"import_mapping" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "vendors_shipping_model_check" CHECK (shipping_model in ('flat', 'per_unit', 'tiers')),
	CONSTRAINT "vendors_money_check" CHECK (shipping_cents >= 0 and (min_order_cents is null or min_order_cents >= 0) and (free_shipping_above_cents is null or free_shipping_above_cents >= 0)),
	CONSTRAINT "vendors_handling_days_check" CHECK (handling_days between 0 and 60)
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_purchase_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_contacts" ADD CONSTRAINT "vendor_contacts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credentials" ADD CONSTRAINT "vendor_credentials_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_fees" ADD CONSTRAINT "vendor_fees_fee_schema_id_vendor_fee_schemas_id_fk" FOREIGN KEY ("fee_schema_id") REFERENCES "public"."vendor_fee_schemas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_fees" ADD CONSTRAINT "vendor_fees_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_fees" ADD CONSTRAINT "vendor_fees_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_products" ADD CONSTRAINT "vendor_products_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_products" ADD CONSTRAINT "vendor_products_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_fee_schema_id_vendor_fee_schemas_id_fk" FOREIGN KEY ("fee_schema_id") REFERENCES "public"."vendor_fee_schemas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_variant_location_key" ON "inventory_items" USING btree ("variant_id","location_id");--> statement-breakpoint
CREATE INDEX "inventory_items_location_idx" ON "inventory_items" USING btree ("location_id","variant_id");--> statement-breakpoint
CREATE INDEX "inventory_transactions_item_idx" ON "inventory_transactions" USING btree ("inventory_item_id","id");--> statement-breakpoint
CREATE INDEX "inventory_transactions_variant_idx" ON "inventory_transactions" USING btree ("variant_id","at");--> statement-breakpoint
CREATE INDEX "inventory_transactions_location_idx" ON "inventory_transactions" USING btree ("location_id","at");--> statement-breakpoint
CREATE INDEX "inventory_transactions_at_idx" ON "inventory_transactions" USING btree ("at");--> statement-breakpoint
CREATE INDEX "inventory_transactions_kind_idx" ON "inventory_transactions" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "inventory_transactions_po_line_idx" ON "inventory_transactions" USING btree ("purchase_order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_code_key" ON "locations" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "purchase_order_lines_po_idx" ON "purchase_order_lines" USING btree ("purchase_order_id","sort_order");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_variant_idx" ON "purchase_order_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_key" ON "purchase_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "purchase_orders_vendor_idx" ON "purchase_orders" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_idx" ON "purchase_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vendor_contacts_vendor_idx" ON "vendor_contacts" USING btree ("vendor_id","sort_order");--> statement-breakpoint
CREATE INDEX "vendor_credentials_vendor_idx" ON "vendor_credentials" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_fee_schemas_name_key" ON "vendor_fee_schemas" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "vendor_fees_schema_idx" ON "vendor_fees" USING btree ("fee_schema_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_products_vendor_sku_key" ON "vendor_products" USING btree ("vendor_id",upper("vendor_sku"));--> statement-breakpoint
CREATE INDEX "vendor_products_variant_idx" ON "vendor_products" USING btree ("variant_id","vendor_id");--> statement-breakpoint
CREATE INDEX "vendor_products_unmatched_idx" ON "vendor_products" USING btree ("vendor_id","id") WHERE variant_id is null;--> statement-breakpoint
CREATE INDEX "vendor_products_upc_idx" ON "vendor_products" USING btree ("upc");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_name_key" ON "vendors" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_code_key" ON "vendors" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "vendors_fee_schema_idx" ON "vendors" USING btree ("fee_schema_id");