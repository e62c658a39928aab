import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoApp, uniqueIp } from '../../../test/helpers.js';
import {
  company,
  individual,
  multipart,
  PDF,
  PNG,
  publicPosts,
  quote,
  VALID_CEDULA,
} from '../../../test/request-factories.js';
import {
  accessRequests,
  emailOutbox,
  files,
  notifications,
  quoteRequests,
  users,
} from '../../db/schema/index.js';

// The public forms: quote requests and access requests (JSON and multipart uploads).

let app: FastifyInstance;
const { postQuote, postAccess } = publicPosts(() => app);

beforeAll(async () => {
  ({ app } = await startDemoApp());
});

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

  it('answers a reference and mails it with what happens next to the requester (issue 32)', async () => {
    const res = await postAccess(individual({ primaryEmail: 'referencia@ejemplo.do' }));
    expect(res.statusCode).toBe(201);
    const [row] = await app.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'referencia@ejemplo.do'));
    const reference = `SA-${row!.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    expect(res.json()).toEqual({ success: true, data: { received: true, reference } });
    const [mail] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'referencia@ejemplo.do'));
    expect(mail?.subject).toBe(`Recibimos tu solicitud de acceso (${reference})`);
    expect(mail?.text).toContain(reference);
    expect(mail?.text).toContain('te enviaremos a este correo un link para crear tu cuenta');
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
    // Same answer shape as a real request, and no mail to the address a bot typed.
    expect(res.json().data.reference).toMatch(/^SA-[0-9A-F]{8}$/);
    expect(await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'robot@spam.do'))).toHaveLength(
      0,
    );
    expect(
      await app.db.select().from(accessRequests).where(eq(accessRequests.email, 'robot@spam.do')),
    ).toHaveLength(0);
  });
});
