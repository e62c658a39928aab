import { NOTIFICATION_EVENT, type Notification, type Session } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DEMO, injectAs, login, uniqueIp } from '../../../test/helpers.js';
import {
  accessRequests,
  auditLog,
  clients,
  emailOutbox,
  files,
  notifications,
  quoteRequests,
  registrationLinks,
  users,
} from '../../db/schema/index.js';

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;

beforeAll(async () => {
  app = await createTestApp();
  [admin, employee, client] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, DEMO.client),
  ]);
});

const VALID_CEDULA = '001-1234567-3';
const VALID_RNC = '130123454';

const quote = (overrides: Record<string, unknown> = {}) => ({
  serviceId: 'sitios-web',
  serviceFeatures: [
    'Diseño responsive',
    'SEO básico',
    'Formulario de contacto',
    'SSL',
    'Hosting',
    'extra',
  ].slice(0, 5),
  name: 'María Rodríguez',
  email: 'Maria@Ejemplo.do',
  phone: '809-555-1234',
  company: 'Colmado La Esquina',
  budget: '1000-3000',
  timeline: '3-4 semanas',
  description: 'Necesito un sitio web para mi colmado con catálogo.',
  requirements: 'Que funcione en celulares',
  ...overrides,
});

const individual = (overrides: Record<string, unknown> = {}) => ({
  clientType: 'individual',
  primaryEmail: 'pedro.santos@ejemplo.do',
  primaryPhone: '+1 (809) 555-7788',
  firstName: 'Pedro',
  lastName: 'Santos',
  cedula: VALID_CEDULA,
  projectDescription: 'Quiero una tienda en línea para vender artesanías dominicanas.',
  estimatedBudget: '3000-5000',
  preferredContact: 'whatsapp',
  address: 'Calle El Conde 105',
  city: 'Santo Domingo',
  province: 'Distrito Nacional',
  country: 'República Dominicana',
  acceptTerms: true,
  acceptMarketing: false,
  ...overrides,
});

const company = (overrides: Record<string, unknown> = {}) =>
  individual({
    clientType: 'company',
    primaryEmail: 'info@tropical.do',
    lastName: '',
    cedula: '',
    companyName: 'Tropical Frutas SRL',
    rnc: VALID_RNC,
    legalRepresentativeName: 'Ana Tropical',
    legalRepresentativeCedula: '00112345673',
    ...overrides,
  });

function postQuote(payload: unknown, ip = uniqueIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/public/quote-requests',
    payload: payload as object,
    remoteAddress: ip,
  });
}
function postAccess(payload: unknown, ip = uniqueIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/public/access-requests',
    payload: payload as object,
    remoteAddress: ip,
  });
}

/** Builds a multipart/form-data body: a `data` JSON part plus file parts. */
function multipart(
  data: unknown,
  filesToSend: { field: string; filename: string; type: string; bytes: Buffer }[],
) {
  const boundary = '----agenciaTestBoundary';
  const chunks: Buffer[] = [];
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
    ),
  );
  for (const f of filesToSend) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('POST /api/public/quote-requests', () => {
  it('stores the quote (service, first 5 features, every field) and notifies admins with an email', async () => {
    const res = await postQuote(quote());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, data: { received: true } });
    const [row] = await app.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.email, 'maria@ejemplo.do'));
    expect(row).toMatchObject({
      status: 'new',
      serviceId: 'sitios-web',
      serviceTitle: 'Sitios Web Profesionales',
      name: 'María Rodríguez',
      company: 'Colmado La Esquina',
      budget: '1000-3000',
      timeline: '3-4 semanas',
      requirements: 'Que funcione en celulares',
    });
    expect(row?.serviceFeatures).toHaveLength(5);
    const [adminRow] = await app.db.select().from(users).where(eq(users.email, DEMO.admin));
    const notes = await app.db.select().from(notifications).where(eq(notifications.userId, adminRow!.id));
    expect(notes.some((n) => n.title === 'Nueva cotización: Sitios Web Profesionales')).toBe(true);
    const mails = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, DEMO.admin));
    const mail = mails.find((m) => m.subject === 'Nueva cotización: Sitios Web Profesionales');
    expect(mail?.text).toContain('María Rodríguez');
    expect(mail?.text).toContain('Presupuesto: $1,000 - $3,000');
  });

  it('rejects bad input with Spanish field errors, never 500', async () => {
    const res = await postQuote(quote({ name: '', email: 'no-es-email', budget: 'mucho', serviceId: 'x' }));
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'email', 'budget', 'serviceId']));
    expect(res.json().errors.find((e: { field: string }) => e.field === 'email').message).toBe(
      'Email inválido',
    );
    expect((await postQuote(quote({ serviceFeatures: ['1', '2', '3', '4', '5', '6'] }))).statusCode).toBe(
      400,
    );
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/public/quote-requests',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
      remoteAddress: uniqueIp(),
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers success to a filled honeypot but stores nothing', async () => {
    const res = await postQuote(quote({ email: 'bot@spam.do', homepage: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    const rows = await app.db.select().from(quoteRequests).where(eq(quoteRequests.email, 'bot@spam.do'));
    expect(rows).toHaveLength(0);
  });

  it('limits each IP to 10 submissions per window (429 in Spanish)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++)
      expect((await postQuote(quote({ name: `Cliente ${i}` }), ip)).statusCode).toBe(201);
    const res = await postQuote(quote(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Demasiadas solicitudes. Intenta nuevamente en unos minutos.');
  });

  it('rejects a body above 64 KB with 413', async () => {
    const res = await postQuote(quote({ description: 'x'.repeat(70 * 1024) }));
    expect(res.statusCode).toBe(413);
  });
});

describe('POST /api/public/access-requests', () => {
  it('stores an individual request sent as JSON', async () => {
    const res = await postAccess(individual());
    expect(res.statusCode).toBe(201);
    const [row] = await app.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'pedro.santos@ejemplo.do'));
    expect(row).toMatchObject({
      status: 'new',
      clientType: 'individual',
      name: 'Pedro Santos',
      phone: '+1 (809) 555-7788',
    });
    expect(row?.data).toMatchObject({
      cedula: VALID_CEDULA,
      province: 'Distrito Nacional',
      preferredContact: 'whatsapp',
    });
  });

  it('stores a company request with its uploads (multipart) and notifies admins', async () => {
    const body = multipart(company(), [
      { field: 'rncDocument', filename: 'rnc.pdf', type: 'application/pdf', bytes: PDF },
      { field: 'profileImage', filename: 'logo.png', type: 'image/png', bytes: PNG },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/access-requests',
      ...body,
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await app.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'info@tropical.do'));
    expect(row).toMatchObject({
      clientType: 'company',
      name: 'Tropical Frutas SRL',
      companyName: 'Tropical Frutas SRL',
    });
    expect(row?.files.map((f) => [f.field, f.contentType])).toEqual([
      ['rncDocument', 'application/pdf'],
      ['profileImage', 'image/png'],
    ]);
    const stored = await app.db
      .select()
      .from(files)
      .where(and(eq(files.ownerType, 'access_request'), eq(files.ownerId, row!.id)));
    expect(stored).toHaveLength(2);
    const [adminRow] = await app.db.select().from(users).where(eq(users.email, DEMO.admin));
    const notes = await app.db.select().from(notifications).where(eq(notifications.userId, adminRow!.id));
    expect(notes.some((n) => n.title === 'Nueva solicitud de acceso: Tropical Frutas SRL')).toBe(true);
  });

  it('refuses a disguised upload (415) and stores nothing', async () => {
    const body = multipart(individual({ primaryEmail: 'disfraz@ejemplo.do' }), [
      {
        field: 'cedulaDocument',
        filename: 'cedula.pdf',
        type: 'application/pdf',
        bytes: Buffer.from('MZ\x90\x00binary'),
      },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/access-requests',
      ...body,
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(415);
    const rows = await app.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'disfraz@ejemplo.do'));
    expect(rows).toHaveLength(0);
  });

  it('refuses an upload above 5 MB (413) and an unexpected file field (400)', async () => {
    const big = multipart(individual({ primaryEmail: 'grande@ejemplo.do' }), [
      {
        field: 'cedulaDocument',
        filename: 'c.pdf',
        type: 'application/pdf',
        bytes: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
      },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/access-requests',
      ...big,
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(413);
    const odd = multipart(individual(), [
      { field: 'virus', filename: 'x.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    const res2 = await app.inject({
      method: 'POST',
      url: '/api/public/access-requests',
      ...odd,
      remoteAddress: uniqueIp(),
    });
    expect(res2.statusCode).toBe(400);
  });

  it('answers 400 in Spanish to a multipart body without a boundary or cut short, and stores nothing', async () => {
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/api/public/access-requests',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data' },
      remoteAddress: uniqueIp(),
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toBe('El formulario enviado está incompleto o mal formado');

    const whole = multipart(individual({ primaryEmail: 'cortado@ejemplo.do' }), [
      { field: 'cedulaDocument', filename: 'c.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    const truncated = await app.inject({
      method: 'POST',
      url: '/api/public/access-requests',
      payload: whole.payload.subarray(0, whole.payload.length - 40),
      headers: whole.headers,
      remoteAddress: uniqueIp(),
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe('El formulario enviado está incompleto o mal formado');
    const rows = await app.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'cortado@ejemplo.do'));
    expect(rows).toHaveLength(0);
  });

  it('applies the rules and messages of spec §5 per client type, with real check digits', async () => {
    const res = await postAccess(
      individual({
        primaryEmail: '',
        primaryPhone: 'abc',
        lastName: '',
        cedula: '001-1234567-4',
        acceptTerms: false,
        projectDescription: 'corto',
      }),
    );
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(
      res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(byField).toMatchObject({
      primaryEmail: 'Email principal es requerido',
      primaryPhone: 'Formato de teléfono inválido',
      lastName: 'Apellido es requerido para personas físicas',
      cedula: 'Cédula inválida: el dígito verificador no coincide',
      acceptTerms: 'Debe aceptar los términos y condiciones',
      projectDescription: 'Describe tu proyecto con más detalle (mínimo 30 caracteres)',
    });
    const res2 = await postAccess(
      company({ rnc: '12345', legalRepresentativeName: '', legalRepresentativeCedula: '' }),
    );
    const byField2 = Object.fromEntries(
      res2.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(byField2).toMatchObject({
      rnc: 'RNC debe tener 9 dígitos',
      legalRepresentativeName: 'Nombre del representante legal es requerido',
      legalRepresentativeCedula: 'Cédula del representante legal es requerida',
    });
    const res3 = await postAccess(company({ rnc: '130123455' }));
    expect(res3.json().errors[0]).toEqual({
      field: 'rnc',
      message: 'RNC inválido: el dígito verificador no coincide',
    });
  });

  it('drops a honeypot submission silently', async () => {
    const res = await postAccess(individual({ primaryEmail: 'robot@spam.do', homepage: 'x' }));
    expect(res.statusCode).toBe(201);
    expect(
      await app.db.select().from(accessRequests).where(eq(accessRequests.email, 'robot@spam.do')),
    ).toHaveLength(0);
  });
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

  it('converting an access request creates the client record from its data', async () => {
    const body = multipart(
      company({ primaryEmail: 'convertir@tropical.do', city: 'Santiago', province: 'Santiago' }),
      [{ field: 'rncDocument', filename: 'rnc.pdf', type: 'application/pdf', bytes: PDF }],
    );
    await app.inject({
      method: 'POST',
      url: '/api/public/access-requests',
      ...body,
      remoteAddress: uniqueIp(),
    });
    const [row] = await app.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'convertir@tropical.do'));
    const patch = (status: string) =>
      injectAs(app, admin.token, {
        method: 'PATCH',
        url: `/api/requests/access/${row!.id}/status`,
        payload: { status },
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

describe('public requests: admin notifications, realtime, limits', () => {
  /** Every `app.realtime.toUser` call made while `fn` runs (the real emit still happens). */
  async function pushesDuring(fn: () => Promise<{ statusCode: number; body: string }>) {
    const spy = vi.spyOn(app.realtime, 'toUser');
    try {
      const res = await fn();
      expect(res.statusCode, res.body).toBe(201);
      return spy.mock.calls.map(([userId, event, payload]) => ({
        userId,
        event,
        payload: payload as Notification,
      }));
    } finally {
      spy.mockRestore();
    }
  }

  it('pushes the new quote and access request to every active admin, and to no one else', async () => {
    // A second active admin and an inactive one, next to the seeded admin, employees and clients.
    await app.db.insert(users).values([
      {
        firstName: 'Segunda',
        lastName: 'Admin',
        email: 'admin2.solicitudes@demo.do',
        passwordHash: 'x',
        role: 'admin',
      },
      {
        firstName: 'Admin',
        lastName: 'Inactiva',
        email: 'admin.inactiva.solicitudes@demo.do',
        passwordHash: 'x',
        role: 'admin',
        status: 'inactive',
      },
    ]);
    const everyone = await app.db
      .select({ id: users.id, role: users.role, status: users.status })
      .from(users);
    const activeAdmins = everyone
      .filter((u) => u.role === 'admin' && u.status === 'active')
      .map((u) => u.id)
      .sort();
    expect(activeAdmins).toHaveLength(2);
    expect(activeAdmins).toContain(admin.user._id);
    expect(everyone.some((u) => u.role !== 'admin')).toBe(true);

    const cases = [
      {
        send: () => postQuote(quote({ email: 'tiemporeal@ejemplo.do' })),
        title: 'Nueva cotización: Sitios Web Profesionales',
      },
      {
        send: () =>
          postAccess(
            individual({ primaryEmail: 'tiemporeal@ejemplo.do', firstName: 'Tiempo', lastName: 'Real' }),
          ),
        title: 'Nueva solicitud de acceso: Tiempo Real',
      },
    ];
    for (const { send, title } of cases) {
      const pushes = await pushesDuring(send);
      const notes = pushes.filter((p) => p.event === NOTIFICATION_EVENT);
      // Only admins were pushed anything at all; each active admin got exactly one notification.
      expect(pushes.map((p) => p.userId).every((id) => activeAdmins.includes(id))).toBe(true);
      expect(notes.map((p) => p.userId).sort()).toEqual(activeAdmins);
      for (const { userId, payload } of notes) {
        expect(payload).toMatchObject({ title, topic: 'system', readAt: null });
        // The pushed notification is the row stored for that admin.
        const [row] = await app.db.select().from(notifications).where(eq(notifications.id, payload._id));
        expect(row).toMatchObject({ userId, title });
      }
    }
  });

  it('an access request stores a notification and queues an email for the admin', async () => {
    const res = await postAccess(
      individual({
        primaryEmail: 'aviso.acceso@ejemplo.do',
        firstName: 'Aviso',
        lastName: 'Acceso',
        estimatedBudget: '3000-5000',
      }),
    );
    expect(res.statusCode).toBe(201);
    const [request] = await app.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'aviso.acceso@ejemplo.do'));
    const title = 'Nueva solicitud de acceso: Aviso Acceso';
    const notes = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.user._id), eq(notifications.title, title)));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      topic: 'system',
      link: `/clients/requests?kind=access&id=${request!.id}`,
    });
    expect(notes[0]?.message).toContain('Persona Física: Aviso Acceso');
    const mails = await app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, DEMO.admin), eq(emailOutbox.subject, title)));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.status).toBe('queued');
    expect(mails[0]?.text).toContain('Email: aviso.acceso@ejemplo.do');
    expect(mails[0]?.text).toContain('Teléfono: +1 (809) 555-7788');
    expect(mails[0]?.text).toContain('Proyecto: Quiero una tienda en línea');
  });

  it('limits access requests to 10 per IP (429 in Spanish, not stored); another IP is still accepted', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) {
      const res = await postAccess(individual({ primaryEmail: `limite${i}@ejemplo.do` }), ip);
      expect(res.statusCode).toBe(201);
    }
    const blocked = await postAccess(individual({ primaryEmail: 'limite.extra@ejemplo.do' }), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Demasiadas solicitudes. Intenta nuevamente en unos minutos.');
    const stored = () =>
      app.db.select().from(accessRequests).where(eq(accessRequests.email, 'limite.extra@ejemplo.do'));
    expect(await stored()).toHaveLength(0);
    const other = await postAccess(individual({ primaryEmail: 'limite.extra@ejemplo.do' }), uniqueIp());
    expect(other.statusCode).toBe(201);
    expect(await stored()).toHaveLength(1);
  });

  it('a quote IP over its limit does not block another IP', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++)
      expect((await postQuote(quote({ email: `cupo${i}@ejemplo.do` }), ip)).statusCode).toBe(201);
    const blocked = await postQuote(quote({ email: 'cupo.extra@ejemplo.do' }), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Demasiadas solicitudes. Intenta nuevamente en unos minutos.');
    const stored = () =>
      app.db.select().from(quoteRequests).where(eq(quoteRequests.email, 'cupo.extra@ejemplo.do'));
    expect(await stored()).toHaveLength(0);
    const other = await postQuote(quote({ email: 'cupo.extra@ejemplo.do' }), uniqueIp());
    expect(other.statusCode).toBe(201);
    expect(await stored()).toHaveLength(1);
  });

  it('refuses an access-request JSON body above 64 KB with 413 and stores nothing', async () => {
    const res = await postAccess(
      individual({ primaryEmail: 'enorme@ejemplo.do', projectDescription: 'x'.repeat(70 * 1024) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('La solicitud es demasiado grande');
    expect(
      await app.db.select().from(accessRequests).where(eq(accessRequests.email, 'enorme@ejemplo.do')),
    ).toHaveLength(0);
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
