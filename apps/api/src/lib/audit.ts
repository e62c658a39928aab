import type { Db, Tx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

/** Context of the request an audit entry comes from. */
export interface AuditContext {
  actorId: string | null;
  ip?: string | null;
  requestId?: string | null;
}

/** Writes one audit entry (action names are dotted: "auth.login.failed", "user.created"). */
export async function audit(
  db: Db | Tx,
  ctx: AuditContext,
  action: string,
  target?: { type: string; id: string | null },
  metadata?: Record<string, unknown>,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: ctx.actorId,
    action,
    targetType: target?.type ?? null,
    targetId: target?.id ?? null,
    ip: ctx.ip ?? null,
    requestId: ctx.requestId ?? null,
    metadata: metadata ?? null,
  });
}
