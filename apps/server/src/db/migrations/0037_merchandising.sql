CREATE TABLE "merchandising_use_case_products" (
	"use_case_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "merchandising_use_case_products_use_case_id_product_id_pk" PRIMARY KEY("use_case_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "merchandising_use_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"use_case" text NOT NULL,
	"store_id" integer,
	"category_id" integer,
	"min_in_stock" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "merchandising_use_cases_min_check" CHECK (min_in_stock >= 0)
);
--> statement-breakpoint
ALTER TABLE "merchandising_use_case_products" ADD CONSTRAINT "merchandising_use_case_products_use_case_id_merchandising_use_cases_id_fk" FOREIGN KEY ("use_case_id") REFERENCES "public"."merchandising_use_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandising_use_case_products" ADD CONSTRAINT "merchandising_use_case_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandising_use_cases" ADD CONSTRAINT "merchandising_use_cases_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandising_use_cases" ADD CONSTRAINT "merchandising_use_cases_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchandising_use_case_products_product_idx" ON "merchandising_use_case_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchandising_use_cases_name_key" ON "merchandising_use_cases" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "merchandising_use_cases_use_case_idx" ON "merchandising_use_cases" USING btree ("use_case");--> statement-breakpoint
SELECT qm_track_table_revisions();
