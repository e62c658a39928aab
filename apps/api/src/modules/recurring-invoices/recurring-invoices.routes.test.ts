import { businessToday, type CreateRecurringInvoiceRequest, type Session } from '@agencia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { emailOutbox, invoiceEvents, invoices, jobRuns, scheduledJobs } from '../../db/schema/index.js';
import { JobRunner } from '../jobs/jobs.runner.js';
import { generateDueRecurringInvoices } from './recurring-invoices.run.js';

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
let client2: Session;
let clientId: string;

/** A valid `POST /recurring-invoices` body for the demo client (one line of RD$25,000), with overrides. */
function retainerPayload(
  overrides: Partial<CreateRecurringInvoiceRequest> = {},
): CreateRecurringInvoiceRequest {
  return {
    clientId,
    frequency: 'monthly',
    dayOfMonth: 5,
    startDate: '2026-01-05',
    autoSend: false,
    items: [{ description: 'Iguala de mantenimiento web', quantity: 1, unitPrice: 25_000 }],
    ...overrides,
  };
}

async function createRetainer(overrides: Partial<CreateRecurringInvoiceRequest> = {}) {
  const res = await injectAs(app, admin.token, {
    method: 'POST',
    url: '/api/recurring-invoices',
    payload: retainerPayload(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create retainer failed: ${res.statusCode} ${res.body}`);
  return res.json().data.recurringInvoice;
}

const invoicesOf = (retainerId: string) =>
  app.db
    .select()
    .from(invoices)
    .where(eq(invoices.recurringInvoiceId, retainerId))
    .orderBy(invoices.periodStart);

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  employee = await login(app, DEMO.employee);
  client = await login(app, DEMO.client);
  client2 = await login(app, DEMO.client2);
  clientId = client.user.clientId!;
});

describe('retainers API', () => {
  it('creates a retainer (201 data.recurringInvoice) whose next invoice is the current period', async () => {
    const r = await createRetainer({ startDate: '2020-01-05' });
    expect(r).toMatchObject({ frequency: 'monthly', dayOfMonth: 5, status: 'active', total: 29_500 });
    const today = businessToday();
    const day = today.slice(8) >= '05' ? today.slice(0, 8) : null;
    // The start is years back: earlier periods are not back-billed.
    expect(r.nextInvoiceDate >= '2020-02-01').toBe(true);
    if (day) expect(r.nextInvoiceDate).toBe(`${day}05`);
  });

  it('refuses bad input with a Spanish 400', async () => {
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/recurring-invoices',
      payload: retainerPayload({ dayOfMonth: 32, items: [] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/día|ítem/i);
    const end = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/recurring-invoices',
      payload: retainerPayload({ startDate: '2026-03-10', endDate: '2026-03-01' }),
    });
    expect(end.statusCode).toBe(400);
    expect(end.json().message).toBe('La fecha final no puede ser anterior a la de inicio');
  });

  it('run now creates the period invoice once; a second call answers the same invoice', async () => {
    const r = await createRetainer({
      startDate: businessToday(),
      dayOfMonth: Number(businessToday().slice(8)),
    });
    const url = `/api/recurring-invoices/${r._id}/run`;
    const [a, b] = await Promise.all([
      injectAs(app, admin.token, { method: 'POST', url }),
      injectAs(app, admin.token, { method: 'POST', url }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().data.invoice._id).toBe(b.json().data.invoice._id);
    const c = await injectAs(app, admin.token, { method: 'POST', url });
    expect(c.json().data.invoice._id).toBe(a.json().data.invoice._id);
    expect(c.json().data.created).toBe(false);
    const rows = await invoicesOf(r._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'draft', periodStart: businessToday(), totalCents: 2_950_000 });
  });

  it('with autoSend the generated invoice is issued with an NCF and e-mailed with its PDF', async () => {
    const r = await createRetainer({
      startDate: businessToday(),
      dayOfMonth: Number(businessToday().slice(8)),
      autoSend: true,
    });
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/recurring-invoices/${r._id}/run`,
    });
    expect(res.statusCode).toBe(200);
    const inv = res.json().data.invoice;
    expect(inv.status).toBe('sent');
    expect(inv.ncf).toMatch(/^B0\d{9}$/);
    const [mail] = await app.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} like ${`Factura ${inv.invoiceNumber} %`}`);
    expect(mail?.attachments[0]?.contentType).toBe('application/pdf');
    // The client sees it in Mis Facturas, and the retainer in its list.
    const list = await injectAs(app, client.token, { method: 'GET', url: '/api/invoices?limit=100' });
    expect(list.json().data.invoices.map((i: { _id: string }) => i._id)).toContain(inv._id);
    const mine = await injectAs(app, client.token, { method: 'GET', url: '/api/recurring-invoices' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.recurringInvoices.map((x: { _id: string }) => x._id)).toContain(r._id);
  });

  it('two job runs racing create one invoice per period', async () => {
    const r = await createRetainer({ startDate: '2026-01-05' });
    const today = r.nextInvoiceDate as string;
    const [one, two] = await Promise.all([
      generateDueRecurringInvoices(app.db, today),
      generateDueRecurringInvoices(app.db, today),
    ]);
    expect([one, two]).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+ facturas? creadas?$/)]));
    expect(await invoicesOf(r._id)).toHaveLength(1);
    // Next day: nothing new for this retainer.
    await generateDueRecurringInvoices(app.db, today);
    expect(await invoicesOf(r._id)).toHaveLength(1);
  });

  it('the job creates the next period when it comes; pause stops it, resume continues', async () => {
    const r = await createRetainer({ startDate: '2026-01-05' });
    const first = r.nextInvoiceDate as string;
    await generateDueRecurringInvoices(app.db, first);
    const pause = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/recurring-invoices/${r._id}`,
      payload: { status: 'paused' },
    });
    expect(pause.json().data.recurringInvoice.status).toBe('paused');
    const next = pause.json().data.recurringInvoice.nextInvoiceDate as string;
    expect(next > first).toBe(true);
    await generateDueRecurringInvoices(app.db, next);
    expect(await invoicesOf(r._id)).toHaveLength(1);
    const run = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/recurring-invoices/${r._id}/run`,
    });
    // Today's period is already invoiced: run now answers it even while paused.
    expect(run.statusCode).toBe(200);
    await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/recurring-invoices/${r._id}`,
      payload: { status: 'active' },
    });
    await generateDueRecurringInvoices(app.db, next);
    const rows = await invoicesOf(r._id);
    expect(rows.map((i) => i.periodStart)).toEqual([first, next]);
  });

  it('edits apply to future periods only', async () => {
    const r = await createRetainer({ startDate: '2026-01-05' });
    const first = r.nextInvoiceDate as string;
    await generateDueRecurringInvoices(app.db, first);
    const put = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/recurring-invoices/${r._id}`,
      payload: {
        items: [{ description: 'Iguala ampliada', quantity: 1, unitPrice: 40_000 }],
        dayOfMonth: 20,
      },
    });
    expect(put.statusCode).toBe(200);
    const next = put.json().data.recurringInvoice.nextInvoiceDate as string;
    expect(next.slice(8)).toBe('20');
    expect(next > first).toBe(true);
    await generateDueRecurringInvoices(app.db, next);
    const rows = await invoicesOf(r._id);
    expect(rows.map((i) => i.totalCents)).toEqual([2_950_000, 4_720_000]);
  });

  it('stops after count invoices', async () => {
    const r = await createRetainer({ startDate: '2026-01-05', count: 1 });
    const later = new Date(`${r.nextInvoiceDate}T00:00:00Z`);
    later.setUTCMonth(later.getUTCMonth() + 2);
    await generateDueRecurringInvoices(app.db, later.toISOString().slice(0, 10));
    expect(await invoicesOf(r._id)).toHaveLength(1);
    const get = await injectAs(app, admin.token, { method: 'GET', url: `/api/recurring-invoices/${r._id}` });
    expect(get.json().data.recurringInvoice).toMatchObject({
      finished: true,
      nextInvoiceDate: null,
      generatedCount: 1,
    });
  });

  it('role checks: employee 403, client 403 on writes and 404 on another client', async () => {
    const r = await createRetainer();
    const url = `/api/recurring-invoices/${r._id}`;
    expect(
      (await injectAs(app, employee.token, { method: 'GET', url: '/api/recurring-invoices' })).statusCode,
    ).toBe(403);
    expect((await injectAs(app, employee.token, { method: 'POST', url: `${url}/run` })).statusCode).toBe(403);
    expect(
      (
        await injectAs(app, client.token, {
          method: 'POST',
          url: '/api/recurring-invoices',
          payload: retainerPayload(),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await injectAs(app, client.token, { method: 'PUT', url, payload: { status: 'paused' } })).statusCode,
    ).toBe(403);
    expect((await injectAs(app, client.token, { method: 'POST', url: `${url}/run` })).statusCode).toBe(403);
    expect((await injectAs(app, client.token, { method: 'GET', url })).statusCode).toBe(200);
    expect((await injectAs(app, client2.token, { method: 'GET', url })).statusCode).toBe(404);
    const theirs = await injectAs(app, client2.token, { method: 'GET', url: '/api/recurring-invoices' });
    expect(theirs.json().data.recurringInvoices.map((x: { _id: string }) => x._id)).not.toContain(r._id);
  });
});

describe('scheduled jobs runner', () => {
  it('lists the jobs (admin only) and runs one now', async () => {
    expect((await injectAs(app, client.token, { method: 'GET', url: '/api/jobs' })).statusCode).toBe(403);
    expect(
      (await injectAs(app, employee.token, { method: 'POST', url: '/api/jobs/payment-reminders/run' }))
        .statusCode,
    ).toBe(403);
    const list = await injectAs(app, admin.token, { method: 'GET', url: '/api/jobs' });
    expect(list.json().data.jobs.map((j: { name: string }) => j.name)).toEqual([
      'recurring-invoices',
      'payment-reminders',
      'lead-follow-ups',
      'quote-expiry',
      'ecf-certificate',
    ]);
    const run = await injectAs(app, admin.token, { method: 'POST', url: '/api/jobs/payment-reminders/run' });
    expect(run.statusCode).toBe(200);
    expect(run.json().data.job).toMatchObject({ lastStatus: 'ok', failures: 0, running: false });
    expect((await injectAs(app, admin.token, { method: 'POST', url: '/api/jobs/nada/run' })).statusCode).toBe(
      404,
    );
  });

  it('two runners ticking at once run a due job once; a finished day is not run again', async () => {
    const calls: string[] = [];
    const job = {
      name: 'test-counter',
      label: 'Prueba',
      description: 'Cuenta ejecuciones',
      hour: 6,
      run: async ({ today }: { today: string }) => {
        calls.push(today);
        await new Promise((r) => setTimeout(r, 50));
        return 'ok';
      },
    };
    const a = new JobRunner(app.db, [job]);
    const b = new JobRunner(app.db, [job]);
    await a.register(new Date('2026-03-01T12:00:00Z'));
    const asOf = new Date('2026-03-02T12:00:00Z');
    const [ra, rb] = await Promise.all([a.tick(asOf), b.tick(asOf)]);
    expect(ra.length + rb.length).toBe(1);
    expect(calls).toEqual(['2026-03-02']);
    const [row] = await app.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test-counter'));
    expect(row?.nextRunAt.toISOString()).toBe('2026-03-03T10:00:00.000Z');
    expect(row?.lockedUntil).toBeNull();
    // Forced back to due the same day: the ok run of 2026-03-02 is not repeated.
    await app.db.update(scheduledJobs).set({ nextRunAt: asOf }).where(eq(scheduledJobs.name, 'test-counter'));
    await a.tick(asOf);
    expect(calls).toEqual(['2026-03-02']);
    const runs = await app.db.select().from(jobRuns).where(eq(jobRuns.jobName, 'test-counter'));
    expect(runs).toHaveLength(1);
  });

  it('a failing job records the error and failures and retries later', async () => {
    const failing = new JobRunner(app.db, [
      {
        name: 'test-failing',
        label: 'Falla',
        description: 'Siempre falla',
        hour: 6,
        run: async () => {
          throw new Error('Servidor de correo caído');
        },
      },
    ]);
    const job = await failing.runNow('test-failing', new Date('2026-03-02T12:00:00Z'));
    expect(job).toMatchObject({ lastStatus: 'error', lastError: 'Servidor de correo caído', failures: 1 });
    const again = await failing.runNow('test-failing', new Date('2026-03-02T12:00:00Z'));
    expect(again.failures).toBe(2);
    const [run] = await app.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.jobName, 'test-failing'), eq(jobRuns.periodKey, '2026-03-02')));
    expect(run).toMatchObject({ status: 'error', attempts: 2 });
  });

  it('the recurring-invoices job through the runner with an "as of" date', async () => {
    const r = await createRetainer({ startDate: '2026-01-05' });
    const asOf = new Date(`${r.nextInvoiceDate}T15:00:00Z`);
    const job = await app.jobs.runNow('recurring-invoices', asOf);
    expect(job.lastStatus).toBe('ok');
    expect(job.lastSummary).toMatch(/creada/);
    expect(await invoicesOf(r._id)).toHaveLength(1);
    const [created] = await invoicesOf(r._id);
    const events = await app.db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, created!.id));
    expect(events.map((e) => e.event)).toContain('created');
  });
});
