import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../plugins/auth.js';

/** What {@link onAccessRequestConverted} receives once the client record exists. */
export interface AccessRequestConvertedEvent {
  /** The transaction that created the client: queue emails here so a rollback sends nothing. */
  tx: Tx;
  app: FastifyInstance;
  actor: Actor;
  clientId: string;
  email: string;
  clientType: 'individual' | 'company';
}

/**
 * Hook run inside the conversion transaction after an access request became a client record.
 *
 * TODO(clients issue): send the registration link here — generate it like
 * `POST /auth/generate-registration-link` {email, clientType} (spec doc 1 §7) and queue the
 * email with `queueEmail(event.tx, …)`. Until that flow exists, the admin invites the client
 * from the Clients area and this hook does nothing.
 */
export async function onAccessRequestConverted(_event: AccessRequestConvertedEvent): Promise<void> {}
