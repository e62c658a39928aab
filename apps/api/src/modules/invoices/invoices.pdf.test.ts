import type { CreditNote, Invoice } from '@agencia/shared';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { CompanySettingsRow } from '../settings/settings.service.js';
import { ecfQrUrl, renderCreditNotePdf, renderInvoicePdf } from './invoices.pdf.js';

/** The text of every page, joined (unpdf / PDF.js): what a reader of the PDF sees. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const settings = {
  id: 1,
  name: 'Agencia Digital RD',
  taxId: '131855423',
  address: 'Av. Winston Churchill 1099',
  city: 'Santo Domingo',
  state: null,
  country: 'República Dominicana',
  phone: '809-555-0142',
  email: 'hola@agenciadigital.do',
  website: null,
  logo: null,
  primaryColor: '#1c4fd8',
} as unknown as CompanySettingsRow;
/** Only the logo is read from the database; these documents have none. */
const db = {} as Db;

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    invoiceNumber: 'FAC-2026-0042',
    series: 'FAC',
    issueDate: '2026-11-10',
    dueDate: '2026-12-10',
    paidDate: null,
    status: 'sent',
    isOverdue: false,
    daysOverdue: 0,
    client: {
      _id: '00000000-0000-4000-8000-000000000002',
      firstName: 'Zoë',
      lastName: 'Ñúñez — “Café” Łukasz',
      email: 'zoe@cafe.do',
      company: 'Café Cibao SRL',
      avatar: null,
      companyRUC: '130458715',
    },
    project: null,
    documentType: 'B01',
    ncf: 'B0100000051',
    ncfExpiresOn: '2027-12-31',
    securityCode: null,
    signedAt: null,
    issuedAt: '2026-11-10T14:00:00.000Z',
    subtotal: 4000,
    exemptSubtotal: 900,
    taxableBase: 2700,
    taxRate: 18,
    taxAmount: 486,
    discountAmount: 400,
    total: 4086,
    totalAmount: 4086,
    amountPaid: 0,
    amountWithheld: 0,
    amountCredited: 0,
    balance: 4086,
    currency: 'DOP',
    paymentMethod: 'bank_transfer',
    paymentTerms: 30,
    createdAt: '2026-11-10T14:00:00.000Z',
    updatedAt: '2026-11-10T14:00:00.000Z',
    items: [
      {
        _id: '00000000-0000-4000-8000-000000000003',
        description: 'Diseño web',
        details: null,
        quantity: 1,
        unitPrice: 3000,
        total: 3000,
        taxExempt: false,
      },
      {
        _id: '00000000-0000-4000-8000-000000000004',
        description: 'Curso de formación',
        details: 'Ley 11-92',
        quantity: 1,
        unitPrice: 1000,
        total: 1000,
        taxExempt: true,
      },
    ],
    notes: null,
    sentAt: null,
    payments: [],
    creditNotes: [],
    history: [],
    ...overrides,
  };
}

describe('invoice PDF (fiscal content, Unicode font)', () => {
  it('prints the document type, NCF with its expiry, both RNCs, the ITBIS base after discount, the exempt subtotal and a real minus sign', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice(), settings, db));
    expect(text).toContain('FACTURA DE CRÉDITO FISCAL');
    expect(text).toContain('NCF: B0100000051');
    expect(text).toContain('Válido hasta: 31/12/2027');
    expect(text).toContain('RNC: 1-31-85542-3');
    expect(text).toContain('RNC: 1-30-45871-5');
    expect(text).toContain('Base imponible ITBIS');
    expect(text).toContain('Subtotal exento');
    expect(text).toContain('Curso de formación (exento de ITBIS)');
    expect(text).toMatch(/− RD\$\s?400\.00/);
    expect(text).toContain('Zoë Ñúñez — “Café” Łukasz');
    expect(text).not.toContain('BORRADOR');
  });

  it('marks a draft as without fiscal value and prints no NCF', async () => {
    const text = await pdfText(
      await renderInvoicePdf(
        invoice({ status: 'draft', ncf: null, ncfExpiresOn: null, issuedAt: null }),
        settings,
        db,
      ),
    );
    expect(text).toContain('BORRADOR — sin valor fiscal');
    expect(text).not.toContain('NCF:');
  });

  it('prints the e-CF QR section with the security code and signature time for an E31', async () => {
    const text = await pdfText(
      await renderInvoicePdf(
        invoice({
          documentType: 'E31',
          ncf: 'E310000000051',
          securityCode: 'A1B2C3',
          signedAt: '2026-11-10T14:15:30.000Z',
        }),
        settings,
        db,
      ),
    );
    expect(text).toContain('FACTURA DE CRÉDITO FISCAL ELECTRÓNICA');
    expect(text).toContain('e-NCF: E310000000051');
    expect(text).toContain('Código de seguridad: A1B2C3');
    expect(text).toContain('Fecha de firma: 10-11-2026 10:15:30');
  });
});

describe('credit note PDF', () => {
  it('prints its NCF, the modified NCF and date, the DGII code and the refund', async () => {
    const note: CreditNote = {
      _id: '00000000-0000-4000-8000-000000000010',
      invoiceId: '00000000-0000-4000-8000-000000000001',
      documentType: 'B04',
      ncf: 'B0400000008',
      ncfExpiresOn: '2027-12-31',
      modifiedNcf: 'B0100000051',
      modifiedIssueDate: '2026-11-10',
      modificationCode: 3,
      reason: 'Una hora de soporte facturada de más',
      issueDate: '2026-11-20',
      lines: [{ description: 'Ajuste', quantity: 1, unitPrice: 1000, total: 1000, taxExempt: false }],
      subtotal: 1000,
      taxAmount: 180,
      total: 1180,
      refundAmount: 180,
      createdAt: '2026-11-20T14:00:00.000Z',
    };
    const text = await pdfText(await renderCreditNotePdf(invoice(), note, settings, db));
    expect(text).toContain('NOTA DE CRÉDITO');
    expect(text).toContain('NCF: B0400000008');
    expect(text).toContain('NCF modificado: B0100000051');
    expect(text).toContain('Fecha del NCF modificado: 10/11/2026');
    expect(text).toContain('Código 3: Corrige montos del NCF modificado');
    expect(text).toContain('Motivo: Una hora de soporte facturada de más');
    expect(text).toContain('Reembolso al cliente');
    expect(text).toContain('Sobre la factura FAC-2026-0042');
  });
});

describe('ecfQrUrl (DGII timbre)', () => {
  const base = {
    rncEmisor: '131855423',
    rncComprador: '130458715',
    encf: 'E310000000051',
    issueDate: '2026-11-10',
    totalCents: 408_600,
    signedAt: '2026-11-10T14:15:30.000Z',
    securityCode: 'A1B2C3',
  };
  it('builds the ConsultaTimbre URL with DD-MM-YYYY dates and the signature time in Santo Domingo', () => {
    expect(ecfQrUrl(base)).toBe(
      'https://ecf.dgii.gov.do/ecf/ConsultaTimbre?RncEmisor=131855423&RncComprador=130458715&ENCF=E310000000051&FechaEmision=10-11-2026&MontoTotal=4086.00&FechaFirma=10-11-2026%2010%3A15%3A30&CodigoSeguridad=A1B2C3',
    );
  });
  it('uses ConsultaTimbreFC for a consumo e-CF below RD$250,000', () => {
    expect(ecfQrUrl({ ...base, encf: 'E320000000009', rncComprador: null })).toBe(
      'https://fc.dgii.gov.do/ecf/ConsultaTimbreFC?RncEmisor=131855423&ENCF=E320000000009&MontoTotal=4086.00&CodigoSeguridad=A1B2C3',
    );
  });
});
