-- Pricing against competitors: the comparison-site searches watched (target URLs), the competitors'
-- offers seen there, the competitors ignored when pricing, and the SKUs repricing leaves alone.
CREATE TABLE "competitor_blacklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"competitor" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitor_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_url_id" integer,
	"competitor" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"category" text NOT NULL,
	"caliber" text,
	"ship_rating" text,
	"rounds" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "competitor_offers_category_check" CHECK (category in ('handgun', 'rifle', 'rimfire', 'shotgun')),
	CONSTRAINT "competitor_offers_ship_rating_check" CHECK (ship_rating is null or ship_rating in ('F', 'CF', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10')),
	CONSTRAINT "competitor_offers_rounds_check" CHECK (rounds between 1 and 100000),
	CONSTRAINT "competitor_offers_price_check" CHECK (price_cents between 1 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "exclude_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"store_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "target_urls" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"destination" text NOT NULL,
	"category" text NOT NULL,
	"caliber" text,
	"ship_rating" text,
	"round_group" text,
	"url" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "target_urls_destination_check" CHECK (destination in ('ammoseek', 'bulkcheapammo')),
	CONSTRAINT "target_urls_category_check" CHECK (category in ('handgun', 'rifle', 'rimfire', 'shotgun')),
	CONSTRAINT "target_urls_ship_rating_check" CHECK (ship_rating is null or ship_rating in ('>4', 'CF/Free')),
	CONSTRAINT "target_urls_round_group_check" CHECK (round_group is null or round_group in ('1', '2-50', '51-100', '101-250', '251-500', '501-1000', '>1K'))
);
--> statement-breakpoint
ALTER TABLE "competitor_offers" ADD CONSTRAINT "competitor_offers_target_url_id_target_urls_id_fk" FOREIGN KEY ("target_url_id") REFERENCES "public"."target_urls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclude_skus" ADD CONSTRAINT "exclude_skus_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclude_skus" ADD CONSTRAINT "exclude_skus_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "competitor_blacklist_competitor_key" ON "competitor_blacklist" USING btree (lower("competitor"));--> statement-breakpoint
CREATE INDEX "competitor_offers_seen_idx" ON "competitor_offers" USING btree ("seen_at","id");--> statement-breakpoint
CREATE INDEX "competitor_offers_competitor_idx" ON "competitor_offers" USING btree (lower("competitor"));--> statement-breakpoint
CREATE INDEX "competitor_offers_target_idx" ON "competitor_offers" USING btree ("target_url_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exclude_skus_variant_store_key" ON "exclude_skus" USING btree ("variant_id",coalesce("store_id", 0));--> statement-breakpoint
CREATE INDEX "exclude_skus_store_idx" ON "exclude_skus" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "target_urls_url_key" ON "target_urls" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "target_urls_name_key" ON "target_urls" USING btree (lower("name"));--> statement-breakpoint
SELECT qm_track_table_revisions();
