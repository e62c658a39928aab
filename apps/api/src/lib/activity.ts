import type { Db, Tx } from '../db/client.js';
import { activities } from '../db/schema/index.js';

/** One activity-feed entry (spec doc 2 §7 `/dashboard/activity`). */
export interface ActivityInput {
  actorId: string | null;
  /** Dotted type: "project.created", "project.status_changed", "milestone.completed", "note.added" … */
  type: string;
  entityType: string;
  entityId: string | null;
  clientId?: string | null;
  projectId?: string | null;
  /** Spanish one-line summary shown in the feed. */
  title: string;
  /** Internal entries (internal notes, costs) are never shown to clients. */
  isInternal?: boolean;
  metadata?: Record<string, unknown>;
}

/** Appends an entry to the activity feed (call it inside the service's transaction). */
export async function recordActivity(db: Db | Tx, input: ActivityInput): Promise<void> {
  await db.insert(activities).values({
    actorId: input.actorId,
    type: input.type,
    entityType: input.entityType,
    entityId: input.entityId,
    clientId: input.clientId ?? null,
    projectId: input.projectId ?? null,
    title: input.title,
    isInternal: input.isInternal ?? false,
    metadata: input.metadata ?? null,
  });
}
