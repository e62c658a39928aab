import {
  buyerIdType,
  type FiscalSnapshot,
  type ForeignCurrency,
  isAgencyPurchaseType,
  isForeignCurrency,
} from '@agencia/shared';
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  clients,
  creditNotes,
  debitNotes,
  expenses,
  invoicePayments,
  invoices,
  ncfVoids,
  suppliers,
} from '../../db/schema/index.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { getCompanySettings } from '../settings/settings.service.js';
import {
  type Dgii606Row,
  type Dgii607Row,
  type Dgii608Row,
  dgii607Amounts,
  format606,
  format607,
  format608,
  isSummarisedConsumo,
  purchase606Row,
} from './dgii-formats.js';
import { ratesForDays } from './exchange-rates.service.js';

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

/** The client's name as the month-close lines show it: the company, or the person. */
const partyName = sql<string>`coalesce(${clients.companyName}, trim(${clients.firstName} || ' ' || ${clients.lastName}))`;

/** What the 607 needs of an invoice to convert it: currency, frozen rate, issue date and NCF. */
type RatedDoc = { currency: string; exchangeRate: number | null; issueDate: string; ncf: string | null };

/**
 * The DOP rate of each foreign-currency invoice among `docs` (by NCF): its frozen rate (decision
 * 137), or — for one issued before rates were stored — the rate stored for its issue date by the
 * issuing rule (that day or the last of the 7 before it). Throws 409 naming the invoices and days
 * that have none, so a 607 never reports dollars as pesos. DOP invoices are left out (rate null).
 */
export async function ratesOf({ db, docs }: { db: Db; docs: RatedDoc[] }): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const missing: RatedDoc[] = [];
  for (const d of docs) {
    if (!isForeignCurrency(d.currency) || !d.ncf) continue;
    if (d.exchangeRate !== null) out.set(d.ncf, d.exchangeRate);
    else missing.push(d);
  }
  const unknown: string[] = [];
  for (const currency of new Set(missing.map((d) => d.currency as ForeignCurrency))) {
    const mine = missing.filter((d) => d.currency === currency);
    const found = await ratesForDays({ db, currency, days: mine.map((d) => d.issueDate) });
    for (const d of mine) {
      const hit = found.get(d.issueDate);
      if (hit) out.set(d.ncf!, hit.rate);
      else unknown.push(`${d.ncf} (${currency}, ${d.issueDate.split('-').reverse().join('/')})`);
    }
  }
  if (unknown.length > 0)
    throw conflict(
      `No se puede reportar en pesos sin la tasa de cambio de: ${unknown.join(', ')}. Regístrala en Configuración → Fiscal (Tasas de cambio).`,
    );
  return out;
}

/**
 * The 607 rows of a period (issue 12): every invoice issued with an NCF in the period and every
 * debit and credit note dated in it (decision 138), each with the buyer's RNC/cédula as issued (decision 132). Amounts in centavos. Payment forms: payments received by the last day
 * of the period by method, each with the withholdings recorded on it (cash → efectivo; transfer,
 * check, PSE → cheque/transferencia/depósito; card → tarjeta), the rest of the total as venta a
 * crédito, so the forms add up to the total. Withholdings dated by their
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
  const ids = issued.map((r) => r.invoice.id);
  const payments = ids.length
    ? await db
        .select()
        .from(invoicePayments)
        .where(and(inArray(invoicePayments.invoiceId, ids), lte(invoicePayments.paidDate, to)))
    : [];
  const notes = await db
    .select({
      note: creditNotes,
      taxId: clients.companyRnc,
      party: partyName,
      invoice: {
        currency: invoices.currency,
        exchangeRate: invoices.exchangeRate,
        issueDate: invoices.issueDate,
        ncf: invoices.ncf,
      },
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(gte(creditNotes.issueDate, from), lte(creditNotes.issueDate, to)))
    .orderBy(asc(creditNotes.ncf));
  // Debit notes (B03/E33, decision 138): their own line like a credit note, with the modified NCF.
  const debits = await db
    .select({
      note: debitNotes,
      taxId: clients.companyRnc,
      party: partyName,
      invoice: {
        currency: invoices.currency,
        exchangeRate: invoices.exchangeRate,
        issueDate: invoices.issueDate,
        ncf: invoices.ncf,
      },
    })
    .from(debitNotes)
    .innerJoin(invoices, eq(invoices.id, debitNotes.invoiceId))
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(gte(debitNotes.issueDate, from), lte(debitNotes.issueDate, to)))
    .orderBy(asc(debitNotes.ncf));
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
    // A withholding settles part of the sale together with its payment: same payment form.
    const byMethod = (methods: string[]) =>
      sum((p) =>
        methods.includes(p.paymentMethod) ? p.amountCents + p.itbisWithheldCents + p.isrWithheldCents : 0,
      );
    const cash = byMethod(['cash']);
    const bank = byMethod(['bank_transfer', 'check', 'pse']);
    const card = byMethod(['credit_card']);
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
          forms: { cashCents: cash, bankCents: bank, cardCents: card },
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
          forms: null,
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

/** A 606 row of the period with its expense and supplier (what the month's figures trace to). */
export interface Purchase606Document {
  row: Dgii606Row;
  expenseId: string;
  party: string;
}

/**
 * The 606 purchases of a period (decision 141): recorded expenses (drafts never) issued in it, and
 * those issued earlier, paid in it with a withholding ({@link purchase606Row} says how each is
 * written). Col. 1 is the supplier's RNC or cédula; a document the agency numbers itself for a
 * supplier without one (B11/B13/B17, E41/E43/E47) carries the agency's own RNC, as
 * l10n-dominicana `_compute_606_data` does for purchases abroad. USD purchases convert at the
 * expense's stored rate. Throws 409 (Spanish, naming the NCFs) when a supplier has no usable id.
 */
export async function purchases606({
  db,
  period,
  rnc,
}: {
  db: Db;
  period: string;
  rnc?: string;
}): Promise<Purchase606Document[]> {
  const { from, to } = periodBounds(period);
  const found = await db
    .select({ expense: expenses, supplier: suppliers })
    .from(expenses)
    .innerJoin(suppliers, eq(suppliers.id, expenses.supplierId))
    .where(
      and(
        eq(expenses.status, 'recorded'),
        lte(expenses.issueDate, to),
        or(
          gte(expenses.issueDate, from),
          and(
            gte(expenses.paymentDate, from),
            lte(expenses.paymentDate, to),
            gt(sql`${expenses.itbisWithheldCents} + ${expenses.isrWithheldCents}`, 0),
          ),
        ),
      ),
    )
    .orderBy(asc(expenses.issueDate), asc(expenses.ncf), asc(expenses.id));
  const own = rnc ?? (found.length ? await agencyRnc(db) : '');
  const out: Purchase606Document[] = [];
  const missing: string[] = [];
  for (const { expense: e, supplier: s } of found) {
    // The 606 takes an RNC of 9 digits (type 1) or a cédula of 11 (type 2), nothing else.
    const id =
      s.taxIdType === 'rnc' && /^\d{9}$/.test(s.taxId ?? '')
        ? { supplierId: s.taxId!, supplierIdType: 1 as const }
        : s.taxIdType === 'cedula' && /^\d{11}$/.test(s.taxId ?? '')
          ? { supplierId: s.taxId!, supplierIdType: 2 as const }
          : (s.taxIdType === 'none' || s.taxIdType === 'foreign') && isAgencyPurchaseType(e.documentType)
            ? {
                supplierId: own,
                supplierIdType: own.replace(/\D/g, '').length === 9 ? (1 as const) : (2 as const),
              }
            : null;
    if (!id) {
      missing.push(`${e.ncf} (${s.name})`);
      continue;
    }
    const row = purchase606Row(
      {
        ...id,
        // A recorded expense always has its type (check expenses_recorded_complete).
        expenseType: e.expenseType!,
        ncf: e.ncf,
        modifiedNcf: null,
        issueDate: e.issueDate,
        paymentDate: e.paymentDate,
        paymentMethod: e.paymentMethod,
        servicesCents: e.servicesCents,
        goodsCents: e.goodsCents,
        itbisCents: e.itbisCents,
        itbisToCostCents: e.itbisToCostCents,
        itbisWithheldCents: e.itbisWithheldCents,
        isrWithholdingType: e.isrWithholdingType,
        isrWithheldCents: e.isrWithheldCents,
        selectiveTaxCents: 0,
        otherTaxesCents: 0,
        legalTipCents: 0,
        rate: e.currency === 'DOP' ? null : e.exchangeRate,
      },
      from,
      to,
    );
    if (row) out.push({ row, expenseId: e.id, party: s.name });
  }
  if (missing.length > 0)
    throw conflict(
      `El 606 necesita el RNC o la cédula del proveedor de: ${missing.join(', ')}. Complétalo en Compras → Proveedores.`,
    );
  return out;
}

/** `GET /reports/dgii/606?period=YYYYMM` (admin): the text file and its name `DGII_F_606_<RNC>_<period>.txt`. */
export async function dgii606({
  db,
  period,
}: {
  db: Db;
  period: string;
}): Promise<{ filename: string; text: string }> {
  const rnc = await agencyRnc(db);
  const rows = (await purchases606({ db, period, rnc })).map((p) => p.row);
  return { filename: `DGII_F_606_${rnc}_${period}.txt`, text: format606({ rnc, period, rows }) };
}
