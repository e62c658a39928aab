CREATE TABLE "ecf_annulments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_type" text NOT NULL,
	"encf_from" text NOT NULL,
	"encf_to" text NOT NULL,
	"count" integer NOT NULL,
	"issuer_rnc" text NOT NULL,
	"signed_xml" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"decided_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecf_annulments_count" CHECK ("ecf_annulments"."count" > 0)
);
--> statement-breakpoint
DROP INDEX "ecf_documents_encf_uq";--> statement-breakpoint
DROP INDEX "ecf_documents_invoice_uq";--> statement-breakpoint
DROP INDEX "ecf_documents_credit_note_uq";--> statement-breakpoint
ALTER TABLE "ecf_documents" ADD COLUMN "sequence_used" boolean;--> statement-breakpoint
ALTER TABLE "ecf_annulments" ADD CONSTRAINT "ecf_annulments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ecf_annulments_due_idx" ON "ecf_annulments" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ecf_documents_live_encf_uq" ON "ecf_documents" USING btree ("encf") WHERE "ecf_documents"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "ecf_documents_live_invoice_uq" ON "ecf_documents" USING btree ("invoice_id") WHERE "ecf_documents"."invoice_id" is not null and "ecf_documents"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "ecf_documents_live_credit_note_uq" ON "ecf_documents" USING btree ("credit_note_id") WHERE "ecf_documents"."credit_note_id" is not null and "ecf_documents"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "ecf_documents_invoice_idx" ON "ecf_documents" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "ecf_documents_credit_note_idx" ON "ecf_documents" USING btree ("credit_note_id","created_at");