import {
  formatMoney,
  formatTaxId,
  INVOICE_STATUS_LABELS,
  type Invoice,
  PAYMENT_METHOD_LABELS,
} from '@agencia/shared';
import PDFDocument from 'pdfkit';
import type { Db, Tx } from '../../db/client.js';
import { readFile } from '../../lib/storage.js';
import type { CompanySettingsRow } from '../settings/settings.service.js';

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The logo as PNG/JPEG bytes: a stored file id (or a URL containing one) or a data: URL. */
async function loadLogo(db: Db | Tx, logo: string | null): Promise<Buffer | null> {
  if (!logo) return null;
  try {
    const dataUrl = /^data:image\/(png|jpeg);base64,(.+)$/.exec(logo);
    if (dataUrl) return Buffer.from(dataUrl[2]!, 'base64');
    const id = UUID_RE.exec(logo)?.[0];
    if (!id) return null;
    const file = await readFile(db, id);
    if (!file || !['image/png', 'image/jpeg'].includes(file.contentType)) return null;
    return file.data;
  } catch {
    return null;
  }
}

const dateEs = (iso: string | null) => {
  if (!iso) return '—';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/**
 * Renders an invoice as a PDF (pdfkit, A4, Helvetica/WinAnsi so Spanish accents print):
 * agency header from the settings (name, RNC, address, logo), client with RNC/cédula,
 * number and dates, item table (repeats its header on new pages), subtotal, ITBIS with rate,
 * discount, total, payments, terms and notes, and 'Página X de Y' on every page.
 */
export async function renderInvoicePdf(
  invoice: Invoice,
  settings: CompanySettingsRow,
  db: Db | Tx,
): Promise<Buffer> {
  const logo = await loadLogo(db, settings.logo);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    info: {
      Title: `Factura ${invoice.invoiceNumber}`,
      Author: settings.name,
      Subject: `Factura ${invoice.invoiceNumber}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const money = (n: number) => formatMoney(n, invoice.currency);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const gray = '#555555';
  const accent = settings.primaryColor || '#1c4fd8';

  // Header: logo + agency, invoice box on the right.
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
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#111111').text(settings.name, textX, y, { width: 260 });
  doc.font('Helvetica').fontSize(9).fillColor(gray);
  const agencyLines = [
    settings.taxId ? `RNC: ${formatTaxId(settings.taxId)}` : null,
    settings.address,
    [settings.city, settings.state, settings.country].filter(Boolean).join(', ') || null,
    [settings.phone, settings.email].filter(Boolean).join(' · ') || null,
    settings.website,
  ].filter(Boolean) as string[];
  for (const line of agencyLines) doc.text(line, textX, doc.y, { width: 260 });
  const agencyBottom = doc.y;

  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(accent)
    .text('FACTURA', right - 200, y, { width: 200, align: 'right' });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#111111')
    .text(invoice.invoiceNumber, right - 200, doc.y, {
      width: 200,
      align: 'right',
    });
  doc.font('Helvetica').fontSize(9).fillColor(gray);
  const meta = [
    `Fecha de emisión: ${dateEs(invoice.issueDate)}`,
    `Fecha de vencimiento: ${dateEs(invoice.dueDate)}`,
    `Estado: ${INVOICE_STATUS_LABELS[invoice.status]}`,
    `Moneda: ${invoice.currency}`,
  ];
  for (const line of meta) doc.text(line, right - 200, doc.y, { width: 200, align: 'right' });
  y = Math.max(agencyBottom, doc.y, logo ? 125 : 0) + 20;

  // Client block.
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor('#cccccc').stroke();
  y += 10;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(gray).text('FACTURAR A', left, y);
  const c = invoice.client;
  const personName = `${c.firstName} ${c.lastName}`.trim();
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#111111')
    .text(c.company ?? personName, left, doc.y + 2, { width: 300 });
  doc.font('Helvetica').fontSize(9).fillColor(gray);
  if (c.company) doc.text(personName, { width: 300 });
  if (c.companyRUC)
    doc.text(`${c.companyRUC.length === 9 ? 'RNC' : 'Cédula'}: ${formatTaxId(c.companyRUC)}`, { width: 300 });
  doc.text(c.email, { width: 300 });
  const clientBottom = doc.y;
  if (invoice.project) {
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(gray)
      .text('PROYECTO', right - 200, y, { width: 200, align: 'right' });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#111111')
      .text(invoice.project.title, right - 200, doc.y + 2, {
        width: 200,
        align: 'right',
      });
  }
  y = Math.max(clientBottom, doc.y) + 20;

  // Items table.
  const cols = {
    desc: left,
    qty: left + width * 0.55,
    price: left + width * 0.67,
    total: left + width * 0.84,
  };
  const colW = { desc: width * 0.53, qty: width * 0.1, price: width * 0.16, total: width * 0.16 };
  const bottomLimit = doc.page.height - doc.page.margins.bottom - 20;
  const drawHeader = () => {
    doc.rect(left, y, width, 20).fill(accent);
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#ffffff');
    doc.text('Descripción', cols.desc + 6, y + 6, { width: colW.desc });
    doc.text('Cant.', cols.qty, y + 6, { width: colW.qty, align: 'right' });
    doc.text('Precio unit.', cols.price, y + 6, { width: colW.price, align: 'right' });
    doc.text('Total', cols.total, y + 6, { width: colW.total - 6, align: 'right' });
    y += 26;
  };
  drawHeader();
  invoice.items.forEach((item, index) => {
    doc.font('Helvetica').fontSize(9);
    const descH = doc.heightOfString(item.description, { width: colW.desc - 6 });
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
    doc.font('Helvetica').fontSize(9).fillColor('#111111');
    doc.text(item.description, cols.desc + 6, y, { width: colW.desc - 6 });
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

  // Totals.
  const totalRows: Array<[string, string, boolean?]> = [
    ['Subtotal', money(invoice.subtotal)],
    [`ITBIS (${invoice.taxRate}%)`, money(invoice.taxAmount)],
  ];
  if (invoice.discountAmount > 0) totalRows.push(['Descuento', `− ${money(invoice.discountAmount)}`]);
  totalRows.push(['Total', money(invoice.total), true]);
  if (invoice.amountPaid > 0) {
    totalRows.push(['Pagado', money(invoice.amountPaid)]);
    totalRows.push(['Saldo pendiente', money(invoice.balance), true]);
  }
  if (y + totalRows.length * 18 + 20 > bottomLimit) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 8;
  doc
    .moveTo(cols.price - 40, y)
    .lineTo(right, y)
    .lineWidth(0.5)
    .strokeColor('#cccccc')
    .stroke();
  y += 8;
  for (const [label, value, strong] of totalRows) {
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 11 : 9)
      .fillColor('#111111');
    doc.text(label, cols.price - 40, y, { width: colW.price + 40, align: 'left' });
    doc.text(value, cols.total - 30, y, { width: colW.total + 24, align: 'right' });
    y += strong ? 18 : 15;
  }

  // Terms, payment method, notes.
  y += 10;
  const info: string[] = [`Condiciones de pago: ${invoice.paymentTerms} días`];
  if (invoice.paymentMethod) info.push(`Método de pago: ${PAYMENT_METHOD_LABELS[invoice.paymentMethod]}`);
  if (invoice.paidDate) info.push(`Fecha de pago: ${dateEs(invoice.paidDate)}`);
  if (y + 60 > bottomLimit) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc.font('Helvetica').fontSize(9).fillColor(gray);
  doc.text(info.join('   ·   '), left, y, { width });
  if (invoice.notes) {
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#111111').text('Notas');
    doc.font('Helvetica').fontSize(9).fillColor(gray).text(invoice.notes, { width });
  }

  // Footer on every page: 'Página X de Y'.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footerY = doc.page.height - 40;
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(gray);
    doc.text(`${settings.name} · ${invoice.invoiceNumber}`, left, footerY, {
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
