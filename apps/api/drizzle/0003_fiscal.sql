CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"ncf" text NOT NULL,
	"sequence_id" uuid,
	"ncf_expires_on" date,
	"issue_date" date NOT NULL,
	"modified_ncf" text NOT NULL,
	"modified_issue_date" date NOT NULL,
	"modification_code" integer NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"exempt_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"refund_cents" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_code" CHECK ("credit_notes"."modification_code" between 1 and 5),
	CONSTRAINT "credit_notes_money" CHECK ("credit_notes"."subtotal_cents" >= 0 and "credit_notes"."tax_cents" >= 0 and "credit_notes"."total_cents" > 0 and "credit_notes"."refund_cents" >= 0 and "credit_notes"."refund_cents" <= "credit_notes"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "fiscal_sequences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_type" text NOT NULL,
	"range_from" bigint NOT NULL,
	"range_to" bigint NOT NULL,
	"next_number" bigint NOT NULL,
	"expires_on" date NOT NULL,
	"alert_threshold" integer DEFAULT 35 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"low_alerted_at" timestamp with time zone,
	"expiry_alerted_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_sequences_range" CHECK ("fiscal_sequences"."range_from" >= 1 and "fiscal_sequences"."range_to" >= "fiscal_sequences"."range_from"),
	CONSTRAINT "fiscal_sequences_next_in_range" CHECK ("fiscal_sequences"."next_number" >= "fiscal_sequences"."range_from" and "fiscal_sequences"."next_number" <= "fiscal_sequences"."range_to" + 1),
	CONSTRAINT "fiscal_sequences_threshold" CHECK ("fiscal_sequences"."alert_threshold" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "ncf_voids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence_id" uuid,
	"document_type" text NOT NULL,
	"ncf" text NOT NULL,
	"annulment_type" text NOT NULL,
	"reason" text,
	"voided_on" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ncf_voids_type" CHECK ("ncf_voids"."annulment_type" in ('01','02','03','04','05','06','07','08','09','10'))
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_paid_le_total";--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "itbis_withheld_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "isr_withheld_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "retention_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "exempt_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "taxable_base_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "withheld_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "document_type" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ncf" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ncf_sequence_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ncf_expires_on" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "security_code" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "taxpayer_type" text DEFAULT 'consumidor_final' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "tax_id_override_reason" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "fiscal_mode" text DEFAULT 'paper' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "taxpayer_kind" text DEFAULT 'persona_juridica' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_sequence_id_fiscal_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."fiscal_sequences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_sequences" ADD CONSTRAINT "fiscal_sequences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncf_voids" ADD CONSTRAINT "ncf_voids_sequence_id_fiscal_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."fiscal_sequences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ncf_voids" ADD CONSTRAINT "ncf_voids_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_ncf_uq" ON "credit_notes" USING btree ("ncf");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_issue_date_idx" ON "credit_notes" USING btree ("issue_date");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_sequences_one_active_uq" ON "fiscal_sequences" USING btree ("document_type") WHERE "fiscal_sequences"."active";--> statement-breakpoint
CREATE INDEX "fiscal_sequences_type_idx" ON "fiscal_sequences" USING btree ("document_type","range_from");--> statement-breakpoint
CREATE UNIQUE INDEX "ncf_voids_ncf_uq" ON "ncf_voids" USING btree ("ncf");--> statement-breakpoint
CREATE INDEX "ncf_voids_date_idx" ON "ncf_voids" USING btree ("voided_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_ncf_uq" ON "invoices" USING btree ("ncf");--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" USING btree ("issue_date");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_settled_le_total" CHECK ("invoices"."paid_cents" + "invoices"."withheld_cents" + "invoices"."credited_cents" <= "invoices"."total_cents" and "invoices"."withheld_cents" >= 0 and "invoices"."credited_cents" >= 0);--> statement-breakpoint
-- Issue 12 data migration. Clients get a fiscal profile from their type (companies contribuyente).
UPDATE "clients" SET "taxpayer_type" = CASE WHEN "client_type" = 'company' THEN 'contribuyente' ELSE 'consumidor_final' END;--> statement-breakpoint
-- Issued invoices keep their stored figures: ITBIS was computed on the whole subtotal.
UPDATE "invoices" SET "taxable_base_cents" = "subtotal_cents" WHERE "status" <> 'draft';--> statement-breakpoint
-- Drafts are recomputed with ITBIS on the subtotal after the discount (Ley 11-92 art. 339):
-- tax = round_half_up((subtotal - discount) * rate / 100); total = subtotal - discount + tax.
UPDATE "invoices" SET
  "taxable_base_cents" = greatest("subtotal_cents" - "discount_cents", 0),
  "tax_cents" = round(greatest("subtotal_cents" - "discount_cents", 0) * "tax_rate" / 100.0)::bigint,
  "total_cents" = "subtotal_cents" - "discount_cents" + round(greatest("subtotal_cents" - "discount_cents", 0) * "tax_rate" / 100.0)::bigint
WHERE "status" = 'draft';
