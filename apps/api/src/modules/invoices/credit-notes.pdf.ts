import {
  CREDIT_NOTE_ITBIS_MAX_DAYS,
  CREDIT_NOTE_MODIFICATION_LABELS,
  type CreditNote,
  type CreditNoteModificationCode,
  daysBetween,
  formatMoney,
  type Invoice,
  printsSequenceExpiry,
} from '@agencia/shared';
import type { Db, Tx } from '../../db/client.js';
import { qrEnvironmentFor } from '../ecf/ecf-runtime.js';
import type { CompanySettingsRow } from '../settings/settings.service.js';
import { dateEs, renderDocument } from './document-pdf.js';
import { settingsAsIssued } from './fiscal-snapshot.js';
import { ecfQrUrl, partyOf } from './invoices.pdf.js';

/**
 * The DGII QR of an E34 the portal signed (issue 26: a credit note of an e-CF carries its own
 * security code and QR), built like an invoice's ({@link ecfQrUrl}) from the note's e-NCF, date,
 * total, signature and the parties it was issued with. Null for a B04 or an E34 without its code.
 */
export function creditNoteQr(invoice: Invoice, note: CreditNote, settings: CompanySettingsRow) {
  const snapshot = note.fiscalSnapshot ?? invoice.fiscalSnapshot;
  const rncEmisor = settingsAsIssued(settings, snapshot).taxId;
  if (note.documentType !== 'E34' || !note.securityCode || !note.signedAt || !rncEmisor) return null;
  return {
    url: ecfQrUrl({
      rncEmisor,
      rncComprador: partyOf({ client: invoice.client, fiscalSnapshot: snapshot }).taxId,
      encf: note.ncf,
      issueDate: note.issueDate,
      totalCents: Math.round(note.total * 100),
      signedAt: note.signedAt,
      securityCode: note.securityCode,
      environment: qrEnvironmentFor(Boolean(note.ecfStatus)),
    }),
    securityCode: note.securityCode,
    signedAt: note.signedAt,
  };
}

/**
 * Renders a credit note (B04 / E34) of `invoice`: agency header and buyer as the note was issued
 * (its fiscal snapshot, else the invoice's, over `settings`; decision 132), its NCF and expiry, "NCF modificado" with its
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
  const snapshot = note.fiscalSnapshot ?? invoice.fiscalSnapshot;
  const totals: Array<[string, string, boolean?]> = [
    ['Subtotal', money(note.subtotal)],
    // Issue 27, point 9: with an exempt share, the ITBIS is 18 % of the taxed part, printed apart.
    ...(note.exemptAmount > 0
      ? ([
          ['Monto gravado', money(note.subtotal - note.exemptAmount)],
          ['Monto exento', money(note.exemptAmount)],
        ] as Array<[string, string]>)
      : []),
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
      ncfExpiresOn: printsSequenceExpiry(note.documentType) ? note.ncfExpiresOn : null,
      meta: [`Fecha de emisión: ${dateEs(note.issueDate)}`, `Moneda: ${invoice.currency}`],
      client: partyOf({ client: invoice.client, fiscalSnapshot: snapshot }),
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
      qr: creditNoteQr(invoice, note, settings),
      draft: false,
    },
    settingsAsIssued(settings, snapshot),
    db,
  );
}
