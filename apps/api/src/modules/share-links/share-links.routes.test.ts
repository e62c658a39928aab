import { type Session, SHARE_LINK_GONE } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { shareLinks } from '../../db/schema/index.js';
import { hashShareToken, viewSharedDocument } from './share-links.service.js';

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
let client2: Session;

beforeAll(async () => {
  app = await createTestApp();
  [admin, employee, client, client2] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, DEMO.client),
    login(app, DEMO.client2),
  ]);
});

/** A sent invoice of the demo client (drafts are not shared). */
async function sentInvoice() {
  const inv = await createInvoiceVia(
    app,
    admin.token,
    invoicePayload(client.user.clientId!, { series: 'SHR' }),
  );
  const sent = await injectAs(app, admin.token, { method: 'POST', url: `/api/invoices/${inv._id}/send` });
  expect(sent.statusCode, sent.body).toBe(200);
  return inv as { _id: string; invoiceNumber: string };
}

async function share(token: string, body: object) {
  return injectAs(app, token, { method: 'POST', url: '/api/share-links', payload: body });
}

const tokenOf = (url: string) => url.split('/compartido/')[1]!;
const view = (token: string) => app.inject({ method: 'GET', url: `/api/public/share/${token}` });

describe('share links: invoices', () => {
  it('creates a 7-day link whose page opens without signing in, shows the invoice and serves its PDF', async () => {
    const inv = await sentInvoice();
    const before = Date.now();
    const res = await share(admin.token, { type: 'invoice', id: inv._id });
    expect(res.statusCode, res.body).toBe(201);
    const { shareLink, message, phone } = res.json().data;
    expect(shareLink.url).toMatch(/^http:\/\/localhost:3000\/compartido\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(shareLink.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(message).toContain(`la factura ${inv.invoiceNumber}`);
    expect(message).toContain(shareLink.url);
    expect(typeof phone === 'string' || phone === null).toBe(true);

    const page = await view(tokenOf(shareLink.url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.json().data.document).toMatchObject({
      type: 'invoice',
      invoiceNumber: inv.invoiceNumber,
      total: 4326.66,
      items: expect.arrayContaining([
        expect.objectContaining({ description: 'Diseño de sitio web', total: 1500 }),
      ]),
    });
    const pdf = await app.inject({ method: 'GET', url: `/api/public/share/${tokenOf(shareLink.url)}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [row] = await app.db.select().from(shareLinks).where(eq(shareLinks.id, shareLink._id));
    expect(row!.lastViewedAt).not.toBeNull();
  });

  it('stores only the SHA-256 of the token, never the token itself', async () => {
    const inv = await sentInvoice();
    const { shareLink } = (await share(admin.token, { type: 'invoice', id: inv._id })).json().data;
    const token = tokenOf(shareLink.url);
    const [row] = await app.db.select().from(shareLinks).where(eq(shareLinks.id, shareLink._id));
    expect(row!.tokenHash).toBe(hashShareToken(token));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('expires: 410 with the Spanish message once the clock passes expiresAt', async () => {
    const inv = await sentInvoice();
    const { shareLink } = (
      await share(admin.token, { type: 'invoice', id: inv._id, expiresInDays: 2 })
    ).json().data;
    const token = tokenOf(shareLink.url);
    const expiresAt = new Date(shareLink.expiresAt);
    // As of one minute before and after the expiry (the service takes the clock, as the jobs do).
    await expect(
      viewSharedDocument({ db: app.db, token, now: new Date(expiresAt.getTime() - 60_000) }),
    ).resolves.toMatchObject({
      document: { type: 'invoice' },
    });
    await expect(
      viewSharedDocument({ db: app.db, token, now: new Date(expiresAt.getTime() + 60_000) }),
    ).rejects.toMatchObject({
      statusCode: 410,
      message: SHARE_LINK_GONE,
    });
    // Through HTTP: the stored expiry moved into the past (a link made 3 days ago for 2 days).
    await app.db
      .update(shareLinks)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000), expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(shareLinks.id, shareLink._id));
    const res = await view(token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Este enlace venció o fue revocado',
      code: 'GONE',
    });
    const list = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/share-links?type=invoice&id=${inv._id}`,
    });
    expect(list.json().data.shareLinks[0]).toMatchObject({ _id: shareLink._id, status: 'expired' });
  });

  it('is refused (410) after "Revocar", and the list shows it revoked', async () => {
    const inv = await sentInvoice();
    const { shareLink } = (await share(employee.token, { type: 'invoice', id: inv._id })).json().data;
    const token = tokenOf(shareLink.url);
    expect((await view(token)).statusCode).toBe(200);
    const revoke = await injectAs(app, admin.token, {
      method: 'DELETE',
      url: `/api/share-links/${shareLink._id}`,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().message).toBe('Enlace revocado');
    expect((await view(token)).statusCode).toBe(410);
    expect((await app.inject({ method: 'GET', url: `/api/public/share/${token}/pdf` })).statusCode).toBe(410);
    const list = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/share-links?type=invoice&id=${inv._id}`,
    });
    expect(list.json().data.shareLinks[0]).toMatchObject({
      status: 'revoked',
      createdBy: `${employee.user.firstName} ${employee.user.lastName}`,
    });
  });

  it('refuses clients (403), drafts (409), unknown invoices (404), lifetimes above 30 days (400); unknown tokens 404', async () => {
    const inv = await sentInvoice();
    expect((await share(client.token, { type: 'invoice', id: inv._id })).statusCode).toBe(403);
    const draft = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(client.user.clientId!, { series: 'SHR' }),
    );
    const draftRes = await share(admin.token, { type: 'invoice', id: draft._id });
    expect(draftRes.statusCode).toBe(409);
    expect(draftRes.json().message).toContain('borradores no se comparten');
    expect(
      (await share(admin.token, { type: 'invoice', id: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    const long = await share(admin.token, { type: 'invoice', id: inv._id, expiresInDays: 31 });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].message).toBe('Máximo 30 días');
    expect((await share(admin.token, { type: 'contract', id: inv._id })).statusCode).toBe(400);
    expect((await view('A'.repeat(43))).statusCode).toBe(404);
    expect((await view('no!valid')).statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/share-links',
          payload: { type: 'invoice', id: inv._id },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('share links: tickets', () => {
  async function ticketWithNotes() {
    const t = await injectAs(app, client.token, {
      method: 'POST',
      url: '/api/tickets',
      payload: {
        title: 'El formulario no envía',
        description: 'El formulario de contacto se queda cargando.',
        type: 'bug',
        priority: 'high',
      },
    });
    expect(t.statusCode, t.body).toBe(201);
    const id = t.json().data.ticket._id as string;
    for (const [s, content, isInternal] of [
      [employee, 'Ya estamos revisando el formulario.', false],
      [employee, 'Nota interna: credenciales SMTP vencidas', true],
    ] as const) {
      const m = await injectAs(app, s.token, {
        method: 'POST',
        url: `/api/tickets/${id}/messages`,
        payload: { content, isInternal },
      });
      expect(m.statusCode, m.body).toBe(201);
    }
    return id;
  }

  it("a ticket's client shares it; the page shows title, status and public messages, never internal notes", async () => {
    const id = await ticketWithNotes();
    const res = await share(client.token, { type: 'ticket', id, expiresInDays: 30 });
    expect(res.statusCode, res.body).toBe(201);
    const page = await view(tokenOf(res.json().data.shareLink.url));
    expect(page.statusCode).toBe(200);
    const doc = page.json().data.document;
    expect(doc).toMatchObject({
      type: 'ticket',
      title: 'El formulario no envía',
      statusLabel: expect.any(String),
    });
    expect(doc.messages.map((m: { content: string }) => m.content)).toEqual([
      'Ya estamos revisando el formulario.',
    ]);
    expect(page.body).not.toContain('SMTP');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/public/share/${tokenOf(res.json().data.shareLink.url)}/pdf`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("another client can neither share, list nor revoke links of someone else's ticket (404)", async () => {
    const id = await ticketWithNotes();
    const mine = (await share(client.token, { type: 'ticket', id })).json().data.shareLink;
    const res = await share(client2.token, { type: 'ticket', id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Ticket no encontrado');
    expect(
      (await injectAs(app, client2.token, { method: 'GET', url: `/api/share-links?type=ticket&id=${id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await injectAs(app, client2.token, { method: 'DELETE', url: `/api/share-links/${mine._id}` }))
        .statusCode,
    ).toBe(404);
    const [row] = await app.db.select().from(shareLinks).where(eq(shareLinks.id, mine._id));
    expect(row!.revokedAt).toBeNull();
  });
});

describe('share links: quotes', () => {
  it('staff share a sent quote (drafts 409, clients 403); the page shows its lines and serves the PDF', async () => {
    const validUntil = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
    const created = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/quotes',
      payload: {
        clientId: client.user.clientId,
        validUntil,
        items: [{ description: 'Diseño del sitio', quantity: 2, unitPrice: 10_000 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const quote = created.json().data.quote;
    expect((await share(admin.token, { type: 'quote', id: quote._id })).statusCode).toBe(409);
    expect(
      (await injectAs(app, admin.token, { method: 'POST', url: `/api/quotes/${quote._id}/send` })).statusCode,
    ).toBe(200);
    expect((await share(client.token, { type: 'quote', id: quote._id })).statusCode).toBe(403);
    const res = await share(admin.token, { type: 'quote', id: quote._id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.message).toContain(`la cotización ${quote.quoteNumber}`);
    const token = tokenOf(res.json().data.shareLink.url);
    const page = await view(token);
    expect(page.json().data.document).toMatchObject({
      type: 'quote',
      quoteNumber: quote.quoteNumber,
      subtotal: 20_000,
    });
    const pdf = await app.inject({ method: 'GET', url: `/api/public/share/${token}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
