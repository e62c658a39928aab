import { addDays, businessToday, type Session } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf-text.js';
import { rnc } from '../../cli/demo-seed/foundation.js';
import { creditNotes, invoices } from '../../db/schema/index.js';

// Decision 132: an issued invoice or credit note keeps the buyer and the issuer it was issued with.

let app: FastifyInstance;
let admin: Session;

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
});

const BUYER_RNC = rnc('13077001');

/** A company client with an RNC and an address (contribuyente → B01), e-mail `email`. Returns its id. */
async function companyClient(email = 'compras@ferreteriaduarte.do'): Promise<string> {
  const res = await injectAs(app, admin.token, {
    method: 'POST',
    url: '/api/clients',
    payload: {
      clientType: 'company',
      firstName: 'Rosa',
      lastName: 'Peña',
      companyName: 'Ferretería Duarte SRL',
      companyRUC: BUYER_RNC,
      email,
      taxpayerType: 'contribuyente',
      address: {
        street: 'Calle Duarte 45',
        city: 'Santiago',
        state: 'Santiago',
        country: 'República Dominicana',
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.client._id;
}

const get = (url: string) => injectAs(app, admin.token, { method: 'GET', url });

/** What the DGII and the buyer get of an invoice and its note: both PDFs' text and their 607 lines. */
async function fiscalRecords(invoiceId: string, noteId: string, ncfs: string[]) {
  const invoicePdf = await get(`/api/invoices/${invoiceId}/pdf`);
  const notePdf = await get(`/api/invoices/${invoiceId}/credit-notes/${noteId}/pdf`);
  expect(invoicePdf.statusCode).toBe(200);
  expect(notePdf.statusCode).toBe(200);
  const period = businessToday().slice(0, 7).replace('-', '');
  const r607 = await get(`/api/reports/dgii/607?period=${period}`);
  expect(r607.statusCode, r607.body).toBe(200);
  return {
    invoicePdf: await pdfText(invoicePdf.rawPayload),
    notePdf: await pdfText(notePdf.rawPayload),
    lines607: r607.body.split('\r\n').filter((l) => ncfs.some((ncf) => l.includes(`|${ncf}|`))),
  };
}

describe('fiscal snapshot (decision 132)', () => {
  it('renaming the client, removing its RNC and renaming the agency change neither the PDFs nor the 607 lines of an issued B01 and its credit note', async () => {
    const clientId = await companyClient();
    const today = businessToday();
    const draft = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(clientId, { issueDate: today, dueDate: addDays(today, 30) }),
    );
    expect(draft.fiscalSnapshot).toBeNull();
    const issued = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${draft._id}/issue`,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const invoice = issued.json().data.invoice;
    expect(invoice.ncf).toMatch(/^B01\d{8}$/);
    const snapshot = {
      buyer: {
        name: 'Ferretería Duarte SRL',
        person: 'Rosa Peña',
        taxId: BUYER_RNC,
        taxIdType: 1,
        address: 'Calle Duarte 45, Santiago, Santiago, República Dominicana',
        taxpayerType: 'contribuyente',
        email: 'compras@ferreteriaduarte.do',
      },
      issuer: {
        name: 'Agencia Digital RD',
        taxId: rnc('13185542'),
        address:
          'Av. Winston Churchill 1099, Torre Acrópolis, Piso 12, Santo Domingo, Distrito Nacional, República Dominicana',
      },
    };
    expect(invoice.fiscalSnapshot).toEqual(snapshot);
    const noteRes = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${draft._id}/credit-notes`,
      payload: { amount: 1180, reason: 'Descuento acordado', modificationCode: 3 },
    });
    expect(noteRes.statusCode, noteRes.body).toBe(201);
    const note = noteRes.json().data.creditNote;
    expect(note.fiscalSnapshot).toEqual(snapshot);

    const before = await fiscalRecords(draft._id, note._id, [invoice.ncf, note.ncf]);
    for (const text of [before.invoicePdf, before.notePdf]) {
      expect(text).toContain('Ferretería Duarte SRL');
      expect(text).toContain('Rosa Peña');
      expect(text).toContain('RNC: 1-30-77001');
      expect(text).toContain('Agencia Digital RD');
      expect(text).toContain('RNC: 1-31-85542-3');
    }
    expect(before.lines607).toHaveLength(2);
    expect(before.lines607[0]).toMatch(new RegExp(`^${BUYER_RNC}\\|1\\|${invoice.ncf}\\|\\|`));
    expect(before.lines607[1]).toMatch(new RegExp(`^${BUYER_RNC}\\|1\\|${note.ncf}\\|${invoice.ncf}\\|`));

    // The client is renamed and loses its RNC; the agency changes its name and address.
    const edit = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/clients/${clientId}`,
      payload: {
        companyName: 'Ferretería Nueva SA',
        firstName: 'Pedro',
        lastName: 'Gómez',
        companyRUC: null,
        address: { street: 'Av. 27 de Febrero 10', city: 'Santo Domingo' },
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.client.companyRUC).toBeNull();
    const { updatedAt: _u, ...settings } = (await get('/api/settings')).json().data.settings;
    const rename = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/settings',
      payload: { ...settings, name: 'Agencia Renombrada SRL', address: 'Calle El Conde 1' },
    });
    expect(rename.statusCode, rename.body).toBe(200);

    const after = await fiscalRecords(draft._id, note._id, [invoice.ncf, note.ncf]);
    expect(after).toEqual(before);
    for (const text of [after.invoicePdf, after.notePdf])
      for (const today of ['Ferretería Nueva SA', 'Pedro Gómez', 'Agencia Renombrada', 'El Conde'])
        expect(text).not.toContain(today);

    // The invoice as the API answers it: the snapshot as issued next to the client as it is now.
    const detail = (await get(`/api/invoices/${draft._id}`)).json().data.invoice;
    expect(detail.fiscalSnapshot).toEqual(snapshot);
    expect(detail.creditNotes[0].fiscalSnapshot).toEqual(snapshot);
    expect(detail.client).toMatchObject({ company: 'Ferretería Nueva SA', companyRUC: null });

    // The public share page names the buyer and the agency as issued.
    const link = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/share-links',
      payload: { type: 'invoice', id: draft._id },
    });
    expect(link.statusCode, link.body).toBe(201);
    const token = link.json().data.shareLink.url.split('/compartido/')[1];
    const page = await app.inject({ method: 'GET', url: `/api/public/share/${token}` });
    expect(page.json().data.document).toMatchObject({
      company: 'Agencia Digital RD',
      clientName: 'Ferretería Duarte SRL',
    });
    // Four PDFs and two 607s: longer than the default on a busy 2-core machine.
  }, 90_000);

  it('the demo database seeds its issued invoices and credit note with their snapshot, drafts without', async () => {
    const rows = await app.db.select().from(invoices);
    const issued = rows.filter((r) => r.ncf);
    expect(issued.length).toBeGreaterThan(0);
    for (const r of issued) expect(r.fiscalSnapshot?.buyer.taxId, r.invoiceNumber).toBeTruthy();
    for (const r of rows.filter((r) => r.status === 'draft')) expect(r.fiscalSnapshot).toBeNull();
    for (const n of await app.db.select().from(creditNotes)) expect(n.fiscalSnapshot).not.toBeNull();
  });

  it('a draft follows the client until it is issued', async () => {
    const clientId = await companyClient('borrador@ferreteriaduarte.do');
    const draft = await createInvoiceVia(app, admin.token, invoicePayload(clientId));
    await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/clients/${clientId}`,
      payload: { companyName: 'Ferretería Renombrada SRL' },
    });
    const pdf = await pdfText((await get(`/api/invoices/${draft._id}/pdf`)).rawPayload);
    expect(pdf).toContain('Ferretería Renombrada SRL');
    expect(pdf).toContain('BORRADOR');
    const issued = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${draft._id}/issue`,
    });
    expect(issued.json().data.invoice.fiscalSnapshot.buyer.name).toBe('Ferretería Renombrada SRL');
  });
});
