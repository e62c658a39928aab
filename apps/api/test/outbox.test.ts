import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { emailOutbox } from '../src/db/schema/index.js';
import { backoffSeconds, MAX_ATTEMPTS, MailDispatcher, queueEmail } from '../src/lib/mailer.js';
import { freshDatabase } from './helpers.js';

const quiet = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

/** A transport that records what it delivers (or fails while `down`), like an SMTP sink. */
function sink() {
  const delivered: string[] = [];
  const state = { down: false };
  const transport = {
    sendMail: async (m: { to: string }) => {
      if (state.down)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ECONNREFUSED' });
      await new Promise((r) => setTimeout(r, 1));
      delivered.push(m.to);
      return {};
    },
    verify: async () => true as const,
    close: () => {},
  } as unknown as Transporter;
  return { delivered, state, transport };
}

describe('e-mail outbox with several processes (issue 13)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
    await database.db.delete(emailOutbox);
  });
  afterAll(() => database.close());

  it('two dispatchers on one database deliver each of 100 mails exactly once', async () => {
    for (let i = 0; i < 100; i++)
      await queueEmail(database.db, { to: `persona${i}@example.do`, subject: `Correo ${i}`, text: 'Hola' });
    const smtp = sink();
    const a = new MailDispatcher(database.db, smtp.transport, 'no-reply@example.do', quiet);
    const b = new MailDispatcher(database.db, smtp.transport, 'no-reply@example.do', quiet);
    for (let round = 0; round < 10; round++) await Promise.all([a.flush(), b.flush(), a.flush(), b.flush()]);
    expect(smtp.delivered).toHaveLength(100);
    expect(new Set(smtp.delivered).size).toBe(100);
    const [left] = await database.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'queued'));
    expect(left!.n).toBe(0);
  });

  it('an SMTP outage delays mail with exponential backoff and loses nothing', async () => {
    await database.db.delete(emailOutbox);
    const id = await queueEmail(database.db, {
      to: 'cliente@example.do',
      subject: 'Factura',
      text: 'Adjunta',
    });
    const smtp = sink();
    const dispatcher = new MailDispatcher(database.db, smtp.transport, 'no-reply@example.do', quiet);
    smtp.state.down = true;
    for (let attempt = 1; attempt <= 4; attempt++) {
      await dispatcher.flush();
      const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row).toMatchObject({ status: 'queued', attempts: attempt });
      const waitMs = row!.nextAttemptAt.getTime() - Date.now();
      expect(waitMs).toBeGreaterThan((backoffSeconds(attempt) - 5) * 1000);
      // Not retried before its time…
      expect(await dispatcher.flush()).toBe(0);
      // …then the clock "moves on".
      await database.db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(emailOutbox.id, id));
    }
    smtp.state.down = false;
    expect(await dispatcher.flush()).toBe(1);
    expect(smtp.delivered).toEqual(['cliente@example.do']);
    expect(backoffSeconds(1)).toBe(30);
    expect(backoffSeconds(MAX_ATTEMPTS)).toBe(6 * 3600);
  });
});
