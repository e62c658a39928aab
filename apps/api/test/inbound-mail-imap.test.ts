import type { Session } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { inboundMail, ticketMessages, tickets } from '../src/db/schema/index.js';
import { TestDovecot } from './dovecot-server.js';
import { clonePgDatabase, DEMO, freshDatabase, injectAs, login, testConfig } from './helpers.js';

/*
 * Tickets by e-mail through IMAP polling (decision 168) against a real Dovecot started for this
 * file (test/dovecot-server.ts; `npm test` installs Debian's dovecot-imapd). Mail is delivered into
 * its Maildir with IMAP APPEND; two app instances poll the same mailbox at once.
 */

const SUPPORT = 'soporte@agencia.test';

describe('tickets by e-mail over IMAP, real Dovecot (decision 168)', () => {
  let dovecot: TestDovecot;
  let database: Database;
  const pools: Database[] = [];
  let drop: (() => Promise<void>) | null = null;
  const apps: FastifyInstance[] = [];
  let admin: Session;
  let client: Session;

  beforeAll(async () => {
    dovecot = await TestDovecot.start();
    const clone = await clonePgDatabase();
    if (clone) {
      drop = clone.drop;
      database = await openDatabase({ url: clone.url });
      for (let i = 0; i < 2; i++) pools.push(await openDatabase({ url: clone.url }));
    } else {
      database = await freshDatabase();
      pools.push(database, database);
    }
    for (const pool of pools) {
      const app = await buildApp({
        config: testConfig({
          inbound: {
            address: SUPPORT,
            smtpPort: null,
            smtpHost: '127.0.0.1',
            imapUrl: dovecot.url,
            imapFolder: 'INBOX',
            imapIntervalSeconds: 3600,
          },
        }),
        database: pool,
        logger: false,
      });
      await app.ready();
      apps.push(app);
    }
    [admin, client] = await Promise.all([login(apps[0]!, DEMO.admin), login(apps[0]!, DEMO.client)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    for (const p of new Set([...pools, database])) await p.close();
    if (drop) await drop();
    await dovecot?.stop();
  });

  const message = (headers: Record<string, string>, body: string) =>
    `${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;

  it('polls the mailbox: a reply threads into its ticket, an unknown sender waits unassigned, both are flagged \\Seen', async () => {
    const res = await injectAs(apps[0]!, client.token, {
      method: 'POST',
      url: '/api/tickets',
      payload: {
        title: 'Correo corporativo caído',
        description: 'No recibimos correos desde ayer en la oficina.',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json().data.ticket as { _id: string; ticketNumber: string };
    await dovecot.append(
      message(
        {
          From: DEMO.client,
          To: SUPPORT,
          Subject: `Re: [#${ticket.ticketNumber}] Correo corporativo caído`,
          'Message-ID': '<imap-1@demo.do>',
          Date: new Date().toUTCString(),
        },
        'Ya volvió a funcionar, gracias.\n\nEl mar., Soporte escribió:\n> ¿Puede probar ahora?',
      ),
    );
    await dovecot.append(
      message(
        {
          From: 'nuevo@desconocido.example',
          To: SUPPORT,
          Subject: 'Presupuesto',
          'Message-ID': '<imap-2@x.example>',
        },
        'Quisiera un presupuesto para una tienda en línea.',
      ),
    );

    const handled = await apps[0]!.inboundMail.imapPoller(dovecot.url).poll();
    expect(handled).toBe(2);
    const [reply] = await database.db
      .select()
      .from(inboundMail)
      .where(eq(inboundMail.messageId, '<imap-1@demo.do>'));
    expect(reply).toMatchObject({
      source: 'imap',
      status: 'added',
      matchedBy: 'subject',
      ticketId: ticket._id,
    });
    const messages = await database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket._id));
    expect(messages.map((m) => m.content)).toContain('Ya volvió a funcionar, gracias.');
    const [unknown] = await database.db
      .select()
      .from(inboundMail)
      .where(eq(inboundMail.messageId, '<imap-2@x.example>'));
    expect(unknown).toMatchObject({ source: 'imap', status: 'unassigned' });

    expect((await dovecot.flags()).every((f) => f.includes('\\Seen'))).toBe(true);
    // Nothing unseen is left: the next pass handles nothing.
    expect(await apps[0]!.inboundMail.imapPoller(dovecot.url).poll()).toBe(0);

    const status = await injectAs(apps[0]!, admin.token, { method: 'GET', url: '/api/mail/inbound/status' });
    expect(status.json().data.mode).toBe('imap');
    expect(status.json().data.sources).toContainEqual(
      expect.objectContaining({ source: 'imap', detail: `127.0.0.1:${dovecot.port}/INBOX`, lastError: null }),
    );
    // The log of received mail shows them.
    const log = await injectAs(apps[0]!, admin.token, { method: 'GET', url: '/api/mail/inbound' });
    const subjects = (log.json().data.messages as Array<{ subject: string }>).map((m) => m.subject);
    expect(subjects).toContain('Presupuesto');
  });

  it('two instances polling the same mailbox at once handle a new-ticket message once (one ticket)', async () => {
    const before = await database.db.select({ id: tickets.id }).from(tickets);
    await dovecot.append(
      message(
        {
          From: DEMO.client,
          To: SUPPORT,
          Subject: 'La factura no se descarga',
          'Message-ID': '<imap-3@demo.do>',
        },
        'Al hacer clic en descargar la factura no pasa nada.',
      ),
    );
    const [a, b] = await Promise.all(apps.map((app) => app.inboundMail.imapPoller(dovecot.url).poll()));
    expect(a! + b!).toBeGreaterThanOrEqual(1);
    const rows = await database.db
      .select()
      .from(inboundMail)
      .where(eq(inboundMail.messageId, '<imap-3@demo.do>'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('created');
    const after = await database.db.select({ id: tickets.id }).from(tickets);
    expect(after.length).toBe(before.length + 1);
  });

  it('a wrong password is recorded as the source error, not thrown at the user', async () => {
    const bad = dovecot.url.replace(':clave-de-prueba@', ':incorrecta@');
    await expect(apps[0]!.inboundMail.imapPoller(bad).poll()).rejects.toThrow();
    const status = await injectAs(apps[0]!, admin.token, { method: 'GET', url: '/api/mail/inbound/status' });
    const imap = (status.json().data.sources as Array<{ source: string; lastError: string | null }>).find(
      (s) => s.source === 'imap',
    );
    expect(imap?.lastError).toBeTruthy();
  });
});
