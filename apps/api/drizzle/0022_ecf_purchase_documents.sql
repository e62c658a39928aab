ALTER TABLE "ecf_documents" DROP CONSTRAINT "ecf_documents_one_owner";--> statement-breakpoint
ALTER TABLE "ecf_documents" ADD COLUMN "expense_id" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "ecf_status" text;--> statement-breakpoint
ALTER TABLE "ecf_documents" ADD CONSTRAINT "ecf_documents_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ecf_documents_live_expense_uq" ON "ecf_documents" USING btree ("expense_id") WHERE "ecf_documents"."expense_id" is not null and "ecf_documents"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "ecf_documents_expense_idx" ON "ecf_documents" USING btree ("expense_id","created_at");--> statement-breakpoint
ALTER TABLE "ecf_documents" ADD CONSTRAINT "ecf_documents_one_owner" CHECK (num_nonnulls("ecf_documents"."invoice_id", "ecf_documents"."credit_note_id", "ecf_documents"."debit_note_id", "ecf_documents"."expense_id") = 1);