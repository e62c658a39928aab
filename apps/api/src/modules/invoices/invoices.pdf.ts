import { createRequire } from 'node:module';
import {
  BANK_ACCOUNT_TYPE_LABELS,
  CONSUMO_BUYER_ID_THRESHOLD_CENTS,
  CREDIT_NOTE_ITBIS_MAX_DAYS,
  CREDIT_NOTE_MODIFICATION_LABELS,
  type CreditNote,
  type CreditNoteModificationCode,
  daysBetween,
  type FiscalDocumentType,
  formatMoney,
  formatTaxId,
  hasPaymentInstructions,
  INVOICE_STATUS_LABELS,
  type Invoice,
  invoiceAwaitsPayment,
  isElectronicType,
  PAYMENT_METHOD_LABELS,
  type PaymentInstructions,
  taxIdLabel,
  toCents,
} from '@agencia/shared';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Db, Tx } from '../../db/client.js';
import { readFile } from '../../lib/storage.js';
import { type CompanySettingsRow, toPaymentInstructions } from '../settings/settings.service.js';

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const require = createRequire(import.meta.url);

/**
 * Noto Sans (SIL Open Font License) from `@expo-google-fonts/noto-sans`: a Unicode TrueType
 * font, so every character prints (pdfkit's built-in Helvetica is WinAnsi only: `−` came out as
 * `"`). Resolved from node_modules at run time, which also works from the esbuild bundle (the
 * package stays external). Decision 081.
 */
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};
const REGULAR = 'NotoSans';
const BOLD = 'NotoSans-Bold';

/** Image types a stored logo may have (uploads are re-encoded to PNG, decision 065). */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * The logo as bytes pdfkit can embed safely: a stored file id (or a URL containing one) or a
 * data: URL of a PNG, JPEG or WebP, decoded and re-encoded by sharp as an opaque PNG (alpha
 * flattened on white, at most 600 px). Re-encoding matters: pdfkit decodes a PNG with alpha in
 * a zlib callback that throws outside any promise, so a damaged logo would crash the process
 * instead of failing the PDF. Anything unreadable → null (the header prints without a logo).
 */
export async function loadLogo(db: Db | Tx, logo: string | null): Promise<Buffer | null> {
  if (!logo) return null;
  try {
    let bytes: Buffer | null = null;
    const dataUrl = /^data:image\/(png|jpeg|webp);base64,(.+)$/.exec(logo);
    if (dataUrl) bytes = Buffer.from(dataUrl[2]!, 'base64');
    else {
      const id = UUID_RE.exec(logo)?.[0];
      if (!id) return null;
      const file = await readFile(db, id);
      if (!file || !LOGO_TYPES.includes(file.contentType)) return null;
      bytes = file.data;
    }
    return await sharp(bytes, { limitInputPixels: 25_000_000, failOn: 'error' })
      .resize({ width: 600, height: 600, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** ISO date → DD/MM/YYYY ("—" for null). */
export const dateEs = (iso: string | null) => {
  if (!iso) return '—';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

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

/** Date and time in the DGII's zone as DD-MM-YYYY HH:mm:ss (e-CF `FechaFirma`). */
function dgiiDateTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Santo_Domingo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('day')}-${p('month')}-${p('year')} ${p('hour')}:${p('minute')}:${p('second')}`;
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

/** The buyer block of a document. */
export interface Party {
  name: string;
  person: string | null;
  taxId: string | null;
  email: string;
}

/** One row of a document's line table. */
export interface Line {
  description: string;
  details: string | null;
  quantity: number;
  unitPrice: number;
  total: number;
  exempt: boolean;
}

/** Everything a document page needs, for invoices, credit notes and quotes alike. */
export interface DocumentModel {
  title: string;
  internalNumber: string;
  ncfLabel: string;
  ncf: string | null;
  ncfExpiresOn: string | null;
  meta: string[];
  client: Party;
  /** Right-hand block under the client (project, or the modified NCF of a note). */
  aside: { label: string; lines: string[] } | null;
  lines: Line[];
  currency: string;
  totals: Array<[string, string, boolean?]>;
  info: string[];
  /** How to pay ('Formas de pago'), under the totals; null when there is nothing to show. */
  payment: PaymentInstructions | null;
  /** Free text under the totals, with its heading ('Notas', or 'Motivo' on a credit note). */
  notes: { title: string; text: string } | null;
  qr: { url: string; securityCode: string; signedAt: string } | null;
  /** Prints the red 'BORRADOR — sin valor fiscal' line under the number. */
  draft: boolean;
}

function newDocument(title: string, author: string) {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    info: { Title: title, Author: author, Subject: title },
  });
  doc.registerFont(REGULAR, FONTS.regular);
  doc.registerFont(BOLD, FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * Lays out one fiscal document (A4, Noto Sans): agency header from the settings (name, RNC,
 * address, logo), title with NCF and its expiry, buyer with RNC/cédula, line table (its header
 * repeats on new pages), totals, e-CF QR, terms, notes and 'Página X de Y' on every page.
 * Shared by invoices, credit notes and quotes (decision 114).
 */
export async function renderDocument(
  model: DocumentModel,
  settings: CompanySettingsRow,
  db: Db | Tx,
): Promise<Buffer> {
  const logo = await loadLogo(db, settings.logo);
  const { doc, done } = newDocument(`${model.title} ${model.ncf ?? model.internalNumber}`, settings.name);
  const money = (n: number) => formatMoney(n, model.currency);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const gray = '#555555';
  const accent = settings.primaryColor || '#1c4fd8';

  // Header: logo + agency on the left, document box on the right.
  let y = 50;
  let textX = left;
  if (logo) {
    try {
      doc.image(logo, left, y, { fit: [70, 70] });
      textX = left + 80;
    } catch {
      /* unsupported image: header without logo */
    }
  }
  // The document box (right) and the agency block (left) never overlap, with or without a logo.
  const boxW = 225;
  const boxX = right - boxW;
  const agencyWidth = boxX - 14 - textX;
  doc.font(BOLD).fontSize(15).fillColor('#111111').text(settings.name, textX, y, { width: agencyWidth });
  doc.font(REGULAR).fontSize(8.5).fillColor(gray);
  const agencyLines = [
    settings.taxId ? `RNC: ${formatTaxId(settings.taxId)}` : null,
    settings.address,
    [settings.city, settings.state, settings.country].filter(Boolean).join(', ') || null,
    [settings.phone, settings.email].filter(Boolean).join(' · ') || null,
    settings.website,
  ].filter(Boolean) as string[];
  for (const line of agencyLines) doc.text(line, textX, doc.y, { width: agencyWidth });
  const agencyBottom = doc.y;

  doc.font(BOLD).fontSize(13).fillColor(accent).text(model.title, boxX, y, { width: boxW, align: 'right' });
  doc.font(BOLD).fontSize(10.5).fillColor('#111111');
  if (model.ncf)
    doc.text(`${model.ncfLabel}: ${model.ncf}`, boxX, doc.y + 2, { width: boxW, align: 'right' });
  doc.font(REGULAR).fontSize(8.5).fillColor(gray);
  if (model.ncfExpiresOn)
    doc.text(`Válido hasta: ${dateEs(model.ncfExpiresOn)}`, boxX, doc.y, { width: boxW, align: 'right' });
  doc.text(model.internalNumber, boxX, doc.y, { width: boxW, align: 'right' });
  for (const line of model.meta) doc.text(line, boxX, doc.y, { width: boxW, align: 'right' });
  if (model.draft)
    doc
      .font(BOLD)
      .fontSize(9)
      .fillColor('#c92a2a')
      .text('BORRADOR — sin valor fiscal', boxX, doc.y + 2, { width: boxW, align: 'right' });
  y = Math.max(agencyBottom, doc.y, logo ? 125 : 0) + 16;

  // Buyer block and aside.
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor('#cccccc').stroke();
  y += 10;
  const clientWidth = boxX - 14 - left;
  doc.font(BOLD).fontSize(8.5).fillColor(gray).text('CLIENTE', left, y);
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor('#111111')
    .text(model.client.name, left, doc.y + 2, { width: clientWidth });
  doc.font(REGULAR).fontSize(8.5).fillColor(gray);
  if (model.client.person) doc.text(model.client.person, { width: clientWidth });
  if (model.client.taxId)
    doc.text(`${taxIdLabel(model.client.taxId)}: ${formatTaxId(model.client.taxId)}`, { width: clientWidth });
  doc.text(model.client.email, { width: clientWidth });
  const clientBottom = doc.y;
  if (model.aside) {
    doc
      .font(BOLD)
      .fontSize(8.5)
      .fillColor(gray)
      .text(model.aside.label, boxX, y, { width: boxW, align: 'right' });
    doc.font(REGULAR).fontSize(9.5).fillColor('#111111');
    for (const line of model.aside.lines) doc.text(line, boxX, doc.y + 1, { width: boxW, align: 'right' });
  }
  y = Math.max(clientBottom, doc.y) + 18;

  // Line table.
  const cols = {
    desc: left,
    qty: left + width * 0.55,
    price: left + width * 0.66,
    total: left + width * 0.83,
  };
  const colW = { desc: width * 0.53, qty: width * 0.1, price: width * 0.17, total: width * 0.17 };
  const bottomLimit = doc.page.height - doc.page.margins.bottom - 20;
  const drawHeader = () => {
    doc.rect(left, y, width, 20).fill(accent);
    doc.font(BOLD).fontSize(8.5).fillColor('#ffffff');
    doc.text('Descripción', cols.desc + 6, y + 5, { width: colW.desc });
    doc.text('Cant.', cols.qty, y + 5, { width: colW.qty, align: 'right' });
    doc.text('Precio unit.', cols.price, y + 5, { width: colW.price, align: 'right' });
    doc.text('Total', cols.total, y + 5, { width: colW.total - 6, align: 'right' });
    y += 26;
  };
  drawHeader();
  model.lines.forEach((item, index) => {
    const description = item.exempt ? `${item.description} (exento de ITBIS)` : item.description;
    doc.font(REGULAR).fontSize(9);
    const descH = doc.heightOfString(description, { width: colW.desc - 6 });
    const detailsH = item.details
      ? doc.fontSize(8).heightOfString(item.details, { width: colW.desc - 6 }) + 2
      : 0;
    const rowH = Math.max(descH + detailsH, 12) + 8;
    if (y + rowH > bottomLimit) {
      doc.addPage();
      y = doc.page.margins.top;
      drawHeader();
    }
    if (index % 2 === 1) doc.rect(left, y - 4, width, rowH).fill('#f4f6fa');
    doc.font(REGULAR).fontSize(9).fillColor('#111111');
    doc.text(description, cols.desc + 6, y, { width: colW.desc - 6 });
    if (item.details)
      doc
        .fontSize(8)
        .fillColor(gray)
        .text(item.details, cols.desc + 6, doc.y + 2, { width: colW.desc - 6 });
    doc.fontSize(9).fillColor('#111111');
    doc.text(String(item.quantity), cols.qty, y, { width: colW.qty, align: 'right' });
    doc.text(money(item.unitPrice), cols.price, y, { width: colW.price, align: 'right' });
    doc.text(money(item.total), cols.total, y, { width: colW.total - 6, align: 'right' });
    y += rowH;
  });

  // Totals (right) and, for e-CF, the QR (left), side by side.
  const qrSize = 92;
  const blockH = Math.max(model.totals.length * 17 + 20, model.qr ? qrSize + 40 : 0);
  if (y + blockH > bottomLimit) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 8;
  const totalsTop = y;
  const labelX = cols.price - 70;
  doc.moveTo(labelX, y).lineTo(right, y).lineWidth(0.5).strokeColor('#cccccc').stroke();
  y += 8;
  for (const [label, value, strong] of model.totals) {
    if (strong) {
      y += 3;
      doc
        .moveTo(labelX, y - 2)
        .lineTo(right, y - 2)
        .lineWidth(0.5)
        .strokeColor('#cccccc')
        .stroke();
      y += 2;
    }
    doc
      .font(strong ? BOLD : REGULAR)
      .fontSize(strong ? 10.5 : 9)
      .fillColor('#111111');
    doc.text(label, labelX, y, { width: colW.price + 70, align: 'left' });
    doc.text(value, cols.total - 40, y, { width: colW.total + 34, align: 'right' });
    y += strong ? 17 : 14;
  }
  if (model.qr) {
    // The DGII asks for a version-8 QR: at level L a typical timbre URL (≤ 192 bytes) fits it, and
    // the library picks the smallest version that holds the URL (9 for the longest ones).
    const png = await QRCode.toBuffer(model.qr.url, {
      type: 'png',
      errorCorrectionLevel: 'L',
      margin: 2,
      scale: 6, // whole pixels per module: crisp edges at any print size
    });
    doc.image(png, left, totalsTop + 4, { width: qrSize, height: qrSize });
    doc.font(REGULAR).fontSize(8).fillColor(gray);
    doc.text(`Código de seguridad: ${model.qr.securityCode}`, left, totalsTop + qrSize + 8, { width: 200 });
    doc.text(`Fecha de firma: ${dgiiDateTime(model.qr.signedAt)}`, left, doc.y, { width: 200 });
    y = Math.max(y, doc.y);
  }

  // How to pay: each bank account on its own line, then the other methods.
  if (model.payment) {
    y = renderPaymentInstructions(doc, model.payment, { left, width, y: y + 10, bottomLimit, gray });
  }

  // Terms and notes: a new page only when their first lines would not fit (long notes flow on).
  y += 10;
  const infoText = model.info.join('   ·   ');
  const infoH = infoText ? doc.font(REGULAR).fontSize(8.5).heightOfString(infoText, { width }) : 0;
  const notesHeadH = model.notes ? 36 : 0;
  if (y + infoH + notesHeadH > bottomLimit) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc.x = left;
  doc.y = y;
  if (infoText) doc.font(REGULAR).fontSize(8.5).fillColor(gray).text(infoText, left, y, { width });
  if (model.notes) {
    if (infoText) doc.moveDown(0.8);
    doc.font(BOLD).fontSize(9).fillColor('#111111').text(model.notes.title, left, doc.y, { width });
    doc.font(REGULAR).fontSize(9).fillColor(gray).text(model.notes.text, left, doc.y, { width });
  }

  // Footer on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footerY = doc.page.height - 40;
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(7.5).fillColor(gray);
    doc.text(`${settings.name} · ${model.ncf ?? model.internalNumber}`, left, footerY, {
      width: width / 2,
      lineBreak: false,
    });
    doc.text(`Página ${i - range.start + 1} de ${range.count}`, left + width / 2, footerY, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = savedBottom;
  }
  doc.end();
  return done;
}

/** One bank account as printed: bank, type and currency, number, then holder and RNC/cédula. */
export function bankAccountLines(a: PaymentInstructions['bankAccounts'][number]): [string, string] {
  return [
    `${a.bank} · Cuenta ${BANK_ACCOUNT_TYPE_LABELS[a.accountType].toLowerCase()} en ${a.currency} · No. ${a.accountNumber}`,
    `Titular: ${a.holderName} · ${taxIdLabel(a.holderId)}: ${formatTaxId(a.holderId)}`,
  ];
}

/**
 * Draws 'Formas de pago' at `at.y` (a new page when the heading and first account do not fit;
 * long lists flow on) and returns the y below it.
 */
function renderPaymentInstructions(
  doc: PDFKit.PDFDocument,
  payment: PaymentInstructions,
  at: { left: number; width: number; y: number; bottomLimit: number; gray: string },
): number {
  const { left, width, bottomLimit, gray } = at;
  let y = at.y;
  if (y + 60 > bottomLimit) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc.font(BOLD).fontSize(10).fillColor('#111111').text('Formas de pago', left, y, { width });
  y = doc.y + 4;
  for (const account of payment.bankAccounts) {
    const [first, second] = bankAccountLines(account);
    doc.font(REGULAR).fontSize(9);
    const h = doc.heightOfString(first, { width }) + doc.fontSize(8.5).heightOfString(second, { width }) + 6;
    if (y + h > bottomLimit) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc.font(BOLD).fontSize(9).fillColor('#111111').text(first, left, y, { width });
    doc.font(REGULAR).fontSize(8.5).fillColor(gray).text(second, left, doc.y, { width });
    y = doc.y + 6;
  }
  if (payment.otherMethods) {
    if (y + 30 > bottomLimit) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc.font(BOLD).fontSize(9).fillColor('#111111').text('Otras formas de pago', left, y, { width });
    doc.font(REGULAR).fontSize(8.5).fillColor(gray).text(payment.otherMethods, left, doc.y, { width });
    y = doc.y + 4;
  }
  return y;
}

function partyOf(invoice: Invoice): Party {
  const c = invoice.client;
  const person = `${c.firstName} ${c.lastName}`.trim();
  return {
    name: c.company ?? person,
    person: c.company ? person : null,
    taxId: c.companyRUC,
    email: c.email,
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
 * Renders an invoice as a PDF: title by document type, NCF / e-NCF and "Válido hasta", buyer
 * RNC/cédula, lines (exempt ones marked), Subtotal, Descuento (−), Subtotal exento, Base
 * imponible ITBIS, ITBIS, Total, payments, withholdings, credit notes and balance; the DGII QR
 * for e-CF with a security code; "BORRADOR — sin valor fiscal" on drafts; under the totals,
 * while a balance is owed, "Formas de pago" (the company's bank accounts and other methods).
 */
export async function renderInvoicePdf(
  invoice: Invoice,
  settings: CompanySettingsRow,
  db: Db | Tx,
): Promise<Buffer> {
  const money = (n: number) => formatMoney(n, invoice.currency);
  const electronic = invoice.documentType ? isElectronicType(invoice.documentType) : false;
  const totals: Array<[string, string, boolean?]> = [['Subtotal', money(invoice.subtotal)]];
  if (invoice.discountAmount > 0) totals.push(['Descuento', `− ${money(invoice.discountAmount)}`]);
  if (invoice.exemptSubtotal > 0) totals.push(['Subtotal exento', money(invoice.exemptSubtotal)]);
  totals.push(['Base imponible ITBIS', money(invoice.taxableBase)]);
  totals.push([`ITBIS (${invoice.taxRate}%)`, money(invoice.taxAmount)]);
  totals.push(['Total', money(invoice.total), true]);
  const settled = invoice.amountPaid + invoice.amountWithheld + invoice.amountCredited;
  if (invoice.amountPaid > 0) totals.push(['Pagado', money(invoice.amountPaid)]);
  const itbisWithheld = invoice.payments.reduce((a, p) => a + p.itbisWithheld, 0);
  const isrWithheld = invoice.payments.reduce((a, p) => a + p.isrWithheld, 0);
  if (itbisWithheld > 0) totals.push(['ITBIS retenido', money(itbisWithheld)]);
  if (isrWithheld > 0) totals.push(['ISR retenido', money(isrWithheld)]);
  if (invoice.amountCredited > 0) totals.push(['Notas de crédito', `− ${money(invoice.amountCredited)}`]);
  if (settled > 0) totals.push(['Saldo pendiente', money(invoice.balance), true]);

  const info: string[] = [`Condiciones de pago: ${invoice.paymentTerms} días`];
  if (invoice.paymentMethod) info.push(`Método de pago: ${PAYMENT_METHOD_LABELS[invoice.paymentMethod]}`);
  if (invoice.paidDate) info.push(`Fecha de pago: ${dateEs(invoice.paidDate)}`);
  else if (invoice.payments.length > 0) {
    const last = invoice.payments.reduce((d, p) => (p.paidDate > d ? p.paidDate : d), '');
    info.push(`Último pago: ${dateEs(last)}`);
  }
  if (invoice.creditNotes.length)
    info.push(
      `Notas de crédito: ${invoice.creditNotes.map((n) => `${n.ncf} (${dateEs(n.issueDate)})`).join(', ')}`,
    );

  if (electronic && invoice.ncf && !(invoice.securityCode && invoice.signedAt))
    info.push('Sin código QR: el e-CF aún no tiene código de seguridad ni fecha de firma');
  const qr =
    electronic && invoice.ncf && invoice.securityCode && invoice.signedAt && settings.taxId
      ? {
          url: ecfQrUrl({
            rncEmisor: settings.taxId,
            rncComprador: invoice.client.companyRUC,
            encf: invoice.ncf,
            issueDate: invoice.issueDate,
            totalCents: toCents(invoice.total),
            signedAt: invoice.signedAt,
            securityCode: invoice.securityCode,
          }),
          securityCode: invoice.securityCode,
          signedAt: invoice.signedAt,
        }
      : null;

  return renderDocument(
    {
      title: invoiceTitle(invoice.documentType),
      internalNumber: `Factura ${invoice.invoiceNumber}`,
      ncfLabel: electronic ? 'e-NCF' : 'NCF',
      ncf: invoice.ncf,
      ncfExpiresOn: invoice.ncfExpiresOn,
      meta: [
        `Fecha de emisión: ${dateEs(invoice.issueDate)}`,
        `Fecha de vencimiento: ${dateEs(invoice.dueDate)}`,
        `Estado: ${INVOICE_STATUS_LABELS[invoice.status]}`,
        `Moneda: ${invoice.currency}`,
      ],
      client: partyOf(invoice),
      aside: invoice.project ? { label: 'PROYECTO', lines: [invoice.project.title] } : null,
      lines: invoice.items.map((i) => ({
        description: i.description,
        details: i.details,
        quantity: i.quantity,
        unitPrice: i.unitPrice,
        total: i.total,
        exempt: i.taxExempt,
      })),
      currency: invoice.currency,
      totals,
      info,
      payment: invoiceAwaitsPayment(invoice) ? paymentToShow(settings, invoice.currency) : null,
      notes: invoice.notes ? { title: 'Notas', text: invoice.notes } : null,
      qr,
      draft: !invoice.ncf && invoice.status === 'draft',
    },
    settings,
    db,
  );
}

/**
 * Renders a credit note (B04 / E34) of `invoice`: its NCF and expiry, "NCF modificado" with its
 * date, the DGII modification code, reason, lines, subtotal, ITBIS, total and refund.
 */
export async function renderCreditNotePdf(
  invoice: Invoice,
  note: CreditNote,
  settings: CompanySettingsRow,
  db: Db | Tx,
): Promise<Buffer> {
  const money = (n: number) => formatMoney(n, invoice.currency);
  const electronic = note.documentType === 'E34';
  const totals: Array<[string, string, boolean?]> = [
    ['Subtotal', money(note.subtotal)],
    [`ITBIS${note.taxAmount > 0 ? ` (${invoice.taxRate}%)` : ''}`, money(note.taxAmount)],
    ['Total de la nota', money(note.total), true],
  ];
  if (note.refundAmount > 0) totals.push(['Reembolso al cliente', money(note.refundAmount)]);
  const code = note.modificationCode as CreditNoteModificationCode;
  return renderDocument(
    {
      title: electronic ? 'NOTA DE CRÉDITO ELECTRÓNICA' : 'NOTA DE CRÉDITO',
      internalNumber: `Sobre la factura ${invoice.invoiceNumber}`,
      ncfLabel: electronic ? 'e-NCF' : 'NCF',
      ncf: note.ncf,
      ncfExpiresOn: note.ncfExpiresOn,
      meta: [`Fecha de emisión: ${dateEs(note.issueDate)}`, `Moneda: ${invoice.currency}`],
      client: partyOf(invoice),
      aside: {
        label: 'COMPROBANTE MODIFICADO',
        lines: [
          `NCF modificado: ${note.modifiedNcf}`,
          `Fecha del NCF modificado: ${dateEs(note.modifiedIssueDate)}`,
          `Código ${code}: ${CREDIT_NOTE_MODIFICATION_LABELS[code] ?? ''}`,
        ],
      },
      lines: note.lines.map((l) => ({
        description: l.description,
        details: null,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        total: l.total,
        exempt: l.taxExempt,
      })),
      currency: invoice.currency,
      totals,
      info:
        note.taxAmount === 0 &&
        daysBetween(note.modifiedIssueDate, note.issueDate) > CREDIT_NOTE_ITBIS_MAX_DAYS
          ? ['Sin ITBIS: emitida más de 30 días después de la factura']
          : [],
      payment: null,
      notes: { title: 'Motivo', text: note.reason },
      qr: null,
      draft: false,
    },
    settings,
    db,
  );
}
