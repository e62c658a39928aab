import type { Role } from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors.js';

/**
 * The authenticated caller, as services see it (issue 25 "One frame": it lives here, beside the
 * audit context, not in the auth plugin that fills it in). `permissions` null = the role's
 * defaults (decision 070).
 */
export interface Actor {
  id: string;
  role: Role;
  clientId: string | null;
  sessionId: string;
  permissions: string[] | null;
  firstName: string;
  lastName: string;
  /** True after an admin reset; only the routes in PASSWORD_CHANGE_ALLOWED answer until changed. */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin's `authenticate` hook; null on public routes. */
    actor: Actor | null;
  }
}

/** Returns the actor or throws 401; for use inside handlers of authenticated routes. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}
