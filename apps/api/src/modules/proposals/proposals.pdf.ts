import { createRequire } from 'node:module';
import {
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  formatMoney,
  formatTaxId,
  taxIdLabel,
} from '@agencia/shared';
import PDFDocument from 'pdfkit';
import type { Db, Tx } from '../../db/client.js';
import { loadLogo } from '../billing-documents/document-pdf.js';
import type { CompanySettingsRow } from '../settings/settings.service.js';
import { type InlineRun, parseMarkdown } from './proposals.merge.js';

const require = createRequire(import.meta.url);
/** The invoices' fonts (Noto Sans, decision 081): every Spanish character prints. */
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};
const REGULAR = 'NotoSans';
const BOLD = 'NotoSans-Bold';

/** What the PDF of a proposal or contract prints. Money in major units. */
export interface SignablePdfModel {
  kind: DocumentKind;
  number: string;
  version: number;
  title: string;
  /** ISO date the document carries ("Fecha"). */
  date: string;
  recipient: { name: string; taxId: string | null; email: string | null };
  /** Merged Markdown (values already escaped). */
  body: string;
  items: Array<{
    description: string;
    quantity: number;
    unitPrice: number;
    total: number;
    milestone: string | null;
  }>;
  currency: string;
  total: number;
  /** The instant written as the PDF's creation date: fixed per version, so a render is repeatable. */
  createdAt: Date;
}

const dateEs = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/**
 * Lays out a proposal or contract (A4, Noto Sans, the invoices' header: agency name, RNC, address,
 * logo and accent colour): title, number and version, recipient, the Markdown body (headings,
 * paragraphs with bold, lists, rules), the price table with its total and "Página X de Y" on every
 * page. The same model always gives the same bytes (creation date fixed to `createdAt`), so the
 * preview is the PDF that is later frozen and signed.
 */
export async function renderSignablePdf({
  db,
  model,
  settings,
}: {
  db: Db | Tx;
  model: SignablePdfModel;
  settings: CompanySettingsRow;
}): Promise<Buffer> {
  const logo = await loadLogo(db, settings.logo);
  const label = DOCUMENT_KIND_LABELS[model.kind];
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    info: {
      Title: `${label} ${model.number} v${model.version}`,
      Author: settings.name,
      Subject: model.title,
      CreationDate: model.createdAt,
      ModDate: model.createdAt,
    },
  });
  doc.registerFont(REGULAR, FONTS.regular);
  doc.registerFont(BOLD, FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const gray = '#555555';
  const accent = settings.primaryColor || '#1c4fd8';
  const bottomLimit = () => doc.page.height - doc.page.margins.bottom - 20;
  const ensure = (h: number) => {
    if (doc.y + h > bottomLimit()) doc.addPage();
  };

  // Header: logo and agency (left), document box (right).
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
  const boxW = 200;
  const boxX = right - boxW;
  const agencyWidth = boxX - 14 - textX;
  doc.font(BOLD).fontSize(15).fillColor('#111111').text(settings.name, textX, y, { width: agencyWidth });
  doc.font(REGULAR).fontSize(8.5).fillColor(gray);
  for (const line of [
    settings.taxId ? `RNC: ${formatTaxId(settings.taxId)}` : null,
    settings.address,
    [settings.phone, settings.email].filter(Boolean).join(' · ') || null,
  ].filter(Boolean) as string[])
    doc.text(line, textX, doc.y, { width: agencyWidth });
  const agencyBottom = doc.y;
  doc
    .font(BOLD)
    .fontSize(13)
    .fillColor(accent)
    .text(label.toUpperCase(), boxX, y, { width: boxW, align: 'right' });
  doc.font(REGULAR).fontSize(9).fillColor('#111111');
  doc.text(`${model.number} · versión ${model.version}`, boxX, doc.y + 2, { width: boxW, align: 'right' });
  doc.fillColor(gray).text(`Fecha: ${dateEs(model.date)}`, boxX, doc.y, { width: boxW, align: 'right' });
  y = Math.max(agencyBottom, doc.y, logo ? 125 : 0) + 14;

  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor('#cccccc').stroke();
  y += 10;
  doc.font(BOLD).fontSize(8.5).fillColor(gray).text('PARA', left, y);
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor('#111111')
    .text(model.recipient.name, left, doc.y + 2, { width });
  doc.font(REGULAR).fontSize(8.5).fillColor(gray);
  if (model.recipient.taxId)
    doc.text(`${taxIdLabel(model.recipient.taxId)}: ${formatTaxId(model.recipient.taxId)}`, { width });
  if (model.recipient.email) doc.text(model.recipient.email, { width });
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(16).fillColor('#111111').text(model.title, left, doc.y, { width });
  doc.moveDown(0.6);

  // Body.
  const runs = (list: InlineRun[], size: number, x: number, w: number, forceBold = false) => {
    if (list.length === 0) list = [{ text: ' ', bold: false }];
    list.forEach((run, i) => {
      doc
        .font(run.bold || forceBold ? BOLD : REGULAR)
        .fontSize(size)
        .fillColor('#111111')
        .text(run.text, i === 0 ? x : undefined, i === 0 ? doc.y : undefined, {
          width: w,
          continued: i < list.length - 1,
        });
    });
  };
  for (const block of parseMarkdown(model.body)) {
    if (block.type === 'rule') {
      ensure(12);
      const ry = doc.y + 4;
      doc.moveTo(left, ry).lineTo(right, ry).lineWidth(0.5).strokeColor('#cccccc').stroke();
      doc.y = ry + 8;
      continue;
    }
    if (block.type === 'heading') {
      const size = block.level === 1 ? 14 : block.level === 2 ? 12 : 10.5;
      ensure(size * 3);
      doc.moveDown(0.4);
      runs(block.runs, size, left, width, true);
      doc.moveDown(0.3);
      continue;
    }
    ensure(24);
    if (block.type === 'paragraph') {
      runs(block.runs, 10, left, width);
      doc.moveDown(0.5);
    } else {
      const marker = block.type === 'bullet' ? '•' : `${block.number}.`;
      const top = doc.y;
      doc
        .font(REGULAR)
        .fontSize(10)
        .fillColor('#111111')
        .text(marker, left + 6, top, { width: 18 });
      doc.y = top;
      runs(block.runs, 10, left + 24, width - 24);
      doc.moveDown(0.2);
    }
  }

  // Price table.
  if (model.items.length > 0) {
    const money = (n: number) => formatMoney(n, model.currency);
    const cols = {
      desc: left,
      qty: left + width * 0.55,
      price: left + width * 0.66,
      total: left + width * 0.83,
    };
    const colW = { desc: width * 0.53, qty: width * 0.1, price: width * 0.17, total: width * 0.17 };
    ensure(70);
    doc.moveDown(0.6);
    y = doc.y;
    const header = () => {
      doc.rect(left, y, width, 20).fill(accent);
      doc.font(BOLD).fontSize(8.5).fillColor('#ffffff');
      doc.text('Descripción', cols.desc + 6, y + 5, { width: colW.desc });
      doc.text('Cant.', cols.qty, y + 5, { width: colW.qty, align: 'right' });
      doc.text('Precio unit.', cols.price, y + 5, { width: colW.price, align: 'right' });
      doc.text('Total', cols.total, y + 5, { width: colW.total - 6, align: 'right' });
      y += 26;
    };
    header();
    model.items.forEach((item, index) => {
      const details = item.milestone ? `Hito: ${item.milestone}` : null;
      doc.font(REGULAR).fontSize(9);
      const h =
        doc.heightOfString(item.description, { width: colW.desc - 6 }) +
        (details ? doc.fontSize(8).heightOfString(details, { width: colW.desc - 6 }) + 2 : 0);
      const rowH = Math.max(h, 12) + 8;
      if (y + rowH > bottomLimit()) {
        doc.addPage();
        y = doc.page.margins.top;
        header();
      }
      if (index % 2 === 1) doc.rect(left, y - 4, width, rowH).fill('#f4f6fa');
      doc.font(REGULAR).fontSize(9).fillColor('#111111');
      doc.text(item.description, cols.desc + 6, y, { width: colW.desc - 6 });
      if (details)
        doc
          .fontSize(8)
          .fillColor(gray)
          .text(details, cols.desc + 6, doc.y + 2, { width: colW.desc - 6 });
      doc.fontSize(9).fillColor('#111111');
      doc.text(String(item.quantity), cols.qty, y, { width: colW.qty, align: 'right' });
      doc.text(money(item.unitPrice), cols.price, y, { width: colW.price, align: 'right' });
      doc.text(money(item.total), cols.total, y, { width: colW.total - 6, align: 'right' });
      y += rowH;
    });
    if (y + 30 > bottomLimit()) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc
      .moveTo(cols.price - 70, y + 4)
      .lineTo(right, y + 4)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();
    doc.font(BOLD).fontSize(10.5).fillColor('#111111');
    doc.text('Total', cols.price - 70, y + 10, { width: colW.price + 70 });
    doc.text(money(model.total), cols.total - 40, y + 10, { width: colW.total + 34, align: 'right' });
  }

  // Footer on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footerY = doc.page.height - 40;
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(7.5).fillColor(gray);
    doc.text(`${settings.name} · ${model.number} v${model.version}`, left, footerY, {
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
