import { buyerIdType, type FiscalSnapshot, type RejectedEcf } from '@agencia/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  clients,
  creditNotes,
  debitNotes,
  ecfDocuments,
  invoicePayments,
  invoices,
  ncfVoids,
} from '../../db/schema/index.js';
import {
  collectionForms,
  type Dgii607Row,
  type Dgii608Row,
  dgii607Amounts,
  format607,
  format608,
  isSummarisedConsumo,
  type OperationCollection,
} from './dgii-formats.js';
import { agencyRnc, periodBounds, ratesOf } from './dgii-report-inputs.js';

/*
 * The DGII 607 and 608 of a period read from the database (issue 12): the sales and annulled
 * NCFs, the consumo summary and the text files. The 606 (purchases) is in dgii-606.service.ts, the
 * period bounds, the agency's RNC and the invoices' DOP rates in dgii-report-inputs.ts (decision 152).
 */

/**
 * Buyer id fields of a row: digits and DGII id type as the document was issued (its fiscal
 * snapshot, decision 132): its RNC (1) or cédula (2), else a foreign buyer's passport or foreign
 * tax id as type 3 ("RNC/Cédula o Pasaporte", Norma General 07-2018; issue 42), empty when none. `liveTaxId`, the client's id today, is
 * read only for a document without a snapshot (none is left after migration 0013).
 */
function buyer(
  snapshot: FiscalSnapshot | null,
  liveTaxId: string | null,
): { buyerId: string | null; buyerIdType: 1 | 2 | 3 | null } {
  if (snapshot) {
    const { taxId, taxIdType, foreignTaxId } = snapshot.buyer;
    if (taxIdType) return { buyerId: taxId, buyerIdType: taxIdType };
    // A foreign buyer's passport or foreign tax id: type 3, whatever its length (issue 42).
    return foreignTaxId ? { buyerId: foreignTaxId, buyerIdType: 3 } : { buyerId: null, buyerIdType: null };
  }
  const type = buyerIdType(liveTaxId);
  return { buyerId: type ? liveTaxId : null, buyerIdType: type };
}

/**
 * A document whose e-CF the DGII rejected has no fiscal effect (Reglamento 587-24, art. 17 párr.
 * III; DGII Comunidad de Ayuda CA4404): no 607 line, no ITBIS charged, no consumo total (issue 42,
 * point 1). `ecf_status` is null outside direct mode, so the test is "is distinct from".
 */
export const liveEcf = (
  column: typeof invoices.ecfStatus | typeof creditNotes.ecfStatus | typeof debitNotes.ecfStatus,
) => sql`${column} is distinct from 'rejected'`;

/** Sum of the live (not rejected) notes of each invoice among `ids` dated by `to`, centavos. */
async function noteTotals(
  db: Db,
  table: typeof creditNotes | typeof debitNotes,
  ids: string[],
  to: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      invoiceId: table.invoiceId,
      cents: sql<number>`coalesce(sum(${table.totalCents}), 0)::bigint`.mapWith(Number),
    })
    .from(table)
    .where(and(inArray(table.invoiceId, ids), lte(table.issueDate, to), liveEcf(table.ecfStatus)))
    .groupBy(table.invoiceId);
  return new Map(rows.map((r) => [r.invoiceId, r.cents]));
}

/** The client's name as the month-close lines show it: the company, or the person. */
const partyName = sql<string>`coalesce(${clients.companyName}, trim(${clients.firstName} || ' ' || ${clients.lastName}))`;

/**
 * The 607 rows of a period (issue 12): every invoice issued with an NCF in the period and every
 * debit and credit note dated in it (decision 138), each with the buyer's RNC/cédula as issued (decision 132). Amounts in centavos. Payment forms: how the
 * operation (the invoice with its notes) was collected by the last day of the period — payments by
 * method, each with the withholdings recorded on it (cash → efectivo; transfer, check, PSE →
 * cheque/transferencia/depósito; card → tarjeta), what is still owed as venta a crédito — and
 * every document of it, notes included, carries its total in those proportions
 * ({@link collectionForms}, issue 42), so the forms add up to each document's total. Withholdings dated by their
 * retention date up to the period's end. Income type 01 (operaciones no financieras).
 * Foreign-currency documents report every amount in DOP at the invoice's rate (a credit note at
 * its invoice's), half-up to the centavo ({@link dgii607Amounts}, decision 137); 409 when such a
 * document has no known rate ({@link ratesOf}).
 */
export async function rows607({ db, period }: { db: Db; period: string }): Promise<Dgii607Row[]> {
  return (await sales607({ db, period })).rows;
}

/**
 * The consumo invoices (B02 / E32) of less than RD$250,000 that the 607 file leaves out
 * ({@link isSummarisedConsumo}): their totals go in the consumo section the Oficina Virtual opens
 * when the 607 is sent (NG 07-18 arts. 4 and 13; l10n-dominicana `dgii_reports` keeps the same
 * summary: count, amount, ITBIS and payment forms). Amounts in DOP centavos.
 */
export interface ConsumoSummary {
  period: string;
  count: number;
  invoicedAmountCents: number;
  itbisCents: number;
  totalCents: number;
  cashCents: number;
  bankCents: number;
  cardCents: number;
  creditSaleCents: number;
}

/**
 * A sale document issued in the period with its 607 row (consumo under RD$250,000 included) and the
 * client's name: what the month's ITBIS charged is made of (decision 141).
 */
export interface Sale607Document {
  row: Dgii607Row;
  party: string;
  kind: 'invoice' | 'debit' | 'credit';
}

/**
 * The period's sales for the 607 (issue 12, issue 27): the rows of the text file and the consumo
 * summary ({@link ConsumoSummary}). An invoice is reported in the month it was issued, with the
 * withholdings made by the end of that month; a withholding made in a later month reports the
 * invoice again in the month of the withholding, with it and its date — the practice of the
 * community `dgii_reports` module (indexa-git/l10n-dominicana: invoices with a withholding still to
 * come stay "pending" and are added to the report of the period they are paid in), so every
 * withholding reaches the 607 of the month it was made in (issue 27, point 4). `documents` are the
 * sale documents issued in the period (consumo included, re-listed invoices not), with the client's
 * name, for the month's ITBIS charged (decision 141).
 */
export async function sales607({
  db,
  period,
}: {
  db: Db;
  period: string;
}): Promise<{ rows: Dgii607Row[]; consumo: ConsumoSummary; documents: Sale607Document[] }> {
  const { from, to } = periodBounds(period);
  const issuedInPeriod = await db
    .select({ invoice: invoices, taxId: clients.companyRnc, party: partyName })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        isNotNull(invoices.ncf),
        ne(invoices.status, 'draft'),
        liveEcf(invoices.ecfStatus),
        gte(invoices.issueDate, from),
        lte(invoices.issueDate, to),
      ),
    )
    .orderBy(asc(invoices.ncf));
  // Invoices of earlier months with a withholding dated in this one (a late withholding).
  const lateIds = (
    await db
      .selectDistinct({ id: invoicePayments.invoiceId })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(
        and(
          gte(invoicePayments.retentionDate, from),
          lte(invoicePayments.retentionDate, to),
          sql`${invoicePayments.itbisWithheldCents} + ${invoicePayments.isrWithheldCents} > 0`,
          lt(invoices.issueDate, from),
          isNotNull(invoices.ncf),
          liveEcf(invoices.ecfStatus),
        ),
      )
  ).map((r) => r.id);
  const late = lateIds.length
    ? await db
        .select({ invoice: invoices, taxId: clients.companyRnc, party: partyName })
        .from(invoices)
        .innerJoin(clients, eq(clients.id, invoices.clientId))
        .where(inArray(invoices.id, lateIds))
        .orderBy(asc(invoices.ncf))
    : [];
  const issued = [...issuedInPeriod, ...late];
  const notes = await db
    .select({
      note: creditNotes,
      taxId: clients.companyRnc,
      party: partyName,
      invoice: {
        id: invoices.id,
        currency: invoices.currency,
        exchangeRate: invoices.exchangeRate,
        issueDate: invoices.issueDate,
        ncf: invoices.ncf,
      },
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(gte(creditNotes.issueDate, from), lte(creditNotes.issueDate, to), liveEcf(creditNotes.ecfStatus)),
    )
    .orderBy(asc(creditNotes.ncf));
  // Debit notes (B03/E33, decision 138): their own line like a credit note, with the modified NCF.
  const debits = await db
    .select({
      note: debitNotes,
      taxId: clients.companyRnc,
      party: partyName,
      invoice: {
        id: invoices.id,
        currency: invoices.currency,
        exchangeRate: invoices.exchangeRate,
        issueDate: invoices.issueDate,
        ncf: invoices.ncf,
      },
    })
    .from(debitNotes)
    .innerJoin(invoices, eq(invoices.id, debitNotes.invoiceId))
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(gte(debitNotes.issueDate, from), lte(debitNotes.issueDate, to), liveEcf(debitNotes.ecfStatus)))
    .orderBy(asc(debitNotes.ncf));
  // How each operation (invoice and its notes) was collected by the period's end (issue 42, point 6).
  const ids = [
    ...new Set([
      ...issued.map((r) => r.invoice.id),
      ...notes.map((n) => n.invoice.id),
      ...debits.map((n) => n.invoice.id),
    ]),
  ];
  const [payments, creditedBy, debitedBy, totals] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(invoicePayments)
          .where(and(inArray(invoicePayments.invoiceId, ids), lte(invoicePayments.paidDate, to))),
        noteTotals(db, creditNotes, ids, to),
        noteTotals(db, debitNotes, ids, to),
        db
          .select({ id: invoices.id, totalCents: invoices.totalCents })
          .from(invoices)
          .where(inArray(invoices.id, ids)),
      ])
    : [[], new Map<string, number>(), new Map<string, number>(), []];
  const collection = new Map<string, OperationCollection>();
  for (const { id, totalCents } of totals) {
    const mine = payments.filter((p) => p.invoiceId === id);
    // A withholding settles part of the sale together with its payment: same payment form.
    const byMethod = (methods: string[]) =>
      mine.reduce(
        (a, p) =>
          a +
          (methods.includes(p.paymentMethod) ? p.amountCents + p.itbisWithheldCents + p.isrWithheldCents : 0),
        0,
      );
    collection.set(id, {
      chargedCents: totalCents + (debitedBy.get(id) ?? 0),
      creditedCents: creditedBy.get(id) ?? 0,
      cashCents: byMethod(['cash']),
      bankCents: byMethod(['bank_transfer', 'check', 'pse']),
      cardCents: byMethod(['credit_card']),
    });
  }
  const formsOf = (invoiceId: string, docTotalCents: number) =>
    collectionForms(docTotalCents, collection.get(invoiceId)!);
  const rates = await ratesOf({
    db,
    docs: [...issued.map((r) => r.invoice), ...notes.map((n) => n.invoice), ...debits.map((n) => n.invoice)],
  });
  const rateOf = (ncf: string | null) => (ncf ? (rates.get(ncf) ?? null) : null);
  const invoiceRows: Dgii607Row[] = issued.map(({ invoice: i, taxId }) => {
    const mine = payments.filter((p) => p.invoiceId === i.id);
    const sum = (pick: (p: (typeof mine)[number]) => number) => mine.reduce((a, p) => a + pick(p), 0);
    // A withholding counts from its retention date (its payment's date when none was typed).
    const withheldBy = (p: (typeof mine)[number]) => (p.retentionDate ?? p.paidDate) <= to;
    const retention = mine
      .filter(
        (p) => p.retentionDate && p.retentionDate <= to && p.itbisWithheldCents + p.isrWithheldCents > 0,
      )
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
      ...dgii607Amounts(
        {
          taxableBaseCents: i.taxableBaseCents,
          exemptCents: i.exemptCents,
          taxCents: i.taxCents,
          itbisWithheldCents: sum((p) => (withheldBy(p) ? p.itbisWithheldCents : 0)),
          isrWithheldCents: sum((p) => (withheldBy(p) ? p.isrWithheldCents : 0)),
          forms: formsOf(i.id, i.totalCents),
        },
        rateOf(i.ncf),
      ),
      itbisPerceivedCents: 0,
      isrPerceivedCents: 0,
      selectiveTaxCents: 0,
      otherTaxesCents: 0,
      legalTipCents: 0,
      giftCertificateCents: 0,
      barterCents: 0,
      otherPaymentCents: 0,
    };
  });
  const consumo: ConsumoSummary = {
    period,
    count: 0,
    invoicedAmountCents: 0,
    itbisCents: 0,
    totalCents: 0,
    cashCents: 0,
    bankCents: 0,
    cardCents: 0,
    creditSaleCents: 0,
  };
  const rows: Dgii607Row[] = [];
  const documents: Sale607Document[] = [];
  invoiceRows.forEach((row, index) => {
    const { invoice, party } = issued[index]!;
    if (invoice.issueDate >= from) documents.push({ row, party, kind: 'invoice' });
    if (!isSummarisedConsumo(row)) {
      rows.push(row);
      return;
    }
    // Counted once, in the month it was issued (a late withholding on a consumo sale adds nothing).
    if (invoice.issueDate < from) return;
    consumo.count++;
    consumo.invoicedAmountCents += row.invoicedAmountCents;
    consumo.itbisCents += row.itbisCents;
    consumo.totalCents += row.invoicedAmountCents + row.itbisCents;
    consumo.cashCents += row.cashCents;
    consumo.bankCents += row.bankCents;
    consumo.cardCents += row.cardCents;
    consumo.creditSaleCents += row.creditSaleCents;
  });
  for (const [index, { note, taxId, invoice, party }] of [...debits, ...notes].entries()) {
    rows.push({
      ...buyer(note.fiscalSnapshot, taxId),
      ncf: note.ncf,
      modifiedNcf: note.modifiedNcf,
      incomeType: '01',
      issueDate: note.issueDate,
      withholdingDate: null,
      // A note converts at the rate of the invoice it modifies (decision 137).
      ...dgii607Amounts(
        {
          taxableBaseCents: note.subtotalCents - note.exemptCents,
          exemptCents: note.exemptCents,
          taxCents: note.taxCents,
          itbisWithheldCents: 0,
          isrWithheldCents: 0,
          // A note follows its invoice: its total split as the operation was collected.
          forms: formsOf(invoice.id, note.totalCents),
        },
        rateOf(invoice.ncf),
      ),
      itbisPerceivedCents: 0,
      isrPerceivedCents: 0,
      selectiveTaxCents: 0,
      otherTaxesCents: 0,
      legalTipCents: 0,
      giftCertificateCents: 0,
      barterCents: 0,
      otherPaymentCents: 0,
    });
    documents.push({ row: rows.at(-1)!, party, kind: index < debits.length ? 'debit' : 'credit' });
  }
  return { rows, consumo, documents };
}

/** `GET /reports/dgii/consumo?period=YYYYMM` (admin): the period's consumo totals under RD$250,000. */
export async function consumoSummary({ db, period }: { db: Db; period: string }): Promise<ConsumoSummary> {
  return (await sales607({ db, period })).consumo;
}

/**
 * The 608 rows of a period: NCFs annulled without use (voided numbers), by date. The 608 has no
 * amounts, so the currency of a document never shows in it (decision 137).
 */
export async function rows608({ db, period }: { db: Db; period: string }): Promise<Dgii608Row[]> {
  const { from, to } = periodBounds(period);
  const voids = await db
    .select()
    .from(ncfVoids)
    .where(and(gte(ncfVoids.voidedOn, from), lte(ncfVoids.voidedOn, to)))
    .orderBy(asc(ncfVoids.ncf));
  return voids.map((v) => ({ ncf: v.ncf, issueDate: v.voidedOn, annulmentType: v.annulmentType as '01' }));
}

/** `GET /reports/dgii/607?period=YYYYMM` (admin): the text file and its name `DGII_F_607_<RNC>_<period>.txt`. */
export async function dgii607({
  db,
  period,
}: {
  db: Db;
  period: string;
}): Promise<{ filename: string; text: string }> {
  const rnc = await agencyRnc(db);
  const text = format607({ rnc, period, rows: await rows607({ db, period }) });
  return { filename: `DGII_F_607_${rnc}_${period}.txt`, text };
}

/** `GET /reports/dgii/608?period=YYYYMM` (admin): the text file and its name `DGII_F_608_<RNC>_<period>.txt`. */
export async function dgii608({
  db,
  period,
}: {
  db: Db;
  period: string;
}): Promise<{ filename: string; text: string }> {
  const rnc = await agencyRnc(db);
  const text = format608({ rnc, period, rows: await rows608({ db, period }) });
  return { filename: `DGII_F_608_${rnc}_${period}.txt`, text };
}

/**
 * The period's documents whose e-CF the DGII rejected (issue 42, point 1): invoices and notes dated
 * in it with `ecf_status` rejected, each with the DGII's reasons and `secuenciaUtilizada` from its
 * latest rejected e-CF. They have no fiscal effect (Reglamento 587-24, art. 17 párr. III), so
 * {@link sales607} leaves them out; the month's summary lists them so the admin sees why.
 */
export async function rejectedEcf({ db, period }: { db: Db; period: string }): Promise<RejectedEcf[]> {
  const { from, to } = periodBounds(period);
  const inPeriod = (
    column: typeof invoices.issueDate | typeof creditNotes.issueDate | typeof debitNotes.issueDate,
  ) => and(gte(column, from), lte(column, to));
  const [own, credits, debits] = await Promise.all([
    db
      .select({
        id: invoices.id,
        invoiceId: invoices.id,
        ncf: invoices.ncf,
        date: invoices.issueDate,
        totalCents: invoices.totalCents,
        currency: invoices.currency,
        status: invoices.status,
        party: partyName,
      })
      .from(invoices)
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .where(and(eq(invoices.ecfStatus, 'rejected'), isNotNull(invoices.ncf), inPeriod(invoices.issueDate))),
    db
      .select({
        id: creditNotes.id,
        invoiceId: invoices.id,
        ncf: creditNotes.ncf,
        date: creditNotes.issueDate,
        totalCents: creditNotes.totalCents,
        currency: invoices.currency,
        status: invoices.status,
        party: partyName,
      })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .where(and(eq(creditNotes.ecfStatus, 'rejected'), inPeriod(creditNotes.issueDate))),
    db
      .select({
        id: debitNotes.id,
        invoiceId: invoices.id,
        ncf: debitNotes.ncf,
        date: debitNotes.issueDate,
        totalCents: debitNotes.totalCents,
        currency: invoices.currency,
        status: invoices.status,
        party: partyName,
      })
      .from(debitNotes)
      .innerJoin(invoices, eq(invoices.id, debitNotes.invoiceId))
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .where(and(eq(debitNotes.ecfStatus, 'rejected'), inPeriod(debitNotes.issueDate))),
  ]);
  const docs = [
    ...own.map((d) => ({ ...d, kind: 'invoice' as const })),
    ...credits.map((d) => ({ ...d, kind: 'credit' as const })),
    ...debits.map((d) => ({ ...d, kind: 'debit' as const })),
  ];
  if (docs.length === 0) return [];
  const ecf = await db
    .select({
      encf: ecfDocuments.encf,
      messages: ecfDocuments.messages,
      sequenceUsed: ecfDocuments.sequenceUsed,
      createdAt: ecfDocuments.createdAt,
    })
    .from(ecfDocuments)
    .where(
      and(
        eq(ecfDocuments.status, 'rejected'),
        inArray(
          ecfDocuments.encf,
          docs.map((d) => d.ncf!),
        ),
      ),
    )
    .orderBy(desc(ecfDocuments.createdAt));
  return docs
    .map((d) => {
      const last = ecf.find((e) => e.encf === d.ncf);
      return {
        ncf: d.ncf!,
        kind: d.kind,
        invoiceId: d.invoiceId,
        party: d.party,
        date: d.date,
        total: d.totalCents / 100,
        currency: d.currency,
        cancelled: d.status === 'cancelled',
        sequenceUsed: last?.sequenceUsed ?? null,
        messages: last?.messages ?? [],
      };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.ncf.localeCompare(b.ncf));
}
