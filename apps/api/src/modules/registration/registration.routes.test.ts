import { cedulaCheckDigit, formatLongDate, rncCheckDigit, type Session } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { clients, emailOutbox, registrationLinks } from '../../db/schema/index.js';
import { sha256 } from '../../lib/security.js';
import { createRegistrationLink } from './registration.service.js';

let app: FastifyInstance;
let admin: Session;

// Valid check digits computed by the shared validators.
const RNC = `13099655${rncCheckDigit('13099655')}`;
const CEDULA = `0019876543${cedulaCheckDigit('0019876543')}`;

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
});

async function generate(email: string, clientType: 'company' | 'individual', clientId?: string) {
  const res = await injectAs(app, admin.token, {
    method: 'POST',
    url: '/api/auth/generate-registration-link',
    payload: { email, clientType, clientId },
  });
  return res;
}

describe('POST /api/auth/generate-registration-link', () => {
  it('creates a hashed 256-bit single-use token with 7-day expiry and queues the email', async () => {
    const res = await generate('Nueva@Empresa.do', 'company');
    expect(res.statusCode).toBe(200);
    const { link, token, expiresAt } = res.json().data;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(link).toBe(`http://localhost:3000/register/${token}`);
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const [row] = await app.db
      .select()
      .from(registrationLinks)
      .where(eq(registrationLinks.tokenHash, sha256(token)));
    expect(row).toMatchObject({ email: 'nueva@empresa.do', clientType: 'company', usedAt: null });
    const mails = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'nueva@empresa.do'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(link);
    // The expiry in the agency's calendar, month in letters (decision 123).
    expect(mails[0]!.text).toContain(`vence el ${formatLongDate(new Date(expiresAt))}.`);
    expect(mails[0]!.text).toMatch(/vence el \d{1,2} de [a-z]+ de \d{4}\./);
  });

  it('is admin only (employee and client 403), validates the body (400) and refuses registered emails (409)', async () => {
    for (const who of [DEMO.employee, DEMO.client]) {
      const s = await login(app, who);
      const res = await injectAs(app, s.token, {
        method: 'POST',
        url: '/api/auth/generate-registration-link',
        payload: { email: 'x@y.do', clientType: 'company' },
      });
      expect(res.statusCode).toBe(403);
    }
    const bad = await generate('no-es-email', 'company');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Email inválido');
    const taken = await generate(DEMO.client, 'individual');
    expect(taken.statusCode).toBe(409);
  });
});

describe('GET/POST /api/auth/register/{token}', () => {
  it('registers a company: creates client + client user, returns a session, and the link cannot be reused', async () => {
    const { token } = (await generate('gerente@nuevaempresa.do', 'company')).json().data;
    const info = await app.inject({ method: 'GET', url: `/api/auth/register/${token}` });
    expect(info.json().data).toMatchObject({
      email: 'gerente@nuevaempresa.do',
      clientType: 'company',
      joinsExistingClient: false,
    });
    const payload = {
      clientType: 'company',
      firstName: 'Ana',
      lastName: 'Peña',
      password: 'Clave123!',
      phone: '809-555-7788',
      companyName: 'Nueva Empresa SRL',
      rnc: RNC,
    };
    const res = await app.inject({ method: 'POST', url: `/api/auth/register/${token}`, payload });
    expect(res.statusCode).toBe(200);
    const session = res.json().data;
    expect(session.user).toMatchObject({ email: 'gerente@nuevaempresa.do', role: 'client' });
    const [client] = await app.db.select().from(clients).where(eq(clients.id, session.user.clientId));
    expect(client).toMatchObject({
      companyName: 'Nueva Empresa SRL',
      companyRnc: RNC,
      clientType: 'company',
    });
    const me = await injectAs(app, session.token, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: `/api/auth/register/${token}`, payload });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('Este link de registro ya fue utilizado');
    const infoAgain = await app.inject({ method: 'GET', url: `/api/auth/register/${token}` });
    expect(infoAgain.statusCode).toBe(410);
  });

  it("refuses the agency's own RNC as the new client's (issue 27) and creates nothing", async () => {
    const { token } = (await generate('mismo-rnc@nuevaempresa.do', 'company')).json().data;
    const agencyRnc = `13185542${rncCheckDigit('13185542')}`;
    const res = await app.inject({
      method: 'POST',
      url: `/api/auth/register/${token}`,
      payload: {
        clientType: 'company',
        firstName: 'Ana',
        lastName: 'Peña',
        password: 'Clave123!',
        phone: '809-555-7788',
        companyName: 'Copia SRL',
        rnc: agencyRnc,
      },
    });
    expect(res.statusCode).toBe(400);
    const message = 'Ese es el RNC de la agencia: un cliente no puede tener el RNC de quien factura.';
    expect(res.json()).toMatchObject({ message, errors: [{ field: 'rnc', message }] });
    expect(await app.db.select().from(clients).where(eq(clients.companyName, 'Copia SRL'))).toEqual([]);
  });

  it('validates the cédula check digit for individuals and the type against the link', async () => {
    const { token } = (await generate('persona@correo.do', 'individual')).json().data;
    const base = { firstName: 'Luis', lastName: 'Gómez', password: 'Clave123!', phone: '829-555-1122' };
    const badCedula = await app.inject({
      method: 'POST',
      url: `/api/auth/register/${token}`,
      payload: {
        ...base,
        clientType: 'individual',
        cedula: `${CEDULA.slice(0, 10)}${(Number(CEDULA[10]) + 1) % 10}`,
      },
    });
    expect(badCedula.statusCode).toBe(400);
    expect(badCedula.json().message).toContain('Cédula inválida');
    const wrongType = await app.inject({
      method: 'POST',
      url: `/api/auth/register/${token}`,
      payload: { ...base, clientType: 'company', companyName: 'X', rnc: RNC },
    });
    expect(wrongType.statusCode).toBe(400);
    const ok = await app.inject({
      method: 'POST',
      url: `/api/auth/register/${token}`,
      payload: { ...base, clientType: 'individual', cedula: CEDULA },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('joins an existing client when the link was made for it', async () => {
    const clientId = (await login(app, DEMO.client)).user.clientId!;
    const { token } = (await generate('contabilidad@cafecibao.do', 'company', clientId)).json().data;
    const res = await app.inject({
      method: 'POST',
      url: `/api/auth/register/${token}`,
      payload: {
        clientType: 'company',
        firstName: 'Pedro',
        lastName: 'Núñez',
        password: 'Clave123!',
        phone: '809-555-0000',
        companyName: 'Ignorado',
        rnc: RNC,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.clientId).toBe(clientId);
  });

  it('answers 404 for unknown tokens and 410 for expired ones', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/auth/register/abc' });
    expect(unknown.statusCode).toBe(404);
    const link = await createRegistrationLink({
      db: app.db,
      publicUrl: app.publicUrl,
      email: 'tarde@correo.do',
      clientType: 'individual',
      sendEmail: false,
    });
    await app.db
      .update(registrationLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrationLinks.id, link.id));
    const expired = await app.inject({ method: 'GET', url: `/api/auth/register/${link.token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('Este link de registro ha expirado');
  });
});
