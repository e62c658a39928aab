import type { CreateInvoiceRequest } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { injectAs } from './helpers.js';

/** A valid `POST /invoices` body for `clientId` (three lines: 1500, 2×333.33, 1.5×1000), with overrides. */
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
