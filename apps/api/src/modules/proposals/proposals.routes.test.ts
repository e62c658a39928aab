import { createHash } from 'node:crypto';
import { type Session, SIGNED_DOCUMENT_LOCKED } from '@agencia/shared';
import { and, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestPkcs12 } from '../../../test/ecf-test-certificate.js';
import { startDemoApp, testConfig, withoutPermission } from '../../../test/helpers.js';
import {
  documentOtps,
  emailOutbox,
  invoices,
  leadStages,
  leads,
  notifications,
  projectMilestones,
  recurringInvoices,
  signableDocumentSignatures,
  signableDocuments,
} from '../../db/schema/index.js';
import { saveCertificate } from '../ecf/ecf-settings.service.js';
import { verifySealedDocument } from '../signatures/pdf-seal.js';

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
let client2: Session;

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const VALID_CEDULA = '001-1391820-5';

function as(
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  ip?: string,
) {
  return app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'user-agent': 'vitest-browser/1.0' },
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

let ipN = 1;
/** A fresh address per test flow: the public limits count per IP. */
const freshIp = () => `10.47.${(++ipN >> 8) & 255}.${ipN & 255}`;

beforeAll(async () => {
  ({ app, admin, employee, client, client2 } = await startDemoApp());
});

async function template(kind: 'proposal' | 'contract', requiresCountersign: boolean) {
  const res = await as(admin.token, 'POST', '/api/document-templates', {
    name: `Plantilla ${kind} ${requiresCountersign}`,
    kind,
    body: '# Propuesta para {{cliente.nombre}}\n\nRNC: {{cliente.rnc}}. Total: {{total}}. Fecha: {{fecha}}.',
    requiresCountersign,
    items: [
      { description: 'Diseño', quantity: 1, unitPrice: 30000, currency: 'DOP', milestone: 'Diseño' },
      { description: 'Desarrollo', quantity: 2, unitPrice: 7500, currency: 'DOP', milestone: 'Desarrollo' },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.template as { _id: string };
}

async function createDoc(kind: 'proposal' | 'contract', body: Record<string, unknown>) {
  const res = await as(admin.token, 'POST', kind === 'proposal' ? '/api/proposals' : '/api/contracts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.document as { _id: string; number: string; total: number; mergedContent: string };
}

async function send(kind: 'proposal' | 'contract', id: string) {
  const res = await as(
    admin.token,
    'POST',
    `/api/${kind === 'proposal' ? 'proposals' : 'contracts'}/${id}/send`,
    {},
  );
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  const url = (data[kind] ?? data.document).shareUrl as string;
  return url.split('/firmar/')[1]!;
}

/** The last code e-mailed to `to` (read from the outbox, as the recipient would). */
async function lastCode(to: string): Promise<string> {
  const [mail] = await app.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), like(emailOutbox.subject, 'Código de firma:%')))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return /(\d{6})/.exec(mail!.subject)![1]!;
}

const pub = (kind: 'proposal' | 'contract', token: string, suffix = '') =>
  `/api/public/${kind === 'proposal' ? 'proposals' : 'contracts'}/${token}${suffix}`;

async function signAsRecipient(kind: 'proposal' | 'contract', token: string, email: string, ip = freshIp()) {
  expect((await as(null, 'POST', pub(kind, token, '/otp'), undefined, ip)).statusCode).toBe(200);
  const otp = await lastCode(email);
  const res = await as(
    null,
    'POST',
    pub(kind, token, '/sign'),
    { name: 'Ana Pérez', idNumber: VALID_CEDULA, consent: true, otp },
    ip,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('demo data', () => {
  it('seeds one template of each kind and a proposal sent to a demo lead, with its frozen PDF', async () => {
    const templates = (await as(admin.token, 'GET', '/api/document-templates')).json().data
      .templates as Array<{ kind: string }>;
    expect(templates.some((t) => t.kind === 'proposal')).toBe(true);
    expect(templates.some((t) => t.kind === 'contract')).toBe(true);
    const sent = (await as(admin.token, 'GET', '/api/proposals?status=sent')).json().data.documents as Array<{
      _id: string;
      number: string;
      leadId: string | null;
    }>;
    const demo = sent.find((d) => d.number === 'PRO-0001');
    expect(demo?.leadId).toBeTruthy();
    const [row] = await app.db.select().from(signableDocuments).where(eq(signableDocuments.id, demo!._id));
    const pdf = await as(admin.token, 'GET', `/api/proposals/${demo!._id}/pdf`);
    expect(sha(pdf.rawPayload)).toBe(row!.documentSha256);
  });
});

describe('templates and merge', () => {
  it('merges the client fields escaped: what a user typed never becomes Markdown', async () => {
    const lead = await as(admin.token, 'POST', '/api/leads', {
      title: 'Sitio web',
      contactName: '**Hack** # <b>x</b> [link](http://evil)',
      email: 'hack@cliente.do',
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const doc = await createDoc('proposal', {
      leadId: lead.json().data.lead._id,
      title: 'Propuesta',
      content: 'Hola {{cliente.nombre}}, {{desconocido}} {{total}}',
    });
    expect(doc.mergedContent).toBe(
      'Hola \\*\\*Hack\\*\\* \\# \\<b\\>x\\<\\/b\\> \\[link\\]\\(http\\:\\/\\/evil\\), {{desconocido}} RD\\$0\\.00',
    );
  });

  it('lets only admins manage templates; employees with proposals.read list them; clients never', async () => {
    await template('proposal', false);
    const asEmployee = await as(employee.token, 'POST', '/api/document-templates', {
      name: 'x',
      kind: 'proposal',
      body: 'x',
    });
    expect(asEmployee.statusCode).toBe(403);
    // proposals.* are not employee defaults: granted by an admin (decision 171).
    expect((await as(employee.token, 'GET', '/api/document-templates')).statusCode).toBe(403);
    expect((await as(client.token, 'GET', '/api/document-templates')).statusCode).toBe(403);
    const bad = await as(admin.token, 'POST', '/api/document-templates', {
      name: '',
      kind: 'otro',
      body: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[áéíóúñ]|requerido|inválido/i);
  });
});

describe('contract: send, view, code, sign, countersign, verify', () => {
  it('freezes the signature with the PDF hash and the trail, refuses a second one and any edit, countersigns', async () => {
    const t = await template('contract', true);
    const doc = await createDoc('contract', {
      clientId: client.user.clientId,
      title: 'Contrato de servicios',
      templateId: t._id,
    });
    expect(doc.number).toMatch(/^CON-\d{4}$/);
    expect(doc.total).toBe(45000);
    const preview = await as(admin.token, 'GET', `/api/contracts/${doc._id}/pdf`);
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const token = await send('contract', doc._id);
    const ip = freshIp();

    // Viewing is tracked and notifies the owner once.
    const view = await as(null, 'GET', pub('contract', token), undefined, ip);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.headers['x-robots-tag']).toBe('noindex, nofollow');
    await as(null, 'GET', pub('contract', token), undefined, ip);
    const page = view.json().data.document;
    expect(page.emailMasked).toMatch(/^c\*\*\*@/);
    const shownPdf = (await as(null, 'GET', pub('contract', token, '/pdf'), undefined, ip)).rawPayload;
    expect(sha(shownPdf)).toBe(page.documentSha256);
    const [afterViews] = await app.db
      .select()
      .from(signableDocuments)
      .where(eq(signableDocuments.id, doc._id));
    expect(afterViews!.viewCount).toBe(2);
    expect(afterViews!.status).toBe('viewed');
    expect(afterViews!.firstViewedAt!.getTime()).toBeLessThanOrEqual(afterViews!.lastViewedAt!.getTime());

    // Codes are hashed at rest; a wrong code counts down.
    expect((await as(null, 'POST', pub('contract', token, '/otp'), undefined, ip)).statusCode).toBe(200);
    const email = afterViews!.recipientEmail!;
    const code = await lastCode(email);
    const [otpRow] = await app.db.select().from(documentOtps).where(eq(documentOtps.documentId, doc._id));
    expect(otpRow!.codeHash).toMatch(/^[a-f0-9]{64}$/);
    expect(otpRow!.codeHash).not.toContain(code);
    const wrong = code === '000000' ? '111111' : '000000';
    const signBody = {
      name: 'Ana Pérez',
      idNumber: VALID_CEDULA,
      consent: true,
      otp: wrong,
      documentSha256: page.documentSha256,
    };
    const bad = await as(null, 'POST', pub('contract', token, '/sign'), signBody, ip);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Código incorrecto. Te quedan 4 intentos.');

    const ok = await as(null, 'POST', pub('contract', token, '/sign'), { ...signBody, otp: code }, freshIp());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.result.status).toBe('signed');

    const [sig] = await app.db
      .select()
      .from(signableDocumentSignatures)
      .where(eq(signableDocumentSignatures.documentId, doc._id));
    expect(sig!.documentSha256).toBe(sha(shownPdf));
    expect(sig!.consentSha256).toBe(sha(sig!.consentText));
    expect(sig!.consentText).toContain('Ley 126-02');
    expect(sig!.idNumber).toBe('00113918205');
    expect(sig!.userAgent).toBe('vitest-browser/1.0');
    expect(sig!.ip).toMatch(/^10\.47\./);
    expect(sig!.signedAtLocal).toMatch(/-04:00$/);
    expect(new Date(sig!.signedAtLocal).getTime()).toBe(Math.floor(sig!.signedAt.getTime() / 1000) * 1000);

    // Second signature, edit after signing: clear Spanish errors, nothing recorded twice.
    const again = await as(
      null,
      'POST',
      pub('contract', token, '/sign'),
      { ...signBody, otp: code },
      freshIp(),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este documento ya fue firmado.');
    const edit = await as(admin.token, 'PUT', `/api/contracts/${doc._id}`, { title: 'Otro' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(SIGNED_DOCUMENT_LOCKED);
    expect(
      await app.db
        .select()
        .from(signableDocumentSignatures)
        .where(eq(signableDocumentSignatures.documentId, doc._id)),
    ).toHaveLength(1);

    // The agency countersigns: the code goes to the admin's own e-mail.
    expect((await as(employee.token, 'POST', `/api/contracts/${doc._id}/countersign/otp`)).statusCode).toBe(
      403,
    );
    const otpRes = await as(admin.token, 'POST', `/api/contracts/${doc._id}/countersign/otp`);
    expect(otpRes.statusCode, otpRes.body).toBe(200);
    const adminCode = await lastCode(admin.user.email);
    const cs = await as(admin.token, 'POST', `/api/contracts/${doc._id}/countersign`, {
      name: 'Laura Admin',
      idNumber: VALID_CEDULA,
      consent: true,
      otp: adminCode,
    });
    expect(cs.statusCode, cs.body).toBe(200);
    const detail = (await as(admin.token, 'GET', `/api/contracts/${doc._id}`)).json().data;
    expect(detail.document.status).toBe('countersigned');
    // No e-CF certificate loaded yet: the signatures stand, the seal waits (reason kept for a retry).
    expect(detail.document.sealedSha256).toBeNull();
    const [unsealed] = await app.db.select().from(signableDocuments).where(eq(signableDocuments.id, doc._id));
    expect(unsealed!.sealError).toMatch(/certificado/i);
    expect(detail.document.signatures.map((s: { role: string }) => s.role)).toEqual(['recipient', 'agency']);
    const kinds = detail.events.map((e: { kind: string }) => e.kind);
    for (const k of [
      'created',
      'sent',
      'viewed',
      'otp_sent',
      'otp_failed',
      'otp_verified',
      'signed',
      'countersigned',
    ])
      expect(kinds).toContain(k);

    // The PDF as signed: its hash is the stored one; the public verification finds it.
    const signedCopy = await as(admin.token, 'GET', `/api/contracts/${doc._id}/pdf?copy=signed`);
    expect(sha(signedCopy.rawPayload)).toBe(detail.document.documentSha256);
    const boundary = '----proposalsverify';
    const multipart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      signedCopy.rawPayload,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const verify = await app.inject({
      method: 'POST',
      url: '/api/public/verify',
      payload: multipart,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      remoteAddress: freshIp(),
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().data.match).toBe('signed');
    expect(verify.json().data.document.number).toBe(doc.number);
    expect(verify.json().data.events.length).toBeGreaterThan(5);
  });

  it('enforces the code rules: 5 tries then locked, 10 minutes, a new code retires the old one', async () => {
    const doc = await createDoc('contract', {
      clientId: client.user.clientId,
      title: 'Contrato OTP',
      content: 'Texto',
    });
    const token = await send('contract', doc._id);
    const ip = freshIp();
    await as(null, 'POST', pub('contract', token, '/otp'), undefined, ip);
    const [row] = await app.db.select().from(signableDocuments).where(eq(signableDocuments.id, doc._id));
    const code = await lastCode(row!.recipientEmail!);
    const wrong = code === '999999' ? '888888' : '999999';
    const body = (otp: string) => ({ name: 'Ana Pérez', idNumber: VALID_CEDULA, consent: true, otp });
    for (let i = 0; i < 5; i++)
      await as(null, 'POST', pub('contract', token, '/sign'), body(wrong), freshIp());
    const locked = await as(null, 'POST', pub('contract', token, '/sign'), body(code), freshIp());
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe('Demasiados intentos con este código. Pide uno nuevo.');

    await as(null, 'POST', pub('contract', token, '/otp'), undefined, ip);
    const fresh = await lastCode(row!.recipientEmail!);
    await app.db
      .update(documentOtps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(documentOtps.documentId, doc._id)));
    const expired = await as(null, 'POST', pub('contract', token, '/sign'), body(fresh), freshIp());
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('El código venció. Pide uno nuevo.');
    expect(
      await app.db
        .select()
        .from(signableDocumentSignatures)
        .where(eq(signableDocumentSignatures.documentId, doc._id)),
    ).toHaveLength(0);
  });
});

describe('public routes under bad input', () => {
  it('answers Spanish 4xx for a bad token, another kind of link, bad ids and no consent; rate limits', async () => {
    const doc = await createDoc('proposal', { clientId: client.user.clientId, title: 'P', content: 'Texto' });
    const token = await send('proposal', doc._id);
    const ip = freshIp();
    const other = await as(null, 'GET', pub('contract', token), undefined, ip);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Este enlace es de una propuesta, no de un contrato.');
    expect((await as(null, 'GET', pub('proposal', 'corto'), undefined, ip)).json().message).toBe(
      'Enlace inválido',
    );
    expect((await as(null, 'GET', pub('proposal', 'x'.repeat(43)), undefined, ip)).statusCode).toBe(404);
    const badId = await as(
      null,
      'POST',
      pub('proposal', token, '/sign'),
      { name: 'Ana Pérez', idNumber: '001-0000000-0', consent: true, otp: '123456' },
      ip,
    );
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/Cédula o RNC inválido/);
    const noConsent = await as(
      null,
      'POST',
      pub('proposal', token, '/sign'),
      { name: 'Ana Pérez', idNumber: VALID_CEDULA, consent: false, otp: '123456' },
      ip,
    );
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toMatch(/consentimiento/);
    const noReason = await as(null, 'POST', pub('proposal', token, '/decline'), { reason: '' }, ip);
    expect(noReason.statusCode).toBe(400);

    const limitedIp = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await as(null, 'POST', pub('proposal', 'y'.repeat(43), '/otp'), undefined, limitedIp)).statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 404)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('declines once with a reason; a new version replaces the old link', async () => {
    const doc = await createDoc('proposal', {
      clientId: client.user.clientId,
      title: 'Declinar',
      content: 'Texto',
    });
    const token = await send('proposal', doc._id);
    const ip = freshIp();
    const declined = await as(null, 'POST', pub('proposal', token, '/decline'), { reason: 'Muy caro' }, ip);
    expect(declined.statusCode, declined.body).toBe(200);
    const twice = await as(null, 'POST', pub('proposal', token, '/decline'), { reason: 'Muy caro' }, ip);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Este documento fue rechazado.');
    const v2 = await as(admin.token, 'POST', `/api/proposals/${doc._id}/versions`);
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json().data.document).toMatchObject({
      number: doc.number,
      version: 2,
      status: 'draft',
      previousVersionId: doc._id,
    });
    const old = await as(null, 'GET', pub('proposal', token), undefined, ip);
    expect(old.statusCode).toBe(410);
    expect((await as(admin.token, 'POST', `/api/proposals/${doc._id}/versions`)).statusCode).toBe(409);
  });
});

describe('roles', () => {
  it('employees need proposals.write; clients read only their own sent documents', async () => {
    const draft = await createDoc('proposal', {
      clientId: client.user.clientId,
      title: 'Borrador',
      content: 'x',
    });
    expect(
      (
        await as(employee.token, 'POST', '/api/proposals', {
          clientId: client.user.clientId,
          title: 'x',
          content: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as(client.token, 'POST', '/api/proposals', {
          clientId: client.user.clientId,
          title: 'x',
          content: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect((await as(client.token, 'GET', `/api/proposals/${draft._id}`)).statusCode).toBe(404);
    await send('proposal', draft._id);
    expect((await as(client.token, 'GET', `/api/proposals/${draft._id}`)).statusCode).toBe(200);
    expect((await as(client2.token, 'GET', `/api/proposals/${draft._id}`)).statusCode).toBe(404);
    const list = (await as(client.token, 'GET', '/api/proposals')).json().data.documents as Array<{
      status: string;
    }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((d) => d.status !== 'draft')).toBe(true);
    expect((await as(client.token, 'PUT', `/api/proposals/${draft._id}`, { title: 'x' })).statusCode).toBe(
      403,
    );
    await withoutPermission(app, admin.token, 'empleado@demo.do', 'projects.read', async () => {
      // unrelated permission: proposals stay closed to an employee without proposals.*
      expect((await as(employee.token, 'GET', '/api/proposals')).statusCode).toBe(403);
    });
  });
});

describe('conversion, exactly once', () => {
  async function signedProposal(leadId?: string) {
    const t = await template('proposal', false);
    const doc = await createDoc('proposal', {
      ...(leadId ? { leadId } : { clientId: client.user.clientId }),
      title: 'Propuesta convertible',
      templateId: t._id,
    });
    const token = await send('proposal', doc._id);
    const [row] = await app.db.select().from(signableDocuments).where(eq(signableDocuments.id, doc._id));
    await signAsRecipient('proposal', token, row!.recipientEmail!);
    return doc;
  }

  it('turns a signed proposal into a project with milestones and its lead into "Ganado"; a second call creates nothing', async () => {
    const lead = await as(admin.token, 'POST', '/api/leads', {
      title: 'Tienda',
      contactName: 'Rosa Díaz',
      email: 'rosa.diaz@cliente.do',
    });
    const leadId = lead.json().data.lead._id as string;
    const doc = await signedProposal(leadId);
    const res = await as(admin.token, 'POST', `/api/proposals/${doc._id}/convert`, { target: 'project' });
    expect(res.statusCode, res.body).toBe(200);
    const { id, leadWon } = res.json().data;
    expect(leadWon).toBe(true);
    const milestones = await app.db
      .select()
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, id));
    expect(milestones.map((m) => m.title).sort()).toEqual(['Desarrollo', 'Diseño']);
    const [l] = await app.db
      .select({ kind: leadStages.kind, clientId: leads.clientId })
      .from(leads)
      .innerJoin(leadStages, eq(leadStages.id, leads.stageId))
      .where(eq(leads.id, leadId));
    expect(l!.kind).toBe('won');
    expect(l!.clientId).not.toBeNull();
    const again = await as(admin.token, 'POST', `/api/proposals/${doc._id}/convert`, { target: 'invoice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta propuesta ya se convirtió en proyecto.');
  });

  it('turns one into a retainer and another into a first invoice; employees and unsigned proposals are refused', async () => {
    const a = await signedProposal();
    const r = await as(admin.token, 'POST', `/api/proposals/${a._id}/convert`, {
      target: 'retainer',
      frequency: 'monthly',
      dayOfMonth: 5,
    });
    expect(r.statusCode, r.body).toBe(200);
    const [ret] = await app.db
      .select()
      .from(recurringInvoices)
      .where(eq(recurringInvoices.id, r.json().data.id));
    expect(ret!.dayOfMonth).toBe(5);
    expect(ret!.items).toHaveLength(2);
    const b = await signedProposal();
    expect(
      (await as(employee.token, 'POST', `/api/proposals/${b._id}/convert`, { target: 'invoice' })).statusCode,
    ).toBe(403);
    const inv = await as(admin.token, 'POST', `/api/proposals/${b._id}/convert`, {
      target: 'invoice',
      paymentTerms: 15,
    });
    expect(inv.statusCode, inv.body).toBe(200);
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, inv.json().data.id));
    expect(row!.totalCents).toBeGreaterThanOrEqual(4_500_000);
    expect(row!.status).toBe('draft');
    const unsigned = await createDoc('proposal', {
      clientId: client.user.clientId,
      title: 'Sin firmar',
      content: 'x',
    });
    const refused = await as(admin.token, 'POST', `/api/proposals/${unsigned._id}/convert`, {
      target: 'project',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Solo una propuesta firmada se puede convertir.');
  });
});

describe('sealed PDF (pdf-seal, decision 172)', () => {
  it('seals a complete contract with the e-CF certificate: the downloaded PDF hash is the stored one, sealed and intact', async () => {
    const p12 = makeTestPkcs12({ commonName: 'AGENCIA DIGITAL RD SRL' });
    await saveCertificate({
      db: app.db,
      ctx: { actorId: null },
      config: testConfig().ecf,
      file: p12.p12,
      password: p12.password,
    });
    const doc = await createDoc('contract', {
      clientId: client.user.clientId,
      title: 'Contrato sellado',
      content: '# Acuerdo',
      requiresCountersign: false,
    });
    const token = await send('contract', doc._id);
    const [row] = await app.db.select().from(signableDocuments).where(eq(signableDocuments.id, doc._id));
    await signAsRecipient('contract', token, row!.recipientEmail!);
    const detail = (await as(admin.token, 'GET', `/api/contracts/${doc._id}`)).json().data.document;
    expect(detail.status).toBe('signed');
    expect(detail.sealedSha256).toMatch(/^[a-f0-9]{64}$/);
    const download = await as(admin.token, 'GET', `/api/contracts/${doc._id}/pdf`);
    expect(sha(download.rawPayload)).toBe(detail.sealedSha256);
    const check = await verifySealedDocument({ pdf: download.rawPayload });
    expect(check).toMatchObject({ sealed: true, intact: true });
    const verify = await as(admin.token, 'GET', `/api/contracts/${doc._id}/verify`);
    expect(verify.json().data).toMatchObject({ match: 'sealed', seal: { sealed: true, intact: true } });
    // A changed byte: no stored document matches and the seal no longer holds.
    const tampered = Buffer.from(download.rawPayload);
    const at = tampered.indexOf('Acuerdo');
    if (at > 0) tampered[at] = 'a'.charCodeAt(0);
    else tampered[200] = tampered[200]! ^ 1;
    const boundary = '----sealcheck';
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/verify',
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        tampered,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.match).toBeNull();
    expect(res.json().data.seal?.intact ?? false).toBe(false);
  });
});

describe('sending a proposal moves its lead forward (decision 174)', () => {
  async function stageId(name: string) {
    const [s] = await app.db.select().from(leadStages).where(eq(leadStages.name, name));
    return s!.id;
  }
  async function leadIn(stage: string) {
    const res = await as(admin.token, 'POST', '/api/leads', {
      title: `Sitio (${stage})`,
      contactName: 'Rosa Díaz',
      email: `rosa.${stage.replace(/\W/g, '').toLowerCase()}.${Date.now()}@cliente.do`,
      stageId: await stageId(stage),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.lead._id as string;
  }
  async function sendProposalTo(leadId: string) {
    const doc = await createDoc('proposal', { leadId, title: 'Propuesta', content: 'Texto' });
    await send('proposal', doc._id);
    return doc;
  }
  const stageOf = async (leadId: string) =>
    (await as(admin.token, 'GET', `/api/leads/${leadId}`)).json().data as {
      lead: { stage: { _id: string; name: string } };
      events: Array<{ kind: string; meta: Record<string, unknown> | null }>;
    };

  it('moves a lead in Nuevo or Contactado to "Propuesta enviada", with the cause on its timeline', async () => {
    for (const stage of ['Nuevo', 'Contactado']) {
      const leadId = await leadIn(stage);
      const doc = await sendProposalTo(leadId);
      const { lead, events } = await stageOf(leadId);
      expect(lead.stage._id).toBe(await stageId('Propuesta enviada'));
      const moved = events.filter((e) => e.kind === 'stage_changed');
      expect(moved).toHaveLength(1);
      expect(moved[0]!.meta).toMatchObject({
        fromStage: stage,
        toStage: 'Propuesta enviada',
        cause: `Propuesta ${doc.number} enviada`,
      });
    }
  });

  it('never moves a lead backwards nor out of Ganado / Perdido, and a second send moves nothing', async () => {
    for (const stage of ['Negociación', 'Ganado', 'Perdido', 'Propuesta enviada']) {
      const leadId = await leadIn(stage);
      await sendProposalTo(leadId);
      const { lead, events } = await stageOf(leadId);
      expect(lead.stage._id, stage).toBe(await stageId(stage));
      expect(events.filter((e) => e.kind === 'stage_changed')).toHaveLength(0);
    }
    const leadId = await leadIn('Nuevo');
    const doc = await sendProposalTo(leadId);
    await as(admin.token, 'POST', `/api/proposals/${doc._id}/send`, {});
    expect((await stageOf(leadId)).events.filter((e) => e.kind === 'stage_changed')).toHaveLength(1);
  });

  it('leaves the lead alone when a contract is sent', async () => {
    const leadId = await leadIn('Nuevo');
    const doc = await createDoc('contract', { leadId, title: 'Contrato', content: 'Texto' });
    await send('contract', doc._id);
    expect((await stageOf(leadId)).lead.stage._id).toBe(await stageId('Nuevo'));
  });
});

describe('deleting a draft (decision 174)', () => {
  it('deletes a draft proposal or contract, audited; 409 in Spanish once sent; 404 after', async () => {
    for (const kind of ['proposal', 'contract'] as const) {
      const path = kind === 'proposal' ? '/api/proposals' : '/api/contracts';
      const draft = await createDoc(kind, {
        clientId: client.user.clientId,
        title: 'Borrador',
        content: 'x',
      });
      const res = await as(admin.token, 'DELETE', `${path}/${draft._id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Borrador eliminado');
      expect(
        await app.db.select().from(signableDocuments).where(eq(signableDocuments.id, draft._id)),
      ).toEqual([]);
      expect((await as(admin.token, 'DELETE', `${path}/${draft._id}`)).statusCode).toBe(404);
      const audit = (await as(admin.token, 'GET', `/api/audit?action=${kind}.deleted`)).json();
      expect(JSON.stringify(audit)).toContain(draft.number);

      const sent = await createDoc(kind, { clientId: client.user.clientId, title: 'Enviado', content: 'x' });
      await send(kind, sent._id);
      const refused = await as(admin.token, 'DELETE', `${path}/${sent._id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^Solo se puede eliminar un borrador: .* ya se envió/);
      expect(
        await app.db.select().from(signableDocuments).where(eq(signableDocuments.id, sent._id)),
      ).toHaveLength(1);
    }
  });

  it('is for proposals.write staff only; a deleted new version gives the previous one back', async () => {
    const doc = await createDoc('proposal', { clientId: client.user.clientId, title: 'V1', content: 'x' });
    await send('proposal', doc._id);
    const v2 = (await as(admin.token, 'POST', `/api/proposals/${doc._id}/versions`)).json().data.document as {
      _id: string;
    };
    expect((await as(client.token, 'DELETE', `/api/proposals/${v2._id}`)).statusCode).toBe(403);
    expect((await as(employee.token, 'DELETE', `/api/proposals/${v2._id}`)).statusCode).toBe(403);
    expect((await as(admin.token, 'DELETE', `/api/proposals/${v2._id}`)).statusCode).toBe(200);
    const back = (await as(admin.token, 'GET', `/api/proposals/${doc._id}`)).json().data as {
      document: { supersededById: string | null };
      events: Array<{ event: string }>;
    };
    expect(back.document.supersededById).toBeNull();
    expect(back.events.at(-1)?.event).toBe(
      'Se eliminó el borrador de la versión 2; esta versión vuelve a ser la vigente',
    );
  });
});

describe('the recipient signs inside the portal (decision 174)', () => {
  const path = (kind: 'proposal' | 'contract', id: string, suffix = '') =>
    `/api/${kind === 'proposal' ? 'proposals' : 'contracts'}/${id}${suffix}`;
  async function sentToClient(kind: 'proposal' | 'contract', requiresCountersign = false) {
    const doc = await createDoc(kind, {
      clientId: client.user.clientId,
      title: `Documento del portal (${kind})`,
      content: 'Texto',
      requiresCountersign,
    });
    await send(kind, doc._id);
    const [row] = await app.db.select().from(signableDocuments).where(eq(signableDocuments.id, doc._id));
    return { ...doc, email: row!.recipientEmail!, sha: row!.documentSha256! };
  }

  it('opening it in the portal counts as the recipient’s view (trail, count, owner told once); staff reads do not', async () => {
    const doc = await sentToClient('proposal');
    const ownerNotices = async () =>
      (await app.db.select().from(notifications).where(eq(notifications.userId, admin.user._id))).filter(
        (n) => n.link?.endsWith(doc._id),
      ).length;
    const before = await ownerNotices();
    // Staff reading it changes nothing.
    expect((await as(admin.token, 'GET', path('proposal', doc._id))).json().data.document.views.count).toBe(
      0,
    );
    const first = await as(client.token, 'GET', path('proposal', doc._id));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.document).toMatchObject({ status: 'viewed', views: { count: 1 } });
    const second = await as(client.token, 'GET', path('proposal', doc._id));
    expect(second.json().data.document.views.count).toBe(2);
    const trail = second.json().data.events as Array<{ kind: string; event: string }>;
    expect(trail.filter((e) => e.kind === 'viewed').map((e) => e.event)).toEqual([
      'Visto en el portal',
      'Visto en el portal',
    ]);
    expect((await ownerNotices()) - before).toBe(1);
  });

  it('signs with the link’s steps (code by e-mail, wrong code counted) and records the signed-in user', async () => {
    const doc = await sentToClient('proposal');
    const ip = freshIp();
    const otp = await as(client.token, 'POST', path('proposal', doc._id, '/otp'), undefined, ip);
    expect(otp.statusCode, otp.body).toBe(200);
    expect(otp.json().data.emailMasked).toBe(`${doc.email[0]}***@${doc.email.split('@')[1]}`);
    const code = await lastCode(doc.email);
    const body = { name: 'Ana Pérez', idNumber: VALID_CEDULA, consent: true, documentSha256: doc.sha };
    const wrong = await as(
      client.token,
      'POST',
      path('proposal', doc._id, '/sign'),
      { ...body, otp: code === '000000' ? '111111' : '000000' },
      ip,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Código incorrecto. Te quedan 4 intentos.');
    const signed = await as(
      client.token,
      'POST',
      path('proposal', doc._id, '/sign'),
      { ...body, otp: code },
      ip,
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.result).toMatchObject({ status: 'signed', documentSha256: doc.sha });

    const [sig] = await app.db
      .select()
      .from(signableDocumentSignatures)
      .where(eq(signableDocumentSignatures.documentId, doc._id));
    expect(sig).toMatchObject({
      role: 'recipient',
      name: 'Ana Pérez',
      userId: client.user._id,
      email: doc.email,
      userAgent: 'vitest-browser/1.0',
      documentSha256: doc.sha,
    });
    expect(sig!.ip).toBe(ip);
    const trail = (await as(admin.token, 'GET', path('proposal', doc._id))).json().data.events as Array<{
      kind: string;
      event: string;
      actor: string | null;
    }>;
    const signedEvent = trail.find((e) => e.kind === 'signed')!;
    expect(signedEvent.event).toMatch(/^Firmado en el portal por Ana Pérez/);
    expect(signedEvent.actor).toBe(
      `Ana Pérez (${doc.email}) — sesión del portal de ${client.user.firstName} ${client.user.lastName} (${client.user.email})`,
    );
    expect(trail.find((e) => e.kind === 'otp_sent')?.actor).toContain('en el portal');
    // The owner is told, with a link to the proposal's page.
    const [told] = await app.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, admin.user._id), like(notifications.title, `%${doc.number} firmada`)),
      );
    expect(told).toMatchObject({ link: `/proposals/${doc._id}` });
    expect(told!.message).toContain('firmó en el portal');
    expect(trail.filter((e) => e.kind === 'otp_failed')).toHaveLength(1);

    const again = await as(
      client.token,
      'POST',
      path('proposal', doc._id, '/sign'),
      { ...body, otp: code },
      ip,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este documento ya fue firmado.');
    expect(
      await app.db
        .select()
        .from(signableDocumentSignatures)
        .where(eq(signableDocumentSignatures.documentId, doc._id)),
    ).toHaveLength(1);
  });

  it('lets only the document’s client sign: staff 403, another client or a draft 404, no session 401', async () => {
    const doc = await sentToClient('contract', true);
    const ip = freshIp();
    for (const suffix of ['/otp', '/decline']) {
      expect(
        (await as(admin.token, 'POST', path('contract', doc._id, suffix), { reason: 'No me interesa' }, ip))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await as(
            employee.token,
            'POST',
            path('contract', doc._id, suffix),
            { reason: 'No me interesa' },
            ip,
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (await as(client2.token, 'POST', path('contract', doc._id, suffix), { reason: 'No me interesa' }, ip))
          .statusCode,
      ).toBe(404);
      expect(
        (await as(null, 'POST', path('contract', doc._id, suffix), { reason: 'No me interesa' }, ip))
          .statusCode,
      ).toBe(401);
    }
    const draft = await createDoc('contract', { clientId: client.user.clientId, title: 'B', content: 'x' });
    expect(
      (await as(client.token, 'POST', path('contract', draft._id, '/otp'), undefined, ip)).statusCode,
    ).toBe(404);
    // A proposal id on the contracts path is not found either.
    expect(
      (await as(client.token, 'POST', path('proposal', doc._id, '/otp'), undefined, ip)).statusCode,
    ).toBe(404);
    expect(await app.db.select().from(documentOtps).where(eq(documentOtps.documentId, doc._id))).toHaveLength(
      0,
    );
  });

  it('declines once with a reason (trail names the portal user); bad input is a Spanish 400', async () => {
    const doc = await sentToClient('contract');
    const ip = freshIp();
    const empty = await as(client.token, 'POST', path('contract', doc._id, '/decline'), { reason: '' }, ip);
    expect(empty.statusCode).toBe(400);
    const noConsent = await as(
      client.token,
      'POST',
      path('contract', doc._id, '/sign'),
      { name: 'Ana Pérez', idNumber: VALID_CEDULA, consent: false, otp: '123456' },
      ip,
    );
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toMatch(/consentimiento/);
    const res = await as(
      client.token,
      'POST',
      path('contract', doc._id, '/decline'),
      { reason: 'El precio no entra en el presupuesto' },
      ip,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.result.status).toBe('declined');
    const { document, events } = (await as(client.token, 'GET', path('contract', doc._id))).json().data as {
      document: { status: string; declineReason: string };
      events: Array<{ kind: string; event: string; actor: string | null }>;
    };
    expect(document).toMatchObject({
      status: 'declined',
      declineReason: 'El precio no entra en el presupuesto',
    });
    expect(events.find((e) => e.kind === 'declined')).toMatchObject({
      event: 'Rechazado en el portal: El precio no entra en el presupuesto',
      actor: `${client.user.firstName} ${client.user.lastName} (${client.user.email})`,
    });
    const twice = await as(
      client.token,
      'POST',
      path('contract', doc._id, '/decline'),
      { reason: 'Otra vez' },
      ip,
    );
    expect(twice.statusCode).toBe(409);
    expect(
      (await as(client.token, 'POST', path('contract', doc._id, '/otp'), undefined, ip)).statusCode,
    ).toBe(409);
  });

  it('answers 410 for a replaced version and rate limits like the public routes', async () => {
    const doc = await sentToClient('proposal');
    expect((await as(admin.token, 'POST', path('proposal', doc._id, '/versions'))).statusCode).toBe(201);
    const gone = await as(client.token, 'POST', path('proposal', doc._id, '/otp'), undefined, freshIp());
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toMatch(/reemplazado por una versión más reciente/);

    const limitedIp = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await as(client.token, 'POST', path('proposal', doc._id, '/decline'), { reason: '' }, limitedIp))
          .statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
