CREATE TABLE "quote_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"details" text,
	"quantity" numeric(14, 4) NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	CONSTRAINT "quote_items_qty_min" CHECK ("quote_items"."quantity" >= 1),
	CONSTRAINT "quote_items_price_nonneg" CHECK ("quote_items"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid,
	"quote_request_id" uuid,
	"issue_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text DEFAULT 'DOP' NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"exempt_cents" bigint DEFAULT 0 NOT NULL,
	"taxable_base_cents" bigint DEFAULT 0 NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"tax_cents" bigint NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	"notes" text,
	"advance_percent" integer,
	"create_project" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_ip" text,
	"accepted_by" uuid,
	"signed_name" text,
	"rejected_at" timestamp with time zone,
	"rejected_by" uuid,
	"rejection_reason" text,
	"expired_at" timestamp with time zone,
	"invoice_id" uuid,
	"balance_invoice_id" uuid,
	"created_project_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_money_nonneg" CHECK ("quotes"."subtotal_cents" >= 0 and "quotes"."tax_cents" >= 0 and "quotes"."discount_cents" >= 0 and "quotes"."total_cents" >= 0),
	CONSTRAINT "quotes_advance_range" CHECK ("quotes"."advance_percent" is null or "quotes"."advance_percent" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_balance_invoice_id_invoices_id_fk" FOREIGN KEY ("balance_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_project_id_projects_id_fk" FOREIGN KEY ("created_project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_items_quote_idx" ON "quote_items" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_uq" ON "quotes" USING btree ("quote_number");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_year_seq_uq" ON "quotes" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "quotes_client_idx" ON "quotes" USING btree ("client_id","issue_date","created_at");--> statement-breakpoint
CREATE INDEX "quotes_status_valid_idx" ON "quotes" USING btree ("status","valid_until");--> statement-breakpoint
CREATE INDEX "quotes_issue_date_idx" ON "quotes" USING btree ("issue_date","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_request_idx" ON "quotes" USING btree ("quote_request_id");