import { addDays, businessToday, type Session } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { fiscalCalls } from '../../../test/fiscal-factories.js';
import { injectAs, startDemoApp } from '../../../test/helpers.js';
import { auditLog, exchangeRates, invoices } from '../../db/schema/index.js';

// Foreign currency (issue 27, decision 137): exchange rates and USD invoices reported in pesos.

let app: FastifyInstance, admin: Session, employee: Session, client: Session;
/** Café Cibao SRL (company, RNC 130458715, contribuyente → B01). */
let companyId: string;
const { activeOf, issue } = fiscalCalls(() => ({ app, admin }));

const today = businessToday();
const dmy = (iso: string) => iso.split('-').reverse().join('/');

const setRate = (payload: object, token = admin.token) =>
  injectAs(app, token, { method: 'POST', url: '/api/fiscal/exchange-rates', payload });
const listRates = (query = '', token = admin.token) =>
  injectAs(app, token, { method: 'GET', url: `/api/fiscal/exchange-rates${query}` });

/** A multipart body with `text` as the `file` part (or no part at all). */
function csvForm(text: string | Buffer | null) {
  const boundary = '----bcrdCsvBoundary';
  const chunks: Buffer[] = [];
  if (text !== null)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="TASA_DOLAR_REFERENCIA_MC.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(text) ? text : Buffer.from(text),
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const importCsv = (text: string | Buffer | null, token = admin.token) =>
  injectAs(app, token, { method: 'POST', url: '/api/fiscal/exchange-rates/import', ...csvForm(text) });

/** A USD draft of US$2,000.00 + ITBIS 18 % for the company. */
const usdDraft = () =>
  createInvoiceVia(
    app,
    admin.token,
    invoicePayload(companyId, {
      currency: 'USD',
      items: [{ description: 'Campaña digital (USD)', quantity: 1, unitPrice: 2000 }],
    }),
  );

const stored = (date: string) =>
  app.db
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currency, 'USD'), eq(exchangeRates.date, date)));

beforeAll(async () => {
  ({ app, admin, employee, client } = await startDemoApp());
  companyId = client.user.clientId!;
});

describe('exchange rates (/fiscal/exchange-rates)', () => {
  it('stores a day (201), replaces it (200, audited with the previous rate) and lists newest first', async () => {
    const day = addDays(today, -40);
    const created = await setRate({ date: day, currency: 'USD', rate: 58.7 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      created: true,
      rate: { date: day, currency: 'USD', rate: 58.7, source: 'manual', createdBy: { _id: admin.user._id } },
    });
    const replaced = await setRate({ date: day, currency: 'USD', rate: '58.9512' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ created: false, rate: { rate: 58.9512 } });
    expect(await stored(day)).toHaveLength(1);
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fiscal.exchange_rate_set'));
    expect(entries.map((e) => e.metadata)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ date: day, rate: 58.7, previousRate: null }),
        expect.objectContaining({ date: day, rate: 58.9512, previousRate: 58.7, previousSource: 'manual' }),
      ]),
    );

    expect((await setRate({ date: addDays(today, -41), currency: 'EUR', rate: 68.1 })).statusCode).toBe(201);
    await setRate({ date: addDays(today, -42), currency: 'USD', rate: 58.5 });
    const listed = await listRates(`?currency=USD&from=${addDays(today, -42)}&to=${addDays(today, -40)}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.rates.map((r: { date: string }) => r.date)).toEqual([day, addDays(today, -42)]);
    expect(listed.json().data.pagination).toMatchObject({ page: 1, total: 2 });
    const eur = await listRates(`?currency=EUR&to=${addDays(today, -41)}`);
    expect(eur.json().data.rates).toEqual([expect.objectContaining({ currency: 'EUR', rate: 68.1 })]);
  });

  it('refuses a future day, a rate ≤ 0, ≥ 1,000 or with 5 decimals, another currency, a reversed range (400, Spanish)', async () => {
    const cases: Array<[object, string]> = [
      [{ date: addDays(today, 1), currency: 'USD', rate: 58.95 }, 'La fecha no puede ser posterior a hoy'],
      [{ date: '2026-02-30', currency: 'USD', rate: 58.95 }, 'Fecha inválida (AAAA-MM-DD)'],
      [{ date: today, currency: 'USD', rate: 0 }, 'La tasa debe ser mayor que cero'],
      [{ date: today, currency: 'USD', rate: -3 }, 'La tasa debe ser mayor que cero'],
      [{ date: today, currency: 'USD', rate: 58.95001 }, 'La tasa admite como máximo 4 decimales'],
      [{ date: today, currency: 'USD', rate: 1000 }, 'La tasa debe ser menor que 1,000 pesos por unidad'],
      [{ date: today, currency: 'USD', rate: 'abc' }, 'Escribe la tasa en pesos por unidad (p. ej. 58.95)'],
      [{ date: today, currency: 'DOP', rate: 1 }, 'Moneda inválida: USD o EUR'],
    ];
    for (const [payload, message] of cases) {
      const res = await setRate(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body, JSON.stringify(payload)).toContain(message);
    }
    const reversed = await listRates('?from=2026-11-30&to=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('La fecha inicial no puede ser posterior a la final');
  });

  it('is admin only (403 for employees and clients)', async () => {
    for (const s of [employee, client]) {
      expect((await listRates('', s.token)).statusCode).toBe(403);
      expect((await setRate({ date: today, currency: 'USD', rate: 58.95 }, s.token)).statusCode).toBe(403);
      expect((await importCsv('Año,Mes,Día,Compra,Venta\n2026,Nov,2,58,59', s.token)).statusCode).toBe(403);
    }
  });
});

describe('BCRD series import (/fiscal/exchange-rates/import)', () => {
  it('imports new days, updates changed ones, skips equal and future ones; audited', async () => {
    const d1 = addDays(today, -60);
    const d2 = addDays(today, -59);
    const d3 = addDays(today, -58);
    await setRate({ date: d2, currency: 'USD', rate: 59.1 });
    await setRate({ date: d3, currency: 'USD', rate: 59.2 });
    const row = (iso: string, sell: string) => {
      const [y, m, d] = iso.split('-');
      const months = ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'];
      return `${y},${months[Number(m) - 1]},${Number(d)},58.0000,${sell}`;
    };
    const csv = [
      'BANCO CENTRAL DE LA REPÚBLICA DOMINICANA',
      'Tasa de cambio de referencia (RD$/US$)',
      'Año,Mes,Día,Compra,Venta',
      row(d1, '59.0500'),
      row(d2, '59.1000'),
      row(d3, '59.2500'),
      row(addDays(today, 2), '60.0000'),
    ].join('\r\n');
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ imported: 1, updated: 1, skipped: 2, from: d1, to: d3 });
    expect((await stored(d1))[0]).toMatchObject({
      rate: 59.05,
      source: 'bcrd_csv',
      createdBy: admin.user._id,
    });
    expect((await stored(d3))[0]).toMatchObject({ rate: 59.25, source: 'bcrd_csv' });
    expect((await stored(d2))[0]).toMatchObject({ rate: 59.1, source: 'manual' });
    expect(await stored(addDays(today, 2))).toHaveLength(0);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fiscal.exchange_rates_imported'));
    expect(entry!.metadata).toMatchObject({ imported: 1, updated: 1, skipped: 2, updatedDays: [d3] });

    const again = await importCsv(csv);
    expect(again.json().data).toMatchObject({ imported: 0, updated: 0, skipped: 4 });
  });

  it('refuses a malformed file naming the line and writes nothing; refuses a missing file', async () => {
    const day = addDays(today, -70);
    const [y, m, d] = day.split('-');
    const bad = `Año;Mes;Día;Compra;Venta\n${y};${Number(m)};${Number(d)};58,1;58,3\n${y};13;1;58,1;58,3\n`;
    const res = await importCsv(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Línea 3: el mes no es válido');
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'file' })]);
    expect(await stored(day)).toHaveLength(0);

    const noHeader = await importCsv('fecha;tasa\n2026-11-27;58.95\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toContain('No se encontró el encabezado');
    const missing = await importCsv(null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Selecciona el archivo CSV de la tasa de cambio del Banco Central.');
  });
});

describe('issuing a foreign-currency invoice', () => {
  it('refuses (409) a USD invoice without a rate of the day or the 7 before it, consuming nothing', async () => {
    // Only a rate 8 days old: too old.
    await app.db.delete(exchangeRates).where(eq(exchangeRates.currency, 'USD'));
    await setRate({ date: addDays(today, -8), currency: 'USD', rate: 58.1 });
    const draft = await usdDraft();
    const before = await activeOf('B01');
    const res = await issue(draft._id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `Registra la tasa del dólar del ${dmy(today)} en Configuración → Fiscal (Tasas de cambio) antes de emitir esta factura en USD.`,
    );
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'exchangeRate' })]);
    expect((await activeOf('B01'))!.nextNcf).toBe(before!.nextNcf);
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, draft._id));
    expect(row).toMatchObject({ status: 'draft', ncf: null, exchangeRate: null });
  });

  it('takes the last rate within 7 days when the day has none, and freezes it', async () => {
    await setRate({ date: addDays(today, -3), currency: 'USD', rate: 58.8 });
    const draft = await usdDraft();
    const res = await issue(draft._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.invoice).toMatchObject({
      currency: 'USD',
      exchangeRate: 58.8,
      exchangeRateDate: addDays(today, -3),
    });
    // A rate typed later for that day changes nothing on the issued invoice.
    await setRate({ date: addDays(today, -3), currency: 'USD', rate: 61 });
    const read = await injectAs(app, admin.token, { method: 'GET', url: `/api/invoices/${draft._id}` });
    expect(read.json().data.invoice.exchangeRate).toBe(58.8);
  });

  it('stores null on a DOP invoice', async () => {
    const draft = await createInvoiceVia(app, admin.token, invoicePayload(companyId));
    const res = await issue(draft._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.invoice).toMatchObject({
      currency: 'DOP',
      exchangeRate: null,
      exchangeRateDate: null,
    });
  });
});

describe('the 607 of a USD invoice at 58.95', () => {
  it('reports the invoice and its credit note in pesos, half-up to the centavo', async () => {
    await setRate({ date: today, currency: 'USD', rate: 58.95 });
    const draft = await usdDraft();
    const issued = (await issue(draft._id)).json().data.invoice;
    expect(issued).toMatchObject({ exchangeRate: 58.95, exchangeRateDate: today, total: 2360 });
    expect(issued.history.map((h: { note: string | null }) => h.note).join(' · ')).toContain(
      `Tasa: RD$58.95 por US$1 (${dmy(today)})`,
    );
    // US$118.00 back, ITBIS included: 100.00 + 18.00 → RD$5,895.00 + RD$1,061.10.
    const note = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${draft._id}/credit-notes`,
      payload: { amount: 118, reason: 'Ajuste en dólares', modificationCode: 3 },
    });
    expect(note.statusCode, note.body).toBe(201);
    const noteNcf = note.json().data.creditNote.ncf;

    const period = today.slice(0, 7).replace('-', '');
    const get607 = () =>
      injectAs(app, admin.token, { method: 'GET', url: `/api/reports/dgii/607?period=${period}` });
    const res = await get607();
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.split('\r\n');
    const date = today.replaceAll('-', '');
    // US$2,000.00 × 58.95 = 117,900.00; ITBIS US$360.00 × 58.95 = 21,222.00; all on credit.
    expect(lines).toContain(
      `130458715|1|${issued.ncf}||01|${date}||117900.00|21222.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|139122.00|0.00|0.00|0.00`,
    );
    expect(lines).toContain(
      // The note follows its invoice (issue 42): nothing collected, so on credit, in pesos.
      `130458715|1|${noteNcf}|${issued.ncf}|01|${date}||5895.00|1061.10|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|6956.10|0.00|0.00|0.00`,
    );
    expect(res.body).not.toContain('|2000.00|360.00|');

    // An invoice issued before rates were stored: the 607 reads the stored rate of its day…
    await app.db
      .update(invoices)
      .set({ exchangeRate: null, exchangeRateDate: null })
      .where(eq(invoices.id, draft._id));
    expect((await get607()).body).toContain(`|${issued.ncf}||01|${date}||117900.00|21222.00|`);
    // …and refuses (409) to report dollars as pesos when there is none.
    await app.db.delete(exchangeRates).where(eq(exchangeRates.currency, 'USD'));
    const refused = await get607();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`${issued.ncf} (USD, ${dmy(today)})`);
  });
});
