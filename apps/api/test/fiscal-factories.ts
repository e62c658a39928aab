import type { FiscalSequence, Session } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { fiscalPeriods } from '../src/db/schema/index.js';
import { injectAs } from './helpers.js';

/**
 * Admin calls the fiscal route tests share, on the app and admin session `get()` returns when
 * called (the test file's, set in `beforeAll`): the NCF ranges, the active range of a type,
 * issuing an invoice and a new individual client without tax id.
 */
export function fiscalCalls(get: () => { app: FastifyInstance; admin: Session }) {
  async function sequences(): Promise<FiscalSequence[]> {
    const { app, admin } = get();
    const res = await injectAs(app, admin.token, { method: 'GET', url: '/api/fiscal/sequences' });
    expect(res.statusCode).toBe(200);
    return res.json().data.sequences;
  }
  const activeOf = async (type: string) =>
    (await sequences()).find((s) => s.documentType === type && s.active);
  const issue = (id: string) =>
    injectAs(get().app, get().admin.token, { method: 'POST', url: `/api/invoices/${id}/issue` });
  /** A new individual client without tax id, with the given fiscal profile. */
  async function clientWithout(taxpayerType: string, companyRUC: string | null = null): Promise<string> {
    const { app, admin } = get();
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/clients',
      payload: {
        clientType: 'individual',
        firstName: 'Prueba',
        lastName: taxpayerType,
        email: `${taxpayerType}-${Math.random().toString(36).slice(2)}@example.do`,
        companyRUC,
        taxpayerType,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.client._id;
  }
  return { sequences, activeOf, issue, clientWithout };
}

/**
 * Marks `period` (YYYYMM) closed straight in the database, by `closedBy` (a user id) or nobody:
 * for the current month, which the API refuses to close (it has not ended), to show what a
 * closed "today" blocks.
 */
export async function closePeriodInDb(app: FastifyInstance, period: string, closedBy: string | null = null) {
  await app.db.insert(fiscalPeriods).values({ period, closedBy });
}
