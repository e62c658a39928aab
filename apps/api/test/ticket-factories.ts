import type { Session } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { injectAs } from './helpers.js';

/**
 * Calls the ticket route tests share, on the app `getApp()` returns when called (the test
 * file's, set in `beforeAll`): `as(session, method, url, payload)` on `/api…`, and `newTicket`
 * (a bug report, 201 checked) for a session.
 */
export function ticketCalls(getApp: () => FastifyInstance) {
  const as = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    injectAs(getApp(), s.token, { method, url: `/api${url}`, payload: payload as never });

  async function newTicket(s: Session, extra: Record<string, unknown> = {}) {
    const res = await as(s, 'POST', '/tickets', {
      title: 'La página de contacto no envía',
      description: 'El formulario de contacto se queda cargando y nunca confirma el envío.',
      type: 'bug',
      priority: 'high',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.ticket as { _id: string; status: string; client: { _id: string } | null };
  }
  return { as, newTicket };
}
