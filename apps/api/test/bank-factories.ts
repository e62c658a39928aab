import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, businessToday } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { injectAs } from './helpers.js';
import { reportForm } from './payment-factories.js';

/** The anonymised sample statements of apps/api/test/fixtures/bank/. */
export const bankFixture = (name: string): Buffer =>
  readFileSync(join(import.meta.dirname, 'fixtures', 'bank', name));

/** Creates a bank account through the API (admin token); returns its id. */
export async function createBankAccount(
  app: FastifyInstance,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await injectAs(app, token, {
    method: 'POST',
    url: '/api/bank-accounts',
    payload: {
      bank: 'Banco BHD',
      accountNumber: `${Math.floor(Math.random() * 1e10)}`,
      currency: 'DOP',
      openingBalance: 0,
      openingDate: '2020-01-01',
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.bankAccount._id;
}

/** Uploads `file` as the statement of account `id`; the raw response. */
export function importStatement(
  app: FastifyInstance,
  token: string,
  id: string,
  file: Buffer,
  filename = 'estado.csv',
) {
  return injectAs(app, token, {
    method: 'POST',
    url: `/api/bank-accounts/${id}/statements`,
    ...reportForm({}, file, filename, 'text/csv'),
  });
}

/** DD-MM-YYYY, as BHD writes dates. */
const bhdDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
const bhdMoney = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A BHD statement (`;`, account rows first, Latin-1) of `lines` (amount signed, major units),
 * dated `date` (default today), with a running balance from `opening`.
 */
export function bhdStatement(
  lines: Array<{ description: string; amount: number; reference?: string; date?: string }>,
  opening = 100_000,
): Buffer {
  let balance = Math.round(opening * 100);
  const rows = [
    ';Banco BHD;;;;;;;;',
    ';Cuenta;0000-999999-9;;;;;;;',
    ';Fecha;Número de Referencia;;Descripción;Débitos;Créditos;Balance;;',
  ];
  lines.forEach((l, i) => {
    balance += Math.round(l.amount * 100);
    const debit = l.amount < 0 ? bhdMoney(-l.amount) : '';
    const credit = l.amount > 0 ? bhdMoney(l.amount) : '';
    rows.push(
      `;${bhdDate(l.date ?? businessToday())};${l.reference ?? `R${Date.now() % 1e7}${i}`};;${l.description};${debit};${credit};${bhdMoney(balance / 100)};;`,
    );
  });
  return Buffer.from(`${rows.join('\r\n')}\r\n`, 'latin1');
}

/** Yesterday (business day), a date every payment rule accepts for an invoice issued before. */
export const yesterday = () => addDays(businessToday(), -1);
