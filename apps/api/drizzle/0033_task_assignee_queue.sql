ALTER TABLE "task_assignees" ADD COLUMN "open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD COLUMN "project_id" uuid;--> statement-breakpoint
CREATE INDEX "task_assignees_queue_idx" ON "task_assignees" USING btree ("user_id","open","due_date","task_id","project_id");--> statement-breakpoint
-- Each assignment carries its task's "not done", due date and project (decision 178): the queue
-- index above answers "Mis tareas" and the dashboard in due-date order for one person, and says who
-- may see each task, without reading the tasks table. The copies are kept here, in the database,
-- so no write path of the app can forget them.
UPDATE "task_assignees" AS ta
   SET "open" = (t."status" <> 'done'), "due_date" = t."due_date", "project_id" = t."project_id"
  FROM "tasks" AS t
 WHERE t."id" = ta."task_id";
--> statement-breakpoint
-- A new assignment takes the task's values (whatever the insert said).
CREATE FUNCTION "task_assignees_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t."status" <> 'done', t."due_date", t."project_id" INTO NEW."open", NEW."due_date", NEW."project_id"
    FROM "tasks" AS t WHERE t."id" = NEW."task_id";
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "task_assignees_fill" BEFORE INSERT OR UPDATE OF "task_id" ON "task_assignees"
  FOR EACH ROW EXECUTE FUNCTION "task_assignees_fill"();
--> statement-breakpoint
-- A task's status, due date or project changes: its assignments follow in the same statement.
CREATE FUNCTION "tasks_assignee_queue_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "task_assignees"
     SET "open" = (NEW."status" <> 'done'), "due_date" = NEW."due_date", "project_id" = NEW."project_id"
   WHERE "task_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tasks_assignee_queue_sync" AFTER UPDATE OF "status", "due_date", "project_id" ON "tasks"
  FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."due_date" IS DISTINCT FROM NEW."due_date"
        OR OLD."project_id" IS DISTINCT FROM NEW."project_id")
  EXECUTE FUNCTION "tasks_assignee_queue_sync"();
