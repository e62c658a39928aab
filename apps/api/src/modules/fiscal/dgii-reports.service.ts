import { buyerIdType, type FiscalSnapshot } from '@agencia/shared';
import { and, asc, eq, gte, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  clients,
  creditNotes,
  debitNotes,
  invoicePayments,
  invoices,
  ncfVoids,
} from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { type Dgii607Row, type Dgii608Row, format607, format608 } from './dgii-formats.js';

/** First and last day (YYYY-MM-DD) of a period YYYYMM. */
function periodBounds(period: string): { from: string; to: string } {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(4, 6));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The agency's RNC for the report header; 400 when the settings have none. */
async function agencyRnc(db: Db): Promise<string> {
  const settings = await getCompanySettings(db);
  if (!settings.taxId) {
    const message =
      'Configura el RNC de la empresa (Configuración → Empresa) antes de generar los reportes de la DGII.';
    throw badRequest(message, [{ field: 'taxId', message }]);
  }
  return settings.taxId;
}

/**
 * Buyer id fields of a row: digits and DGII id type as the document was issued (its fiscal
 * snapshot, decision 132), empty when the buyer had none. `liveTaxId`, the client's id today, is
 * read only for a document without a snapshot (none is left after migration 0013).
 */
function buyer(
  snapshot: FiscalSnapshot | null,
  liveTaxId: string | null,
): { buyerId: string | null; buyerIdType: 1 | 2 | 3 | null } {
  if (snapshot) {
    const { taxId, taxIdType } = snapshot.buyer;
    return { buyerId: taxIdType ? taxId : null, buyerIdType: taxIdType };
  }
  const type = buyerIdType(liveTaxId);
  return { buyerId: type ? liveTaxId : null, buyerIdType: type };
}

/**
 * The 607 rows of a period (issue 12): every invoice issued with an NCF in the period and every
 * debit and credit note dated in it (decision 138), each with the buyer's RNC/cédula as issued (decision 132). Amounts in centavos. Payment forms: payments received by the last day
 * of the period by method, each with the withholdings recorded on it (cash → efectivo; transfer,
 * check, PSE → cheque/transferencia/depósito; card → tarjeta), the rest of the total as venta a
 * crédito, so the forms add up to the total. Withholdings dated by their
 * retention date up to the period's end. Income type 01 (operaciones no financieras).
 */
export async function rows607(db: Db, period: string): Promise<Dgii607Row[]> {
  const { from, to } = periodBounds(period);
  const issued = await db
    .select({ invoice: invoices, taxId: clients.companyRnc })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        isNotNull(invoices.ncf),
        ne(invoices.status, 'draft'),
        gte(invoices.issueDate, from),
        lte(invoices.issueDate, to),
      ),
    )
    .orderBy(asc(invoices.ncf));
  const ids = issued.map((r) => r.invoice.id);
  const payments = ids.length
    ? await db
        .select()
        .from(invoicePayments)
        .where(and(inArray(invoicePayments.invoiceId, ids), lte(invoicePayments.paidDate, to)))
    : [];
  const rows: Dgii607Row[] = issued.map(({ invoice: i, taxId }) => {
    const mine = payments.filter((p) => p.invoiceId === i.id);
    const sum = (pick: (p: (typeof mine)[number]) => number) => mine.reduce((a, p) => a + pick(p), 0);
    // A withholding settles part of the sale together with its payment: same payment form.
    const byMethod = (methods: string[]) =>
      sum((p) =>
        methods.includes(p.paymentMethod) ? p.amountCents + p.itbisWithheldCents + p.isrWithheldCents : 0,
      );
    const cash = byMethod(['cash']);
    const bank = byMethod(['bank_transfer', 'check', 'pse']);
    const card = byMethod(['credit_card']);
    const retention = mine
      .filter((p) => p.retentionDate && p.itbisWithheldCents + p.isrWithheldCents > 0)
      .map((p) => p.retentionDate!)
      .sort()
      .at(-1);
    return {
      ...buyer(i.fiscalSnapshot, taxId),
      ncf: i.ncf!,
      modifiedNcf: null,
      incomeType: '01',
      issueDate: i.issueDate,
      withholdingDate: retention ?? null,
      invoicedAmountCents: i.subtotalCents - i.discountCents,
      itbisCents: i.taxCents,
      itbisWithheldCents: sum((p) => p.itbisWithheldCents),
      itbisPerceivedCents: 0,
      isrWithheldCents: sum((p) => p.isrWithheldCents),
      isrPerceivedCents: 0,
      selectiveTaxCents: 0,
      otherTaxesCents: 0,
      legalTipCents: 0,
      cashCents: cash,
      bankCents: bank,
      cardCents: card,
      creditSaleCents: Math.max(0, i.totalCents - cash - bank - card),
      giftCertificateCents: 0,
      barterCents: 0,
      otherPaymentCents: 0,
    };
  });
  const notes = await db
    .select({ note: creditNotes, taxId: clients.companyRnc })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(gte(creditNotes.issueDate, from), lte(creditNotes.issueDate, to)))
    .orderBy(asc(creditNotes.ncf));
  // Debit notes (B03/E33, decision 138): their own line like a credit note, with the modified NCF.
  const debits = await db
    .select({ note: debitNotes, taxId: clients.companyRnc })
    .from(debitNotes)
    .innerJoin(invoices, eq(invoices.id, debitNotes.invoiceId))
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(gte(debitNotes.issueDate, from), lte(debitNotes.issueDate, to)))
    .orderBy(asc(debitNotes.ncf));
  for (const { note, taxId } of [...debits, ...notes]) {
    rows.push({
      ...buyer(note.fiscalSnapshot, taxId),
      ncf: note.ncf,
      modifiedNcf: note.modifiedNcf,
      incomeType: '01',
      issueDate: note.issueDate,
      withholdingDate: null,
      invoicedAmountCents: note.subtotalCents,
      itbisCents: note.taxCents,
      itbisWithheldCents: 0,
      itbisPerceivedCents: 0,
      isrWithheldCents: 0,
      isrPerceivedCents: 0,
      selectiveTaxCents: 0,
      otherTaxesCents: 0,
      legalTipCents: 0,
      cashCents: 0,
      bankCents: 0,
      cardCents: 0,
      creditSaleCents: 0,
      giftCertificateCents: 0,
      barterCents: 0,
      otherPaymentCents: 0,
    });
  }
  return rows;
}

/** The 608 rows of a period: NCFs annulled without use (voided numbers), by date. */
export async function rows608(db: Db, period: string): Promise<Dgii608Row[]> {
  const { from, to } = periodBounds(period);
  const voids = await db
    .select()
    .from(ncfVoids)
    .where(and(gte(ncfVoids.voidedOn, from), lte(ncfVoids.voidedOn, to)))
    .orderBy(asc(ncfVoids.ncf));
  return voids.map((v) => ({ ncf: v.ncf, issueDate: v.voidedOn, annulmentType: v.annulmentType as '01' }));
}

/** `GET /reports/dgii/607?period=YYYYMM` (admin): the text file and its name `DGII_F_607_<RNC>_<period>.txt`. */
export async function dgii607(db: Db, period: string): Promise<{ filename: string; text: string }> {
  const rnc = await agencyRnc(db);
  const text = format607({ rnc, period, rows: await rows607(db, period) });
  return { filename: `DGII_F_607_${rnc}_${period}.txt`, text };
}

/** `GET /reports/dgii/608?period=YYYYMM` (admin): the text file and its name `DGII_F_608_<RNC>_<period>.txt`. */
export async function dgii608(db: Db, period: string): Promise<{ filename: string; text: string }> {
  const rnc = await agencyRnc(db);
  const text = format608({ rnc, period, rows: await rows608(db, period) });
  return { filename: `DGII_F_608_${rnc}_${period}.txt`, text };
}
