import { type Expense, fromCents, isAgencyPurchaseType, toDopCents } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { type ExpenseRow, expenses, files, projects, suppliers, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { visibleExpenses } from './expenses.policy.js';

/*
 * Reading purchases: the joined row (supplier, project, receipt, author), its API shape and the
 * visibility rule every read and write starts from (decision 140).
 */

const NOT_FOUND = 'Gasto no encontrado';

const selectExpense = {
  e: expenses,
  supplierName: suppliers.name,
  supplierTaxId: suppliers.taxId,
  projectName: projects.title,
  fileName: files.filename,
  fileType: files.contentType,
  fileSize: files.sizeBytes,
  byFirst: users.firstName,
  byLast: users.lastName,
};
/** A purchase row with the names the API shape shows (null when the joined row is missing). */
export type SelectedExpense = {
  e: ExpenseRow;
  supplierName: string | null;
  supplierTaxId: string | null;
  projectName: string | null;
  fileName: string | null;
  fileType: string | null;
  fileSize: number | null;
  byFirst: string | null;
  byLast: string | null;
};

/** The purchases joined with supplier, project, receipt file and author; callers add `where`. */
export function expenseQuery(db: Db | Tx) {
  return db
    .select(selectExpense)
    .from(expenses)
    .leftJoin(suppliers, eq(suppliers.id, expenses.supplierId))
    .leftJoin(projects, eq(projects.id, expenses.projectId))
    .leftJoin(files, eq(files.id, expenses.receiptFileId))
    .leftJoin(users, eq(users.id, expenses.createdBy));
}

/** Pesos of a DGII figure: the amount itself for DOP, × the stored rate for USD. */
const dopOf = (row: ExpenseRow, cents: number) =>
  row.exchangeRate ? toDopCents(cents, row.exchangeRate) : cents;

/** Maps a joined row to the API shape (decimal units; `dop` in pesos). */
export function toExpenseDto(r: SelectedExpense): Expense {
  const e = r.e;
  const totalCents = e.goodsCents + e.servicesCents + e.itbisCents;
  return {
    _id: e.id,
    status: e.status,
    supplier: { _id: e.supplierId, name: r.supplierName ?? '', taxId: r.supplierTaxId },
    documentType: e.documentType,
    ncf: e.ncf,
    issuedByAgency: isAgencyPurchaseType(e.documentType),
    issueDate: e.issueDate,
    paymentDate: e.paymentDate,
    expenseType: e.expenseType,
    currency: e.currency,
    exchangeRate: e.exchangeRate === null ? null : Number(e.exchangeRate),
    goodsAmount: fromCents(e.goodsCents),
    servicesAmount: fromCents(e.servicesCents),
    itbis: fromCents(e.itbisCents),
    itbisToCost: fromCents(e.itbisToCostCents),
    itbisWithheld: fromCents(e.itbisWithheldCents),
    isrWithholdingType: e.isrWithholdingType,
    isrWithheld: fromCents(e.isrWithheldCents),
    paymentMethod: e.paymentMethod,
    projectId: e.projectId,
    project: e.projectId && r.projectName !== null ? { _id: e.projectId, name: r.projectName } : null,
    billable: e.billable,
    invoiceId: e.invoiceId,
    description: e.description,
    receipt:
      e.receiptFileId && r.fileName
        ? {
            _id: e.receiptFileId,
            filename: r.fileName,
            contentType: r.fileType ?? '',
            sizeBytes: r.fileSize ?? 0,
          }
        : null,
    ecfReceivedId: e.ecfReceivedId,
    ecfStatus: e.ecfStatus,
    createdBy: e.createdBy ? { _id: e.createdBy, name: `${r.byFirst ?? ''} ${r.byLast ?? ''}`.trim() } : null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    total: fromCents(totalCents),
    dop: {
      goodsAmount: fromCents(dopOf(e, e.goodsCents)),
      servicesAmount: fromCents(dopOf(e, e.servicesCents)),
      itbis: fromCents(dopOf(e, e.itbisCents)),
      itbisToCost: fromCents(dopOf(e, e.itbisToCostCents)),
      itbisWithheld: fromCents(dopOf(e, e.itbisWithheldCents)),
      isrWithheld: fromCents(dopOf(e, e.isrWithheldCents)),
      total: fromCents(dopOf(e, totalCents)),
    },
  };
}

/** The purchase `id` as `actor` may see it, or 404 (a purchase of another team does not leak). */
export async function findVisible(db: Db | Tx, actor: Actor, id: string): Promise<SelectedExpense> {
  const [row] = await expenseQuery(db)
    .where(and(eq(expenses.id, id), visibleExpenses(actor)))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}
