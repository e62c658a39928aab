import type { AddressInfo } from 'node:net';
import type { Session } from '@agencia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Database, openDatabase } from '../src/db/client.js';
import {
  clients,
  emailOutbox,
  inboundMail,
  ticketMessages,
  ticketRelations,
  tickets,
  users,
} from '../src/db/schema/index.js';
import { queueEmail } from '../src/lib/mailer.js';
import { clonePgDatabase, DEMO, freshDatabase, injectAs, login, testConfig } from './helpers.js';

/*
 * Tickets by e-mail (decision 168) over the real protocols: mail sent with nodemailer to the app's
 * SMTP listener (smtp-server), outgoing ticket mail captured by a real SMTP sink, and (in
 * inbound-mail-imap.test.ts) mail fetched from a real Dovecot. Runs on PGlite and PostgreSQL.
 */

const SUPPORT = 'soporte@agencia.test';

/** A real SMTP server that keeps every message it accepts, raw. */
class SmtpCapture {
  readonly messages: Array<{ to: string[]; raw: Buffer }> = [];
  private server: SMTPServer | null = null;
  port = 0;
  async start() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      disableReverseLookup: true,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }
  async stop() {
    if (this.server) await new Promise<void>((r) => this.server!.close(() => r()));
  }
}

describe('tickets by e-mail over SMTP (decision 168)', () => {
  const capture = new SmtpCapture();
  let database: Database;
  const pools: Database[] = [];
  let drop: (() => Promise<void>) | null = null;
  const apps: FastifyInstance[] = [];
  let app: FastifyInstance;
  let listenerPort = 0;
  let admin: Session;
  let employee: Session;
  let client: Session;
  let clientUserId: string;

  beforeAll(async () => {
    await capture.start();
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
      const a = await buildApp({
        config: testConfig({
          smtpUrl: `smtp://127.0.0.1:${capture.port}`,
          inbound: {
            address: SUPPORT,
            smtpPort: null,
            smtpHost: '127.0.0.1',
            imapUrl: null,
            imapFolder: 'INBOX',
            imapIntervalSeconds: 60,
          },
        }),
        database: pool,
        logger: false,
        // The test flushes the outbox itself.
        mail: { intervalMs: 3_600_000 },
      });
      await a.ready();
      apps.push(a);
    }
    app = apps[0]!;
    listenerPort = (await app.inboundMail.startSmtp(0)).port;
    [admin, employee, client] = await Promise.all([
      login(app, DEMO.admin),
      login(app, DEMO.employee),
      login(app, DEMO.client),
    ]);
    clientUserId = client.user._id;
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await capture.stop();
    for (const p of new Set([...pools, database])) await p.close();
    if (drop) await drop();
  });

  const as = (s: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    injectAs(app, s.token, { method, url: `/api${url}`, payload: payload as never });

  /** Sends a message to the listener over SMTP (resolves once the pipeline stored it). */
  async function sendToListener(message: SendMailOptions, port = listenerPort) {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    try {
      return await transport.sendMail({ to: SUPPORT, ...message });
    } finally {
      transport.close();
    }
  }

  async function newTicket(title = 'La tienda en línea no carga') {
    const res = await as(client, 'POST', '/tickets', {
      title,
      description: 'Desde esta mañana la tienda en línea muestra una pantalla en blanco.',
      type: 'bug',
    });
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json().data.ticket as { _id: string; ticketNumber: string };
    const [row] = await database.db.select().from(tickets).where(eq(tickets.id, t._id));
    return { id: t._id, number: row!.number, label: t.ticketNumber };
  }

  /** Staff answers on the portal; the client's notification mail is sent and returned parsed. */
  async function staffReplyMail(ticketId: string, content = 'Estamos revisando el servidor.') {
    await app.mailer!.flush();
    const before = capture.messages.length;
    const res = await as(admin, 'POST', `/tickets/${ticketId}/messages`, { content });
    expect(res.statusCode, res.body).toBe(201);
    await app.mailer!.flush();
    const mine = capture.messages.slice(before).filter((m) => m.to.includes(DEMO.client));
    expect(mine).toHaveLength(1);
    return simpleParser(mine[0]!.raw);
  }

  async function conversation(ticketId: string) {
    return database.db
      .select({
        content: ticketMessages.content,
        authorId: ticketMessages.authorId,
        isInternal: ticketMessages.isInternal,
      })
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticketId))
      .orderBy(ticketMessages.createdAt);
  }

  async function inboundRow(messageId: string) {
    const [row] = await database.db.select().from(inboundMail).where(eq(inboundMail.messageId, messageId));
    return row;
  }

  it('outgoing ticket mail carries its Message-ID, In-Reply-To, References, signed Reply-To, subject tag, marker and Auto-Submitted', async () => {
    const t = await newTicket();
    const mail = await staffReplyMail(t.id);
    expect(mail.messageId).toMatch(/^<outbox-[0-9a-f-]{36}@agencia\.test>$/);
    expect(mail.inReplyTo).toBe(`<ticket-${t.id}@agencia.test>`);
    expect(mail.references).toContain(`<ticket-${t.id}@agencia.test>`);
    expect(mail.replyTo?.value[0]?.address).toMatch(
      new RegExp(`^soporte\\+t${t.number}-[0-9a-f]{12}@agencia\\.test$`),
    );
    expect(mail.subject).toContain(`[#${t.label}]`);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.text).toMatch(new RegExp(`ref:t${t.number}-[0-9a-f]{12}`));
  });

  it('threads a reply by its Message-ID and cuts the quoted history (email-reply-parser)', async () => {
    const t = await newTicket();
    const ours = await staffReplyMail(t.id);
    const sent = await sendToListener({
      from: `Cliente Demo <${DEMO.client}>`,
      subject: 'Re: respuesta',
      inReplyTo: ours.messageId,
      references: [ours.messageId!],
      text: `Gracias, ya carga otra vez.\n\nEl lun, 5 may 2025 a las 10:00, Soporte <${SUPPORT}> escribió:\n> Estamos revisando el servidor.\n> ref:t999-000000000000\n`,
    });
    const row = await inboundRow(sent.messageId);
    expect(row).toMatchObject({ status: 'added', matchedBy: 'message_id', ticketId: t.id });
    const messages = await conversation(t.id);
    const last = messages.at(-1)!;
    expect(last.content).toBe('Gracias, ya carga otra vez.');
    expect(last.authorId).toBe(clientUserId);
    // The staff member is told by e-mail, and that mail is threaded under the client's message.
    await app.mailer!.flush();
    const staffMail = capture.messages.at(-1)!;
    const parsed = await simpleParser(staffMail.raw);
    expect(parsed.subject).toContain(`[#${t.label}]`);
    expect(parsed.inReplyTo).toBe(sent.messageId);
  });

  it('threads a reply by the signed plus address of Reply-To, and refuses a forged token', async () => {
    const t = await newTicket();
    const ours = await staffReplyMail(t.id);
    const plus = ours.replyTo!.value[0]!.address!;
    const sent = await sendToListener({
      from: DEMO.client,
      to: plus,
      subject: 'Sin asunto conocido',
      text: 'Adjunto la captura que pidieron.',
      attachments: [{ filename: 'nota.txt', content: 'Error 500 en /checkout' }],
    });
    const row = await inboundRow(sent.messageId);
    expect(row).toMatchObject({ status: 'added', matchedBy: 'token', ticketId: t.id });
    expect(row!.attachments).toHaveLength(1);
    expect((await conversation(t.id)).at(-1)!.content).toBe('Adjunto la captura que pidieron.');

    const forged = plus.replace(/-[0-9a-f]{12}@/, '-000000000000@');
    const other = await sendToListener({ from: DEMO.client, to: forged, subject: 'Hola', text: 'Texto' });
    const forgedRow = await inboundRow(other.messageId);
    expect(forgedRow?.matchedBy).not.toBe('token');
  });

  it('threads by the subject tag; a staff member writing by e-mail posts a staff reply', async () => {
    const t = await newTicket();
    await app.mailer!.flush();
    const before = capture.messages.length;
    const sent = await sendToListener({
      from: DEMO.employee,
      subject: `RE: [#${t.label}] La tienda`,
      text: 'Ya reiniciamos el servicio, por favor confirme.\n\n--\nEmpleado Demo\nAgencia',
    });
    const row = await inboundRow(sent.messageId);
    expect(row).toMatchObject({ status: 'added', matchedBy: 'subject', ticketId: t.id });
    const last = (await conversation(t.id)).at(-1)!;
    expect(last.content).toBe('Ya reiniciamos el servicio, por favor confirme.');
    const [emp] = await database.db.select().from(users).where(eq(users.email, DEMO.employee));
    expect(last.authorId).toBe(emp!.id);
    // A staff reply notifies the client (by e-mail, threaded).
    await app.mailer!.flush();
    const toClient = capture.messages.slice(before).filter((m) => m.to.includes(DEMO.client));
    expect(toClient).toHaveLength(1);
    expect((await simpleParser(toClient[0]!.raw)).subject).toContain(`Nueva respuesta en ${t.label}`);
    void employee;
  });

  it('threads HTML-only mail by the hidden marker, converted to text first', async () => {
    const t = await newTicket();
    const ours = await staffReplyMail(t.id);
    const sent = await sendToListener({
      from: DEMO.client,
      subject: 'consulta',
      html: `<div><p>Sigue <b>fallando</b> el pago.</p></div><blockquote>${ours.html}</blockquote>`,
    });
    const row = await inboundRow(sent.messageId);
    expect(row, JSON.stringify(row)).toMatchObject({ status: 'added', matchedBy: 'marker', ticketId: t.id });
    const last = (await conversation(t.id)).at(-1)!;
    expect(last.content).toContain('Sigue fallando el pago.');
    expect(last.content).not.toContain('<b>');
  });

  it('threads a forwarded message by the marker in the forwarded text', async () => {
    const t = await newTicket();
    const ours = await staffReplyMail(t.id);
    const sent = await sendToListener({
      from: DEMO.client,
      subject: 'Fwd: aviso',
      text: `Les reenvío el aviso, el problema sigue.\n\n---------- Forwarded message ---------\nFrom: Agencia <no-reply@agenciadigital.do>\nSubject: aviso\n\n${ours.text}`,
    });
    const row = await inboundRow(sent.messageId);
    expect(row).toMatchObject({ status: 'added', matchedBy: 'marker', ticketId: t.id });
    expect((await conversation(t.id)).at(-1)!.content).toContain('Les reenvío el aviso, el problema sigue.');
  });

  it('drops auto-replies and list mail: no message, no ticket, no acknowledgement', async () => {
    const t = await newTicket();
    const outboxBefore = await database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    const countBefore = (await conversation(t.id)).length;
    const autoReply = await sendToListener({
      from: DEMO.client,
      subject: `Fuera de la oficina: [#${t.label}]`,
      text: 'Estoy de vacaciones hasta el lunes.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    const bulk = await sendToListener({
      from: DEMO.client,
      subject: 'Boletín',
      text: 'Novedades del mes.',
      headers: { Precedence: 'bulk', 'List-Id': '<novedades.example>' },
    });
    expect(await inboundRow(autoReply.messageId)).toMatchObject({ status: 'dropped', ticketId: null });
    expect((await inboundRow(autoReply.messageId))!.reason).toContain('Auto-Submitted');
    expect(await inboundRow(bulk.messageId)).toMatchObject({ status: 'dropped', ticketId: null });
    expect((await conversation(t.id)).length).toBe(countBefore);
    const outboxAfter = await database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    expect(outboxAfter[0]!.n).toBe(outboxBefore[0]!.n);
  });

  it('a bounce (DSN) of our mail is dropped and marks the address failing on the client record', async () => {
    const outboxId = await queueEmail(database.db, { to: DEMO.client, subject: 'Factura', text: 'Hola' });
    const dsn = [
      'From: Mail Delivery System <MAILER-DAEMON@mx.example>',
      `To: ${SUPPORT}`,
      'Subject: Undelivered Mail Returned to Sender',
      'Message-ID: <dsn-1@mx.example>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example',
      '',
      `Final-Recipient: rfc822; ${DEMO.client}`,
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
      '',
      '--b1',
      'Content-Type: text/rfc822-headers',
      '',
      `Message-ID: <outbox-${outboxId}@agencia.test>`,
      'Subject: Factura',
      '',
      '--b1--',
      '',
    ].join('\r\n');
    await sendToListener({ envelope: { from: '', to: [SUPPORT] }, raw: dsn });
    expect(await inboundRow('<dsn-1@mx.example>')).toMatchObject({ status: 'bounce' });
    const [c] = await database.db.select().from(clients).where(sql`lower(${clients.email}) = ${DEMO.client}`);
    expect(c!.emailFailingAt).not.toBeNull();
    expect(c!.emailFailingReason).toContain('5.1.1');
  });

  it('a reply to a closed ticket reopens it; after 30 days it opens a new ticket linked to the old one', async () => {
    const t = await newTicket();
    const ours = await staffReplyMail(t.id);
    const close = await as(admin, 'PUT', `/tickets/${t.id}/close`, {
      resolution: 'Se reinició el servidor.',
      preventionMeasures: 'Monitoreo.',
    });
    expect(close.statusCode, close.body).toBe(200);
    const plus = ours.replyTo!.value[0]!.address!;
    await sendToListener({ from: DEMO.client, to: plus, subject: 'Re: x', text: 'Volvió a fallar hoy.' });
    const [reopened] = await database.db.select().from(tickets).where(eq(tickets.id, t.id));
    expect(reopened!.status).toBe('open');
    expect(reopened!.closedAt).toBeNull();
    expect((await conversation(t.id)).at(-1)!.content).toBe('Volvió a fallar hoy.');

    const again = await as(admin, 'PUT', `/tickets/${t.id}/close`, { resolution: 'Resuelto otra vez.' });
    expect(again.statusCode, again.body).toBe(200);
    await database.db
      .update(tickets)
      .set({ closedAt: sql`now() - interval '40 days'` })
      .where(eq(tickets.id, t.id));
    const sent = await sendToListener({
      from: DEMO.client,
      to: plus,
      subject: 'Re: x',
      text: 'Meses después, otro fallo.',
    });
    const row = await inboundRow(sent.messageId);
    expect(row).toMatchObject({ status: 'created', matchedBy: 'token' });
    expect(row!.ticketId).not.toBe(t.id);
    const [old] = await database.db.select().from(tickets).where(eq(tickets.id, t.id));
    expect(old!.status).toBe('closed');
    const links = await database.db.select().from(ticketRelations);
    const [a, b] = [t.id, row!.ticketId!].sort();
    expect(links).toContainEqual({ ticketId: a, relatedId: b });
    const [fresh] = await database.db.select().from(tickets).where(eq(tickets.id, row!.ticketId!));
    expect(fresh!.description).toContain('Meses después, otro fallo.');
  });

  it('a known client writing to the support address opens a ticket ("Otro", medium) and gets a rate-limited acknowledgement', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const sent = await sendToListener({
        from: `Cliente Dos <${DEMO.client2}>`,
        subject: `Necesito cambiar el logo ${i}`,
        text: 'Queremos actualizar el logo del sitio web con la nueva versión.',
      });
      ids.push(sent.messageId);
    }
    const rows = await Promise.all(ids.map(inboundRow));
    const [u2] = await database.db.select().from(users).where(eq(users.email, DEMO.client2));
    const client2UserId = u2!.id;
    expect(rows.every((r) => r?.status === 'created')).toBe(true);
    const [first] = await database.db.select().from(tickets).where(eq(tickets.id, rows[0]!.ticketId!));
    expect(first).toMatchObject({
      title: 'Necesito cambiar el logo 1',
      category: 'Otro',
      priority: 'medium',
      status: 'open',
      reportedBy: client2UserId,
    });
    expect(first!.description).toContain('Queremos actualizar el logo');
    // Three acknowledgements in the hour, not five.
    expect(rows.filter((r) => r!.acknowledged)).toHaveLength(3);
    const acks = await database.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.to, DEMO.client2), sql`${emailOutbox.subject} like '%Recibimos su solicitud%'`),
      );
    expect(acks).toHaveLength(3);
    expect(acks[0]!.subject).toMatch(/^Recibimos su solicitud: .+ \[#TK-\d{4}\]$/);
  });

  it("a client record's own address without a portal user opens a ticket for that client; staff replies mail it and its replies thread", async () => {
    const created = await as(admin, 'POST', '/clients', {
      clientType: 'company',
      firstName: 'Lucía',
      lastName: 'Méndez',
      companyName: 'Panadería Sin Portal',
      email: 'Lucia@SinPortal.do',
    });
    expect(created.statusCode, created.body).toBe(200);
    const clientId = created.json().data.client._id as string;
    const address = 'lucia@sinportal.do';

    const sent = await sendToListener({
      from: `Lucía Méndez <LUCIA@sinportal.do>`,
      subject: 'El formulario de pedidos no envía',
      text: 'Cuando un cliente pulsa Enviar en el formulario de pedidos no pasa nada.',
    });
    const row = await inboundRow(sent.messageId);
    expect(row).toMatchObject({ status: 'created', senderUserId: null, acknowledged: true });
    const [ticket] = await database.db.select().from(tickets).where(eq(tickets.id, row!.ticketId!));
    expect(ticket).toMatchObject({
      clientId,
      reportedBy: null,
      reporterEmail: address,
      title: 'El formulario de pedidos no envía',
      category: 'Otro',
      priority: 'medium',
      status: 'open',
    });
    // The acknowledgement goes to the sender, threaded on the ticket.
    const ack = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, address), eq(emailOutbox.ticketId, ticket!.id)));
    expect(ack).toHaveLength(1);
    // Staff see who wrote it.
    const detail = await as(admin, 'GET', `/tickets/${ticket!.id}`);
    expect(detail.json().data.ticket).toMatchObject({ reportedBy: null, reporterEmail: address });
    expect(detail.json().data.ticket.client._id).toBe(clientId);

    // A staff reply on the portal is mailed to the contact (no portal user to notify) …
    await app.mailer!.flush();
    const before = capture.messages.length;
    const reply = await as(admin, 'POST', `/tickets/${ticket!.id}/messages`, {
      content: 'Ya corregimos el botón, ¿puede probar de nuevo?',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    await app.mailer!.flush();
    // (The acknowledgement may leave in the same flush: the reply is the mail that answers.)
    const toContact = await Promise.all(
      capture.messages
        .slice(before)
        .filter((m) => m.to.includes(address))
        .map((m) => simpleParser(m.raw)),
    );
    const replies = toContact.filter((m) => m.subject?.startsWith('Nueva respuesta'));
    expect(replies).toHaveLength(1);
    const ours = replies[0]!;
    expect(ours.text).toContain('Ya corregimos el botón');
    expect(ours.subject).toContain(`[#TK-${String(ticket!.number).padStart(4, '0')}]`);

    // … and the contact's answer threads into the same ticket, kept with its address.
    const answer = await sendToListener({
      from: address,
      subject: `Re: ${ours.subject}`,
      inReplyTo: ours.messageId,
      references: [ours.messageId!],
      text: `Sí, ya funciona. Gracias.\n\nEl mar, 6 may 2025, Soporte <${SUPPORT}> escribió:\n> Ya corregimos el botón\n`,
    });
    expect(await inboundRow(answer.messageId)).toMatchObject({
      status: 'added',
      matchedBy: 'message_id',
      ticketId: ticket!.id,
      senderUserId: null,
    });
    const [last] = await database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket!.id))
      .orderBy(sql`${ticketMessages.createdAt} desc`)
      .limit(1);
    expect(last).toMatchObject({
      content: 'Sí, ya funciona. Gracias.',
      authorId: null,
      authorEmail: address,
    });
    const messages = await as(admin, 'GET', `/tickets/${ticket!.id}`);
    expect(messages.json().data.ticket.messages.at(-1)).toMatchObject({
      author: null,
      authorEmail: address,
      content: 'Sí, ya funciona. Gracias.',
    });

    // The address of another client's record is not a contact of this ticket.
    const otherClient = await as(admin, 'POST', '/clients', {
      clientType: 'individual',
      firstName: 'Otro',
      lastName: 'Contacto',
      email: 'otro@ajeno.do',
    });
    expect(otherClient.statusCode).toBe(200);
    const stray = await sendToListener({
      from: 'otro@ajeno.do',
      subject: `Re: ${ours.subject}`,
      inReplyTo: ours.messageId,
      references: [ours.messageId!],
      text: 'Yo también tengo ese problema.',
    });
    expect(await inboundRow(stray.messageId)).toMatchObject({
      status: 'unassigned',
      suggestedTicketId: ticket!.id,
      ticketId: null,
    });
  });

  it('an unknown sender waits in "Correo sin asignar"; staff assign it, create a ticket from it or discard it', async () => {
    const t = await newTicket();
    const send = (subject: string) =>
      sendToListener({
        from: 'Desconocido <alguien@otro.example>',
        subject,
        text: `Hola, les escribo por ${subject}.`,
      });
    const [m1, m2, m3] = [await send('una cotización'), await send('otro proyecto'), await send('spam')];
    for (const m of [m1, m2, m3])
      expect(await inboundRow(m.messageId)).toMatchObject({ status: 'unassigned' });

    expect((await as(client, 'GET', '/mail/inbound?status=unassigned')).statusCode).toBe(403);
    expect((await as(employee, 'GET', '/mail/inbound')).statusCode).toBe(403);
    const list = await as(employee, 'GET', '/mail/inbound?status=unassigned');
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.messages as Array<{ _id: string; subject: string; body: string }>;
    const byId = (m: { messageId: string }) => listed.find((l) => l.subject === '')?._id ?? m.messageId;
    void byId;
    const idOf = async (m: { messageId: string }) => (await inboundRow(m.messageId))!.id;

    const assign = await as(employee, 'POST', `/mail/inbound/${await idOf(m1)}/assign`, {
      ticketNumber: t.label,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json().data.message).toMatchObject({ status: 'assigned', ticket: { _id: t.id } });
    const note = (await conversation(t.id)).at(-1)!;
    expect(note.isInternal).toBe(true);
    expect(note.content).toContain('alguien@otro.example');
    expect(note.content).toContain('Hola, les escribo por una cotización.');

    const [cafe] = await database.db
      .select()
      .from(clients)
      .where(sql`lower(${clients.email}) = ${DEMO.client}`);
    const created = await as(admin, 'POST', `/mail/inbound/${await idOf(m2)}/create-ticket`, {
      clientId: cafe!.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const newTicketId = created.json().data.message.ticket._id as string;
    const [nt] = await database.db.select().from(tickets).where(eq(tickets.id, newTicketId));
    expect(nt).toMatchObject({ title: 'otro proyecto', category: 'Otro', clientId: cafe!.id });

    const discard = await as(admin, 'POST', `/mail/inbound/${await idOf(m3)}/discard`);
    expect(discard.statusCode).toBe(200);
    expect(await inboundRow(m3.messageId)).toMatchObject({ status: 'discarded' });
    expect((await as(admin, 'POST', `/mail/inbound/${await idOf(m3)}/discard`)).statusCode).toBe(409);
    const bad = await as(admin, 'POST', `/mail/inbound/${await idOf(m3)}/assign`, { ticketNumber: 'abc' });
    expect(bad.statusCode).toBe(400);

    const status = await as(admin, 'GET', '/mail/inbound/status');
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({ mode: 'off', address: SUPPORT });
    expect(status.json().data.sources).toContainEqual(expect.objectContaining({ source: 'smtp' }));
    expect(status.json().data.lastMessageAt).not.toBeNull();
  });

  it('the listener refuses mail for other addresses (never a relay)', async () => {
    await expect(
      sendToListener({ from: DEMO.client, to: 'otra@dominio.example', subject: 'x', text: 'y' }),
    ).rejects.toThrow(/550|Mailbox unavailable/);
  });

  it('two app instances receiving the same message at once handle it once', async () => {
    const t = await newTicket();
    const secondPort = (await apps[1]!.inboundMail.startSmtp(0)).port;
    const before = (await conversation(t.id)).length;
    const raw = [
      `From: ${DEMO.client}`,
      `To: ${SUPPORT}`,
      `Subject: [#${t.label}] mismo mensaje`,
      '<duplicado-1@cliente.example>'.replace(/^/, 'Message-ID: '),
      '',
      'Este mensaje llega por dos caminos.',
      '',
    ].join('\r\n');
    await Promise.all([
      sendToListener({ envelope: { from: DEMO.client, to: [SUPPORT] }, raw }, listenerPort),
      sendToListener({ envelope: { from: DEMO.client, to: [SUPPORT] }, raw }, secondPort),
    ]);
    const rows = await database.db
      .select()
      .from(inboundMail)
      .where(eq(inboundMail.messageId, '<duplicado-1@cliente.example>'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('added');
    const after = await conversation(t.id);
    expect(after.length).toBe(before + 1);
    expect(after.filter((m) => m.content === 'Este mensaje llega por dos caminos.')).toHaveLength(1);
  });
});
