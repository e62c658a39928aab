import { businessToday, closedPeriodMessage, periodOfDay, type Session } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ageIssuedInvoice, createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { closePeriodInDb, fiscalCalls } from '../../../test/fiscal-factories.js';
import { injectAs, startDemoApp } from '../../../test/helpers.js';
import { auditLog, creditNotes, fiscalPeriods, invoicePayments } from '../../db/schema/index.js';

// Closed fiscal periods (issue 27, decision 135).

let app: FastifyInstance, admin: Session, employee: Session, client: Session;
let companyId: string;
const { issue } = fiscalCalls(() => ({ app, admin }));

const today = businessToday();
/** YYYYMM of the month `n` months before today's. */
function monthsAgo(n: number): string {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 7).replace('-', '');
}
const dayOf = (period: string, day: string) => `${period.slice(0, 4)}-${period.slice(4)}-${day}`;
const lastMonth = monthsAgo(1);
const thisMonth = periodOfDay(today);

const close = (period: unknown, token = admin.token) =>
  injectAs(app, token, { method: 'POST', url: '/api/fiscal/periods', payload: { period } });
const reopen = (period: string, reason: unknown, token = admin.token) =>
  injectAs(app, token, { method: 'DELETE', url: `/api/fiscal/periods/${period}`, payload: { reason } });
const list = (token = admin.token) => injectAs(app, token, { method: 'GET', url: '/api/fiscal/periods' });
const pay = (id: string, payload: object) =>
  injectAs(app, admin.token, { method: 'PUT', url: `/api/invoices/${id}/pay`, payload });

/** An invoice issued today, then aged to the 1st of `period` (issuing always dates today). */
async function issuedIn(period: string) {
  const draft = await createInvoiceVia(app, admin.token, invoicePayload(companyId));
  const res = await issue(draft._id);
  expect(res.statusCode, res.body).toBe(200);
  await ageIssuedInvoice(app, draft._id, { issueDate: dayOf(period, '01'), dueDate: dayOf(period, '28') });
  return draft._id as string;
}

const auditRows = (action: string) => app.db.select().from(auditLog).where(eq(auditLog.action, action));

beforeAll(async () => {
  ({ app, admin, employee, client } = await startDemoApp());
  companyId = client.user.clientId!;
});

describe('closed periods (/fiscal/periods)', () => {
  it('closes, lists newest first and reopens with a reason, audited; refuses a second close', async () => {
    const older = monthsAgo(3);
    const first = await close(older);
    expect(first.statusCode, first.body).toBe(201);
    const closed = await close(lastMonth);
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json().data.period).toMatchObject({
      period: lastMonth,
      closedBy: { _id: admin.user._id },
    });
    expect(Date.parse(closed.json().data.period.closedAt)).not.toBeNaN();

    const again = await close(lastMonth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('ya está cerrado');

    const listed = await list();
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.periods.map((p: { period: string }) => p.period)).toEqual([lastMonth, older]);
    expect((await auditRows('fiscal.period_closed')).map((r) => r.metadata)).toEqual(
      expect.arrayContaining([{ period: older }, { period: lastMonth }]),
    );

    expect((await reopen(older, '  abc ')).statusCode).toBe(400);
    const reopened = await reopen(older, '  Retención recibida tarde  ');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data.period.period).toBe(older);
    expect(await app.db.select().from(fiscalPeriods).where(eq(fiscalPeriods.period, older))).toHaveLength(0);
    const [row] = await auditRows('fiscal.period_reopened');
    expect(row).toMatchObject({
      actorId: admin.user._id,
      metadata: expect.objectContaining({ period: older, reason: 'Retención recibida tarde' }),
    });
    expect((await reopen(older, 'Otra vez por error')).statusCode).toBe(404);
  });

  it('refuses the current or a future month and a malformed period (400)', async () => {
    for (const period of [thisMonth, monthsAgo(-2)]) {
      const res = await close(period);
      expect(res.statusCode, period).toBe(400);
      expect(res.json().message).toContain('aún no ha terminado');
    }
    for (const period of ['2026-10', '202613', '20261', 202610, '201712']) {
      expect((await close(period)).statusCode, String(period)).toBe(400);
    }
    expect((await reopen('2026-10', 'Motivo válido')).statusCode).toBe(400);
  });

  it('is admin only (403 for employees and clients)', async () => {
    for (const s of [employee, client]) {
      expect((await list(s.token)).statusCode).toBe(403);
      expect((await close(monthsAgo(5), s.token)).statusCode).toBe(403);
      expect((await reopen(lastMonth, 'Motivo válido', s.token)).statusCode).toBe(403);
    }
  });
});

describe('nothing dated in a closed month is written (409)', () => {
  it('refuses a payment or withholding dated in a closed month, writes nothing, and accepts it once reopened', async () => {
    const period = monthsAgo(2);
    const id = await issuedIn(period);
    expect((await close(period)).statusCode).toBe(201);

    const paid = await pay(id, { amount: 100, paidDate: dayOf(period, '15') });
    expect(paid.statusCode, paid.body).toBe(409);
    expect(paid.json().message).toBe(closedPeriodMessage(period));
    expect(paid.json().message).toContain(`El período ${period.slice(0, 4)}-${period.slice(4)} está cerrado`);
    const withheld = await pay(id, {
      amount: 100,
      paidDate: today,
      itbisWithheld: 10,
      retentionDate: dayOf(period, '20'),
    });
    expect(withheld.statusCode, withheld.body).toBe(409);
    expect(withheld.json().errors).toEqual([
      { field: 'retentionDate', message: closedPeriodMessage(period) },
    ]);
    expect(await app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id))).toHaveLength(
      0,
    );

    expect((await reopen(period, 'Pago recibido tarde')).statusCode).toBe(200);
    const ok = await pay(id, { amount: 100, paidDate: dayOf(period, '15') });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id))).toHaveLength(
      1,
    );
  });

  it('refuses a credit note, an invoice issue and an NCF void while the current month is closed', async () => {
    const invoiceId = await issuedIn(lastMonth);
    const draft = await createInvoiceVia(app, admin.token, invoicePayload(companyId));
    const [seq] = (await injectAs(app, admin.token, { method: 'GET', url: '/api/fiscal/sequences' }))
      .json()
      .data.sequences.filter(
        (s: { documentType: string; active: boolean }) => s.documentType === 'B01' && s.active,
      );
    await closePeriodInDb(app, thisMonth, admin.user._id);

    const note = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${invoiceId}/credit-notes`,
      payload: { amount: 100, modificationCode: 3, reason: 'Descuento acordado' },
    });
    expect(note.statusCode, note.body).toBe(409);
    expect(note.json().message).toBe(closedPeriodMessage(thisMonth));
    expect(await app.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId))).toHaveLength(
      0,
    );

    const issued = await issue(draft._id);
    expect(issued.statusCode, issued.body).toBe(409);
    expect(issued.json().message).toBe(closedPeriodMessage(thisMonth));

    const voided = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/fiscal/sequences/${seq._id}/void`,
      payload: { count: 1, annulmentType: '04' },
    });
    expect(voided.statusCode, voided.body).toBe(409);
    const after = (await injectAs(app, admin.token, { method: 'GET', url: '/api/fiscal/sequences' }))
      .json()
      .data.sequences.find((s: { _id: string }) => s._id === seq._id);
    expect(after.nextNcf).toBe(seq.nextNcf);
    await app.db.delete(fiscalPeriods).where(eq(fiscalPeriods.period, thisMonth));
  });
});

describe('filed months that need a rectified 607 (GET /fiscal/periods/corrections)', () => {
  const corrections = async (token = admin.token) => {
    const res = await injectAs(app, token, { method: 'GET', url: '/api/fiscal/periods/corrections' });
    return res;
  };

  it('lists a filed month once something dated in it is recorded after its closing, and not before', async () => {
    const period = monthsAgo(4);
    const id = await issuedIn(period);
    expect((await close(period)).statusCode).toBe(201);
    const listed = (await corrections()).json().data.corrections as Array<{ period: string }>;
    expect(listed.map((c) => c.period)).not.toContain(period);

    // The buyer's late withholding arrives: the month is reopened to record it.
    expect((await reopen(period, 'Retención del cliente recibida tarde')).statusCode).toBe(200);
    const paid = await pay(id, {
      amount: 100,
      paidDate: dayOf(period, '20'),
      itbisWithheld: 10,
      retentionDate: dayOf(period, '20'),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const res = await corrections();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.corrections).toContainEqual({
      period,
      firstClosedAt: expect.any(String),
      payments: 1,
      creditNotes: 0,
      voids: 0,
    });
  });

  it('is admin only', async () => {
    for (const s of [employee, client]) expect((await corrections(s.token)).statusCode).toBe(403);
  });
});
