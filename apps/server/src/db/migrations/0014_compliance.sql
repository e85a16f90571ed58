CREATE TABLE "compliance_restriction_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"effect" text NOT NULL,
	"document" text,
	"min_age" integer,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "compliance_restriction_types_effect_check" CHECK (effect in ('block', 'licensed_dealer', 'document', 'min_age', 'adult_signature')),
	CONSTRAINT "compliance_restriction_types_detail_check" CHECK ((effect = 'document') = (document is not null) and (effect = 'min_age') = (min_age is not null)),
	CONSTRAINT "compliance_restriction_types_age_check" CHECK (min_age is null or min_age in (18, 21))
);
--> statement-breakpoint
CREATE TABLE "compliance_restriction_zip_groups" (
	"restriction_id" integer NOT NULL,
	"zip_code_group_id" integer NOT NULL,
	"is_except" boolean DEFAULT false NOT NULL,
	CONSTRAINT "compliance_restriction_zip_groups_restriction_id_zip_code_group_id_pk" PRIMARY KEY("restriction_id","zip_code_group_id")
);
--> statement-breakpoint
CREATE TABLE "compliance_restrictions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"restriction_type_id" integer NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer,
	"attribute_id" integer,
	"attribute_op" text,
	"attribute_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"except_states" text[] DEFAULT '{}'::text[] NOT NULL,
	"citation" text NOT NULL,
	"citation_url" text,
	"effective_from" date,
	"effective_to" date,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "compliance_restrictions_target_kind_check" CHECK (target_kind in ('brand', 'category', 'product', 'variant', 'attribute')),
	CONSTRAINT "compliance_restrictions_target_check" CHECK ((target_kind = 'attribute') = (attribute_id is not null and attribute_op is not null) and (target_kind = 'attribute') = (target_id is null)),
	CONSTRAINT "compliance_restrictions_op_check" CHECK (attribute_op is null or attribute_op in ('gt', 'gte', 'lt', 'lte', 'eq', 'in')),
	CONSTRAINT "compliance_restrictions_dates_check" CHECK (effective_to is null or effective_from is null or effective_to >= effective_from)
);
--> statement-breakpoint
CREATE TABLE "compliance_revision" (
	"id" integer PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "compliance_revision_one_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "zip_code_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"entries" text[] DEFAULT '{}'::text[] NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliance_restriction_zip_groups" ADD CONSTRAINT "compliance_restriction_zip_groups_restriction_id_compliance_restrictions_id_fk" FOREIGN KEY ("restriction_id") REFERENCES "public"."compliance_restrictions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_restriction_zip_groups" ADD CONSTRAINT "compliance_restriction_zip_groups_zip_code_group_id_zip_code_groups_id_fk" FOREIGN KEY ("zip_code_group_id") REFERENCES "public"."zip_code_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_restrictions" ADD CONSTRAINT "compliance_restrictions_restriction_type_id_compliance_restriction_types_id_fk" FOREIGN KEY ("restriction_type_id") REFERENCES "public"."compliance_restriction_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_restrictions" ADD CONSTRAINT "compliance_restrictions_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_restriction_types_name_key" ON "compliance_restriction_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "compliance_restriction_zip_groups_group_idx" ON "compliance_restriction_zip_groups" USING btree ("zip_code_group_id");--> statement-breakpoint
CREATE INDEX "compliance_restrictions_type_idx" ON "compliance_restrictions" USING btree ("restriction_type_id");--> statement-breakpoint
CREATE INDEX "compliance_restrictions_target_idx" ON "compliance_restrictions" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "compliance_restrictions_states_idx" ON "compliance_restrictions" USING gin ("states");--> statement-breakpoint
CREATE UNIQUE INDEX "zip_code_groups_name_key" ON "zip_code_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "zip_code_groups_states_idx" ON "zip_code_groups" USING gin ("states");