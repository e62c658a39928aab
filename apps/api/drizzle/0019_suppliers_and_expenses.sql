CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	"supplier_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"ncf" text NOT NULL,
	"sequence_id" uuid,
	"issue_date" date NOT NULL,
	"payment_date" date,
	"expense_type" text,
	"payment_method" text,
	"currency" text DEFAULT 'DOP' NOT NULL,
	"exchange_rate" numeric(12, 4),
	"goods_cents" bigint DEFAULT 0 NOT NULL,
	"services_cents" bigint DEFAULT 0 NOT NULL,
	"itbis_cents" bigint DEFAULT 0 NOT NULL,
	"itbis_to_cost_cents" bigint DEFAULT 0 NOT NULL,
	"itbis_withheld_cents" bigint DEFAULT 0 NOT NULL,
	"isr_withholding_type" text,
	"isr_withheld_cents" bigint DEFAULT 0 NOT NULL,
	"project_id" uuid,
	"billable" boolean DEFAULT false NOT NULL,
	"invoice_id" uuid,
	"description" text NOT NULL,
	"receipt_file_id" uuid,
	"ecf_received_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_money" CHECK ("expenses"."goods_cents" >= 0 and "expenses"."services_cents" >= 0 and "expenses"."itbis_cents" >= 0 and "expenses"."itbis_to_cost_cents" >= 0 and "expenses"."itbis_to_cost_cents" <= "expenses"."itbis_cents" and "expenses"."itbis_withheld_cents" >= 0 and "expenses"."itbis_withheld_cents" <= "expenses"."itbis_cents" and "expenses"."isr_withheld_cents" >= 0 and "expenses"."isr_withheld_cents" <= "expenses"."goods_cents" + "expenses"."services_cents"),
	CONSTRAINT "expenses_recorded_complete" CHECK ("expenses"."status" = 'draft' or ("expenses"."expense_type" is not null and "expenses"."payment_method" is not null)),
	CONSTRAINT "expenses_rate" CHECK (("expenses"."currency" = 'DOP' and "expenses"."exchange_rate" is null) or ("expenses"."currency" <> 'DOP' and "expenses"."exchange_rate" > 0))
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tax_id" text,
	"tax_id_type" text NOT NULL,
	"taxpayer_type" text NOT NULL,
	"email" text,
	"phone" text,
	"contact_name" text,
	"country" text DEFAULT 'DO' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_tax_id_shape" CHECK (("suppliers"."tax_id_type" = 'none' and "suppliers"."tax_id" is null) or ("suppliers"."tax_id_type" = 'rnc' and "suppliers"."tax_id" ~ '^[0-9]{8,9}$') or ("suppliers"."tax_id_type" = 'cedula' and "suppliers"."tax_id" ~ '^[0-9]{10,11}$') or ("suppliers"."tax_id_type" = 'foreign'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cost_rate_cents" bigint;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_sequence_id_fiscal_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."fiscal_sequences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_ecf_received_id_ecf_received_id_fk" FOREIGN KEY ("ecf_received_id") REFERENCES "public"."ecf_received"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_supplier_ncf_uq" ON "expenses" USING btree ("supplier_id","ncf");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_ecf_received_uq" ON "expenses" USING btree ("ecf_received_id");--> statement-breakpoint
CREATE INDEX "expenses_issue_date_idx" ON "expenses" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "expenses_payment_date_idx" ON "expenses" USING btree ("payment_date");--> statement-breakpoint
CREATE INDEX "expenses_project_idx" ON "expenses" USING btree ("project_id","issue_date");--> statement-breakpoint
CREATE INDEX "expenses_supplier_idx" ON "expenses" USING btree ("supplier_id","issue_date");--> statement-breakpoint
CREATE INDEX "expenses_invoice_idx" ON "expenses" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_tax_id_uq" ON "suppliers" USING btree ("tax_id") WHERE "suppliers"."tax_id_type" in ('rnc', 'cedula');--> statement-breakpoint
CREATE INDEX "suppliers_name_idx" ON "suppliers" USING btree (lower("name"),"id");