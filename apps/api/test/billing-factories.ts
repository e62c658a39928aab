import type { CreateInvoiceRequest } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invoices } from '../src/db/schema/index.js';
import { injectAs } from './helpers.js';

/**
 * A valid `POST /invoices` body for `clientId` (three lines: 1500, 2×333.33, 1.5×1000), with
 * overrides. Its dates are a draft's: issuing dates the invoice today and keeps the 30-day term
 * (decision 132); {@link ageIssuedInvoice} gives an issued invoice an older date.
 */
export function invoicePayload(
  clientId: string,
  overrides: Partial<CreateInvoiceRequest> = {},
): CreateInvoiceRequest {
  return {
    clientId,
    issueDate: '2026-01-10',
    dueDate: '2026-02-09',
    items: [
      { description: 'Diseño de sitio web', quantity: 1, unitPrice: 1500 },
      { description: 'Hosting mensual', details: 'Plan básico', quantity: 2, unitPrice: 333.33 },
      { description: 'Horas de consultoría', quantity: 1.5, unitPrice: 1000 },
    ],
    notes: 'Gracias por su preferencia',
    ...overrides,
  };
}

/** Creates an invoice through the API as `token`; throws on failure. Returns the invoice. */
export async function createInvoiceVia(app: FastifyInstance, token: string, payload: CreateInvoiceRequest) {
  const res = await injectAs(app, token, { method: 'POST', url: '/api/invoices', payload });
  if (res.statusCode !== 200) throw new Error(`create invoice failed: ${res.statusCode} ${res.body}`);
  return res.json().data.invoice;
}

/**
 * Moves an issued invoice's dates back, as if it had been issued on `issueDate` and fell due on
 * `dueDate` (issuing always dates an invoice today, decision 132): for what happens once an
 * invoice has aged — overdue, a credit note after 30 days, reminders. Writes the row directly.
 */
export async function ageIssuedInvoice(
  app: FastifyInstance,
  id: string,
  dates: { issueDate: string; dueDate: string },
): Promise<void> {
  await app.db.update(invoices).set(dates).where(eq(invoices.id, id));
}
