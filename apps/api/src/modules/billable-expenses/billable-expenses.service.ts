import {
  addDays,
  type BillableExpenseLine,
  type BillableExpensesResponse,
  type BillExpensesRequestSchema,
  businessToday,
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
import { expenses, projects, suppliers } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';
import { displayDate } from '../billing-documents/billing-documents.js';
import { getInvoice } from '../invoices/invoices.queries.js';
import { createInvoice } from '../invoices/invoices.service.js';
import { getCompanySettings } from '../settings/settings.service.js';

type Input = z.output<typeof BillExpensesRequestSchema>;

/** createInvoice runs inside our transaction (a savepoint), as "Facturar horas" does (decision 115). */
const asDb = (tx: Tx) => tx as unknown as Db;

async function loadProject(db: Db | Tx, id: string) {
  const [project] = await db
    .select({ id: projects.id, title: projects.title, clientId: projects.clientId })
    .from(projects)
    .where(and(eq(projects.id, id), isNull(projects.deletedAt)))
    .limit(1);
  if (!project) throw notFound('Proyecto no encontrado');
  return project;
}

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
  await loadProject(db, projectId);
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
  const { db, actor, ctx, projectId, input } = opts;
  const { invoiceId, billed } = await db.transaction(async (tx) => {
    const project = await loadProject(tx, projectId);
    const settings = await getCompanySettings(tx);
    const rows = await unbilledExpenses(tx, projectId, input.expenseIds, true);
    if (rows.length !== input.expenseIds.length) throw conflict(EXPENSES_NOT_BILLABLE);
    const preview = previewOf(rows, settings.currency);
    if (preview.blocked.length > 0)
      throw conflict(`${preview.blocked[0]!.description}: ${preview.blocked[0]!.reason}`);
    const today = businessToday();
    const terms = 30;
    const created = await createInvoice({
      db: asDb(tx),
      actor,
      ctx,
      input: {
        clientId: project.clientId,
        projectId: project.id,
        issueDate: today,
        dueDate: addDays(today, terms),
        items: preview.lines.map((l) => ({
          description: l.description,
          details: l.details,
          quantity: 1,
          unitPrice: l.amount,
          taxExempt: false,
        })),
        discountAmount: 0,
        currency: settings.currency,
        paymentTerms: terms,
        notes: `Gastos del proyecto ${project.title}`,
        series: 'FAC',
        asDraft: true,
      },
    });
    const ids = rows.map((r) => r.id);
    const marked = await tx
      .update(expenses)
      .set({ invoiceId: created.value._id, updatedAt: new Date() })
      .where(and(inArray(expenses.id, ids), isNull(expenses.invoiceId)))
      .returning({ id: expenses.id });
    if (marked.length !== ids.length) throw conflict(EXPENSES_NOT_BILLABLE);
    await audit(
      tx,
      ctx,
      'project.expenses.billed',
      { type: 'project', id: projectId },
      { invoiceId: created.value._id, expenses: ids.length },
    );
    return { invoiceId: created.value._id, billed: ids.length };
  });
  return { invoice: await getInvoice({ db, actor, id: invoiceId }), billedExpenses: billed };
}
