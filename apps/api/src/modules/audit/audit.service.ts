import type { AuditEntry, ListAuditQuery, ListAuditResponse } from '@agencia/shared';
import { and, desc, eq, gte, like, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';

/** Filters of {@link listAudit}; `involving` = entries the user did or that targeted the user. */
export type AuditFilters = Omit<ListAuditQuery, 'page' | 'limit'> & {
  page: number;
  limit: number;
  involving?: string;
};

/**
 * Audit entries, newest first (ties on `id`: a stable order across pages), with the actor's name. `action` matches exactly, or as a prefix
 * when it ends with "." ("auth." = every auth event); several, comma-separated, match any of them
 * (a category of the audit filter, issue 32). Dates filter on `createdAt` (ISO, inclusive).
 */
export async function listAudit({ db, f }: { db: Db; f: AuditFilters }): Promise<ListAuditResponse> {
  const conds: (SQL | undefined)[] = [];
  if (f.actorId) conds.push(eq(auditLog.actorId, f.actorId));
  const actions = (f.action ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (actions.length > 0) {
    conds.push(
      or(
        ...actions.map((a) =>
          a.endsWith('.')
            ? like(auditLog.action, `${a.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
            : eq(auditLog.action, a),
        ),
      ),
    );
  }
  if (f.targetType) conds.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId) conds.push(eq(auditLog.targetId, f.targetId));
  if (f.from) conds.push(gte(auditLog.createdAt, new Date(f.from)));
  if (f.to) conds.push(lte(auditLog.createdAt, new Date(f.to)));
  if (f.involving) {
    conds.push(
      or(
        eq(auditLog.actorId, f.involving),
        and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, f.involving)),
      ),
    );
  }
  const where = and(...conds);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where);
  const rows = await db
    .select({
      entry: auditLog,
      actor: { _id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const total = count?.n ?? 0;
  const entries: AuditEntry[] = rows.map(({ entry, actor }) => ({
    _id: entry.id,
    action: entry.action,
    actor: actor?._id ? actor : null,
    targetType: entry.targetType,
    targetId: entry.targetId,
    ip: entry.ip,
    requestId: entry.requestId,
    metadata: entry.metadata,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { entries, pagination: { page: f.page, limit: f.limit, total, pages: Math.ceil(total / f.limit) } };
}
