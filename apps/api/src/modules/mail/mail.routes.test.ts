import type { MailOutboxMessage, Session } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { auditLog, emailOutbox } from '../../db/schema/index.js';
import { MailDispatcher, queueEmail } from '../../lib/mailer.js';

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
const failedIds: string[] = [];
let queuedId: string;
let sentId: string;

/** Queues a mail and marks it the way the dispatcher leaves it after its last failed attempt. */
async function failedMail(i: number): Promise<string> {
  const id = await queueEmail(app.db, {
    to: `fallido${i}@example.do`,
    subject: `Factura ${i}`,
    text: `Cuerpo secreto ${i}`,
  });
  await app.db
    .update(emailOutbox)
    .set({
      status: 'failed',
      attempts: 12,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      nextAttemptAt: new Date(Date.UTC(2026, 10, 20, 10, 0, i)),
      createdAt: new Date(Date.UTC(2026, 10, 19, 10, 0, i)),
    })
    .where(eq(emailOutbox.id, id));
  return id;
}

beforeAll(async () => {
  app = await createTestApp();
  [admin, employee, client] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, DEMO.client),
  ]);
  await app.db.delete(emailOutbox);
  for (let i = 1; i <= 25; i++) failedIds.push(await failedMail(i));
  queuedId = await queueEmail(app.db, { to: 'pendiente@example.do', subject: 'Pendiente', text: 'x' });
  sentId = await queueEmail(app.db, { to: 'enviado@example.do', subject: 'Enviado', text: 'x' });
  await app.db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: new Date() })
    .where(eq(emailOutbox.id, sentId));
});

const get = (s: Session, url: string) => injectAs(app, s.token, { method: 'GET', url: `/api${url}` });
const resend = (s: Session, id: string) =>
  injectAs(app, s.token, { method: 'POST', url: `/api/mail/outbox/${id}/resend` });

describe('GET /mail/outbox (admin view of failed mail, issue 13)', () => {
  it('is for admins only: employee and client get 403, no token 401', async () => {
    expect((await get(employee, '/mail/outbox')).statusCode).toBe(403);
    expect((await get(client, '/mail/outbox')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/mail/outbox' })).statusCode).toBe(401);
  });

  it('lists failed mail newest first in pages of the shared contract, without the body', async () => {
    const first = await get(admin, '/mail/outbox?status=failed&limit=10');
    expect(first.statusCode).toBe(200);
    const data = first.json().data as { messages: MailOutboxMessage[]; pagination: unknown };
    expect(data.pagination).toEqual({ page: 1, limit: 10, total: 25 });
    expect(data.messages.map((m) => m.subject)).toEqual(
      Array.from({ length: 10 }, (_, k) => `Factura ${25 - k}`),
    );
    expect(data.messages[0]).toEqual({
      _id: failedIds[24],
      to: 'fallido25@example.do',
      subject: 'Factura 25',
      status: 'failed',
      attempts: 12,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      createdAt: '2026-11-19T10:00:25.000Z',
      lastAttemptAt: '2026-11-20T10:00:25.000Z',
      nextAttemptAt: null,
    });
    expect(first.body).not.toContain('Cuerpo secreto');

    const last = (await get(admin, '/mail/outbox?page=3&limit=10')).json().data;
    expect(last.pagination).toEqual({ page: 3, limit: 10, total: 25 });
    expect(last.messages.map((m: MailOutboxMessage) => m.subject)).toEqual([
      'Factura 5',
      'Factura 4',
      'Factura 3',
      'Factura 2',
      'Factura 1',
    ]);
    const past = (await get(admin, '/mail/outbox?page=9&limit=10')).json().data;
    expect(past).toEqual({ messages: [], pagination: { page: 9, limit: 10, total: 25 } });
  });

  it('lists pending mail with its next attempt; sent mail is never listed', async () => {
    const data = (await get(admin, '/mail/outbox?status=queued')).json().data;
    expect(data.pagination).toEqual({ page: 1, limit: 20, total: 1 });
    expect(data.messages[0]).toMatchObject({ _id: queuedId, status: 'queued', lastAttemptAt: null });
    expect(Date.parse(data.messages[0].nextAttemptAt)).not.toBeNaN();
  });

  it('bad query values answer 400 with a Spanish message', async () => {
    for (const q of ['status=sent', 'status=%00', 'page=0', 'page=2147483648', 'limit=500', 'page=abc']) {
      const res = await get(admin, `/mail/outbox?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    const res = await get(admin, '/mail/outbox?limit=500');
    expect(res.json().errors[0].message).toBe('El límite máximo es 100');
  });
});

describe('POST /mail/outbox/{id}/resend', () => {
  it('is for admins only (employee and client 403) and changes nothing for them', async () => {
    expect((await resend(employee, failedIds[0]!)).statusCode).toBe(403);
    expect((await resend(client, failedIds[0]!)).statusCode).toBe(403);
    const [row] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, failedIds[0]!));
    expect(row).toMatchObject({ status: 'failed', attempts: 12 });
  });

  it('puts a failed mail back in the queue with 0 attempts, due now, and audits it', async () => {
    const id = failedIds[0]!;
    const before = Date.now();
    const res = await resend(admin, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toMatchObject({
      _id: id,
      status: 'queued',
      attempts: 0,
      lastError: null,
    });
    const [row] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lockedUntil: null, lastError: null });
    expect(Math.abs(row!.nextAttemptAt.getTime() - before)).toBeLessThan(5_000);
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mail.resent'), eq(auditLog.targetId, id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.user._id, targetType: 'email' });
    // It has left the failed list and joined the pending one.
    const failed = (await get(admin, '/mail/outbox')).json().data;
    expect(failed.pagination.total).toBe(24);
    expect(failed.messages.some((m: MailOutboxMessage) => m._id === id)).toBe(false);
    const pending = (await get(admin, '/mail/outbox?status=queued')).json().data;
    expect(pending.messages.map((m: MailOutboxMessage) => m._id)).toContain(id);
  });

  it('two admins resending at once: one 200, one 409, the mail queued once and audited once', async () => {
    const id = failedIds[1]!;
    const answers = await Promise.all([resend(admin, id), resend(admin, id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mail.resent'), eq(auditLog.targetId, id)));
    expect(entries).toHaveLength(1);
  });

  it('409 with a Spanish message when the mail is not failed; 404 when unknown; 400 on a bad id', async () => {
    const again = await resend(admin, failedIds[0]!);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Este correo ya está en cola; solo se pueden reenviar correos fallidos.',
    });
    const sent = await resend(admin, sentId);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe('Este correo ya fue enviado; solo se pueden reenviar correos fallidos.');
    const unknown = await resend(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Correo no encontrado');
    expect((await resend(admin, 'no-es-un-id')).statusCode).toBe(400);
  });
});

describe('resend flow with the dispatcher', () => {
  it('a mail that fails every attempt shows up as failed; resent, it is delivered once', async () => {
    const delivered: string[] = [];
    const smtp = { down: true };
    const transport = {
      sendMail: async (m: { to: string }) => {
        if (smtp.down)
          throw new Error('Invalid login: 535 smtp://agencia:clave-secreta@smtp.example.do rejected');
        delivered.push(m.to);
        return {};
      },
      close: () => {},
    } as unknown as Transporter;
    const quiet = { warn: () => {} } as unknown as FastifyBaseLogger;
    const dispatcher = new MailDispatcher(app.db, transport, 'no-reply@example.do', quiet, {
      maxAttempts: 3,
      backoffBaseSeconds: 0.01,
    });
    await app.db.delete(emailOutbox);
    const id = await queueEmail(app.db, { to: 'flujo@example.do', subject: 'Flujo', text: 'x' });
    for (let i = 0; i < 3; i++) {
      await dispatcher.flush();
      await new Promise((r) => setTimeout(r, 30));
    }
    const failed = (await get(admin, '/mail/outbox')).json().data;
    expect(failed.pagination.total).toBe(1);
    const shown = failed.messages[0] as MailOutboxMessage;
    expect(shown).toMatchObject({ _id: id, status: 'failed', attempts: 3, nextAttemptAt: null });
    expect(Math.abs(Date.parse(shown.lastAttemptAt!) - Date.now())).toBeLessThan(5_000);
    expect(shown.lastError).toBe('Invalid login: 535 smtp://[oculto]@smtp.example.do rejected');
    expect(await dispatcher.flush()).toBe(0);

    smtp.down = false;
    expect((await resend(admin, id)).statusCode).toBe(200);
    expect(await dispatcher.flush()).toBe(1);
    expect(delivered).toEqual(['flujo@example.do']);
    const [row] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await get(admin, '/mail/outbox')).json().data.pagination.total).toBe(0);
  });
});
