import type { Session } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateForm } from '../../../test/direct-ecf.js';
import { makeTestPkcs12 } from '../../../test/ecf-test-certificate.js';
import { injectAs, startDemoApp } from '../../../test/helpers.js';
import { auditLog, ecfSettings, notifications } from '../../db/schema/index.js';

// Direct e-CF emission set-up (issue 26): mode and certificate.

let app: FastifyInstance, admin: Session, employee: Session, client: Session;

beforeAll(async () => {
  ({ app, admin, employee, client } = await startDemoApp());
});

const upload = (file: Buffer | null, password: string | null, token = admin.token) =>
  injectAs(app, token, {
    method: 'POST',
    url: '/api/fiscal/certificate',
    ...certificateForm(file, password),
  });
const setMode = (ecfMode: unknown, token = admin.token) =>
  injectAs(app, token, { method: 'PUT', url: '/api/fiscal/settings', payload: { ecfMode } });

describe('e-CF settings and certificate (/fiscal/settings, /fiscal/certificate)', () => {
  it('starts in provider mode with the configured environment and no certificate', async () => {
    const res = await injectAs(app, admin.token, { method: 'GET', url: '/api/fiscal/settings' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.settings).toEqual({
      ecfMode: 'provider',
      environment: 'TesteCF',
      ecfBaseUrl: 'http://127.0.0.1:9/TesteCF',
      fcBaseUrl: 'http://127.0.0.1:9/fc/TesteCF',
      hasCertificate: false,
    });
    const cert = await injectAs(app, admin.token, { method: 'GET', url: '/api/fiscal/certificate' });
    expect(cert.json().data.certificate).toBeNull();
  });

  it('refuses direct mode without a certificate (409), and a bad mode (400)', async () => {
    const res = await setMode('direct');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      'Carga el certificado digital (.p12) antes de activar la emisión directa.',
    );
    expect((await setMode('manual')).statusCode).toBe(400);
  });

  it('refuses a wrong password, a file that is not a PKCS#12, a missing file or password, and an expired certificate', async () => {
    const cert = makeTestPkcs12();
    const wrong = await upload(cert.p12, 'otra-clave');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('La contraseña del certificado no es correcta.');
    const notP12 = await upload(Buffer.from('no soy un certificado'), 'x');
    expect(notP12.statusCode).toBe(400);
    expect(notP12.json().message).toBe('El archivo no es un certificado PKCS#12 (.p12 o .pfx) válido.');
    expect((await upload(null, 'x')).json().message).toBe(
      'Selecciona el archivo del certificado (.p12 o .pfx).',
    );
    expect((await upload(cert.p12, null)).json().message).toBe('Escribe la contraseña del certificado.');
    const expired = makeTestPkcs12({ notBefore: new Date('2024-01-01'), notAfter: new Date('2025-06-30') });
    const old = await upload(expired.p12, expired.password);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('El certificado venció el 2025-06-30. Carga uno vigente.');
  });

  it('is admin only', async () => {
    const cert = makeTestPkcs12();
    for (const token of [employee.token, client.token]) {
      expect((await upload(cert.p12, cert.password, token)).statusCode).toBe(403);
      expect((await setMode('provider', token)).statusCode).toBe(403);
      expect((await injectAs(app, token, { method: 'GET', url: '/api/fiscal/settings' })).statusCode).toBe(
        403,
      );
    }
  });

  it('loads a certificate (201 with its summary), stores key and password sealed, never answers or logs them; then direct mode', async () => {
    const cert = makeTestPkcs12({ password: 'Sup3r-Secreta' });
    const res = await upload(cert.p12, cert.password);
    expect(res.statusCode, res.body).toBe(201);
    const summary = res.json().data.certificate;
    expect(summary).toMatchObject({
      subject: expect.stringContaining('CN=AGENCIA DIGITAL RD SRL'),
      serialNumber: cert.serialNumber,
    });
    expect(res.body).not.toContain('PRIVATE KEY');
    const [row] = await app.db.select().from(ecfSettings).where(eq(ecfSettings.id, 1));
    expect(row!.certificateSealed).toMatch(/^e1\./);
    expect(row!.certificateSealed).not.toContain('Sup3r-Secreta');
    expect(row!.certificateSealed).not.toContain('PRIVATE');
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fiscal.certificate_uploaded'));
    expect(JSON.stringify(entry!.metadata)).not.toMatch(/Sup3r|PRIVATE/);
    expect(
      (await injectAs(app, admin.token, { method: 'GET', url: '/api/fiscal/certificate' })).json().data
        .certificate,
    ).toEqual(summary);

    const direct = await setMode('direct');
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json().data.settings).toMatchObject({ ecfMode: 'direct', hasCertificate: true });
    const changes = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fiscal.ecf_mode_changed'));
    expect(changes.map((c) => c.metadata)).toEqual([{ from: 'provider', to: 'direct' }]);
    expect((await setMode('provider')).json().data.settings.ecfMode).toBe('provider');
  });
});

describe('certificate expiry warnings (job ecf-certificate)', () => {
  const warnings = async () =>
    (await app.db.select().from(notifications).where(eq(notifications.userId, admin.user._id))).filter((n) =>
      n.title.startsWith('El certificado digital'),
    );

  it('tells the admins once 30 days before, once when expired, and nothing while valid', async () => {
    const cert = makeTestPkcs12({ notAfter: new Date(Date.now() + 60 * 86_400_000) });
    expect((await upload(cert.p12, cert.password)).statusCode).toBe(201);
    const run = (at: Date) => app.jobs.runNow('ecf-certificate', at);
    expect((await run(new Date())).lastSummary).toBe('Certificado vigente');
    expect(await warnings()).toHaveLength(0);
    const in35Days = new Date(Date.now() + 35 * 86_400_000);
    expect((await run(in35Days)).lastSummary).toBe('Aviso de 30 días enviado');
    expect((await run(in35Days)).lastSummary).toBe('Aviso ya enviado');
    const in61Days = new Date(Date.now() + 61 * 86_400_000);
    expect((await run(in61Days)).lastSummary).toBe('Aviso de vencimiento enviado');
    expect((await warnings()).map((n) => n.title).sort()).toEqual([
      'El certificado digital vence pronto',
      'El certificado digital venció',
    ]);
  });
});
