CREATE TABLE "ecf_buyer_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"encf" text NOT NULL,
	"buyer_rnc" text NOT NULL,
	"state" smallint NOT NULL,
	"reason" text,
	"xml" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecf_buyer_approvals_state" CHECK ("ecf_buyer_approvals"."state" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "ecf_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid,
	"credit_note_id" uuid,
	"encf" text NOT NULL,
	"document_type" text NOT NULL,
	"issuer_rnc" text NOT NULL,
	"signed_xml" text NOT NULL,
	"summary_xml" text,
	"channel" text DEFAULT 'ecf' NOT NULL,
	"security_code" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"total_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"track_id" text,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"rejection_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecf_documents_one_owner" CHECK (("ecf_documents"."invoice_id" is null) <> ("ecf_documents"."credit_note_id" is null))
);
--> statement-breakpoint
CREATE TABLE "ecf_received" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_rnc" text NOT NULL,
	"issuer_name" text NOT NULL,
	"buyer_rnc" text NOT NULL,
	"encf" text NOT NULL,
	"document_type" text NOT NULL,
	"issue_date" date NOT NULL,
	"total_cents" bigint NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"xml" text NOT NULL,
	"acknowledgement_xml" text NOT NULL,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"approval_reason" text,
	"approval_xml" text,
	"approval_sent_at" timestamp with time zone,
	"approval_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approved_by" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecf_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"ecf_mode" text DEFAULT 'provider' NOT NULL,
	"certificate_sealed" text,
	"certificate_subject" text,
	"certificate_serial" text,
	"certificate_valid_from" timestamp with time zone,
	"certificate_valid_to" timestamp with time zone,
	"certificate_uploaded_at" timestamp with time zone,
	"certificate_uploaded_by" uuid,
	"certificate_warned" text,
	"token_sealed" text,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecf_settings_one_row" CHECK ("ecf_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ecf_status" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "security_code" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "ecf_status" text;--> statement-breakpoint
ALTER TABLE "ecf_documents" ADD CONSTRAINT "ecf_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecf_documents" ADD CONSTRAINT "ecf_documents_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecf_received" ADD CONSTRAINT "ecf_received_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecf_settings" ADD CONSTRAINT "ecf_settings_certificate_uploaded_by_users_id_fk" FOREIGN KEY ("certificate_uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ecf_buyer_approvals_uq" ON "ecf_buyer_approvals" USING btree ("encf","buyer_rnc");--> statement-breakpoint
CREATE UNIQUE INDEX "ecf_documents_encf_uq" ON "ecf_documents" USING btree ("encf");--> statement-breakpoint
CREATE UNIQUE INDEX "ecf_documents_invoice_uq" ON "ecf_documents" USING btree ("invoice_id") WHERE "ecf_documents"."invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ecf_documents_credit_note_uq" ON "ecf_documents" USING btree ("credit_note_id") WHERE "ecf_documents"."credit_note_id" is not null;--> statement-breakpoint
CREATE INDEX "ecf_documents_due_idx" ON "ecf_documents" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ecf_received_issuer_encf_uq" ON "ecf_received" USING btree ("issuer_rnc","encf");--> statement-breakpoint
CREATE INDEX "ecf_received_list_idx" ON "ecf_received" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "invoices_ecf_status_idx" ON "invoices" USING btree ("ecf_status") WHERE "invoices"."ecf_status" is not null;--> statement-breakpoint
INSERT INTO "ecf_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
