ALTER TABLE "ticket_messages" ADD COLUMN "author_email" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reporter_email" text;