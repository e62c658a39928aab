import {
  type DeletePushSubscriptionSchema,
  PUSH_MESSAGES,
  type PushSubscriptionInput,
} from '@agencia/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { pushOutbox, pushSubscriptions } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { ActorCall, ActorInput, Audited } from '../../lib/service-args.js';
import { ownSubscriptions } from './push.policy.js';

/** Browsers' user agents are long; what is kept of one (to tell devices apart in the logs). */
const USER_AGENT_MAX = 300;

/**
 * `POST /push/subscriptions`: stores the caller's device (decision 169). The endpoint is the key:
 * the same browser subscribing again (new keys, or now signed in as another user) replaces its
 * row. On an https deployment (`requireHttps`) the endpoint must be https, as every real push
 * service's is (RFC 8030). Answers whether it was new. Audited as `profile.push_subscribed`.
 */
export async function subscribe({
  db,
  actor,
  ctx,
  input,
  userAgent,
  requireHttps,
}: Audited<ActorInput<PushSubscriptionInput>> & {
  userAgent: string | null;
  requireHttps: boolean;
}): Promise<{
  created: boolean;
}> {
  if (requireHttps && new URL(input.endpoint).protocol !== 'https:')
    throw badRequest(PUSH_MESSAGES.httpsRequired, [
      { field: 'endpoint', message: PUSH_MESSAGES.httpsRequired },
    ]);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint));
    const values = {
      userId: actor.id,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ endpoint: input.endpoint, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
      .returning({ id: pushSubscriptions.id });
    // Messages queued for the previous owner of this browser are not for the new one.
    if (before && before.userId !== actor.id)
      await tx.delete(pushOutbox).where(eq(pushOutbox.subscriptionId, row!.id));
    if (!before || before.userId !== actor.id)
      await audit(
        tx,
        ctx,
        'profile.push_subscribed',
        { type: 'push_subscription', id: row!.id },
        {
          origin: new URL(input.endpoint).origin,
        },
      );
    return { created: !before || before.userId !== actor.id };
  });
}

/**
 * `DELETE /push/subscriptions`: forgets one of the caller's devices by its endpoint, with its
 * pending messages. Another user's endpoint, or an unknown one, is a 404. Audited as
 * `profile.push_unsubscribed`.
 */
export async function unsubscribe({
  db,
  ctx,
  actor,
  input,
}: Audited<ActorInput<z.infer<typeof DeletePushSubscriptionSchema>>>): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(pushSubscriptions)
      .where(and(ownSubscriptions(actor), eq(pushSubscriptions.endpoint, input.endpoint)))
      .returning({ id: pushSubscriptions.id });
    if (!row) throw notFound(PUSH_MESSAGES.notFound);
    await audit(
      tx,
      ctx,
      'profile.push_unsubscribed',
      { type: 'push_subscription', id: row.id },
      {
        origin: new URL(input.endpoint).origin,
      },
    );
  });
}

/** `GET /push/subscriptions`: the caller's devices (push service origin and date), oldest first. */
export async function listDevices({ db, actor }: ActorCall) {
  const rows = await db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(ownSubscriptions(actor))
    .orderBy(asc(pushSubscriptions.createdAt));
  return rows.map((r) => ({
    endpointOrigin: new URL(r.endpoint).origin,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * `POST /push/test`: queues "Notificación de prueba" for every device of the caller (opening
 * Perfil → Notificaciones). 409 when the caller has none. Answers how many.
 */
export async function queueTestPush({ db, actor }: ActorCall): Promise<number> {
  const devices = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(ownSubscriptions(actor));
  if (devices.length === 0) throw conflict(PUSH_MESSAGES.noDevices);
  const tag = `test-${Date.now()}`;
  await db.insert(pushOutbox).values(
    devices.map((d) => ({
      subscriptionId: d.id,
      payload: {
        title: PUSH_MESSAGES.testTitle,
        body: PUSH_MESSAGES.testBody,
        url: '/profile?tab=notifications',
        tag,
        topic: 'system',
      },
    })),
  );
  return devices.length;
}
