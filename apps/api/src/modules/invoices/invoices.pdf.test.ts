import type { CreditNote, Invoice } from '@agencia/shared';
import sharp from 'sharp';
import { extractImages } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import type { Db } from '../../db/client.js';
import { loadLogo } from '../billing-documents/document-pdf.js';
import type { CompanySettingsRow } from '../settings/settings.service.js';
import { renderCreditNotePdf } from './credit-notes.pdf.js';
import { ecfQrUrl, invoiceQr, invoiceTitle, renderInvoicePdf } from './invoices.pdf.js';

/** Whether the PDF embeds an image XObject (the QR or the logo). */
const hasImage = (bytes: Buffer) => bytes.toString('latin1').includes('/Subtype /Image');

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

const payment: Invoice['payments'][number] = {
  _id: '00000000-0000-4000-8000-000000000020',
  amount: 0,
  itbisWithheld: 0,
  isrWithheld: 0,
  retentionDate: null,
  paidDate: '2026-11-15',
  paymentMethod: 'bank_transfer',
  reference: null,
  recordedBy: null,
  createdAt: '2026-11-15T14:00:00.000Z',
  receiptNumber: 'REC-2026-0001',
  balanceAfter: null,
};

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
    ecfStatus: null,
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
    amountDebited: 0,
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
    // Without a snapshot the PDF prints the client and settings given (decision 132).
    fiscalSnapshot: null,
    exchangeRate: null,
    exchangeRateDate: null,
    trackId: null,
    dgiiMessages: [],
    payments: [],
    creditNotes: [],
    debitNotes: [],
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
    expect(text).not.toContain('Código de seguridad');
  });

  it('titles each document type and labels an 11-digit buyer id as Cédula', async () => {
    const text = await pdfText(
      await renderInvoicePdf(
        invoice({
          documentType: 'B02',
          ncf: 'B0200000007',
          client: { ...invoice().client, company: null, companyRUC: '00114272360' },
        }),
        settings,
        db,
      ),
    );
    expect(text).toContain('FACTURA DE CONSUMO');
    expect(text).toContain('Cédula: 001-1427236-0');
    expect(invoiceTitle('E45')).toBe('FACTURA GUBERNAMENTAL ELECTRÓNICA');
    expect(invoiceTitle('B14')).toBe('FACTURA DE REGÍMENES ESPECIALES');
    expect(invoiceTitle('B16')).toBe('FACTURA DE EXPORTACIÓN');
    expect(invoiceTitle(null)).toBe('FACTURA');
  });

  it('prints paid, withheld, credited and the balance when they are not zero', async () => {
    const text = await pdfText(
      await renderInvoicePdf(
        invoice({
          amountPaid: 1000,
          amountWithheld: 300,
          amountCredited: 500,
          balance: 2286,
          status: 'pending',
          payments: [
            { ...payment, amount: 600, paidDate: '2026-11-18' },
            { ...payment, amount: 400, itbisWithheld: 100, isrWithheld: 200 },
          ],
        }),
        settings,
        db,
      ),
    );
    expect(text).toMatch(/Pagado RD\$\s?1,000\.00/);
    expect(text).toMatch(/ITBIS retenido RD\$\s?100\.00/);
    expect(text).toMatch(/ISR retenido RD\$\s?200\.00/);
    expect(text).toMatch(/Notas de crédito − RD\$\s?500\.00/);
    expect(text).toMatch(/Saldo pendiente RD\$\s?2,286\.00/);
    // Partly paid (issue 18): the state says so and the last payment date is printed.
    expect(text).toContain('Estado: Pago parcial');
    expect(text).toMatch(/Último pago: 18\/11\/2026/);
  });

  it('repeats the table header on every page and numbers the pages', async () => {
    const items = Array.from({ length: 45 }, (_, i) => ({
      ...invoice().items[0]!,
      _id: `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
      description: `Línea ${i + 1}`,
    }));
    const text = await pdfText(await renderInvoicePdf(invoice({ items }), settings, db));
    expect(text).toContain('Página 2 de 2');
    expect(text.match(/Descripción Cant\. Precio unit\. Total/g)).toHaveLength(2);
    expect(text).toContain('Línea 45');
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

  it('embeds the QR only for a signed e-CF and says why it is missing otherwise', async () => {
    const ecf = { documentType: 'E31' as const, ncf: 'E310000000051' };
    const signed = await renderInvoicePdf(
      invoice({ ...ecf, securityCode: 'A1B2C3', signedAt: '2026-11-10T14:15:30.000Z' }),
      settings,
      db,
    );
    const unsigned = await renderInvoicePdf(invoice(ecf), settings, db);
    expect(hasImage(signed)).toBe(true);
    expect(hasImage(unsigned)).toBe(false);
    expect(hasImage(await renderInvoicePdf(invoice(), settings, db))).toBe(false);
    expect(await pdfText(unsigned)).toContain('Sin código QR');
  });
});

const creditNote: CreditNote = {
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
  exemptAmount: 0,
  taxAmount: 180,
  total: 1180,
  refundAmount: 180,
  fiscalSnapshot: null,
  securityCode: null,
  signedAt: null,
  ecfStatus: null,
  createdAt: '2026-11-20T14:00:00.000Z',
};

describe('foreign-currency invoice PDF (issue 27, decision 137)', () => {
  const usd = {
    currency: 'USD' as const,
    exchangeRate: 58.95,
    exchangeRateDate: '2026-11-27',
    issueDate: '2026-11-28',
  };

  it('shows the totals in dollars, their peso equivalent and the rate with its date', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice(usd), settings, db));
    expect(text).toContain('Moneda: USD');
    expect(text).toMatch(/Total US\$\s?4,086\.00/);
    expect(text).toContain('Tasa: RD$58.95 por US$1 (27/11/2026)');
    // 2,700 × 58.95 + 900 × 58.95 = 159,165.00 + 53,055.00; ITBIS 486 × 58.95 = 28,649.70.
    expect(text).toMatch(/Monto facturado en RD\$ RD\$\s?212,220\.00/);
    expect(text).toMatch(/ITBIS en RD\$ RD\$\s?28,649\.70/);
    expect(text).toMatch(/Total en RD\$ RD\$\s?240,869\.70/);
  });

  it('prints no peso equivalent on a DOP invoice, and the QR of a USD e-CF carries the total in pesos', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice(), settings, db));
    expect(text).not.toContain('en RD$');
    expect(text).not.toContain('Tasa:');
    const qr = invoiceQr(
      invoice({
        ...usd,
        documentType: 'E31',
        ncf: 'E310000000051',
        securityCode: 'A1B2C3',
        signedAt: '2026-11-28T14:15:30.000Z',
      }),
      settings,
    );
    expect(qr!.url).toContain('MontoTotal=240869.70');
  });
});

describe('credit note PDF', () => {
  it('prints its NCF, the modified NCF and date, the DGII code and the refund', async () => {
    const text = await pdfText(await renderCreditNotePdf(invoice(), creditNote, settings, db));
    expect(text).toContain('NOTA DE CRÉDITO');
    expect(text).toContain('NCF: B0400000008');
    expect(text).toContain('NCF modificado: B0100000051');
    expect(text).toContain('Fecha del NCF modificado: 10/11/2026');
    expect(text).toContain('Código 3: Corrige montos del NCF modificado');
    expect(text).toContain('Motivo Una hora de soporte facturada de más');
    expect(text).toContain('Reembolso al cliente');
    expect(text).toContain('Sobre la factura FAC-2026-0042');
    expect(text).toContain('RNC: 1-30-45871-5');
    // Issue 27: a B04 (like B02, E32 and E34) prints no range expiry.
    expect(text).not.toContain('Válido hasta');
  });

  it('prints the taxed and exempt parts of an amount-based note, so its ITBIS reads as 18 % of the taxed part (issue 27)', async () => {
    // RD$1,000 before ITBIS, of which 400 exempt: ITBIS 108 = 18 % of 600.
    const text = await pdfText(
      await renderCreditNotePdf(
        invoice(),
        { ...creditNote, subtotal: 1000, exemptAmount: 400, taxAmount: 108, total: 1108, refundAmount: 0 },
        settings,
        db,
      ),
    );
    expect(text).toMatch(/Monto gravado\s*RD\$\s?600\.00/);
    expect(text).toMatch(/Monto exento\s*RD\$\s?400\.00/);
    expect(text).toMatch(/ITBIS \(18%\)\s*RD\$\s?108\.00/);
    const plain = await pdfText(await renderCreditNotePdf(invoice(), creditNote, settings, db));
    expect(plain).not.toContain('Monto exento');
  });

  it('titles an E34 as electronic and prints its e-NCF', async () => {
    const text = await pdfText(
      await renderCreditNotePdf(
        invoice({ documentType: 'E31', ncf: 'E310000000051' }),
        { ...creditNote, documentType: 'E34', ncf: 'E340000000003', modifiedNcf: 'E310000000051' },
        settings,
        db,
      ),
    );
    expect(text).toContain('NOTA DE CRÉDITO ELECTRÓNICA');
    expect(text).toContain('e-NCF: E340000000003');
    expect(text).toContain('NCF modificado: E310000000051');
    expect(text).not.toContain('Válido hasta');
  });
});

describe('"Válido hasta" by document type (issue 27)', () => {
  it('prints on B01, B14, B15, B16, E31, E44, E45 and E46; never on B02 or E32', async () => {
    for (const [documentType, ncf] of [
      ['B01', 'B0100000051'],
      ['B14', 'B1400000002'],
      ['B15', 'B1500000003'],
      ['B16', 'B1600000004'],
      ['E31', 'E310000000051'],
      ['E44', 'E440000000002'],
      ['E45', 'E450000000003'],
      ['E46', 'E460000000004'],
    ] as const) {
      const text = await pdfText(await renderInvoicePdf(invoice({ documentType, ncf }), settings, db));
      expect(text, documentType).toContain('Válido hasta: 31/12/2027');
    }
    for (const [documentType, ncf] of [
      ['B02', 'B0200000051'],
      ['E32', 'E320000000051'],
    ] as const) {
      const text = await pdfText(await renderInvoicePdf(invoice({ documentType, ncf }), settings, db));
      expect(text, documentType).toContain(ncf);
      expect(text, documentType).not.toContain('Válido hasta');
    }
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
  it('builds the production ConsultaTimbre URL with DD-MM-YYYY dates and the signature time in Santo Domingo', () => {
    expect(ecfQrUrl(base)).toBe(
      'https://ecf.dgii.gov.do/ecf/ConsultaTimbre?RncEmisor=131855423&RncComprador=130458715&ENCF=E310000000051&FechaEmision=10-11-2026&MontoTotal=4086.00&FechaFirma=10-11-2026%2010:15:30&CodigoSeguridad=A1B2C3',
    );
  });
  it('reproduces the DGII worked example of "Consulta timbre" (services are case-insensitive)', () => {
    // Descripción Técnica Servicios DGII, Consulta timbre (QR), EJEMPLO. The DGII pads the amount
    // as 02.11; the e-CF's MontoTotal is 2.11.
    const url = ecfQrUrl({
      rncEmisor: '130000001',
      rncComprador: '130000002',
      encf: 'E310000000001',
      issueDate: '2020-10-10',
      totalCents: 211,
      signedAt: '2020-10-10T13:00:00.000Z',
      securityCode: 'dcp79q',
      environment: 'testecf',
    });
    expect(url.toLowerCase()).toBe(
      'https://ecf.dgii.gov.do/testecf/consultatimbre?rncemisor=130000001&rnccomprador=130000002&encf=e310000000001&fechaemision=10-10-2020&montototal=2.11&fechafirma=10-10-2020%2009:00:00&codigoseguridad=dcp79q',
    );
  });
  it('reproduces the DGII worked example of "Consulta timbre FC" for an E32 below RD$250,000', () => {
    const url = ecfQrUrl({
      ...base,
      rncEmisor: '131880738',
      rncComprador: null,
      encf: 'E320000000064',
      totalCents: 622_509,
      securityCode: 'uabnyh',
      environment: 'testecf',
    });
    expect(url.toLowerCase()).toBe(
      'https://fc.dgii.gov.do/testecf/consultatimbrefc?rncemisor=131880738&encf=e320000000064&montototal=6225.09&codigoseguridad=uabnyh',
    );
    expect(ecfQrUrl({ ...base, encf: 'E320000000009', rncComprador: null })).toBe(
      'https://fc.dgii.gov.do/ecf/ConsultaTimbreFC?RncEmisor=131855423&ENCF=E320000000009&MontoTotal=4086.00&CodigoSeguridad=A1B2C3',
    );
  });
  it('uses the full ConsultaTimbre for an E32 of RD$250,000 or more', () => {
    expect(ecfQrUrl({ ...base, encf: 'E320000000010', totalCents: 25_000_000 })).toMatch(
      /^https:\/\/ecf\.dgii\.gov\.do\/ecf\/ConsultaTimbre\?RncEmisor=131855423&RncComprador=130458715&ENCF=E320000000010&/,
    );
  });
  it('leaves out RncComprador when the buyer has no RNC/cédula and percent-encodes reserved characters', () => {
    const url = ecfQrUrl({ ...base, encf: 'E460000000001', rncComprador: null, securityCode: 'a+b/c=' });
    expect(url).not.toContain('RncComprador');
    expect(url).toContain('&CodigoSeguridad=a%2Bb%2Fc%3D');
  });
});

const paymentInstructions = {
  bankAccounts: [
    {
      bank: 'Banco Popular Dominicano',
      accountType: 'corriente',
      currency: 'DOP',
      accountNumber: '812-345678-9',
      holderName: 'Agencia Digital RD, SRL',
      holderId: '131855423',
    },
    {
      bank: 'Banreservas',
      accountType: 'ahorros',
      currency: 'USD',
      accountNumber: '9600123456',
      holderName: 'María Fernández',
      holderId: '00113918254',
    },
  ],
  otherMethods: 'PayPal: pagos@agenciadigital.do · efectivo en la oficina',
};
const withPayment = { ...settings, paymentInstructions } as unknown as CompanySettingsRow;

describe('invoice PDF: Formas de pago', () => {
  it('prints every bank account (bank, type, currency, number, holder and RNC/cédula) and the other methods under the totals', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice(), withPayment, db));
    expect(text).toContain('Formas de pago');
    expect(text).toContain('Banco Popular Dominicano · Cuenta corriente en DOP · No. 812-345678-9');
    expect(text).toContain('Titular: Agencia Digital RD, SRL · RNC: 1-31-85542-3');
    expect(text).toContain('Banreservas · Cuenta ahorros en USD · No. 9600123456');
    expect(text).toContain('Titular: María Fernández · Cédula: 001-1391825-4');
    expect(text).toContain('Otras formas de pago PayPal: pagos@agenciadigital.do · efectivo en la oficina');
    expect(text.indexOf('Formas de pago')).toBeGreaterThan(text.indexOf('Total'));
    expect(text.indexOf('Banco Popular')).toBeLessThan(text.indexOf('Banreservas'));
    // A dollar invoice lists the dollar account first.
    const usd = await pdfText(await renderInvoicePdf(invoice({ currency: 'USD' }), withPayment, db));
    expect(usd.indexOf('Banreservas')).toBeLessThan(usd.indexOf('Banco Popular'));
  });

  it('leaves them out when nothing is owed, on credit notes, and when none are configured', async () => {
    const paid = invoice({ status: 'paid', amountPaid: 4086, balance: 0, paidDate: '2026-11-15' });
    expect(await pdfText(await renderInvoicePdf(paid, withPayment, db))).not.toContain('Formas de pago');
    const cancelled = invoice({ status: 'cancelled' });
    expect(await pdfText(await renderInvoicePdf(cancelled, withPayment, db))).not.toContain('Formas de pago');
    expect(await pdfText(await renderInvoicePdf(invoice(), settings, db))).not.toContain('Formas de pago');
  });

  it('flows onto a new page after a long invoice instead of overprinting the footer', async () => {
    const items = Array.from({ length: 34 }, (_, i) => ({
      ...invoice().items[0]!,
      _id: `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
      description: `Servicio ${i + 1}`,
    }));
    const text = await pdfText(await renderInvoicePdf(invoice({ items }), withPayment, db));
    expect(text).toContain('Página 2 de 2');
    expect(text).toContain('Titular: María Fernández');
  });
});

/** A 120×60 logo, red with a half-transparent band, in the given format. */
async function logoBytes(format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const image = sharp({
    create: { width: 120, height: 60, channels: 4, background: { r: 220, g: 20, b: 20, alpha: 1 } },
  }).composite([
    {
      input: {
        create: { width: 120, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
      },
      top: 50,
      left: 0,
    },
  ]);
  return image.toFormat(format).toBuffer();
}
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

/** The images of page 1 as PDF.js decodes them (width, height, channels, pixels). */
async function pageImages(bytes: Buffer) {
  return extractImages(new Uint8Array(bytes), 1);
}

describe('invoice PDF: company logo', () => {
  it.each([
    ['PNG with transparency', 'image/png', 'png'],
    ['JPEG', 'image/jpeg', 'jpeg'],
    ['WebP', 'image/webp', 'webp'],
  ] as const)('prints a %s logo in the header, in its colours', async (_name, mime, format) => {
    const logo = dataUrl(mime, await logoBytes(format));
    const pdf = await renderInvoicePdf(invoice(), { ...settings, logo } as CompanySettingsRow, db);
    expect(hasImage(pdf)).toBe(true);
    const images = await pageImages(pdf);
    expect(images).toHaveLength(1);
    const [img] = images;
    expect([img!.width, img!.height]).toEqual([120, 60]);
    // Top-left pixel: the logo's red, not a blank or inverted image.
    const [r, g, b] = img!.data;
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(70);
    expect(b).toBeLessThan(70);
    // The text header still prints beside it.
    expect(await pdfText(pdf)).toContain('Agencia Digital RD');
  });

  it('falls back to the text header for a damaged, unsupported or missing logo, without crashing', async () => {
    const good = await logoBytes('png');
    const damaged = Buffer.from(good);
    const idat = damaged.indexOf('IDAT');
    damaged.fill(0xff, idat + 4, idat + 24); // pdfkit alone throws from a zlib callback here
    const logos = [
      dataUrl('image/png', damaged),
      dataUrl('image/png', Buffer.from('not an image at all')),
      dataUrl('image/jpeg', good.subarray(0, 40)),
      `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`,
      'https://example.com/logo.png',
    ];
    for (const logo of logos) {
      expect(await loadLogo(db, logo)).toBeNull();
      const pdf = await renderInvoicePdf(invoice(), { ...settings, logo } as CompanySettingsRow, db);
      expect(hasImage(pdf)).toBe(false);
      expect(await pageImages(pdf)).toHaveLength(0);
      const text = await pdfText(pdf);
      expect(text).toContain('Agencia Digital RD');
      expect(text).toContain('FACTURA DE CRÉDITO FISCAL');
    }
  });
});
