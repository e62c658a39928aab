CREATE TABLE "document_otps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"role" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"requires_countersign" boolean DEFAULT true NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signable_document_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"event" text NOT NULL,
	"actor" text,
	"ip" text,
	"user_agent" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signable_document_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"id_number" text NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"ip" text,
	"user_agent" text,
	"signed_at" timestamp with time zone NOT NULL,
	"signed_at_local" text NOT NULL,
	"document_sha256" text NOT NULL,
	"consent_text" text NOT NULL,
	"consent_sha256" text NOT NULL,
	"otp_id" uuid NOT NULL,
	"otp_verified_at" timestamp with time zone NOT NULL,
	"signature_image_file_id" uuid
);
--> statement-breakpoint
CREATE TABLE "signable_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"previous_version_id" uuid,
	"superseded_by_id" uuid,
	"title" text NOT NULL,
	"lead_id" uuid,
	"client_id" uuid,
	"template_id" uuid,
	"content" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text DEFAULT 'DOP' NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"requires_countersign" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"recipient_email" text,
	"first_viewed_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"pdf_file_id" uuid,
	"document_sha256" text,
	"sealed_file_id" uuid,
	"sealed_sha256" text,
	"seal_error" text,
	"conversion_target" text,
	"conversion_id" uuid,
	"converted_at" timestamp with time zone,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signable_documents_one_recipient" CHECK (("signable_documents"."lead_id" is not null) or ("signable_documents"."client_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "document_otps" ADD CONSTRAINT "document_otps_document_id_signable_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signable_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signable_document_events" ADD CONSTRAINT "signable_document_events_document_id_signable_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signable_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signable_document_signatures" ADD CONSTRAINT "signable_document_signatures_document_id_signable_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signable_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signable_document_signatures" ADD CONSTRAINT "signable_document_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signable_document_signatures" ADD CONSTRAINT "signable_document_signatures_signature_image_file_id_files_id_fk" FOREIGN KEY ("signature_image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signable_documents" ADD CONSTRAINT "signable_documents_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signable_documents" ADD CONSTRAINT "signable_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signable_documents" ADD CONSTRAINT "signable_documents_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signable_documents" ADD CONSTRAINT "signable_documents_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signable_documents" ADD CONSTRAINT "signable_documents_sealed_file_id_files_id_fk" FOREIGN KEY ("sealed_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signable_documents" ADD CONSTRAINT "signable_documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_otps_document_idx" ON "document_otps" USING btree ("document_id","role","created_at");--> statement-breakpoint
CREATE INDEX "signable_document_events_document_idx" ON "signable_document_events" USING btree ("document_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "signable_document_signatures_role_uq" ON "signable_document_signatures" USING btree ("document_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "signable_documents_number_version_uq" ON "signable_documents" USING btree ("kind","sequence","version");--> statement-breakpoint
CREATE INDEX "signable_documents_lead_idx" ON "signable_documents" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "signable_documents_client_idx" ON "signable_documents" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "signable_documents_document_sha_idx" ON "signable_documents" USING btree ("document_sha256");--> statement-breakpoint
CREATE INDEX "signable_documents_sealed_sha_idx" ON "signable_documents" USING btree ("sealed_sha256");