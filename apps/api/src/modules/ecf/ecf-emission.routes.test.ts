import { businessToday, type Session } from '@agencia/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { validateAgainstDgiiXsd } from '../../../test/dgii-xsd.js';
import { startDirectEcfApp } from '../../../test/direct-ecf.js';
import type { FakeDgii } from '../../../test/fake-dgii.js';
import { fiscalCalls } from '../../../test/fiscal-factories.js';
import { injectAs } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf-text.js';
import {
  ecfAnnulments,
  ecfDocuments,
  fiscalSequences,
  invoices,
  notifications,
} from '../../db/schema/index.js';
import { EcfSender } from './ecf-sender.js';
import { verifyXmlSignature } from './ecf-signature.js';

// Direct e-CF emission end to end against the fake DGII (issue 26, decision 136).

let dgii: FakeDgii;
let app: FastifyInstance, admin: Session, employee: Session, client: Session, client2: Session;
let companyId: string;
const { issue, activeOf, clientWithout } = fiscalCalls(() => ({ app, admin }));

beforeAll(async () => {
  ({ app, admin, employee, client, client2, dgii } = await startDirectEcfApp());
  companyId = client.user.clientId!;
});

afterAll(async () => {
  await dgii.close();
});

beforeEach(() => {
  dgii.setOutage(false);
});

/**
 * A sender as a second process would run it. The timeout is short enough for the timeout test to
 * stay quick and long enough that a loaded CI machine's slow signature never looks like an outage.
 */
const sender = (timeoutMs = 5_000) =>
  new EcfSender(app.db, app.ecfConfig, () => {}, undefined, { timeoutMs });
/** The latest stored e-CF of `encf` (a corrected document after a rejection is a new row). */
async function latest(encf: string) {
  const [row] = await app.db
    .select()
    .from(ecfDocuments)
    .where(eq(ecfDocuments.encf, encf))
    .orderBy(desc(ecfDocuments.createdAt))
    .limit(1);
  return row!;
}
/** Runs passes until `encf` reaches a final state (at most `max`), moving the clock past each wait. */
async function drive(s: EcfSender, encf: string, max = 6) {
  let clock = Date.now();
  for (let i = 0; i < max; i++) {
    await s.pass(new Date(clock));
    const row = await latest(encf);
    if (['accepted', 'conditionally_accepted', 'rejected'].includes(row.status)) return row;
    clock += 10 * 60_000;
  }
  return latest(encf);
}
async function issueE31(overrides = {}) {
  const draft = await createInvoiceVia(
    app,
    admin.token,
    invoicePayload(companyId, { documentType: 'E31', ...overrides }),
  );
  const res = await issue(draft._id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.invoice;
}
const submissionsOf = (encf: string) => dgii.state.submissions.filter((s) => s.encf === encf);

describe('issuing an E31 in direct mode', () => {
  it('signs and stores the e-CF in the issuing transaction: valid against its XSD, signature verifiable, code = SignatureValue[0..6]', async () => {
    const invoice = await issueE31();
    expect(invoice).toMatchObject({ ecfStatus: 'pending', ncf: expect.stringMatching(/^E31\d{10}$/) });
    const [row] = await app.db.select().from(ecfDocuments).where(eq(ecfDocuments.invoiceId, invoice._id));
    expect(row).toMatchObject({ encf: invoice.ncf, status: 'pending', channel: 'ecf', trackId: null });
    expect(await validateAgainstDgiiXsd(row!.signedXml, 'ECF-31')).toEqual([]);
    expect(verifyXmlSignature(row!.signedXml)).toMatchObject({ valid: true });
    const signatureValue = /<SignatureValue>([^<]+)</.exec(row!.signedXml)![1]!;
    expect(invoice.securityCode).toBe(signatureValue.slice(0, 6));
    expect(row!.securityCode).toBe(invoice.securityCode);
    expect(row!.signedXml).toContain(`<eNCF>${invoice.ncf}</eNCF>`);
  });

  it('sends it, asks the result, and ends Aceptado with exactly one submission', async () => {
    const invoice = await issueE31();
    const row = await drive(sender(), invoice.ncf);
    expect(row).toMatchObject({ status: 'accepted', trackId: expect.any(String) });
    expect(submissionsOf(invoice.ncf)).toHaveLength(1);
    const res = await injectAs(app, admin.token, { method: 'GET', url: `/api/invoices/${invoice._id}` });
    expect(res.json().data.invoice).toMatchObject({
      ecfStatus: 'accepted',
      trackId: row.trackId,
      dgiiMessages: [],
    });
    const status = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/invoices/${invoice._id}/ecf`,
    });
    expect(status.json().data.submission).toMatchObject({
      status: 'accepted',
      encf: invoice.ncf,
      trackId: row.trackId,
    });
  });

  it('survives an outage: stays pending with the reason, then recovers to Aceptado with one submission', async () => {
    const invoice = await issueE31();
    dgii.setOutage({ service: 'all', mode: '503' });
    const s = sender();
    await s.pass();
    let [row] = await app.db.select().from(ecfDocuments).where(eq(ecfDocuments.encf, invoice.ncf));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, trackId: null });
    expect(row!.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    dgii.setOutage(false);
    row = await drive(s, invoice.ncf);
    expect(row!.status).toBe('accepted');
    expect(submissionsOf(invoice.ncf)).toHaveLength(1);
  });

  it('a timeout after posting adopts the trackId the DGII already has instead of posting again', async () => {
    const invoice = await issueE31();
    dgii.setOutage({ service: 'reception', mode: 'timeout' });
    const s = sender(1_500);
    await s.pass();
    const [row] = await app.db.select().from(ecfDocuments).where(eq(ecfDocuments.encf, invoice.ncf));
    expect(row).toMatchObject({ status: 'pending', trackId: null });
    expect(row!.submittedAt).not.toBeNull();
    dgii.setOutage(false);
    const done = await drive(s, invoice.ncf);
    expect(done.status).toBe('accepted');
    expect(submissionsOf(invoice.ncf).length).toBeLessThanOrEqual(1);
  });

  it('two processes sending at once post each e-NCF once', async () => {
    const a = await issueE31();
    const b = await issueE31();
    const [one, two] = [sender(), sender()];
    await Promise.all([one.pass(), two.pass()]);
    for (const inv of [a, b]) expect(submissionsOf(inv.ncf)).toHaveLength(1);
  });

  it('a rejection stores the DGII messages and tells the admins', async () => {
    const invoice = await issueE31();
    dgii.rejectNext(invoice.ncf, [{ codigo: 7, valor: 'El RNC del comprador no está registrado.' }]);
    const row = await drive(sender(), invoice.ncf);
    expect(row.status).toBe('rejected');
    expect(row.messages).toEqual([{ code: '7', message: 'El RNC del comprador no está registrado.' }]);
    const [inv] = await app.db.select().from(invoices).where(eq(invoices.id, invoice._id));
    expect(inv!.ecfStatus).toBe('rejected');
    const shown = await injectAs(app, client.token, { method: 'GET', url: `/api/invoices/${invoice._id}` });
    expect(shown.json().data.invoice.dgiiMessages).toEqual([
      { code: '7', message: 'El RNC del comprador no está registrado.' },
    ]);
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, admin.user._id));
    expect(told.map((n) => n.title)).toContain(`La DGII rechazó el e-CF ${invoice.ncf}`);
    const list = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/invoices?ecfStatus=rejected&limit=100',
    });
    expect(list.json().data.invoices.map((i: { _id: string }) => i._id)).toContain(invoice._id);
  });

  it('a rejection that left the e-NCF unused is corrected and signed again with the same e-NCF; the rejected XML is kept', async () => {
    const invoice = await issueE31();
    const first = await latest(invoice.ncf);
    // The rule matches this signed document only, never the corrected one.
    dgii.rejectNext(
      (_encf, xml) => xml === first.signedXml,
      [{ codigo: 101, valor: 'Certificado y/o firma inválida.' }],
      {
        sequenceUsed: false,
      },
    );
    const rejected = await drive(sender(), invoice.ncf);
    expect(rejected, JSON.stringify(rejected.messages)).toMatchObject({
      status: 'rejected',
      sequenceUsed: false,
      messages: [{ code: '101', message: 'Certificado y/o firma inválida.' }],
    });
    const retry = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${invoice._id}/ecf/retry`,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.submission).toMatchObject({ status: 'pending', encf: invoice.ncf });
    const rows = await app.db.select().from(ecfDocuments).where(eq(ecfDocuments.invoiceId, invoice._id));
    expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'rejected']);
    expect(rows.find((r) => r.status === 'rejected')!.signedXml).toBe(rejected.signedXml);
    const done = await drive(sender(), invoice.ncf);
    expect(done.status, JSON.stringify(done.messages)).toBe('accepted');
    const [inv] = await app.db.select().from(invoices).where(eq(invoices.id, invoice._id));
    expect(inv).toMatchObject({ ecfStatus: 'accepted', securityCode: done.securityCode });
  });

  it('a rejection that spent the e-NCF cannot be resent: the invoice may then be cancelled and issued anew', async () => {
    const invoice = await issueE31();
    dgii.rejectNext(
      invoice.ncf,
      [{ codigo: 107, valor: 'El comprobante no cumple las validaciones de la DGII.' }],
      {
        sequenceUsed: true,
      },
    );
    expect((await drive(sender(), invoice.ncf)).status).toBe('rejected');
    const retry = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${invoice._id}/ecf/retry`,
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toContain('dio su e-NCF por utilizado');
    const cancel = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${invoice._id}/cancel`,
      payload: { reason: 'e-CF rechazado por la DGII' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('a document that breaks the DGII format is refused with 422 in Spanish and consumes no e-NCF', async () => {
    const before = await activeOf('E31');
    const draft = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(companyId, {
        documentType: 'E31',
        items: [{ description: 'Horas', quantity: 1.255, unitPrice: 1000 }],
      }),
    );
    const res = await issue(draft._id);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/^El e-CF no cumple el formato de la DGII/);
    expect((await activeOf('E31'))!.nextNumber).toBe(before!.nextNumber);
    const stored = await app.db.select().from(ecfDocuments).where(eq(ecfDocuments.invoiceId, draft._id));
    expect(stored).toEqual([]);
    const [seq] = await app.db.select().from(fiscalSequences).where(eq(fiscalSequences.id, before!._id));
    expect(seq!.nextNumber).toBe(before!.nextNumber);
  });
});

describe('the signed XML and the status, by role', () => {
  it('staff and the invoice’s own client download the XML as stored; another client gets 404', async () => {
    const invoice = await issueE31();
    const [row] = await app.db.select().from(ecfDocuments).where(eq(ecfDocuments.invoiceId, invoice._id));
    for (const token of [admin.token, employee.token, client.token]) {
      const res = await injectAs(app, token, { method: 'GET', url: `/api/invoices/${invoice._id}/ecf.xml` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      expect(res.body).toBe(row!.signedXml);
      expect(res.headers['content-disposition']).toContain(`${row!.issuerRnc}${invoice.ncf}.xml`);
    }
    const other = await injectAs(app, client2.token, {
      method: 'GET',
      url: `/api/invoices/${invoice._id}/ecf.xml`,
    });
    expect(other.statusCode).toBe(404);
  });

  it('retry is for admins and for pending documents only', async () => {
    const invoice = await issueE31();
    const denied = await injectAs(app, employee.token, {
      method: 'POST',
      url: `/api/invoices/${invoice._id}/ecf/retry`,
    });
    expect(denied.statusCode).toBe(403);
    const ok = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${invoice._id}/ecf/retry`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await drive(sender(), invoice.ncf);
    const done = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${invoice._id}/ecf/retry`,
    });
    expect(done.statusCode).toBe(409);
  });
});

describe('credit notes (E34), debit notes (E33) and consumo summaries (E32 → RFCE)', () => {
  it('an E34 is signed with its reference to the E31, valid against its XSD, sent and accepted; its PDF prints its own code', async () => {
    const invoice = await issueE31();
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${invoice._id}/credit-notes`,
      payload: { amount: 1180, reason: 'Descuento comercial acordado', modificationCode: 3 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data.creditNote;
    expect(note).toMatchObject({
      documentType: 'E34',
      ecfStatus: 'pending',
      securityCode: expect.any(String),
    });
    const [row] = await app.db.select().from(ecfDocuments).where(eq(ecfDocuments.creditNoteId, note._id));
    expect(await validateAgainstDgiiXsd(row!.signedXml, 'ECF-34')).toEqual([]);
    expect(verifyXmlSignature(row!.signedXml)).toMatchObject({ valid: true });
    expect(row!.signedXml).toContain(`<NCFModificado>${invoice.ncf}</NCFModificado>`);
    expect(row!.signedXml).toContain('<CodigoModificacion>3</CodigoModificacion>');
    expect((await drive(sender(), note.ncf)).status).toBe('accepted');
    const xml = await injectAs(app, client.token, {
      method: 'GET',
      url: `/api/invoices/${invoice._id}/credit-notes/${note._id}/ecf.xml`,
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toBe(row!.signedXml);
    const pdf = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/invoices/${invoice._id}/credit-notes/${note._id}/pdf`,
    });
    expect(await pdfText(pdf.rawPayload)).toContain(`Código de seguridad: ${note.securityCode}`);
  });

  it('a USD E31 carries the frozen rate as TipoCambio and its totals in pesos; its E34 converts at the invoice’s rate (issue 27)', async () => {
    const rate = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/fiscal/exchange-rates',
      payload: { date: businessToday(), currency: 'USD', rate: 58.95 },
    });
    expect([200, 201]).toContain(rate.statusCode);
    const invoice = await issueE31({
      currency: 'USD',
      items: [{ description: 'Campaña digital (USD)', quantity: 1, unitPrice: 2000 }],
    });
    expect(invoice).toMatchObject({ exchangeRate: 58.95, ecfStatus: 'pending' });
    const row = await latest(invoice.ncf);
    expect(await validateAgainstDgiiXsd(row.signedXml, 'ECF-31')).toEqual([]);
    // US$2,000 + ITBIS US$360 at 58.95: RD$117,900.00 + RD$21,222.00 = RD$139,122.00.
    expect(row.signedXml).toContain('<MontoTotal>139122.00</MontoTotal>');
    expect(row.signedXml).toContain('<TipoMoneda>USD</TipoMoneda><TipoCambio>58.9500</TipoCambio>');
    expect(row.signedXml).toContain('<MontoTotalOtraMoneda>2360.00</MontoTotalOtraMoneda>');

    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${invoice._id}/credit-notes`,
      payload: { amount: 118, reason: 'Ajuste en dólares', modificationCode: 3 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [noteRow] = await app.db
      .select()
      .from(ecfDocuments)
      .where(eq(ecfDocuments.creditNoteId, res.json().data.creditNote._id));
    expect(await validateAgainstDgiiXsd(noteRow!.signedXml, 'ECF-34')).toEqual([]);
    // US$100 + US$18 at 58.95: RD$5,895.00 + RD$1,061.10.
    expect(noteRow!.signedXml).toContain('<MontoTotal>6956.10</MontoTotal>');
    expect(noteRow!.signedXml).toContain('<TipoCambio>58.9500</TipoCambio>');

    const pdf = await injectAs(app, admin.token, { method: 'GET', url: `/api/invoices/${invoice._id}/pdf` });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Tasa: RD$58.95 por US$1 (${businessToday().split('-').reverse().join('/')})`);
    expect(text).toMatch(/Total en RD\$ RD\$\s?139,122\.00/);
  });

  it('an E33 debit note is signed with its reference to the E31 (code 3), valid against its XSD, sent and accepted; its XML and PDF are served', async () => {
    const invoice = await issueE31();
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${invoice._id}/debit-notes`,
      payload: { amount: 590, reason: 'Intereses por mora' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data.debitNote;
    expect(note).toMatchObject({
      documentType: 'E33',
      ecfStatus: 'pending',
      securityCode: expect.any(String),
    });
    expect(note.ncf).toMatch(/^E33\d{10}$/);
    const [row] = await app.db.select().from(ecfDocuments).where(eq(ecfDocuments.debitNoteId, note._id));
    expect(await validateAgainstDgiiXsd(row!.signedXml, 'ECF-33')).toEqual([]);
    expect(verifyXmlSignature(row!.signedXml)).toMatchObject({ valid: true });
    expect(row!.signedXml).toContain(`<NCFModificado>${invoice.ncf}</NCFModificado>`);
    expect(row!.signedXml).toContain('<CodigoModificacion>3</CodigoModificacion>');
    expect(row!.signedXml).toContain('<FechaVencimientoSecuencia>');
    expect((await drive(sender(), note.ncf)).status).toBe('accepted');
    const shown = await injectAs(app, client.token, { method: 'GET', url: `/api/invoices/${invoice._id}` });
    expect(shown.json().data.invoice.debitNotes[0]).toMatchObject({ ncf: note.ncf, ecfStatus: 'accepted' });
    const xmlUrl = `/api/invoices/${invoice._id}/debit-notes/${note._id}/ecf.xml`;
    const xml = await injectAs(app, client.token, { method: 'GET', url: xmlUrl });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toBe(row!.signedXml);
    expect((await injectAs(app, client2.token, { method: 'GET', url: xmlUrl })).statusCode).toBe(404);
    const pdf = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/invoices/${invoice._id}/debit-notes/${note._id}/pdf`,
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('NOTA DE DÉBITO ELECTRÓNICA');
    expect(text).toContain(`Código de seguridad: ${note.securityCode}`);
  });

  it('an E32 under RD$250,000 goes as a signed RFCE to the FC service, answered at once; the full E32 is kept', async () => {
    const buyer = await clientWithout('consumidor_final');
    const draft = await createInvoiceVia(app, admin.token, invoicePayload(buyer, { documentType: 'E32' }));
    const issued = await issue(draft._id);
    expect(issued.statusCode, issued.body).toBe(200);
    const invoice = issued.json().data.invoice;
    const [row] = await app.db.select().from(ecfDocuments).where(eq(ecfDocuments.invoiceId, invoice._id));
    expect(row!.channel).toBe('rfce');
    expect(await validateAgainstDgiiXsd(row!.signedXml, 'ECF-32'), row!.signedXml).toEqual([]);
    expect(await validateAgainstDgiiXsd(row!.summaryXml!, 'RFCE-32')).toEqual([]);
    expect(verifyXmlSignature(row!.summaryXml!)).toMatchObject({ valid: true });
    expect(row!.summaryXml).toContain(`<CodigoSeguridadeCF>${invoice.securityCode}</CodigoSeguridadeCF>`);
    await sender().pass();
    const [done] = await app.db.select().from(ecfDocuments).where(eq(ecfDocuments.id, row!.id));
    expect(done!.status).toBe('accepted');
    expect(dgii.state.summaries.filter((s) => s.encf === invoice.ncf)).toHaveLength(1);
    expect(submissionsOf(invoice.ncf)).toHaveLength(0);
  });
});

describe('connection test and dashboard alerts', () => {
  it('"Probar conexión" authenticates with the DGII, or says it did not answer', async () => {
    const ok = await injectAs(app, admin.token, { method: 'POST', url: '/api/fiscal/connection-test' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.result).toMatchObject({
      ok: true,
      environment: 'TesteCF',
      tokenExpiresAt: expect.any(String),
    });
    dgii.setOutage({ service: 'auth', mode: '503' });
    const down = await injectAs(app, admin.token, { method: 'POST', url: '/api/fiscal/connection-test' });
    expect(down.json().data.result).toEqual({
      ok: false,
      environment: 'TesteCF',
      message: 'La DGII no respondió. Inténtalo de nuevo en unos minutos.',
      tokenExpiresAt: null,
    });
    expect(
      (await injectAs(app, employee.token, { method: 'POST', url: '/api/fiscal/connection-test' }))
        .statusCode,
    ).toBe(403);
  });

  it('counts rejected documents and documents waiting over an hour', async () => {
    const invoice = await issueE31();
    await app.db
      .update(ecfDocuments)
      .set({ signedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(ecfDocuments.encf, invoice.ncf));
    const res = await injectAs(app, admin.token, { method: 'GET', url: '/api/fiscal/ecf-alerts' });
    expect(res.statusCode).toBe(200);
    const alerts = res.json().data.alerts;
    expect(alerts).toMatchObject({ ecfMode: 'direct', certificateValidTo: expect.any(String) });
    expect(alerts.stalePending).toBeGreaterThanOrEqual(1);
    expect(alerts.rejected).toBeGreaterThanOrEqual(1);
    expect(
      (await injectAs(app, client.token, { method: 'GET', url: '/api/fiscal/ecf-alerts' })).statusCode,
    ).toBe(403);
  });
});

describe('voiding unused e-NCF in direct mode (ANECF)', () => {
  it('signs an ANECF of the voided numbers, valid against its XSD, and delivers it to the DGII after an outage', async () => {
    const e31 = await activeOf('E31');
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/fiscal/sequences/${e31!._id}/void`,
      payload: { count: 2, annulmentType: '04', reason: 'Números saltados por error' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const voided = res
      .json()
      .data.voids.map((v: { ncf: string }) => v.ncf)
      .sort();
    const [row] = await app.db.select().from(ecfAnnulments).where(eq(ecfAnnulments.encfFrom, voided[0]));
    expect(row).toMatchObject({ encfTo: voided[1], count: 2, status: 'pending' });
    expect(await validateAgainstDgiiXsd(row!.signedXml, 'ANECF')).toEqual([]);
    expect(verifyXmlSignature(row!.signedXml)).toMatchObject({ valid: true });
    dgii.setOutage({ service: 'void', mode: '503' });
    const s = sender();
    await s.pass();
    const [waiting] = await app.db.select().from(ecfAnnulments).where(eq(ecfAnnulments.id, row!.id));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    dgii.setOutage(false);
    await s.pass(new Date(Date.now() + 10 * 60_000));
    const [done] = await app.db.select().from(ecfAnnulments).where(eq(ecfAnnulments.id, row!.id));
    expect(done!.status).toBe('accepted');
    expect(dgii.state.voids.flatMap((v) => v.encfs)).toEqual(expect.arrayContaining(voided));
  });
});
