import { fromCents, toCents, type UserCostRateResponse } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';

/*
 * What an hour of a person costs the agency (decision 140): `users.cost_rate_cents`, set by an
 * admin, read by project profitability. Staff only; never part of any client answer.
 */

/** `GET /users/{id}/cost-rate` (admin): decimal pesos per hour or null; 404 for an unknown user. */
export async function getCostRate({ db, id }: { db: Db; id: string }): Promise<UserCostRateResponse> {
  const [row] = await db.select({ cents: users.costRateCents }).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('Usuario no encontrado');
  return { userId: id, costRate: row.cents === null ? null : fromCents(row.cents) };
}

/** `PUT /users/{id}/cost-rate` (admin): sets or clears it (null). Audited with the old and new rate. */
export async function setCostRate(
  opts: WriteCall & { id: string; costRate: number | null },
): Promise<UserCostRateResponse> {
  const { db, ctx, id, costRate } = opts;
  return db.transaction(async (tx) => {
    const [cur] = await tx
      .select({ cents: users.costRateCents, email: users.email })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    if (!cur) throw notFound('Usuario no encontrado');
    const cents = costRate === null ? null : toCents(costRate);
    await tx.update(users).set({ costRateCents: cents, updatedAt: new Date() }).where(eq(users.id, id));
    await audit(
      tx,
      ctx,
      'user.cost_rate_set',
      { type: 'user', id },
      { email: cur.email, from: cur.cents === null ? null : fromCents(cur.cents), to: costRate },
    );
    return { userId: id, costRate };
  });
}
