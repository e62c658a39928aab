CREATE TABLE "debit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"ncf" text NOT NULL,
	"sequence_id" uuid,
	"ncf_expires_on" date,
	"issue_date" date NOT NULL,
	"modified_ncf" text NOT NULL,
	"modified_issue_date" date NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"exempt_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"fiscal_snapshot" jsonb,
	"security_code" text,
	"signed_at" timestamp with time zone,
	"ecf_status" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"document_type" text NOT NULL,
	CONSTRAINT "debit_notes_money" CHECK ("debit_notes"."subtotal_cents" >= 0 and "debit_notes"."exempt_cents" >= 0 and "debit_notes"."exempt_cents" <= "debit_notes"."subtotal_cents" and "debit_notes"."tax_cents" >= 0 and "debit_notes"."total_cents" > 0 and "debit_notes"."total_cents" = "debit_notes"."subtotal_cents" + "debit_notes"."tax_cents")
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_settled_le_total";--> statement-breakpoint
ALTER TABLE "ecf_documents" DROP CONSTRAINT "ecf_documents_one_owner";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "debited_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ecf_documents" ADD COLUMN "debit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "debit_notes" ADD CONSTRAINT "debit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_notes" ADD CONSTRAINT "debit_notes_sequence_id_fiscal_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."fiscal_sequences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_notes" ADD CONSTRAINT "debit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "debit_notes_ncf_uq" ON "debit_notes" USING btree ("ncf");--> statement-breakpoint
CREATE INDEX "debit_notes_invoice_idx" ON "debit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "debit_notes_issue_date_idx" ON "debit_notes" USING btree ("issue_date");--> statement-breakpoint
ALTER TABLE "ecf_documents" ADD CONSTRAINT "ecf_documents_debit_note_id_debit_notes_id_fk" FOREIGN KEY ("debit_note_id") REFERENCES "public"."debit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ecf_documents_live_debit_note_uq" ON "ecf_documents" USING btree ("debit_note_id") WHERE "ecf_documents"."debit_note_id" is not null and "ecf_documents"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "ecf_documents_debit_note_idx" ON "ecf_documents" USING btree ("debit_note_id","created_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_settled_le_total" CHECK ("invoices"."paid_cents" + "invoices"."withheld_cents" + "invoices"."credited_cents" <= "invoices"."total_cents" + "invoices"."debited_cents" and "invoices"."withheld_cents" >= 0 and "invoices"."credited_cents" >= 0 and "invoices"."debited_cents" >= 0);--> statement-breakpoint
ALTER TABLE "ecf_documents" ADD CONSTRAINT "ecf_documents_one_owner" CHECK (num_nonnulls("ecf_documents"."invoice_id", "ecf_documents"."credit_note_id", "ecf_documents"."debit_note_id") = 1);