import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import type { projects } from '../../db/schema/index.js';
import { type ActivityInput, recordActivity } from '../../lib/activity.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { type Effects, effects, type StoredNotifications, type Written } from '../../lib/effects.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { audienceEffects } from './projects.effects.js';
import { type ProjectAction, projectPolicy } from './projects.policy.js';
import { loadVisible, touch } from './projects.queries.js';

/*
 * The frame every write to a project or one of its sub-resources shares (decision 124): the
 * visible project (404), the policy (403), then one transaction that writes, touches the
 * project, records the activity and the audit entry and builds the audience effects.
 */

/** A project row as `loadVisible` answers it. */
export type ProjectRow = typeof projects.$inferSelect;

/** An activity entry of a project write; actor, client and project default to the write's own. */
export type ProjectActivity = Omit<ActivityInput, 'actorId' | 'projectId'>;

/** What the write itself answers from inside the transaction. */
export interface ProjectWriteResult<T> {
  value: T;
  /** The activity entries, in order (none: nothing worth a line in the feed). */
  activity: ProjectActivity | ProjectActivity[];
  /** The audit entry: dotted action, target and optional metadata. */
  audit: { action: string; target: { type: string; id: string }; metadata?: Record<string, unknown> };
  /** Notifications the write stored (pushed first). */
  notifications?: StoredNotifications;
  /** The write may have changed active-project counts: also push `nav:badges`. */
  badges?: boolean;
  /** Replaces the audience effects (a write that changes who sees the project). */
  effects?: Effects;
}

/** One project write: who writes where, the checks before the transaction and the write itself. */
export interface ProjectWrite<L, T> {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  /** The project's id. */
  id: string;
  /** The policy action asked right after the visibility check, with its 403 message. */
  allow?: { action: ProjectAction; owns?: boolean; message?: string };
  /** Further checks and loads before the transaction (their 400/403/404/409 answers). */
  prepare?: (project: ProjectRow) => Promise<L> | L;
  /** A value here answers the write as a no-op: no transaction, nothing recorded, no effects. */
  unchanged?: (prepared: L) => T | undefined;
  /** Stamp the project's `updatedAt` after the write (default; off when the write sets it). */
  touch?: boolean;
  /** The write inside the transaction. */
  write: (tx: Tx, project: ProjectRow, prepared: L) => Promise<ProjectWriteResult<T>>;
}

/**
 * Runs a project write: 404 when `actor` may not see the project, 403 when the policy denies
 * `allow`, then `prepare`; inside one transaction `write`, the project's `updatedAt`, the
 * activity entries (actor, client and project filled in), the audit entry and the effects
 * (everyone who sees the project refetches it, decision 120).
 */
export async function withProjectWrite<L = undefined, T = void>(
  spec: ProjectWrite<L, T>,
): Promise<Written<T>> {
  const { db, actor, ctx, id, allow } = spec;
  const project = await loadVisible(db, actor, id);
  if (allow && !projectPolicy.can(actor.role, allow.action, allow.owns)) throw forbidden(allow.message);
  const prepared = (await spec.prepare?.(project)) as L;
  const same = spec.unchanged?.(prepared);
  if (same !== undefined) return { value: same, effects: effects() };
  return db.transaction(async (tx) => {
    const done = await spec.write(tx, project, prepared);
    if (spec.touch !== false) await touch(tx, id);
    for (const entry of [done.activity].flat()) {
      await recordActivity(tx, { actorId: actor.id, clientId: project.clientId, projectId: id, ...entry });
    }
    // A sub-resource's entry names its project, so the audit log links to it (issue 32).
    const metadata =
      done.audit.target.type === 'project' ? done.audit.metadata : { projectId: id, ...done.audit.metadata };
    await audit(tx, ctx, done.audit.action, done.audit.target, metadata);
    const fx =
      done.effects ??
      (await audienceEffects(tx, project, { badges: done.badges, notifications: done.notifications }));
    return { value: done.value, effects: fx };
  });
}

/**
 * Deletes row `id` of a project sub-resource table inside a write; 404 with `message` when the row
 * is already gone (another request deleted it between `prepare` and the transaction).
 */
export async function deleteRowOr404(
  tx: Tx,
  table: PgTable & { id: PgColumn },
  id: string,
  message: string,
): Promise<void> {
  const gone = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  if (gone.length === 0) throw notFound(message);
}
