import { eq, type SQL } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what with Web Push subscriptions (decision 169). Every signed-in user manages the
 * devices of their own account only ({@link ownSubscriptions}): deleting another user's endpoint
 * answers 404, as if it did not exist.
 *
 * | action                          | admin | employee | client |
 * |---------------------------------|-------|----------|--------|
 * | read the public key             | yes   | yes      | yes    |
 * | list / add / remove own devices | own   | own      | own    |
 * | send a test to own devices      | own   | own      | own    |
 */
export const pushPolicy = definePolicy({
  readKey: { admin: true, employee: true, client: true },
  manage: { admin: 'own', employee: 'own', client: 'own' },
  test: { admin: 'own', employee: 'own', client: 'own' },
});

/** An action of {@link pushPolicy}. */
export type PushAction = keyof typeof pushPolicy.table;

/** Row scope: the subscriptions of `actor`'s account (the `'own'` of {@link pushPolicy}). */
export function ownSubscriptions(actor: Pick<Actor, 'id'>): SQL {
  return eq(pushSubscriptions.userId, actor.id);
}
