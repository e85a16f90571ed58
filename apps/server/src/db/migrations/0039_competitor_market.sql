CREATE TABLE "competitor_market" (
	"caliber" text NOT NULL,
	"round_group" text NOT NULL,
	"cpr" numeric NOT NULL,
	"competitor" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "competitor_market_caliber_round_group_pk" PRIMARY KEY("caliber","round_group")
);
--> statement-breakpoint
CREATE TABLE "competitor_market_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" text NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	CONSTRAINT "competitor_market_state_one_check" CHECK ("competitor_market_state"."id" = 1)
);
--> statement-breakpoint
SELECT qm_track_table_revisions();
