CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"itbis_cents" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"created_by" uuid,
	"authorization_code" text,
	"rrn" text,
	"azul_order_id" text,
	"response_code" text,
	"iso_code" text,
	"response_message" text,
	"error_description" text,
	"azul_date_time" text,
	"payment_id" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payments_positive" CHECK ("card_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "online_payment_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"azul_enabled" boolean DEFAULT false NOT NULL,
	"azul_environment" text DEFAULT 'pruebas' NOT NULL,
	"azul_merchant_id" text DEFAULT '' NOT NULL,
	"azul_merchant_name" text DEFAULT '' NOT NULL,
	"azul_merchant_type" text DEFAULT '' NOT NULL,
	"azul_auth_key_sealed" text,
	"azul_currencies" jsonb DEFAULT '["DOP"]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_payment_settings_one_row" CHECK ("online_payment_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "payment_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"transfer_date" date NOT NULL,
	"bank" text NOT NULL,
	"reference" text NOT NULL,
	"file_id" uuid,
	"reported_by" uuid,
	"rejection_reason" text,
	"payment_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reports_positive" CHECK ("payment_reports"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "receipt_number" text;--> statement-breakpoint
-- Payments recorded before receipts existed get numbers in the order they were recorded, per year
-- of recording (Santo Domingo time), and the counters continue from there (decision 147).
WITH "numbered" AS (
	SELECT "id",
		extract(year FROM ("created_at" AT TIME ZONE 'America/Santo_Domingo'))::int AS "y",
		row_number() OVER (
			PARTITION BY extract(year FROM ("created_at" AT TIME ZONE 'America/Santo_Domingo'))
			ORDER BY "created_at", "id"
		) AS "n"
	FROM "invoice_payments"
)
UPDATE "invoice_payments" SET "receipt_number" = 'REC-' || "numbered"."y" || '-' || lpad("numbered"."n"::text, 4, '0')
FROM "numbered" WHERE "invoice_payments"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "receipt_counters" ("year", "last_number")
SELECT extract(year FROM ("created_at" AT TIME ZONE 'America/Santo_Domingo'))::int, count(*)::int
FROM "invoice_payments" GROUP BY 1;--> statement-breakpoint
ALTER TABLE "invoice_payments" ALTER COLUMN "receipt_number" SET NOT NULL;--> statement-breakpoint
INSERT INTO "online_payment_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "balance_after_cents" bigint;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_order_number_key" ON "card_payments" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "card_payments_invoice_idx" ON "card_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_reports_status_idx" ON "payment_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_reports_invoice_idx" ON "payment_reports" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_receipt_number_key" ON "invoice_payments" USING btree ("receipt_number");