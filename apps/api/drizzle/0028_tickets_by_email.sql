CREATE TABLE "inbound_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"matched_by" text,
	"from_address" text NOT NULL,
	"from_name" text,
	"to_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ticket_id" uuid,
	"suggested_ticket_id" uuid,
	"sender_user_id" uuid,
	"acknowledged" boolean DEFAULT false NOT NULL,
	"handled_by" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_mail_sources" (
	"source" text PRIMARY KEY NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_check_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "email_failing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "email_failing_reason" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "ticket_id" uuid;--> statement-breakpoint
ALTER TABLE "inbound_mail" ADD CONSTRAINT "inbound_mail_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mail" ADD CONSTRAINT "inbound_mail_suggested_ticket_id_tickets_id_fk" FOREIGN KEY ("suggested_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mail" ADD CONSTRAINT "inbound_mail_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mail" ADD CONSTRAINT "inbound_mail_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_mail_message_id_uq" ON "inbound_mail" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "inbound_mail_status_idx" ON "inbound_mail" USING btree ("status","received_at","id");--> statement-breakpoint
CREATE INDEX "inbound_mail_received_idx" ON "inbound_mail" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "inbound_mail_ticket_idx" ON "inbound_mail" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "inbound_mail_from_idx" ON "inbound_mail" USING btree (lower("from_address"),"received_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;