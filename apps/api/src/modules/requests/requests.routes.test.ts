import { rncCheckDigit, type Session } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, startDemoApp, uniqueIp } from '../../../test/helpers.js';
import {
  company,
  individual,
  multipart,
  PDF,
  publicPosts,
  quote,
  VALID_RNC,
} from '../../../test/request-factories.js';
import {
  accessRequests,
  auditLog,
  clients,
  emailOutbox,
  quoteRequests,
  registrationLinks,
} from '../../db/schema/index.js';

// Admin side of the requests inbox: list, detail, status flow, conversion, terminal states.

let app: FastifyInstance, admin: Session, employee: Session, client: Session;
const { postQuote, postAccess } = publicPosts(() => app);

beforeAll(async () => {
  ({ app, admin, employee, client } = await startDemoApp());
});

describe('admin /api/requests', () => {
  it('is admin only: 401 without token, 403 for employee and client', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/requests' })).statusCode).toBe(401);
    expect((await injectAs(app, employee.token, { method: 'GET', url: '/api/requests' })).statusCode).toBe(
      403,
    );
    expect((await injectAs(app, client.token, { method: 'GET', url: '/api/requests' })).statusCode).toBe(403);
    expect(
      (
        await injectAs(app, client.token, {
          method: 'PATCH',
          url: `/api/requests/quote/${crypto.randomUUID()}/status`,
          payload: { status: 'contacted' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists both kinds newest first with filters, search and the new count', async () => {
    await postQuote(quote({ name: 'Lista Uno', email: 'lista1@ejemplo.do' }));
    await postAccess(individual({ primaryEmail: 'lista2@ejemplo.do', firstName: 'Lista', lastName: 'Dos' }));
    const res = await injectAs(app, admin.token, { method: 'GET', url: '/api/requests?limit=100' });
    expect(res.statusCode).toBe(200);
    const { requests, pagination, newCount } = res.json().data;
    expect(requests[0]).toMatchObject({
      kind: 'access',
      name: 'Lista Dos',
      subject: 'Persona Física',
      status: 'new',
    });
    expect(requests[1]).toMatchObject({
      kind: 'quote',
      name: 'Lista Uno',
      subject: 'Sitios Web Profesionales',
    });
    expect(pagination.total).toBe(requests.length);
    expect(newCount).toBe(requests.filter((r: { status: string }) => r.status === 'new').length);
    const onlyQuotes = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/requests?kind=quote&search=lista',
    });
    expect(onlyQuotes.json().data.requests.map((r: { name: string }) => r.name)).toEqual(['Lista Uno']);
    const bad = await injectAs(app, admin.token, { method: 'GET', url: '/api/requests?kind=otro' });
    expect(bad.statusCode).toBe(400);
  });

  it('shows the detail, walks the statuses and refuses skipped transitions', async () => {
    await postQuote(quote({ email: 'estado@ejemplo.do' }));
    const [row] = await app.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.email, 'estado@ejemplo.do'));
    const detail = await injectAs(app, admin.token, { method: 'GET', url: `/api/requests/quote/${row!.id}` });
    expect(detail.json().data.request).toMatchObject({
      kind: 'quote',
      email: 'estado@ejemplo.do',
      status: 'new',
    });
    const skip = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/requests/quote/${row!.id}/status`,
      payload: { status: 'converted' },
    });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe('No se puede cambiar el estado de «Nueva» a «Convertida»');
    for (const status of ['contacted', 'discarded']) {
      const res = await injectAs(app, admin.token, {
        method: 'PATCH',
        url: `/api/requests/quote/${row!.id}/status`,
        payload: { status },
      });
      expect(res.json().data.request.status).toBe(status);
    }
    const [after] = await app.db.select().from(quoteRequests).where(eq(quoteRequests.id, row!.id));
    expect(after?.status).toBe('discarded');
    const missing = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/requests/access/${row!.id}`,
    });
    expect(missing.statusCode).toBe(404);
  });

  /**
   * A company access request sent through the public form (with its RNC document), its stored row,
   * and `patch(status)` as the admin changes its status.
   */
  async function submitCompanyRequest(overrides: Parameters<typeof company>[0]) {
    const body = multipart(company(overrides), [
      { field: 'rncDocument', filename: 'rnc.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    await app.inject({
      method: 'POST',
      url: '/api/public/access-requests',
      ...body,
      remoteAddress: uniqueIp(),
    });
    const [row] = await app.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, String(overrides?.primaryEmail)));
    const patch = (status: string) =>
      injectAs(app, admin.token, {
        method: 'PATCH',
        url: `/api/requests/access/${row!.id}/status`,
        payload: { status },
      });
    return { row, patch };
  }

  it('converting an access request creates the client record from its data', async () => {
    const { row, patch } = await submitCompanyRequest({
      primaryEmail: 'convertir@tropical.do',
      city: 'Santiago',
      province: 'Santiago',
    });
    expect((await patch('contacted')).statusCode).toBe(200);
    const res = await patch('converted');
    expect(res.statusCode).toBe(200);
    const converted = res.json().data.request;
    expect(converted.status).toBe('converted');
    expect(converted.clientId).toEqual(expect.any(String));
    const [clientRow] = await app.db.select().from(clients).where(eq(clients.id, converted.clientId));
    expect(clientRow).toMatchObject({
      clientType: 'company',
      email: 'convertir@tropical.do',
      companyName: 'Tropical Frutas SRL',
      companyRnc: VALID_RNC,
      city: 'Santiago',
      state: 'Santiago',
      country: 'República Dominicana',
      status: 'active',
    });
    // The registration hook: a single-use link for that client and its invitation email.
    const [link] = await app.db
      .select()
      .from(registrationLinks)
      .where(eq(registrationLinks.email, 'convertir@tropical.do'));
    expect(link).toMatchObject({
      clientId: converted.clientId,
      source: 'access_request',
      clientType: 'company',
    });
    const invitations = await app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'convertir@tropical.do'));
    expect(invitations.map((m) => m.subject)).toContain('Completa tu registro en el portal de clientes');
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.targetId, row!.id));
    expect(audits.map((a) => a.action)).toContain('access_request.status_changed');

    const file = converted.files[0];
    const download = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/requests/access/${row!.id}/files/${file._id}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const other = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/requests/access/${crypto.randomUUID()}/files/${file._id}`,
    });
    expect(other.statusCode).toBe(404);
  });

  it("an access request carrying the agency's own RNC is not converted into a client (issue 27)", async () => {
    const agencyRnc = `13185542${rncCheckDigit('13185542')}`;
    const { row, patch } = await submitCompanyRequest({
      primaryEmail: 'mismo-rnc@tropical.do',
      rnc: agencyRnc,
    });
    expect((await patch('contacted')).statusCode).toBe(200);
    const res = await patch('converted');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Ese es el RNC de la agencia: un cliente no puede tener el RNC de quien factura.',
    );
    expect(await app.db.select().from(clients).where(eq(clients.email, 'mismo-rnc@tropical.do'))).toEqual([]);
    const [after] = await app.db.select().from(accessRequests).where(eq(accessRequests.id, row!.id));
    expect(after?.status).toBe('contacted');
  });

  it('refuses to convert when a client with that email already exists (409, nothing created)', async () => {
    await postAccess(individual({ primaryEmail: 'cliente@demo.do' }));
    const [row] = await app.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'cliente@demo.do'));
    const before = await app.db.select().from(clients).where(eq(clients.email, 'cliente@demo.do'));
    expect(before).toHaveLength(1); // Café Cibao, seeded
    await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/requests/access/${row!.id}/status`,
      payload: { status: 'contacted' },
    });
    const res = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/requests/access/${row!.id}/status`,
      payload: { status: 'converted' },
    });
    expect(res.statusCode).toBe(409);
    const [after] = await app.db.select().from(accessRequests).where(eq(accessRequests.id, row!.id));
    expect(after?.status).toBe('contacted');
    expect(await app.db.select().from(clients).where(eq(clients.email, 'cliente@demo.do'))).toHaveLength(1);
  });
});

describe('admin /api/requests terminal states', () => {
  const patchStatus = (kind: 'quote' | 'access', id: string, status: string) =>
    injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/requests/${kind}/${id}/status`,
      payload: { status },
    });

  const LABELS: Record<string, string> = {
    new: 'Nueva',
    contacted: 'Contactada',
    converted: 'Convertida',
    discarded: 'Descartada',
  };

  async function expectStuck(kind: 'quote' | 'access', id: string, terminal: 'converted' | 'discarded') {
    const table = kind === 'quote' ? quoteRequests : accessRequests;
    const [before] = await app.db.select().from(table).where(eq(table.id, id));
    expect(before?.status).toBe(terminal);
    const auditsBefore = await app.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    for (const status of ['new', 'contacted', 'converted', 'discarded']) {
      const res = await patchStatus(kind, id, status);
      expect(res.statusCode, `${terminal} → ${status}`).toBe(409);
      expect(res.json().message).toBe(
        `No se puede cambiar el estado de «${LABELS[terminal]}» a «${LABELS[status]}»`,
      );
    }
    const [after] = await app.db.select().from(table).where(eq(table.id, id));
    expect(after).toEqual(before);
    const auditsAfter = await app.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(auditsAfter).toHaveLength(auditsBefore.length);
  }

  it('a quote cannot leave «Descartada» nor «Convertida» (409, row unchanged)', async () => {
    await postQuote(quote({ email: 'terminal.descartada@ejemplo.do' }));
    await postQuote(quote({ email: 'terminal.convertida@ejemplo.do' }));
    const idOf = async (email: string) =>
      (await app.db.select().from(quoteRequests).where(eq(quoteRequests.email, email)))[0]!.id;
    const discarded = await idOf('terminal.descartada@ejemplo.do');
    const converted = await idOf('terminal.convertida@ejemplo.do');
    expect((await patchStatus('quote', discarded, 'discarded')).statusCode).toBe(200);
    expect((await patchStatus('quote', converted, 'contacted')).statusCode).toBe(200);
    expect((await patchStatus('quote', converted, 'converted')).statusCode).toBe(200);
    await expectStuck('quote', discarded, 'discarded');
    await expectStuck('quote', converted, 'converted');
  });

  it('an access request cannot leave «Convertida» nor «Descartada» (409, row and client unchanged)', async () => {
    await postAccess(individual({ primaryEmail: 'terminal.acceso.c@ejemplo.do' }));
    await postAccess(individual({ primaryEmail: 'terminal.acceso.d@ejemplo.do' }));
    const idOf = async (email: string) =>
      (await app.db.select().from(accessRequests).where(eq(accessRequests.email, email)))[0]!.id;
    const converted = await idOf('terminal.acceso.c@ejemplo.do');
    const discarded = await idOf('terminal.acceso.d@ejemplo.do');
    expect((await patchStatus('access', converted, 'contacted')).statusCode).toBe(200);
    const conv = await patchStatus('access', converted, 'converted');
    expect(conv.statusCode).toBe(200);
    const clientId = conv.json().data.request.clientId;
    expect(clientId).toEqual(expect.any(String));
    expect((await patchStatus('access', discarded, 'contacted')).statusCode).toBe(200);
    expect((await patchStatus('access', discarded, 'discarded')).statusCode).toBe(200);

    await expectStuck('access', converted, 'converted');
    await expectStuck('access', discarded, 'discarded');
    const [row] = await app.db.select().from(accessRequests).where(eq(accessRequests.id, converted));
    expect(row?.clientId).toBe(clientId);
    // No second client nor second registration link from a repeated conversion attempt.
    expect(
      await app.db.select().from(clients).where(eq(clients.email, 'terminal.acceso.c@ejemplo.do')),
    ).toHaveLength(1);
    expect(
      await app.db
        .select()
        .from(registrationLinks)
        .where(eq(registrationLinks.email, 'terminal.acceso.c@ejemplo.do')),
    ).toHaveLength(1);
    expect(
      await app.db.select().from(clients).where(eq(clients.email, 'terminal.acceso.d@ejemplo.do')),
    ).toHaveLength(0);
  });
});
