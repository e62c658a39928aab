CREATE TABLE "project_counts" (
	"client_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"budget_cents" bigint DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"progress_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "project_counts_client_id_status_pk" PRIMARY KEY("client_id","status")
);
--> statement-breakpoint
CREATE TABLE "ticket_counts" (
	"client_id" uuid,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"type" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"resolved_n" bigint DEFAULT 0 NOT NULL,
	"resolved_seconds" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "ticket_counts_key" UNIQUE NULLS NOT DISTINCT("client_id","status","priority","type")
);
--> statement-breakpoint
CREATE INDEX "projects_open_end_date_idx" ON "projects" USING btree ("estimated_end_date","client_id") WHERE "projects"."deleted_at" is null and "projects"."status" not in ('completed', 'cancelled');--> statement-breakpoint
-- Decision 122: the counters follow every write of `tickets` in the writer's own transaction.
-- Statement-level triggers with transition tables: one aggregate per statement (a bulk insert of
-- 1M rows adds a few hundred upserts, not a million), applied in key order so two transactions
-- lock shared counter rows in the same order; `on conflict … do update set n = n + excluded.n`
-- is atomic per row (no lost update between concurrent writers).
CREATE FUNCTION "ticket_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_counts AS c (client_id, status, priority, type, n, resolved_n, resolved_seconds)
    SELECT client_id, status, priority, type, count(*), count(resolved_at),
           coalesce(sum(extract(epoch from (resolved_at - created_at))), 0)
      FROM new_rows
     GROUP BY client_id, status, priority, type
     ORDER BY client_id, status, priority, type
    ON CONFLICT (client_id, status, priority, type) DO UPDATE
       SET n = c.n + excluded.n,
           resolved_n = c.resolved_n + excluded.resolved_n,
           resolved_seconds = c.resolved_seconds + excluded.resolved_seconds;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ticket_counts AS c (client_id, status, priority, type, n, resolved_n, resolved_seconds)
    SELECT client_id, status, priority, type, -count(*), -count(resolved_at),
           -coalesce(sum(extract(epoch from (resolved_at - created_at))), 0)
      FROM old_rows
     GROUP BY client_id, status, priority, type
     ORDER BY client_id, status, priority, type
    ON CONFLICT (client_id, status, priority, type) DO UPDATE
       SET n = c.n + excluded.n,
           resolved_n = c.resolved_n + excluded.resolved_n,
           resolved_seconds = c.resolved_seconds + excluded.resolved_seconds;
  ELSE
    -- UPDATE: new rows count +1, old rows -1; keys whose figures did not move are left alone.
    INSERT INTO ticket_counts AS c (client_id, status, priority, type, n, resolved_n, resolved_seconds)
    SELECT client_id, status, priority, type, sum(n), sum(resolved_n), sum(resolved_seconds)
      FROM (
        SELECT client_id, status, priority, type, 1 AS n, (resolved_at IS NOT NULL)::int AS resolved_n,
               coalesce(extract(epoch from (resolved_at - created_at)), 0) AS resolved_seconds
          FROM new_rows
        UNION ALL
        SELECT client_id, status, priority, type, -1, -((resolved_at IS NOT NULL)::int),
               -coalesce(extract(epoch from (resolved_at - created_at)), 0)
          FROM old_rows
      ) d
     GROUP BY client_id, status, priority, type
    HAVING sum(n) <> 0 OR sum(resolved_n) <> 0 OR sum(resolved_seconds) <> 0
     ORDER BY client_id, status, priority, type
    ON CONFLICT (client_id, status, priority, type) DO UPDATE
       SET n = c.n + excluded.n,
           resolved_n = c.resolved_n + excluded.resolved_n,
           resolved_seconds = c.resolved_seconds + excluded.resolved_seconds;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "ticket_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tickets_counts_insert" AFTER INSERT ON "tickets"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "tickets_counts_update" AFTER UPDATE ON "tickets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "tickets_counts_delete" AFTER DELETE ON "tickets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "tickets_counts_truncate" AFTER TRUNCATE ON "tickets"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_reset"();
--> statement-breakpoint
-- Projects: live rows only (`deleted_at is null`); a soft delete is an update that takes the row
-- out of its counter, a restore puts it back.
CREATE FUNCTION "project_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_counts AS c (client_id, status, n, budget_cents, spent_cents, progress_sum)
    SELECT client_id, status, count(*), coalesce(sum(approved_budget_cents), 0),
           coalesce(sum(spent_cents), 0), coalesce(sum(progress_percentage), 0)
      FROM new_rows
     WHERE deleted_at IS NULL
     GROUP BY client_id, status
     ORDER BY client_id, status
    ON CONFLICT (client_id, status) DO UPDATE
       SET n = c.n + excluded.n,
           budget_cents = c.budget_cents + excluded.budget_cents,
           spent_cents = c.spent_cents + excluded.spent_cents,
           progress_sum = c.progress_sum + excluded.progress_sum;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO project_counts AS c (client_id, status, n, budget_cents, spent_cents, progress_sum)
    SELECT client_id, status, -count(*), -coalesce(sum(approved_budget_cents), 0),
           -coalesce(sum(spent_cents), 0), -coalesce(sum(progress_percentage), 0)
      FROM old_rows
     WHERE deleted_at IS NULL
     GROUP BY client_id, status
     ORDER BY client_id, status
    ON CONFLICT (client_id, status) DO UPDATE
       SET n = c.n + excluded.n,
           budget_cents = c.budget_cents + excluded.budget_cents,
           spent_cents = c.spent_cents + excluded.spent_cents,
           progress_sum = c.progress_sum + excluded.progress_sum;
  ELSE
    INSERT INTO project_counts AS c (client_id, status, n, budget_cents, spent_cents, progress_sum)
    SELECT client_id, status, sum(n), sum(budget_cents), sum(spent_cents), sum(progress_sum)
      FROM (
        SELECT client_id, status, 1 AS n, coalesce(approved_budget_cents, 0) AS budget_cents,
               spent_cents, progress_percentage AS progress_sum
          FROM new_rows
         WHERE deleted_at IS NULL
        UNION ALL
        SELECT client_id, status, -1, -coalesce(approved_budget_cents, 0), -spent_cents, -progress_percentage
          FROM old_rows
         WHERE deleted_at IS NULL
      ) d
     GROUP BY client_id, status
    HAVING sum(n) <> 0 OR sum(budget_cents) <> 0 OR sum(spent_cents) <> 0 OR sum(progress_sum) <> 0
     ORDER BY client_id, status
    ON CONFLICT (client_id, status) DO UPDATE
       SET n = c.n + excluded.n,
           budget_cents = c.budget_cents + excluded.budget_cents,
           spent_cents = c.spent_cents + excluded.spent_cents,
           progress_sum = c.progress_sum + excluded.progress_sum;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "project_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "projects_counts_insert" AFTER INSERT ON "projects"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "projects_counts_update" AFTER UPDATE ON "projects"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "projects_counts_delete" AFTER DELETE ON "projects"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "projects_counts_truncate" AFTER TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "project_counts_reset"();
--> statement-breakpoint
-- Backfill, after the triggers: creating them locked out writers until this migration commits,
-- so no write falls between the count and the first trigger.
INSERT INTO ticket_counts (client_id, status, priority, type, n, resolved_n, resolved_seconds)
SELECT client_id, status, priority, type, count(*), count(resolved_at),
       coalesce(sum(extract(epoch from (resolved_at - created_at))), 0)
  FROM tickets
 GROUP BY client_id, status, priority, type;
--> statement-breakpoint
INSERT INTO project_counts (client_id, status, n, budget_cents, spent_cents, progress_sum)
SELECT client_id, status, count(*), coalesce(sum(approved_budget_cents), 0),
       coalesce(sum(spent_cents), 0), coalesce(sum(progress_percentage), 0)
  FROM projects
 WHERE deleted_at IS NULL
 GROUP BY client_id, status;
