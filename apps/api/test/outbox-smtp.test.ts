import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { emailOutbox } from '../src/db/schema/index.js';
import type { MailDispatcherOptions } from '../src/lib/mailer.js';
import { queueEmail } from '../src/lib/mailer.js';
import { clonePgDatabase, freshDatabase, testConfig } from './helpers.js';

/**
 * Issue 13, decision 098: two app instances (two `buildApp()`, each with its own dispatcher and,
 * on PostgreSQL, its own connection pool: what two processes share) on one database, sending to
 * one real SMTP server (the `smtp-server` package). Each mail must arrive exactly once, and an SMTP
 * outage must delay mail, not lose it or mark it failed. Times are shrunk through the dispatcher
 * options: the first retry waits 0.1 s instead of 30 s (×300), so a 2-second outage here stands
 * for ten minutes in production.
 */

/** A real SMTP server on 127.0.0.1 that records every accepted message (recipient, subject). */
class SmtpSink {
  readonly received: Array<{ to: string; subject: string }> = [];
  private server: SMTPServer | null = null;
  port = 0;

  /** Listens on `port` (0 = any free port the first time; the same port after a restart). */
  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      disableReverseLookup: true,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
          for (const rcpt of session.envelope.rcptTo) this.received.push({ to: rcpt.address, subject });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: new connections are refused (ECONNREFUSED) until {@link start}. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/** Fast dispatcher: flush every 50 ms, retry after 0.1 s doubling up to 1 s, 12 attempts. */
const FAST: MailDispatcherOptions = {
  intervalMs: 50,
  backoffBaseSeconds: 0.1,
  backoffMaxSeconds: 1,
  maxAttempts: 12,
  leaseSeconds: 30,
};

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const countBy = (db: Database, status: 'queued' | 'sent' | 'failed') =>
  db.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, status))
    .then(([r]) => r?.n ?? 0);

describe('e-mail outbox: two app instances, one real SMTP server (issue 13)', () => {
  const sink = new SmtpSink();
  /** The database the test reads; on PostgreSQL each instance opens its own pool to it. */
  let database: Database;
  const pools: Database[] = [];
  let drop: (() => Promise<void>) | null = null;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    await sink.start();
    const clone = await clonePgDatabase();
    if (clone) {
      drop = clone.drop;
      database = await openDatabase({ url: clone.url });
      for (let i = 0; i < 2; i++) pools.push(await openDatabase({ url: clone.url }));
    } else {
      // PGlite is embedded in one process: both instances share it (the claim is still tested).
      database = await freshDatabase();
      pools.push(database, database);
    }
    await database.db.delete(emailOutbox);
  });

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await sink.stop();
    for (const p of new Set([...pools, database])) await p.close();
    if (drop) await drop();
  });

  /** Starts both instances; their dispatchers begin flushing right away. */
  async function startInstances(): Promise<void> {
    for (const pool of pools) {
      const app = await buildApp({
        config: testConfig({ smtpUrl: sink.url }),
        database: pool,
        logger: false,
        mail: FAST,
      });
      await app.ready();
      apps.push(app);
    }
  }

  it('100 queued mails are delivered exactly once by two instances', async () => {
    for (let i = 0; i < 100; i++)
      await queueEmail(database.db, { to: `persona${i}@example.do`, subject: `Correo ${i}`, text: 'Hola' });
    await startInstances();
    const started = performance.now();
    await waitFor(async () => (await countBy(database, 'sent')) === 100, 60_000);
    const ms = Math.round(performance.now() - started);
    // A late duplicate would show up here.
    await new Promise((r) => setTimeout(r, 300));
    const recipients = sink.received.map((m) => m.to);
    console.info(
      `[outbox] ${database.driver}: 100 mails, 2 instances, ${recipients.length} delivered, ` +
        `${recipients.length - new Set(recipients).size} duplicates, ${ms} ms`,
    );
    expect(recipients).toHaveLength(100);
    expect(new Set(recipients).size).toBe(100);
    expect(sink.received.find((m) => m.to === 'persona42@example.do')?.subject).toBe('Correo 42');
    expect(await countBy(database, 'queued')).toBe(0);
    expect(await countBy(database, 'failed')).toBe(0);
    const attempts = await database.db.select({ a: emailOutbox.attempts }).from(emailOutbox);
    expect(attempts.every((r) => r.a === 1)).toBe(true);
  }, 90_000);

  it('an SMTP outage delays mail, none is marked failed, and each arrives once after the restart', async () => {
    sink.received.length = 0;
    await database.db.delete(emailOutbox);
    await sink.stop();
    const outageStarted = performance.now();
    for (let i = 0; i < 20; i++)
      await queueEmail(database.db, { to: `espera${i}@example.do`, subject: `Aviso ${i}`, text: 'Hola' });
    // Let the instances fail for 2 s: several attempts each, backing off.
    await new Promise((r) => setTimeout(r, 2_000));
    const during = await database.db.select().from(emailOutbox);
    expect(during.every((r) => r.status === 'queued')).toBe(true);
    const maxAttempts = Math.max(...during.map((r) => r.attempts));
    expect(Math.min(...during.map((r) => r.attempts))).toBeGreaterThanOrEqual(2);
    expect(during.every((r) => r.lastError?.includes('ECONNREFUSED'))).toBe(true);
    expect(sink.received).toHaveLength(0);

    await sink.start();
    await waitFor(async () => (await countBy(database, 'sent')) === 20, 30_000);
    const ms = Math.round(performance.now() - outageStarted);
    await new Promise((r) => setTimeout(r, 300));
    const recipients = sink.received.map((m) => m.to);
    console.info(
      `[outbox] ${database.driver}: 20 mails through a 2 s outage, up to ${maxAttempts} attempts while down, ` +
        `${recipients.length} delivered, ${recipients.length - new Set(recipients).size} duplicates, ` +
        `all sent ${ms} ms after queueing`,
    );
    expect(recipients).toHaveLength(20);
    expect(new Set(recipients).size).toBe(20);
    expect(await countBy(database, 'failed')).toBe(0);
  }, 60_000);
});
