import {
  type BillableExpenseLine,
  type BillableExpensesResponse,
  type BillExpensesRequestSchema,
  type Currency,
  EXPENSES_NOT_BILLABLE,
  formatExchangeRate,
  formatMoney,
  fromCents,
  type Invoice,
  toDopCents,
} from '@agencia/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { expenses, suppliers } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';
import { billProjectWork, loadBillableProject } from '../billable-time/billable-work.js';
import { displayDate } from '../billing-documents/billing-documents.js';
import { getCompanySettings } from '../settings/settings.service.js';

type Input = z.output<typeof BillExpensesRequestSchema>;

/**
 * The project's recorded, billable, unbilled purchases (all, or only `ids`), oldest first.
 * `lock` takes them `FOR UPDATE` so a concurrent bill waits and then finds them billed.
 */
async function unbilledExpenses(db: Db | Tx, projectId: string, ids: string[] | null, lock: boolean) {
  const query = db
    .select({
      id: expenses.id,
      issueDate: expenses.issueDate,
      ncf: expenses.ncf,
      description: expenses.description,
      currency: expenses.currency,
      exchangeRate: expenses.exchangeRate,
      goodsCents: expenses.goodsCents,
      servicesCents: expenses.servicesCents,
      itbisToCostCents: expenses.itbisToCostCents,
      supplierName: suppliers.name,
    })
    .from(expenses)
    .innerJoin(suppliers, eq(suppliers.id, expenses.supplierId))
    .where(
      and(
        eq(expenses.projectId, projectId),
        eq(expenses.billable, true),
        eq(expenses.status, 'recorded'),
        isNull(expenses.invoiceId),
        ids ? inArray(expenses.id, ids) : undefined,
      ),
    )
    .orderBy(asc(expenses.issueDate), asc(expenses.createdAt), asc(expenses.id));
  return lock ? query.for('update', { of: expenses }) : query;
}
type Row = Awaited<ReturnType<typeof unbilledExpenses>>[number];

/** What the purchase cost the agency, in its own currency: goods + services + ITBIS llevado al costo. */
export const expenseCostCents = (e: Pick<Row, 'goodsCents' | 'servicesCents' | 'itbisToCostCents'>) =>
  e.goodsCents + e.servicesCents + e.itbisToCostCents;

/**
 * The line a purchase becomes on an invoice in `currency`, or why it cannot: same currency →
 * its cost as is; a foreign purchase on a DOP invoice → × its stored rate, half-up at the cent
 * ({@link toDopCents}, decision 137); a DOP purchase on a foreign invoice has no rate to
 * convert with (the invoice's is fixed only when issued) → blocked.
 */
function lineOf(e: Row, currency: Currency): BillableExpenseLine | { blocked: string } {
  const costCents = expenseCostCents(e);
  const base = `${displayDate(e.issueDate)} · NCF ${e.ncf}`;
  const common = {
    expenseId: e.id,
    issueDate: e.issueDate,
    description: `${e.supplierName} — ${e.description}`.slice(0, 300),
    expenseCurrency: e.currency,
    expenseAmount: fromCents(costCents),
  };
  if (e.currency === currency) return { ...common, details: base, amount: fromCents(costCents) };
  if (currency === 'DOP' && e.exchangeRate !== null) {
    const dop = toDopCents(costCents, e.exchangeRate);
    return {
      ...common,
      details: `${base} · ${formatMoney(fromCents(costCents), e.currency)} × ${formatExchangeRate(e.exchangeRate)}`,
      amount: fromCents(dop),
    };
  }
  return { blocked: `Gasto en ${e.currency}: la factura sería en ${currency}` };
}

function previewOf(rows: Row[], currency: Currency): BillableExpensesResponse {
  const lines: BillableExpenseLine[] = [];
  const blocked: BillableExpensesResponse['blocked'] = [];
  for (const e of rows) {
    const line = lineOf(e, currency);
    if ('blocked' in line)
      blocked.push({
        expenseId: e.id,
        description: `${e.supplierName} — ${e.description}`,
        reason: line.blocked,
      });
    else lines.push(line);
  }
  const subtotalCents = lines.reduce((s, l) => s + Math.round(l.amount * 100), 0);
  return { currency, lines, subtotal: fromCents(subtotalCents), blocked };
}

/**
 * `GET /projects/{id}/bill-expenses` (admin): the billable, unbilled purchases of the project as
 * the invoice lines "Facturar gastos" would create, in the company currency, before ITBIS.
 * 404 for an unknown or deleted project.
 */
export async function previewBillableExpenses({
  db,
  projectId,
}: {
  db: Db;
  projectId: string;
}): Promise<BillableExpensesResponse> {
  await loadBillableProject(db, projectId);
  const settings = await getCompanySettings(db);
  return previewOf(await unbilledExpenses(db, projectId, null, false), settings.currency);
}

/**
 * `POST /projects/{id}/bill-expenses` (admin): in one transaction locks the chosen purchases,
 * creates a draft invoice for the project's client through `createInvoice` (numbering, totals
 * and ITBIS at the invoice's rate: one engine, decision 052) with one line per purchase at cost
 * (quantity 1), and marks them with its id by a conditional update (`invoice_id is null`). A
 * purchase that is not (or no longer) recorded, billable, unbilled and of this project — e.g.
 * billed by a concurrent call that held the lock first — answers 409 {@link EXPENSES_NOT_BILLABLE}
 * and rolls everything back (invoice number included); 409 too for a purchase that cannot be
 * priced in the invoice currency. 404 for an unknown project.
 */
export async function billExpenses(
  opts: WriteCall & { projectId: string; input: Input },
): Promise<{ invoice: Invoice; billedExpenses: number }> {
  const { input } = opts;
  const { invoice, billed } = await billProjectWork({
    ...opts,
    notBillable: EXPENSES_NOT_BILLABLE,
    action: 'project.expenses.billed',
    countKey: 'expenses',
    collect: async (tx, project, settings) => {
      const rows = await unbilledExpenses(tx, project.id, input.expenseIds, true);
      if (rows.length !== input.expenseIds.length) throw conflict(EXPENSES_NOT_BILLABLE);
      const preview = previewOf(rows, settings.currency);
      if (preview.blocked.length > 0)
        throw conflict(`${preview.blocked[0]!.description}: ${preview.blocked[0]!.reason}`);
      return {
        ids: rows.map((r) => r.id),
        items: preview.lines.map((l) => ({
          description: l.description,
          details: l.details,
          quantity: 1,
          unitPrice: l.amount,
          taxExempt: false,
        })),
        currency: settings.currency,
        notes: `Gastos del proyecto ${project.title}`,
      };
    },
    mark: async (tx, invoiceId, ids) =>
      (
        await tx
          .update(expenses)
          .set({ invoiceId, updatedAt: new Date() })
          .where(and(inArray(expenses.id, ids), isNull(expenses.invoiceId)))
          .returning({ id: expenses.id })
      ).length,
  });
  return { invoice, billedExpenses: billed };
}
