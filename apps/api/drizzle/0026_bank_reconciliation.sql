CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank" text NOT NULL,
	"account_number" text NOT NULL,
	"currency" text NOT NULL,
	"opening_balance_cents" bigint DEFAULT 0 NOT NULL,
	"opening_date" date NOT NULL,
	"mapping" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_line_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_line_id" uuid NOT NULL,
	"invoice_id" uuid,
	"payment_id" uuid,
	"payment_report_id" uuid,
	"expense_id" uuid,
	"amount_cents" bigint NOT NULL,
	"created_expense" boolean DEFAULT false NOT NULL,
	"previous_payment_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_cents" bigint,
	"identity" text NOT NULL,
	"seq" bigint NOT NULL,
	"status" text DEFAULT 'unmatched' NOT NULL,
	"ignore_reason" text,
	"matched_by" uuid,
	"matched_at" timestamp with time zone,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_lines_nonzero" CHECK ("bank_lines"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "bank_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"bank_account_id" uuid,
	"description_contains" text,
	"amount_min_cents" bigint,
	"amount_max_cents" bigint,
	"supplier_id" uuid NOT NULL,
	"expense_type" text NOT NULL,
	"document_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"expense_description" text,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_line_links" ADD CONSTRAINT "bank_line_links_bank_line_id_bank_lines_id_fk" FOREIGN KEY ("bank_line_id") REFERENCES "public"."bank_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_line_links" ADD CONSTRAINT "bank_line_links_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_line_links" ADD CONSTRAINT "bank_line_links_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_line_links" ADD CONSTRAINT "bank_line_links_payment_report_id_payment_reports_id_fk" FOREIGN KEY ("payment_report_id") REFERENCES "public"."payment_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_line_links" ADD CONSTRAINT "bank_line_links_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_matched_by_users_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_number_uq" ON "bank_accounts" USING btree (lower("bank"),"account_number");--> statement-breakpoint
CREATE INDEX "bank_line_links_line_idx" ON "bank_line_links" USING btree ("bank_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_line_links_payment_uq" ON "bank_line_links" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_line_links_expense_uq" ON "bank_line_links" USING btree ("expense_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_identity_uq" ON "bank_lines" USING btree ("bank_account_id","identity");--> statement-breakpoint
CREATE INDEX "bank_lines_account_date_idx" ON "bank_lines" USING btree ("bank_account_id","date","seq");--> statement-breakpoint
CREATE INDEX "bank_lines_account_status_idx" ON "bank_lines" USING btree ("bank_account_id","status","date");--> statement-breakpoint
CREATE INDEX "bank_rules_account_idx" ON "bank_rules" USING btree ("bank_account_id");