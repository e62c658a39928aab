import {
  CONSUMO_BUYER_ID_THRESHOLD_CENTS,
  documentBuyer,
  documentDopTotals,
  exchangeRateLine,
  type FiscalDocumentType,
  formatMoney,
  hasPaymentInstructions,
  INVOICE_STATUS_LABELS,
  type Invoice,
  invoiceAwaitsPayment,
  isElectronicType,
  PAYMENT_METHOD_LABELS,
  type PaymentInstructions,
  printsSequenceExpiry,
  toCents,
} from '@agencia/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  type DocumentModel,
  dateEs,
  dgiiDateTime,
  type Party,
  priceTotals,
  renderDocument,
  tableLines,
} from '../billing-documents/document-pdf.js';
import { qrEnvironmentFor } from '../ecf/ecf-runtime.js';
import { type CompanySettingsRow, toPaymentInstructions } from '../settings/settings.service.js';
import { settingsAsIssued } from './fiscal-snapshot.js';

/** Title printed on an invoice of each document type (DGII names). */
const INVOICE_TITLES: Record<string, string> = {
  '01': 'FACTURA DE CRÉDITO FISCAL',
  '31': 'FACTURA DE CRÉDITO FISCAL ELECTRÓNICA',
  '02': 'FACTURA DE CONSUMO',
  '32': 'FACTURA DE CONSUMO ELECTRÓNICA',
  '14': 'FACTURA DE REGÍMENES ESPECIALES',
  '44': 'FACTURA DE REGÍMENES ESPECIALES ELECTRÓNICA',
  '15': 'FACTURA GUBERNAMENTAL',
  '45': 'FACTURA GUBERNAMENTAL ELECTRÓNICA',
  '16': 'FACTURA DE EXPORTACIÓN',
  '46': 'FACTURA DE EXPORTACIÓN ELECTRÓNICA',
};

/** The invoice's title by document type; plain 'FACTURA' for invoices without one. */
export function invoiceTitle(type: FiscalDocumentType | null): string {
  return (type && INVOICE_TITLES[type.slice(1)]) || 'FACTURA';
}

/** DGII e-CF environments (path segment of every service URL): pre-certification, certification, production. */
export type EcfEnvironment = 'testecf' | 'certecf' | 'ecf';

/**
 * Percent-encodes a timbre parameter the way the DGII's worked example does: letters, digits and
 * `-._~:` stay as they are (`10-10-2020%2009:00:00`, `6225.09`), everything else is `%XX`, so a
 * `+` or `/` in a security code cannot change the query.
 */
const timbreParam = (v: string) =>
  encodeURIComponent(v)
    .replace(/%3A/g, ':')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The DGII verification ("timbre") URL that the QR of an e-CF's printed representation encodes.
 *
 * - Any e-CF: `https://ecf.dgii.gov.do/{env}/ConsultaTimbre?RncEmisor=…&RncComprador=…&ENCF=…
 *   &FechaEmision=DD-MM-YYYY&MontoTotal=0.00&FechaFirma=DD-MM-YYYY%20HH:mm:ss&CodigoSeguridad=…`
 *   (`RncComprador` left out when the buyer has no RNC/cédula, e.g. an export).
 * - E32 (consumo) below RD$250,000, which the DGII receives only as a summary (RFCE):
 *   `https://fc.dgii.gov.do/{env}/ConsultaTimbreFC?RncEmisor=…&ENCF=…&MontoTotal=…&CodigoSeguridad=…`.
 *
 * Sources: DGII "Informe Técnico del e-CF" v1.0, representación impresa (parameters, date formats,
 * production example); DGII "Descripción Técnica Servicios", "Consulta timbre" and "Consulta timbre
 * FC" (worked examples, environments `testecf`/`certecf`/`ecf`; services are case-insensitive since
 * 18-05-2023). Decision 081.
 *
 * @param input.totalCents the e-CF's MontoTotal in centavos (printed with two decimals)
 * @param input.issueDate YYYY-MM-DD; `signedAt` ISO, printed in America/Santo_Domingo time
 * @param input.environment defaults to production (`ecf`)
 */
export function ecfQrUrl(input: {
  rncEmisor: string;
  rncComprador: string | null;
  encf: string;
  issueDate: string;
  totalCents: number;
  signedAt: string;
  securityCode: string;
  environment?: EcfEnvironment;
}): string {
  const env = input.environment ?? 'ecf';
  const total = (input.totalCents / 100).toFixed(2);
  const consumoSummary =
    input.encf.toUpperCase().startsWith('E32') && input.totalCents < CONSUMO_BUYER_ID_THRESHOLD_CENTS;
  const params: Array<[string, string | null]> = consumoSummary
    ? [
        ['RncEmisor', input.rncEmisor],
        ['ENCF', input.encf],
        ['MontoTotal', total],
        ['CodigoSeguridad', input.securityCode],
      ]
    : [
        ['RncEmisor', input.rncEmisor],
        ['RncComprador', input.rncComprador || null],
        ['ENCF', input.encf],
        ['FechaEmision', dateEs(input.issueDate).replaceAll('/', '-')],
        ['MontoTotal', total],
        ['FechaFirma', dgiiDateTime(input.signedAt)],
        ['CodigoSeguridad', input.securityCode],
      ];
  const query = params
    .filter((p): p is [string, string] => p[1] !== null)
    .map(([k, v]) => `${k}=${timbreParam(v)}`)
    .join('&');
  return consumoSummary
    ? `https://fc.dgii.gov.do/${env}/ConsultaTimbreFC?${query}`
    : `https://ecf.dgii.gov.do/${env}/ConsultaTimbre?${query}`;
}

/**
 * The buyer block of an invoice or a credit note: the document's fiscal snapshot when issued
 * (decision 132), else the client as it is now (a draft); company, else the person.
 */
export function partyOf(doc: Pick<Invoice, 'client' | 'fiscalSnapshot'>): Party {
  return documentBuyer(doc);
}

/**
 * The DGII QR of an invoice's printed representation, or null unless it is an e-CF with its
 * security code and signature time and the issuer has an RNC. RncEmisor and RncComprador are the
 * ones the invoice was issued with (its fiscal snapshot over `settings`, decision 132).
 */
export function invoiceQr(invoice: Invoice, settings: CompanySettingsRow): DocumentModel['qr'] {
  const electronic = invoice.documentType ? isElectronicType(invoice.documentType) : false;
  const rncEmisor = settingsAsIssued(settings, invoice.fiscalSnapshot).taxId;
  if (!electronic || !invoice.ncf || !invoice.securityCode || !invoice.signedAt || !rncEmisor) return null;
  return {
    url: ecfQrUrl({
      rncEmisor,
      rncComprador: partyOf(invoice).taxId,
      encf: invoice.ncf,
      issueDate: invoice.issueDate,
      // MontoTotal is the e-CF's, in pesos for a foreign-currency invoice (decision 137).
      totalCents: toCents(documentDopTotals(invoice)?.total ?? invoice.total),
      signedAt: invoice.signedAt,
      securityCode: invoice.securityCode,
      environment: qrEnvironmentFor(Boolean(invoice.ecfStatus)),
    }),
    securityCode: invoice.securityCode,
    signedAt: invoice.signedAt,
  };
}

/**
 * The company's payment instructions with the accounts held in the invoice's currency first, or
 * null when none are configured.
 */
function paymentToShow(settings: CompanySettingsRow, currency: string): PaymentInstructions | null {
  const p = toPaymentInstructions(settings);
  if (!hasPaymentInstructions(p)) return null;
  const own = p.bankAccounts.filter((a) => a.currency === currency);
  return { ...p, bankAccounts: [...own, ...p.bankAccounts.filter((a) => a.currency !== currency)] };
}

/**
 * Renders an invoice as a PDF: agency header and buyer as issued (the fiscal snapshot over
 * `settings`, decision 132), title by document type, NCF / e-NCF and "Válido hasta", buyer
 * RNC/cédula, lines (exempt ones marked), Subtotal, Descuento (−), Subtotal exento, Base
 * imponible ITBIS, ITBIS, Total, debit notes (+), payments, withholdings, credit notes and balance; the DGII QR
 * for e-CF with a security code; "BORRADOR — sin valor fiscal" on drafts; under the totals,
 * while a balance is owed, "Formas de pago" (the company's bank accounts and other methods).
 * A foreign-currency invoice also shows its amounts in pesos ("… en RD$") and the rate line
 * ("Tasa: RD$58.95 por US$1 (27/11/2026)", decision 137).
 */
export async function renderInvoicePdf(
  invoice: Invoice,
  settings: CompanySettingsRow,
  db: Db | Tx,
): Promise<Buffer> {
  const money = (n: number) => formatMoney(n, invoice.currency);
  const electronic = invoice.documentType ? isElectronicType(invoice.documentType) : false;
  const totals = priceTotals(invoice, money);
  const settled = invoice.amountPaid + invoice.amountWithheld + invoice.amountCredited;
  // Debit notes raise what is owed (decision 138): shown before what settled it.
  if (invoice.amountDebited > 0) totals.push(['Notas de débito', `+ ${money(invoice.amountDebited)}`]);
  if (invoice.amountPaid > 0) totals.push(['Pagado', money(invoice.amountPaid)]);
  const itbisWithheld = invoice.payments.reduce((a, p) => a + p.itbisWithheld, 0);
  const isrWithheld = invoice.payments.reduce((a, p) => a + p.isrWithheld, 0);
  if (itbisWithheld > 0) totals.push(['ITBIS retenido', money(itbisWithheld)]);
  if (isrWithheld > 0) totals.push(['ISR retenido', money(isrWithheld)]);
  if (invoice.amountCredited > 0) totals.push(['Notas de crédito', `− ${money(invoice.amountCredited)}`]);
  if (settled > 0 || invoice.amountDebited > 0)
    totals.push(['Saldo pendiente', money(invoice.balance), true]);
  // Foreign currency (decision 137): the DGII figures in pesos at the rate frozen when issued.
  const dop = documentDopTotals(invoice);
  if (dop) {
    const pesos = (n: number) => formatMoney(n, 'DOP');
    totals.push(['Monto facturado en RD$', pesos(dop.taxableBase + dop.exemptSubtotal)]);
    totals.push(['ITBIS en RD$', pesos(dop.taxAmount)]);
    totals.push(['Total en RD$', pesos(dop.total), true]);
  }

  const info: string[] = [`Condiciones de pago: ${invoice.paymentTerms} días`];
  if (dop && invoice.exchangeRate !== null && invoice.exchangeRateDate)
    info.unshift(exchangeRateLine(invoice.currency, invoice.exchangeRate, invoice.exchangeRateDate));
  if (invoice.paymentMethod) info.push(`Método de pago: ${PAYMENT_METHOD_LABELS[invoice.paymentMethod]}`);
  if (invoice.paidDate) info.push(`Fecha de pago: ${dateEs(invoice.paidDate)}`);
  else if (invoice.payments.length > 0) {
    // Latest payment date (YYYY-MM-DD strings sort chronologically).
    const last =
      invoice.payments
        .map((p) => p.paidDate)
        .sort()
        .at(-1) ?? '';
    info.push(`Último pago: ${dateEs(last)}`);
  }
  if (invoice.creditNotes.length)
    info.push(
      `Notas de crédito: ${invoice.creditNotes.map((n) => `${n.ncf} (${dateEs(n.issueDate)})`).join(', ')}`,
    );
  if (invoice.debitNotes.length)
    info.push(
      `Notas de débito: ${invoice.debitNotes.map((n) => `${n.ncf} (${dateEs(n.issueDate)})`).join(', ')}`,
    );

  if (electronic && invoice.ncf && !(invoice.securityCode && invoice.signedAt))
    info.push('Sin código QR: el e-CF aún no tiene código de seguridad ni fecha de firma');

  return renderDocument(
    {
      title: invoiceTitle(invoice.documentType),
      internalNumber: `Factura ${invoice.invoiceNumber}`,
      ncfLabel: electronic ? 'e-NCF' : 'NCF',
      ncf: invoice.ncf,
      ncfExpiresOn: printsSequenceExpiry(invoice.documentType) ? invoice.ncfExpiresOn : null,
      meta: [
        `Fecha de emisión: ${dateEs(invoice.issueDate)}`,
        `Fecha de vencimiento: ${dateEs(invoice.dueDate)}`,
        `Estado: ${INVOICE_STATUS_LABELS[invoice.status]}`,
        `Moneda: ${invoice.currency}`,
      ],
      client: partyOf(invoice),
      aside: invoice.project ? { label: 'PROYECTO', lines: [invoice.project.title] } : null,
      lines: tableLines(invoice.items),
      currency: invoice.currency,
      totals,
      info,
      payment: invoiceAwaitsPayment(invoice) ? paymentToShow(settings, invoice.currency) : null,
      notes: invoice.notes ? { title: 'Notas', text: invoice.notes } : null,
      qr: invoiceQr(invoice, settings),
      draft: !invoice.ncf && invoice.status === 'draft',
    },
    settingsAsIssued(settings, invoice.fiscalSnapshot),
    db,
  );
}
