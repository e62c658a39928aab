import { createRequire } from 'node:module';
import { BUSINESS_TIME_ZONE, formatDgiiDateTime } from '@agencia/shared';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { loadSharp } from '../../lib/sharp.js';
import type { SignatureCertificateInput } from './pdf-seal.js';

const require = createRequire(import.meta.url);

/** Noto Sans (SIL OFL), as the fiscal PDFs use it (decision 081): every Spanish character prints and extracts. */
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};
const REGULAR = 'NotoSans';
const BOLD = 'NotoSans-Bold';
const INK = '#111111';
const GRAY = '#555555';
const RULE = '#cccccc';

/** The UTC offset of America/Santo_Domingo at an instant, as "UTC−4" (from Intl's tz data). */
function santoDomingoOffset(iso: string): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, timeZoneName: 'shortOffset' })
      .formatToParts(new Date(iso))
      .find((p) => p.type === 'timeZoneName')
      ?.value.replace('GMT', 'UTC')
      .replace('-', '−') ?? 'UTC−4'
  );
}

/** An instant in the agency's zone (America/Santo_Domingo): "12/05/2026 10:31:02 (Santo Domingo, UTC−4)"; `short` leaves the city out. */
export function santoDomingoTime(iso: string, short = false): string {
  const local = formatDgiiDateTime(iso).replace(/^(\d\d)-(\d\d)-(\d{4})/, '$1/$2/$3');
  return `${local} (${short ? '' : 'Santo Domingo, '}${santoDomingoOffset(iso)})`;
}

/** The same instant in UTC: "2026-05-12 14:31:02 UTC". */
export function utcTime(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A drawn signature as an opaque PNG pdfkit can embed (alpha flattened on white), or null when unreadable. */
async function signatureImage(png: Buffer | null | undefined): Promise<Buffer | null> {
  if (!png?.length) return null;
  try {
    const sharp = await loadSharp();
    return await sharp(png, { limitInputPixels: 25_000_000, failOn: 'error' })
      .resize({ width: 800, height: 300, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * Lays out the "Certificado de firma" (A4, Noto Sans, Spanish) as its own PDF, one page or more
 * when the trail is long: document title and number, the SHA-256 of the PDF as signed and of
 * the consent text, the consent text, each signer (name, cédula/RNC, e-mail, time in
 * America/Santo_Domingo and UTC, drawn signature), who seals the file, every event of the trail (time in both zones,
 * event, actor, IP, browser) and a QR to the verification page. The caller appends its pages to
 * the signed document (Ley 126-02 art. 9–10: the trail travels with the document it proves).
 */
export async function renderCertificatePages(
  input: SignatureCertificateInput,
  seal: { commonName: string; timestamped: boolean },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    info: { Title: `Certificado de firma ${input.documentNumber}`, Subject: input.documentTitle },
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
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    ensure(40);
    doc.moveDown(0.6);
    doc.font(BOLD).fontSize(11.5).fillColor(INK).text(text, left, doc.y, { width });
    const y = doc.y + 2;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + 5;
  };
  const field = (label: string, value: string, w = width, size = 9) => {
    doc
      .font(BOLD)
      .fontSize(size)
      .fillColor(INK)
      .text(`${label}: `, left, doc.y, { width: w, continued: true });
    doc.font(REGULAR).fillColor(INK).text(value);
  };

  // Header: title, document, QR to the verification page on the right.
  const qrSize = 92;
  const qr = await QRCode.toBuffer(input.verifyUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    scale: 6,
  });
  const top = doc.y;
  doc.image(qr, left + width - qrSize, top, { width: qrSize, height: qrSize });
  const textWidth = width - qrSize - 16;
  doc.font(BOLD).fontSize(20).fillColor(INK).text('Certificado de firma', left, top, { width: textWidth });
  doc.moveDown(0.2);
  doc.font(BOLD).fontSize(11).text(`${input.documentTitle}`, { width: textWidth });
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(GRAY)
    .text(`Documento ${input.documentNumber}`, { width: textWidth });
  doc.moveDown(0.4);
  doc
    .font(REGULAR)
    .fontSize(8.5)
    .fillColor(GRAY)
    .text(
      'Este certificado forma parte del documento firmado electrónicamente y registra quién firmó, qué firmó, cuándo y desde dónde (Ley 126-02, art. 9 y 10). El archivo está sellado digitalmente por la agencia: cualquier cambio posterior invalida el sello.',
      left,
      doc.y,
      { width: textWidth },
    );
  doc.font(REGULAR).fontSize(7.5).fillColor(GRAY);
  doc.text('Verifícalo en:', left + width - qrSize - 40, top + qrSize + 4, {
    width: qrSize + 40,
    align: 'right',
  });
  doc.text(input.verifyUrl, left + width - 200, doc.y, { width: 200, align: 'right' });
  doc.y = Math.max(doc.y, top + qrSize + 10);

  heading('Integridad');
  // 8.5 pt keeps label and 64 hex digits on one line.
  field('SHA-256 del documento firmado', input.documentSha256, width, 8.5);
  field('SHA-256 del texto de consentimiento', input.consentSha256, width, 8.5);
  field(
    'Sello digital (PAdES)',
    `${seal.commonName}, certificado de la agencia${seal.timestamped ? ', con sello de tiempo (RFC 3161)' : ''}`,
  );

  heading('Consentimiento aceptado');
  doc.font(REGULAR).fontSize(9).fillColor(INK).text(`«${input.consentText}»`, left, doc.y, { width });

  heading(input.signers.length === 1 ? 'Firmante' : 'Firmantes');
  for (const signer of input.signers) {
    const image = await signatureImage(signer.signatureImagePng);
    ensure(image ? 90 : 62);
    const blockTop = doc.y;
    const infoWidth = image ? width - 190 : width;
    doc.font(BOLD).fontSize(10).fillColor(INK).text(signer.name, left, blockTop, { width: infoWidth });
    field('Cédula/RNC', signer.idNumber, infoWidth);
    field('Correo', signer.email, infoWidth);
    field('Firmó', santoDomingoTime(signer.signedAt), infoWidth);
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor(GRAY)
      .text(`          ${utcTime(signer.signedAt)}`, left, doc.y, { width: infoWidth });
    let blockBottom = doc.y;
    if (image) {
      doc.image(image, left + width - 180, blockTop, { fit: [180, 64], align: 'center', valign: 'center' });
      doc
        .moveTo(left + width - 180, blockTop + 66)
        .lineTo(left + width, blockTop + 66)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      doc
        .font(REGULAR)
        .fontSize(7)
        .fillColor(GRAY)
        .text('Firma trazada', left + width - 180, blockTop + 68, { width: 180, align: 'center' });
      blockBottom = Math.max(blockBottom, doc.y);
    } else if (signer.signatureImagePng?.length) {
      doc
        .font(REGULAR)
        .fontSize(8)
        .fillColor(GRAY)
        .text('(La imagen de la firma trazada no se pudo leer.)', left, doc.y, { width });
      blockBottom = doc.y;
    }
    doc.y = blockBottom + 8;
  }

  heading('Registro de eventos');
  const cols = { when: left, event: left + 140, actor: left + 300 };
  const colW = { when: 134, event: 152, actor: width - 300 };
  const tableHeader = () => {
    doc.font(BOLD).fontSize(8).fillColor(GRAY);
    const y = doc.y;
    doc.text('Hora de Santo Domingo · UTC', cols.when, y, { width: colW.when });
    doc.text('Evento', cols.event, y, { width: colW.event });
    doc.text('Quién · IP · navegador', cols.actor, y, { width: colW.actor });
    doc.y = Math.max(doc.y, y) + 3;
  };
  tableHeader();
  for (const e of input.events) {
    const origin = [e.actor ?? 'Sistema', e.ip ? `IP ${e.ip}` : null].filter(Boolean).join(' · ');
    const agent = e.userAgent ?? '';
    doc.font(REGULAR).fontSize(8);
    const h = Math.max(
      doc.heightOfString(`${santoDomingoTime(e.at, true)}\n${utcTime(e.at)}`, { width: colW.when }),
      doc.heightOfString(e.event, { width: colW.event }),
      doc.heightOfString(origin, { width: colW.actor }) +
        (agent ? doc.fontSize(7).heightOfString(agent, { width: colW.actor }) : 0),
    );
    if (doc.y + h + 6 > bottom()) {
      doc.addPage();
      tableHeader();
    }
    const y = doc.y;
    doc
      .moveTo(left, y - 1)
      .lineTo(left + width, y - 1)
      .lineWidth(0.3)
      .strokeColor(RULE)
      .stroke();
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(INK)
      .text(santoDomingoTime(e.at, true), cols.when, y + 2, { width: colW.when });
    doc.fillColor(GRAY).text(utcTime(e.at), cols.when, doc.y, { width: colW.when });
    doc.fillColor(INK).text(e.event, cols.event, y + 2, { width: colW.event });
    doc.text(origin, cols.actor, y + 2, { width: colW.actor });
    if (agent) doc.fontSize(7).fillColor(GRAY).text(agent, cols.actor, doc.y, { width: colW.actor });
    doc.y = y + 2 + h + 4;
  }

  // Footer on every page of the certificate.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(7.5).fillColor(GRAY);
    doc.text(
      `Certificado de firma · ${input.documentNumber}${range.count > 1 ? ` · ${i - range.start + 1} de ${range.count}` : ''}`,
      left,
      doc.page.height - 40,
      { width, align: 'center', lineBreak: false },
    );
    doc.page.margins.bottom = savedBottom;
  }
  doc.end();
  return done;
}
