CREATE TABLE "vendor_import_rows" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"vendor_sku" text,
	"name" text,
	"upc" text,
	"cost_cents" integer,
	"quantity" integer,
	"can_drop_ship" boolean,
	"map_cents" integer,
	"error" text,
	CONSTRAINT "vendor_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "vendor_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"file_id" bigint,
	"file_name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"missing" text DEFAULT 'zero' NOT NULL,
	"status" text DEFAULT 'previewing' NOT NULL,
	"summary" jsonb,
	"error" text,
	"preview_job_id" bigint,
	"apply_job_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"previewed_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "vendor_imports_missing_check" CHECK (missing in ('zero', 'keep')),
	CONSTRAINT "vendor_imports_status_check" CHECK (status in ('previewing', 'previewed', 'applied', 'failed', 'superseded'))
);
--> statement-breakpoint
ALTER TABLE "vendor_import_rows" ADD CONSTRAINT "vendor_import_rows_import_id_vendor_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."vendor_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_imports" ADD CONSTRAINT "vendor_imports_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_imports" ADD CONSTRAINT "vendor_imports_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_imports" ADD CONSTRAINT "vendor_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_imports_vendor_idx" ON "vendor_imports" USING btree ("vendor_id","id");--> statement-breakpoint
-- The new tables join the table revisions that list caches are checked against (migration 0017).
SELECT qm_track_table_revisions();