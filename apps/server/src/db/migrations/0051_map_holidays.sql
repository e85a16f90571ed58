CREATE TABLE "map_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"store_id" integer,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "map_holidays_dates_check" CHECK (ends_on >= starts_on)
);
--> statement-breakpoint
ALTER TABLE "map_holidays" ADD CONSTRAINT "map_holidays_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_holidays" ADD CONSTRAINT "map_holidays_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "map_holidays_brand_idx" ON "map_holidays" USING btree ("brand_id","ends_on");--> statement-breakpoint
CREATE INDEX "map_holidays_store_idx" ON "map_holidays" USING btree ("store_id");--> statement-breakpoint
-- the day date rules read (MAP holidays): UTC's calendar day, the API's too (compliance's today());
-- a kept total or value whose statement reads it is kept for that day only (http/list.ts)
CREATE FUNCTION qm_today() RETURNS date LANGUAGE sql STABLE AS $$ SELECT (now() AT TIME ZONE 'UTC')::date $$;
--> statement-breakpoint
SELECT qm_track_table_revisions();