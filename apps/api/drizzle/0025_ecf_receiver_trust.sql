DROP INDEX "ecf_received_issuer_encf_uq";--> statement-breakpoint
ALTER TABLE "ecf_received" ADD COLUMN "security_code" text;--> statement-breakpoint
ALTER TABLE "ecf_received" ADD COLUMN "verification" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "ecf_received" ADD COLUMN "verification_message" text;--> statement-breakpoint
ALTER TABLE "ecf_received" ADD COLUMN "verification_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ecf_received" ADD COLUMN "next_verification_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ecf_received" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "ecf_received_verified_encf_uq" ON "ecf_received" USING btree ("issuer_rnc","encf") WHERE "ecf_received"."verification" = 'verified';--> statement-breakpoint
CREATE INDEX "ecf_received_issuer_encf_idx" ON "ecf_received" USING btree ("issuer_rnc","encf");--> statement-breakpoint
CREATE INDEX "ecf_received_verification_idx" ON "ecf_received" USING btree ("verification","next_verification_at");