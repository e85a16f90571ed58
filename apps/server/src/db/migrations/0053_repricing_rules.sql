CREATE TABLE "repricing_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"undercut_cpr_cents" numeric(4, 2) NOT NULL,
	"max_step_pct" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "repricing_rules_undercut_check" CHECK (undercut_cpr_cents between 0 and 10),
	CONSTRAINT "repricing_rules_step_check" CHECK (max_step_pct between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "repricing_rules" ADD CONSTRAINT "repricing_rules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repricing_rules_store_key" ON "repricing_rules" USING btree ("store_id");--> statement-breakpoint
SELECT qm_track_table_revisions();
