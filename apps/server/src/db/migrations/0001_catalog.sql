CREATE TABLE "attribute_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"sourceable_type" text NOT NULL,
	"sourceable_id" integer NOT NULL,
	"source_type" text,
	"source_id" integer,
	"source_label" text,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "attribute_data_sourceable_type_check" CHECK (sourceable_type in ('product', 'product_family', 'store_product', 'store_variant')),
	CONSTRAINT "attribute_data_source_check" CHECK ((source_type is null and source_id is null) or (source_type in ('vendor', 'store') and source_id is not null))
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"unit" text,
	"required_for_publish" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "attributes_type_check" CHECK (type in ('text', 'number', 'boolean', 'select', 'url', 'image', 'money', 'measurement'))
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "categories_not_own_parent" CHECK (parent_id is null or parent_id <> id)
);
--> statement-breakpoint
CREATE TABLE "feed_store_variants" (
	"feed_id" integer NOT NULL,
	"store_variant_id" integer NOT NULL,
	CONSTRAINT "feed_store_variants_feed_id_store_variant_id_pk" PRIMARY KEY("feed_id","store_variant_id")
);
--> statement-breakpoint
CREATE TABLE "feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"target_destination" text NOT NULL,
	"frequency_hours" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "feeds_destination_check" CHECK (target_destination in ('ammoseek', 'bulkcheapammo')),
	CONSTRAINT "feeds_frequency_check" CHECK (frequency_hours in (24, 168))
);
--> statement-breakpoint
CREATE TABLE "modifier_option_variants" (
	"modifier_option_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	CONSTRAINT "modifier_option_variants_modifier_option_id_variant_id_pk" PRIMARY KEY("modifier_option_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "modifier_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"modifier_id" integer NOT NULL,
	"label" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"product_family_id" integer,
	"name" text NOT NULL,
	"display_type" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "modifiers_owner_check" CHECK ((product_id is null) <> (product_family_id is null)),
	CONSTRAINT "modifiers_display_type_check" CHECK (display_type in ('radio_buttons', 'rectangles', 'dropdown', 'product_list', 'product_list_with_images'))
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_families" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"brand_id" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_family_categories" (
	"product_family_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "product_family_categories_product_family_id_category_id_pk" PRIMARY KEY("product_family_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_family_variants" (
	"product_family_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_family_variants_product_family_id_variant_id_pk" PRIMARY KEY("product_family_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"variation_type" text NOT NULL,
	"brand_id" integer,
	"notes" text,
	"title" text,
	"image" text,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"variant_count" integer DEFAULT 0 NOT NULL,
	"default_variant_id" integer,
	"default_sku" text,
	"published_store_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "products_type_check" CHECK (type in ('physical', 'virtual')),
	CONSTRAINT "products_variation_type_check" CHECK (variation_type in ('rounds', 'pieces', 'shells'))
);
--> statement-breakpoint
CREATE TABLE "store_brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"title" text,
	"slug" text,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"title" text,
	"slug" text,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"product_id" integer,
	"product_family_id" integer,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "store_products_owner_check" CHECK ((product_id is null) <> (product_family_id is null))
);
--> statement-breakpoint
CREATE TABLE "store_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"price_cents" integer,
	"map_price_cents" integer,
	"map_gate" text,
	"shipping_setting" text DEFAULT 'variable' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"feed_title" text,
	"feed_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "store_variants_price_check" CHECK ((price_cents is null or price_cents >= 0) and (map_price_cents is null or map_price_cents >= 0)),
	CONSTRAINT "store_variants_map_gate_check" CHECK (map_gate is null or map_gate in ('map_gated', 'map_checkout_gated', 'map_email_gated')),
	CONSTRAINT "store_variants_shipping_check" CHECK (shipping_setting in ('variable', 'per_unit', 'free', 'b2b'))
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"domain" text,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"upc" text,
	"units_per_package" integer DEFAULT 1 NOT NULL,
	"cost_cents" integer,
	"weight_oz" double precision,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "variants_units_check" CHECK (units_per_package > 0),
	CONSTRAINT "variants_cost_check" CHECK (cost_cents is null or cost_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "attribute_data" ADD CONSTRAINT "attribute_data_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_store_variants" ADD CONSTRAINT "feed_store_variants_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_store_variants" ADD CONSTRAINT "feed_store_variants_store_variant_id_store_variants_id_fk" FOREIGN KEY ("store_variant_id") REFERENCES "public"."store_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_option_variants" ADD CONSTRAINT "modifier_option_variants_modifier_option_id_modifier_options_id_fk" FOREIGN KEY ("modifier_option_id") REFERENCES "public"."modifier_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_option_variants" ADD CONSTRAINT "modifier_option_variants_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_options" ADD CONSTRAINT "modifier_options_modifier_id_modifiers_id_fk" FOREIGN KEY ("modifier_id") REFERENCES "public"."modifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifiers" ADD CONSTRAINT "modifiers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifiers" ADD CONSTRAINT "modifiers_product_family_id_product_families_id_fk" FOREIGN KEY ("product_family_id") REFERENCES "public"."product_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_families" ADD CONSTRAINT "product_families_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_family_categories" ADD CONSTRAINT "product_family_categories_product_family_id_product_families_id_fk" FOREIGN KEY ("product_family_id") REFERENCES "public"."product_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_family_categories" ADD CONSTRAINT "product_family_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_family_variants" ADD CONSTRAINT "product_family_variants_product_family_id_product_families_id_fk" FOREIGN KEY ("product_family_id") REFERENCES "public"."product_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_family_variants" ADD CONSTRAINT "product_family_variants_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_brands" ADD CONSTRAINT "store_brands_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_brands" ADD CONSTRAINT "store_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_categories" ADD CONSTRAINT "store_categories_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_categories" ADD CONSTRAINT "store_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_product_family_id_product_families_id_fk" FOREIGN KEY ("product_family_id") REFERENCES "public"."product_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_variants" ADD CONSTRAINT "store_variants_store_product_id_store_products_id_fk" FOREIGN KEY ("store_product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_variants" ADD CONSTRAINT "store_variants_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribute_data_owner_idx" ON "attribute_data" USING btree ("sourceable_type","sourceable_id","attribute_id");--> statement-breakpoint
CREATE INDEX "attribute_data_attribute_idx" ON "attribute_data" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_data_canonical_key" ON "attribute_data" USING btree ("sourceable_type","sourceable_id","attribute_id") WHERE source_type is null;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_data_sourced_key" ON "attribute_data" USING btree ("sourceable_type","sourceable_id","attribute_id","source_type","source_id") WHERE source_type is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_code_key" ON "attributes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_key" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","sort_order");--> statement-breakpoint
CREATE INDEX "feed_store_variants_variant_idx" ON "feed_store_variants" USING btree ("store_variant_id");--> statement-breakpoint
CREATE INDEX "feeds_store_idx" ON "feeds" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "modifier_option_variants_variant_idx" ON "modifier_option_variants" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "modifier_options_modifier_idx" ON "modifier_options" USING btree ("modifier_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "modifier_options_one_default_key" ON "modifier_options" USING btree ("modifier_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "modifiers_product_idx" ON "modifiers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "modifiers_family_idx" ON "modifiers" USING btree ("product_family_id");--> statement-breakpoint
CREATE INDEX "product_categories_category_idx" ON "product_categories" USING btree ("category_id","product_id");--> statement-breakpoint
CREATE INDEX "product_families_brand_idx" ON "product_families" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "product_families_name_idx" ON "product_families" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "product_family_categories_category_idx" ON "product_family_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_family_variants_variant_idx" ON "product_family_variants" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id","id");--> statement-breakpoint
CREATE INDEX "products_title_asc_idx" ON "products" USING btree (lower("title") asc,"id" desc);--> statement-breakpoint
CREATE INDEX "products_title_desc_idx" ON "products" USING btree (lower("title") desc,"id" desc);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_updated_idx" ON "products" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_brands_store_brand_key" ON "store_brands" USING btree ("store_id","brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_brands_slug_key" ON "store_brands" USING btree ("store_id","slug");--> statement-breakpoint
CREATE INDEX "store_brands_brand_idx" ON "store_brands" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_categories_store_category_key" ON "store_categories" USING btree ("store_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_categories_slug_key" ON "store_categories" USING btree ("store_id","slug");--> statement-breakpoint
CREATE INDEX "store_categories_category_idx" ON "store_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_products_product_key" ON "store_products" USING btree ("product_id","store_id") WHERE product_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "store_products_family_key" ON "store_products" USING btree ("product_family_id","store_id") WHERE product_family_id is not null;--> statement-breakpoint
CREATE INDEX "store_products_published_idx" ON "store_products" USING btree ("store_id","product_id") WHERE is_published;--> statement-breakpoint
CREATE UNIQUE INDEX "store_variants_store_product_variant_key" ON "store_variants" USING btree ("store_product_id","variant_id");--> statement-breakpoint
CREATE INDEX "store_variants_variant_idx" ON "store_variants" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_code_key" ON "stores" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_name_key" ON "stores" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "variants_sku_key" ON "variants" USING btree (upper("sku"));--> statement-breakpoint
CREATE INDEX "variants_upc_idx" ON "variants" USING btree ("upc");--> statement-breakpoint
CREATE INDEX "variants_product_idx" ON "variants" USING btree ("product_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "variants_one_default_key" ON "variants" USING btree ("product_id") WHERE is_default;