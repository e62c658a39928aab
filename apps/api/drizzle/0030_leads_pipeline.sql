CREATE TABLE "lead_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text,
	"follow_up_date" date,
	"follow_up_notified_at" timestamp with time zone,
	"meta" jsonb,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'open' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text,
	"phone" text,
	"company" text,
	"description" text,
	"source" text NOT NULL,
	"stage_id" uuid NOT NULL,
	"position" double precision NOT NULL,
	"owner_id" uuid,
	"estimated_value_cents" bigint,
	"currency" text DEFAULT 'DOP' NOT NULL,
	"expected_close_date" date,
	"lost_reason" text,
	"quote_request_id" uuid,
	"access_request_id" uuid,
	"client_id" uuid,
	"converted_at" timestamp with time zone,
	"won_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_stage_id_lead_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."lead_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_access_request_id_access_requests_id_fk" FOREIGN KEY ("access_request_id") REFERENCES "public"."access_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_events_follow_up_idx" ON "lead_events" USING btree ("follow_up_date");--> statement-breakpoint
CREATE INDEX "leads_stage_position_idx" ON "leads" USING btree ("stage_id","position");--> statement-breakpoint
CREATE INDEX "leads_owner_idx" ON "leads" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_quote_request_uq" ON "leads" USING btree ("quote_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_access_request_uq" ON "leads" USING btree ("access_request_id");--> statement-breakpoint
-- Decision 170: the default stages of the board.
INSERT INTO "lead_stages" ("name", "kind", "position") VALUES
	('Nuevo', 'open', 0),
	('Contactado', 'open', 1),
	('Propuesta enviada', 'open', 2),
	('Negociación', 'open', 3),
	('Ganado', 'won', 4),
	('Perdido', 'lost', 5);--> statement-breakpoint
-- Decision 170: every quote and access request already received becomes a lead in "Nuevo"
-- (a converted access request's lead in "Ganado", linked to its client), with its "created"
-- timeline entry. The unique request columns keep it to one lead each.
INSERT INTO "leads" ("title", "contact_name", "email", "phone", "company", "description", "source", "stage_id", "position", "estimated_value_cents", "currency", "quote_request_id", "created_at", "updated_at")
SELECT q."service_title" || ' — ' || coalesce(nullif(q."company", ''), q."name"), q."name", q."email", q."phone", nullif(q."company", ''), q."description", 'quote_request',
	(SELECT "id" FROM "lead_stages" WHERE "name" = 'Nuevo'),
	1024 * row_number() OVER (ORDER BY q."created_at", q."id"),
	CASE WHEN q."budget" ~ '^[0-9]+(-[0-9]+|\+)$' THEN substring(q."budget" from '^([0-9]+)')::bigint * 100 END,
	CASE WHEN q."budget" ~ '^[0-9]+(-[0-9]+|\+)$' THEN 'USD' ELSE 'DOP' END,
	q."id", q."created_at", q."created_at"
FROM "quote_requests" q;--> statement-breakpoint
INSERT INTO "leads" ("title", "contact_name", "email", "phone", "company", "description", "source", "stage_id", "position", "estimated_value_cents", "currency", "access_request_id", "client_id", "converted_at", "won_at", "created_at", "updated_at")
SELECT 'Solicitud de acceso — ' || coalesce(nullif(a."company_name", ''), a."name"), a."name", a."email", a."phone", nullif(a."company_name", ''), a."data"->>'projectDescription', 'access_request',
	(SELECT "id" FROM "lead_stages" WHERE "name" = CASE WHEN a."client_id" IS NULL THEN 'Nuevo' ELSE 'Ganado' END),
	1024 * (100000 + row_number() OVER (ORDER BY a."created_at", a."id")),
	CASE WHEN a."data"->>'estimatedBudget' ~ '^([0-9]+-[0-9]+|over-[0-9]+)$' THEN substring(a."data"->>'estimatedBudget' from '([0-9]+)')::bigint * 100 END,
	CASE WHEN a."data"->>'estimatedBudget' ~ '^([0-9]+-[0-9]+|over-[0-9]+)$' THEN 'USD' ELSE 'DOP' END,
	a."id", a."client_id",
	CASE WHEN a."client_id" IS NOT NULL THEN a."updated_at" END,
	CASE WHEN a."client_id" IS NOT NULL THEN a."updated_at" END,
	a."created_at", a."created_at"
FROM "access_requests" a;--> statement-breakpoint
INSERT INTO "lead_events" ("lead_id", "kind", "body", "meta", "created_at")
SELECT l."id", 'created', NULL,
	jsonb_build_object('source', l."source", 'requestId', coalesce(l."quote_request_id", l."access_request_id")),
	l."created_at"
FROM "leads" l;
