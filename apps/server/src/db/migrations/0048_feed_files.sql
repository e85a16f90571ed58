CREATE TABLE "feed_items" (
	"feed_id" integer NOT NULL,
	"store_variant_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"caliber" text,
	"manufacturer" text,
	"count" integer,
	"upc" text,
	"mpn" text,
	"casing" text,
	"grains" text,
	"condition" text,
	CONSTRAINT "feed_items_feed_id_store_variant_id_pk" PRIMARY KEY("feed_id","store_variant_id")
);
--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "keep_without_upc" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "keep_below_cost" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "key_prefix" text;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "key_hash" text;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "built_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "built_items" integer;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "built_left_out" integer;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "build_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_store_variant_id_store_variants_id_fk" FOREIGN KEY ("store_variant_id") REFERENCES "public"."store_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_items_store_variant_idx" ON "feed_items" USING btree ("store_variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feeds_key_hash_key" ON "feeds" USING btree ("key_hash");
--> statement-breakpoint
-- the feed items move their table revision like every table (caches.test.ts)
SELECT qm_track_table_revisions();
