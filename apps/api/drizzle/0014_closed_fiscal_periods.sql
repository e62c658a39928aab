-- Closed fiscal periods (issue 27, decision 135): a row per month (YYYYMM) whose DGII reports were
-- filed; nothing dated in it can be created or changed until an admin reopens it (row deleted, audited).
CREATE TABLE "fiscal_periods" (
	"period" text PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" uuid,
	CONSTRAINT "fiscal_periods_format" CHECK ("fiscal_periods"."period" ~ '^[0-9]{4}(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "fiscal_periods" ADD CONSTRAINT "fiscal_periods_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;