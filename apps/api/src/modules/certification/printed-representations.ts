import type { Invoice, PrintedRepresentation } from '@agencia/shared';
import { inArray } from 'drizzle-orm';
import JSZip from 'jszip';
import type { EcfConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { creditNotes, debitNotes } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import {
  buildCreditNotePdf,
  buildDebitNotePdf,
  buildInvoicePdf,
  printedQrOf,
} from '../invoices/invoice-delivery.service.js';
import { getInvoice } from '../invoices/invoices.queries.js';
import { isAccepted, simulationDocuments } from './certification-wizard.service.js';

/*
 * Step 5, "Pruebas de Simulación Representación Impresa" (issue 41, decision 159): the PDF of each
 * simulated document, as the portal prints it, with the checks the DGII applies before approving
 * them (step 6). Sources:
 * - DGII, "Proceso de Certificación para ser Emisor Electrónico" (July 2025), page 13: the
 *   representación impresa of the e-CF sent in the simulation, "en formato Portable Document Format
 *   (PDF) con un tamaño máximo de 10 MB", checked for "las especificaciones mínimas exigidas, así
 *   como el orden y lugar" of its information;
 * - DGII, "Representación Impresa (Modelos ilustrativos)": every model (E31, E33, E34, E32 above and
 *   below RD$250,000) prints, under the lines, the QR, "Código de Seguridad: …" and "Fecha Firma:
 *   DD-MM-AAAA HH:mm:ss" (date and time); the one legend in the models is the deferred-sending one,
 *   "e-CF emitido en modalidad Envío Diferido, podrá ser consultado para su validez fiscal, a partir
 *   de las veinticuatro (24) horas." (model 3.1), for documents signed with IndicadorEnvioDiferido —
 *   the portal sends every e-CF right after signing and never declares deferred sending, so its
 *   documents need no legend (the E32's "sin valor fiscal" of model 2 is a chapter title of the
 *   models, not printed on them);
 * - DGII, technical report v1.6, "Consulta Timbre" / "Consulta Timbre FC": the QR's URL
 *   (`ecfQrUrl`, invoices.pdf.ts).
 */

/** The DGII's size limit for each PDF (process PDF, page 13). */
export const PRINTED_MAX_BYTES = 10 * 1024 * 1024;

/** One printed representation: what the list shows, and the PDF itself. */
export interface PrintedDocument {
  representation: PrintedRepresentation;
  pdf: Buffer;
}

/**
 * The printed representations of the simulated documents (step 5): the accepted (or conditionally
 * accepted) invoices, credit notes and debit notes signed in the simulation environment that count now
 * (`simulationDocuments`: after the last rejection), oldest first, each rendered by the invoice /
 * note PDF generator and checked: under 10 MB; the QR drawn (the generator draws it from the timbre
 * URL of this e-NCF and its security code); the security code and the signature's date and time
 * printed as the signed document holds them; the legend (none is due: no deferred sending, see
 * above). Purchase documents (E41, E43, E47) have no PDF in the portal and are left out.
 */
export async function printedRepresentations({
  db,
  actor,
  config,
}: {
  db: Db;
  actor: Actor;
  config: EcfConfig;
}): Promise<PrintedDocument[]> {
  const { rows } = await simulationDocuments({ db, environment: config.environment });
  const docs = rows.filter((r) => isAccepted(r) && (r.invoiceId || r.creditNoteId || r.debitNoteId));
  const owners = async (table: typeof creditNotes | typeof debitNotes, ids: string[]) =>
    ids.length === 0
      ? new Map<string, string>()
      : new Map(
          (
            await db
              .select({ id: table.id, invoiceId: table.invoiceId })
              .from(table)
              .where(inArray(table.id, ids))
          ).map((n) => [n.id, n.invoiceId]),
        );
  const creditOwners = await owners(
    creditNotes,
    docs.flatMap((d) => (d.creditNoteId ? [d.creditNoteId] : [])),
  );
  const debitOwners = await owners(
    debitNotes,
    docs.flatMap((d) => (d.debitNoteId ? [d.debitNoteId] : [])),
  );
  const invoicesById = new Map<string, Invoice>();
  const invoiceOf = async (id: string) => {
    let invoice = invoicesById.get(id);
    if (!invoice) {
      invoice = await getInvoice({ db, actor, id });
      invoicesById.set(id, invoice);
    }
    return invoice;
  };
  const out: PrintedDocument[] = [];
  for (const row of docs) {
    const invoiceId =
      row.invoiceId ?? creditOwners.get(row.creditNoteId!) ?? debitOwners.get(row.debitNoteId!);
    if (!invoiceId) continue;
    const invoice = await invoiceOf(invoiceId);
    const note = row.creditNoteId
      ? invoice.creditNotes.find((n) => n._id === row.creditNoteId)
      : row.debitNoteId
        ? invoice.debitNotes.find((n) => n._id === row.debitNoteId)
        : undefined;
    if ((row.creditNoteId || row.debitNoteId) && !note) continue;
    const pdf = row.creditNoteId
      ? await buildCreditNotePdf({ db, invoice, note: note as Invoice['creditNotes'][number] })
      : row.debitNoteId
        ? await buildDebitNotePdf({ db, invoice, note: note as Invoice['debitNotes'][number] })
        : await buildInvoicePdf({ db, invoice });
    const qr = await printedQrOf({ db, invoice, note });
    const signedAt = row.signedAt.toISOString();
    out.push({
      pdf,
      representation: {
        encf: row.encf,
        documentType: row.documentType,
        fileName: `${row.issuerRnc}${row.encf}.pdf`,
        sizeBytes: pdf.length,
        checks: {
          underTenMegabytes: pdf.length <= PRINTED_MAX_BYTES,
          qrCode: Boolean(
            qr?.url.includes(`ENCF=${row.encf}`) &&
              qr.url.includes(`CodigoSeguridad=${encodeURIComponent(row.securityCode)}`),
          ),
          securityCode: qr?.securityCode === row.securityCode,
          signatureDateTime: qr !== null && new Date(qr.signedAt).toISOString() === signedAt,
          // No deferred sending (IndicadorEnvioDiferido) in the portal: no legend is due.
          legend: true,
        },
      },
    });
  }
  return out;
}

/** The ZIP of the printed representations, one `{RNC}{eNCF}.pdf` each (step 5's upload). */
export async function printedRepresentationsZip(docs: PrintedDocument[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const d of docs) zip.file(d.representation.fileName, d.pdf, { date: new Date() });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The ZIP's name: `representaciones-impresas-{RNC}.zip` (or without the RNC when there are none). */
export function printedZipName(docs: PrintedDocument[]): string {
  const rnc = docs[0]?.representation.fileName.replace(/E\d{12}\.pdf$/, '');
  return rnc ? `representaciones-impresas-${rnc}.zip` : 'representaciones-impresas.zip';
}
