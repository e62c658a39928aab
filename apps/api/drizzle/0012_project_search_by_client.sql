-- Project search led by the client (decision 128): btree_gin lets a GIN index hold the client id
-- next to the title/description trigrams, so a client's search (or staff's with clientId) narrows
-- to its own matches inside the index. The new indexes are built before the old ones go.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "projects_client_title_trgm_idx" ON "projects" USING gin ("client_id","title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_client_description_trgm_idx" ON "projects" USING gin ("client_id","description" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "projects_title_trgm_idx";--> statement-breakpoint
DROP INDEX "projects_description_trgm_idx";
