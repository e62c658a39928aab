import type { TicketDetail } from '@agencia/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { publish, type Written } from '../../lib/effects.js';
import { type TicketAction, ticketPolicy } from './tickets.policy.js';

/**
 * What the ticket route files share: the `onRequest` guards (permission strings, decision 061,
 * and for staff-only routes the roles of the policy table, decision 121) and the answer of a
 * ticket write. Row scoping and the table's resource-level checks live in the services.
 */
export function ticketRouteKit(app: FastifyInstance) {
  /** After the service committed: push its effects (decision 120), answer with the ticket. */
  const respond = (result: Written<TicketDetail>) => {
    publish(app, result.effects);
    return { success: true as const, data: { ticket: result.value } };
  };
  return {
    auth: { onRequest: [app.authenticate, app.requirePermission('tickets.read')] },
    write: { onRequest: [app.authenticate, app.requirePermission('tickets.write')] },
    writeFor: (action: TicketAction) => ({
      onRequest: [app.authenticate, app.requirePermission('tickets.write', ...ticketPolicy.roles(action))],
    }),
    readFor: (action: TicketAction) => ({
      onRequest: [app.authenticate, app.requirePermission('tickets.read', ...ticketPolicy.roles(action))],
    }),
    respond,
    /** {@link respond} with status 201 (a message or time log was created). */
    created: (reply: FastifyReply, result: Written<TicketDetail>) => {
      reply.code(201);
      return respond(result);
    },
  };
}
