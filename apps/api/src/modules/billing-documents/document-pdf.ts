import { createRequire } from 'node:module';
import {
  BANK_ACCOUNT_TYPE_LABELS,
  formatDgiiDateTime,
  formatMoney,
  formatTaxId,
  type PaymentInstructions,
  taxIdLabel,
} from '@agencia/shared';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Db, Tx } from '../../db/client.js';
import { loadSharp } from '../../lib/sharp.js';
import { readFile } from '../../lib/storage.js';
import type { CompanySettingsRow } from '../settings/settings.service.js';

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
    const sharp = await loadSharp();
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

/** Date and time in the DGII's zone as DD-MM-YYYY HH:mm:ss (e-CF `FechaFirma`; shared date module, decision 123). */
export function dgiiDateTime(iso: string): string {
  return formatDgiiDateTime(iso);
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

/** A total row: label, amount as printed, bold. */
export type TotalRow = [string, string, boolean?];

/**
 * The price rows of an invoice or a quote: Subtotal, Descuento (−, when any), Subtotal exento
 * (when any), Base imponible ITBIS, ITBIS (rate %) and Total (bold); amounts by `money`.
 */
export function priceTotals(
  d: {
    subtotal: number;
    discountAmount: number;
    exemptSubtotal: number;
    taxableBase: number;
    taxRate: number;
    taxAmount: number;
    total: number;
  },
  money: (n: number) => string,
): TotalRow[] {
  const totals: TotalRow[] = [['Subtotal', money(d.subtotal)]];
  if (d.discountAmount > 0) totals.push(['Descuento', `− ${money(d.discountAmount)}`]);
  if (d.exemptSubtotal > 0) totals.push(['Subtotal exento', money(d.exemptSubtotal)]);
  totals.push(['Base imponible ITBIS', money(d.taxableBase)]);
  totals.push([`ITBIS (${d.taxRate}%)`, money(d.taxAmount)]);
  totals.push(['Total', money(d.total), true]);
  return totals;
}

/** An invoice's or a quote's items as rows of the line table. */
export function tableLines(
  items: Array<{
    description: string;
    details: string | null;
    quantity: number;
    unitPrice: number;
    total: number;
    taxExempt: boolean;
  }>,
): Line[] {
  return items.map((i) => ({
    description: i.description,
    details: i.details,
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    total: i.total,
    exempt: i.taxExempt,
  }));
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
