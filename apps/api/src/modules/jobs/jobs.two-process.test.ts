import { spawn } from 'node:child_process';
import path from 'node:path';
import { businessToday, type Session } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clonePgDatabase, DEMO, injectAs, login, testConfig } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { invoices, jobRuns, scheduledJobs } from '../../db/schema/index.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../../test/fixtures/job-runner-process.ts');

/** Runs the fixture in its own Node process; resolves with its exit code once it exits. */
function runnerProcess(url: string, ms: number): { ready: Promise<void>; exited: Promise<number> } {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, url, String(ms)], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
  });
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  return { ready, exited };
}

// Two OS processes need one shared server: PostgreSQL only (PGlite is embedded in one process).
describe.runIf(process.env.TEST_DATABASE_URL)('scheduled jobs across two processes (PostgreSQL)', () => {
  let clone: Awaited<ReturnType<typeof clonePgDatabase>>;
  let app: FastifyInstance;
  let admin: Session;
  let clientId: string;

  beforeAll(async () => {
    clone = await clonePgDatabase();
    if (!clone) throw new Error('TEST_DATABASE_URL is set but no PostgreSQL template was prepared');
    const database = await openDatabase({ url: clone.url });
    app = await buildApp({ config: testConfig(), database, closeDatabase: true, logger: false });
    await app.ready();
    admin = await login(app, DEMO.admin);
    clientId = (await login(app, DEMO.client)).user.clientId!;
  });

  afterAll(async () => {
    await app?.close();
    await clone?.drop();
  });

  it('two processes on their timers create one retainer invoice and record one run', async () => {
    const today = businessToday();
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/recurring-invoices',
      payload: {
        clientId,
        frequency: 'monthly',
        dayOfMonth: Number(today.slice(8, 10)),
        startDate: today,
        autoSend: false,
        items: [{ description: 'Iguala de mantenimiento web', quantity: 1, unitPrice: 25_000 }],
      },
    });
    expect(res.statusCode).toBe(201);
    const retainer = res.json().data.recurringInvoice as { _id: string; nextInvoiceDate: string };
    expect(retainer.nextInvoiceDate).toBe(today);
    // The daily job is due now for both processes.
    await app.db
      .insert(scheduledJobs)
      .values({ name: 'recurring-invoices', nextRunAt: new Date(Date.now() - 60_000) })
      .onConflictDoUpdate({ target: scheduledJobs.name, set: { nextRunAt: new Date(Date.now() - 60_000) } });

    const a = runnerProcess(clone!.url, 3_000);
    const b = runnerProcess(clone!.url, 3_000);
    await Promise.all([a.ready, b.ready]);
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);

    const created = await app.db.select().from(invoices).where(eq(invoices.recurringInvoiceId, retainer._id));
    expect(created).toHaveLength(1);
    expect(created[0]?.periodStart).toBe(today);
    const runs = await app.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.jobName, 'recurring-invoices'), eq(jobRuns.periodKey, today)));
    expect(runs).toHaveLength(1);
    expect(runs[0]?.status).toBe('ok');
    const [job] = await app.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'recurring-invoices'));
    expect(job!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    expect(job!.lockedUntil).toBeNull();
  }, 30_000);
});
