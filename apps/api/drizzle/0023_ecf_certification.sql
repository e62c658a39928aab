CREATE TABLE "ecf_certification_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"set_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"case_number" text NOT NULL,
	"document_type" text NOT NULL,
	"encf" text NOT NULL,
	"issuer_rnc" text NOT NULL,
	"channel" text NOT NULL,
	"values" jsonb NOT NULL,
	"unsigned_xml" text NOT NULL,
	"signed_xml" text,
	"summary_xml" text,
	"total" text,
	"status" text DEFAULT 'ready' NOT NULL,
	"track_id" text,
	"security_code" text,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecf_certification_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"environment" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"advice" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecf_certification_steps" (
	"step" smallint PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"completed_by" uuid,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecf_certification_steps_range" CHECK ("ecf_certification_steps"."step" between 1 and 15)
);
--> statement-breakpoint
ALTER TABLE "ecf_documents" ADD COLUMN "environment" text;--> statement-breakpoint
ALTER TABLE "ecf_settings" ADD COLUMN "certified_elsewhere_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ecf_settings" ADD COLUMN "certified_elsewhere_by" uuid;--> statement-breakpoint
ALTER TABLE "ecf_certification_cases" ADD CONSTRAINT "ecf_certification_cases_set_id_ecf_certification_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."ecf_certification_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecf_certification_sets" ADD CONSTRAINT "ecf_certification_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecf_certification_steps" ADD CONSTRAINT "ecf_certification_steps_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ecf_certification_cases_position_uq" ON "ecf_certification_cases" USING btree ("set_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "ecf_certification_cases_submitted_uq" ON "ecf_certification_cases" USING btree ("issuer_rnc","encf","channel") WHERE "ecf_certification_cases"."submitted_at" is not null;--> statement-breakpoint
CREATE INDEX "ecf_certification_cases_encf_idx" ON "ecf_certification_cases" USING btree ("encf");--> statement-breakpoint
CREATE INDEX "ecf_certification_sets_due_idx" ON "ecf_certification_sets" USING btree ("status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "ecf_settings" ADD CONSTRAINT "ecf_settings_certified_elsewhere_by_users_id_fk" FOREIGN KEY ("certified_elsewhere_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;