import {
  CREDIT_NOTE_ITBIS_MAX_DAYS,
  CREDIT_NOTE_MODIFICATION_LABELS,
  type CreditNote,
  type CreditNoteModificationCode,
  DEBIT_NOTE_MODIFICATION_CODE,
  type DebitNote,
  daysBetween,
  formatMoney,
  type Invoice,
  printsSequenceExpiry,
} from '@agencia/shared';
import type { Db, Tx } from '../../db/client.js';
import { dateEs, renderDocument } from '../billing-documents/document-pdf.js';
import { qrEnvironmentFor } from '../ecf/ecf-runtime.js';
import type { CompanySettingsRow } from '../settings/settings.service.js';
import { settingsAsIssued } from './fiscal-snapshot.js';
import { ecfQrUrl, partyOf } from './invoices.pdf.js';

/*
 * PDFs of the notes of an invoice (the file keeps its name from issue 12): credit notes (B04 / E34) and debit notes (B03 / E33, decision
 * 138) share one layout; the credit note adds its refund and the 30-day ITBIS remark.
 */

type AnyNote = CreditNote | DebitNote;

/**
 * The DGII QR of an e-CF note the portal signed (issue 26: an E34 or E33 carries its own security
 * code and QR), built like an invoice's ({@link ecfQrUrl}) from the note's e-NCF, date, total,
 * signature and the parties it was issued with. Null for a paper note or an e-CF without its code.
 */
export function noteQr(invoice: Invoice, note: AnyNote, settings: CompanySettingsRow) {
  const snapshot = note.fiscalSnapshot ?? invoice.fiscalSnapshot;
  const rncEmisor = settingsAsIssued(settings, snapshot).taxId;
  const electronic = note.documentType === 'E34' || note.documentType === 'E33';
  if (!electronic || !note.securityCode || !note.signedAt || !rncEmisor) return null;
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

/** The credit note's QR ({@link noteQr}). */
export const creditNoteQr = (invoice: Invoice, note: CreditNote, settings: CompanySettingsRow) =>
  noteQr(invoice, note, settings);

/**
 * Renders a note of `invoice`: agency header and buyer as the note was issued (its fiscal
 * snapshot, else the invoice's, over `settings`; decision 132), its title, NCF and expiry, "NCF
 * modificado" with its date, the DGII modification code, reason, lines, subtotal, ITBIS and total,
 * plus `extraTotals` and `info` lines.
 */
async function renderNotePdf(
  invoice: Invoice,
  note: AnyNote,
  settings: CompanySettingsRow,
  db: Db | Tx,
  kind: {
    title: string;
    code: CreditNoteModificationCode;
    extraTotals: Array<[string, string]>;
    info: string[];
  },
): Promise<Buffer> {
  const money = (n: number) => formatMoney(n, invoice.currency);
  const electronic = note.documentType.startsWith('E');
  const snapshot = note.fiscalSnapshot ?? invoice.fiscalSnapshot;
  return renderDocument(
    {
      title: electronic ? `${kind.title} ELECTRÓNICA` : kind.title,
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
          `Código ${kind.code}: ${CREDIT_NOTE_MODIFICATION_LABELS[kind.code] ?? ''}`,
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
      totals: [
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
        ...kind.extraTotals,
      ],
      info: kind.info,
      payment: null,
      notes: { title: 'Motivo', text: note.reason },
      qr: noteQr(invoice, note, settings),
      draft: false,
    },
    settingsAsIssued(settings, snapshot),
    db,
  );
}

/**
 * Renders a credit note (B04 / E34) of `invoice` ({@link renderNotePdf}) with its own DGII
 * modification code, its refund and, for a note without ITBIS issued more than 30 days after the
 * invoice, the reason.
 */
export function renderCreditNotePdf(
  invoice: Invoice,
  note: CreditNote,
  settings: CompanySettingsRow,
  db: Db | Tx,
): Promise<Buffer> {
  const late =
    note.taxAmount === 0 && daysBetween(note.modifiedIssueDate, note.issueDate) > CREDIT_NOTE_ITBIS_MAX_DAYS;
  return renderNotePdf(invoice, note, settings, db, {
    title: 'NOTA DE CRÉDITO',
    code: note.modificationCode as CreditNoteModificationCode,
    extraTotals:
      note.refundAmount > 0
        ? [['Reembolso al cliente', formatMoney(note.refundAmount, invoice.currency)]]
        : [],
    info: late ? ['Sin ITBIS: emitida más de 30 días después de la factura'] : [],
  });
}

/**
 * Renders a debit note (B03 / E33, decision 138) of `invoice` ({@link renderNotePdf}): code 3
 * "Corrige montos del NCF modificado", and a line saying the note raises the invoice's balance.
 */
export function renderDebitNotePdf(
  invoice: Invoice,
  note: DebitNote,
  settings: CompanySettingsRow,
  db: Db | Tx,
): Promise<Buffer> {
  return renderNotePdf(invoice, note, settings, db, {
    title: 'NOTA DE DÉBITO',
    code: DEBIT_NOTE_MODIFICATION_CODE,
    extraTotals: [],
    info: [`Aumenta el saldo de la factura ${invoice.invoiceNumber} (NCF ${note.modifiedNcf}).`],
  });
}
