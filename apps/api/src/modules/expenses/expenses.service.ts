import {
  businessToday,
  type CreateExpenseRequestSchema,
  EXPENSE_MESSAGES,
  type Expense,
  type FiscalDocumentType,
  fromCents,
  isAgencyPurchaseType,
  type ListExpensesQuerySchema,
  type ListExpensesResponse,
  type PurchaseDocumentType,
  periodOfDay,
  toCents,
  type UpdateExpenseRequestSchema,
} from '@agencia/shared';
import { and, desc, eq, gte, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { type ExpenseRow, expenses, suppliers } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { type Effects, effects, type Written } from '../../lib/effects.js';
import { conflict, forbidden } from '../../lib/errors.js';
import { likePattern, pagedSelect } from '../../lib/paging.js';
import type { ResourceCall, WriteCall } from '../../lib/service-args.js';
import { deleteFile } from '../../lib/storage.js';
import { assertModesAgree, signIssuedExpense } from '../ecf/ecf-runtime.js';
import { periodBounds } from '../fiscal/dgii-report-inputs.js';
import { takeNcf } from '../fiscal/fiscal.service.js';
import { assertPeriodOpen, isPeriodClosed } from '../fiscal/fiscal-periods.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import {
  agencyDocumentTypeFor,
  annulAgencyDocument,
  assertAgencyDocumentKept,
  checkAgencyDocumentSupplier,
} from './agency-documents.js';
import {
  assertAmounts,
  assertNcfNew,
  checkProject,
  isUniqueViolation,
  loadSupplier,
  rateFor,
  withholdingsFor,
} from './expense-checks.js';
import { expenseQuery, findVisible, toExpenseDto } from './expense-rows.js';
import { expensePolicy, visibleExpenses } from './expenses.policy.js';

export { draftFromReceivedEcf } from './expense-drafts.service.js';
export { attachReceipt, RECEIPT_MAX_BYTES, readReceipt, removeReceipt } from './expense-receipts.service.js';
export { toExpenseDto } from './expense-rows.js';

/*
 * Purchases and expenses (decision 140): the 606 lines. Amounts are centavos of the purchase's
 * currency; a USD purchase keeps the rate of its issue day and every DGII figure is converted with
 * it. B11/B13/B17 (E41/E43/E47 in electronic mode) are numbered from the agency's own ranges in
 * the same transaction (`agency-documents.ts`). Clients never reach this module (403 at the
 * route). The checks a write runs are in `expense-checks.ts`, the row and its API shape in
 * `expense-rows.ts`, receipts and drafts from received e-CF in their own services.
 */

/** `GET /expenses/{id}`: admin any, employee of a project on their team; else 404. */
export async function getExpense({ db, actor, id }: ResourceCall): Promise<Expense> {
  return toExpenseDto(await findVisible(db, actor, id));
}

/**
 * `GET /expenses`: the purchases `actor` may see, filtered (see `ListExpensesQuerySchema`), newest
 * issue date first, ties on id; `data.expenses` + `data.pagination`.
 */
export async function listExpenses({
  db,
  actor,
  query,
}: {
  db: Db;
  actor: Actor;
  query: z.output<typeof ListExpensesQuerySchema>;
}): Promise<ListExpensesResponse> {
  const where: (SQL | undefined)[] = [visibleExpenses(actor)];
  if (query.search) {
    const p = likePattern(query.search);
    where.push(
      or(
        ilike(expenses.description, p),
        ilike(expenses.ncf, p),
        sql`exists (select 1 from ${suppliers} s where s.id = ${expenses.supplierId} and (s.name ilike ${p} or s.tax_id ilike ${p}))`,
      ),
    );
  }
  if (query.supplierId) where.push(eq(expenses.supplierId, query.supplierId));
  if (query.projectId) where.push(eq(expenses.projectId, query.projectId));
  if (query.expenseType) where.push(eq(expenses.expenseType, query.expenseType));
  if (query.status) where.push(eq(expenses.status, query.status));
  if (query.period) {
    const first = `${query.period.slice(0, 4)}-${query.period.slice(4)}-01`;
    where.push(
      gte(expenses.issueDate, first),
      sql`${expenses.issueDate} < (${first}::date + interval '1 month')`,
    );
  }
  if (query.from) where.push(gte(expenses.issueDate, query.from));
  if (query.to) where.push(lte(expenses.issueDate, query.to));
  if (query.billable !== undefined) where.push(eq(expenses.billable, query.billable));
  if (query.billed !== undefined)
    where.push(query.billed ? isNotNull(expenses.invoiceId) : isNull(expenses.invoiceId));
  const condition = and(...where);
  const { rows, pagination } = await pagedSelect(db, query, {
    table: expenses,
    where: condition,
    rows: ({ limit, offset }) =>
      expenseQuery(db)
        .where(condition)
        .orderBy(desc(expenses.issueDate), desc(expenses.id))
        .limit(limit)
        .offset(offset),
  });
  return { expenses: rows.map(toExpenseDto), pagination };
}

/**
 * `POST /expenses`: records a purchase (see `CreateExpenseRequestSchema` for the rules). Agency
 * documents take the agency's mode's type (B11 ↔ E41, B13 ↔ E43, B17 ↔ E47) and the next number of
 * its active range inside the transaction. Errors: 400 Spanish per field, 404 a project not on
 * the employee's team, 403 an employee issuing an agency document, 409 duplicate NCF / closed
 * period / no exchange rate / no usable range. Audited.
 */
export async function createExpense(
  opts: WriteCall & { input: z.output<typeof CreateExpenseRequestSchema> },
): Promise<Written<Expense>> {
  const { db, actor, ctx, input } = opts;
  const projectId = input.projectId ?? null;
  if (isAgencyPurchaseType(input.documentType) && !expensePolicy.can(actor.role, 'issueAgencyDocument'))
    throw forbidden(
      'Solo un administrador emite comprobantes de compras, gastos menores o pagos al exterior.',
    );
  try {
    return await db.transaction(async (tx) => {
      await checkProject(tx, actor, projectId);
      const supplier = await loadSupplier(tx, input.supplierId);
      await assertPeriodOpen({ tx, day: input.issueDate, what: 'issueDate' });
      const exchangeRate = await rateFor(tx, input.currency, input.issueDate);
      const settings = await getCompanySettings(tx);
      let documentType: PurchaseDocumentType = input.documentType;
      let ncf = input.ncf ?? '';
      let sequenceId: string | null = null;
      let notifications: Effects['notifications'] = [];
      if (isAgencyPurchaseType(documentType)) {
        await assertModesAgree(tx, settings.fiscalMode);
        documentType = agencyDocumentTypeFor(documentType, settings.fiscalMode);
        checkAgencyDocumentSupplier(documentType, supplier);
      } else {
        await assertNcfNew(tx, supplier.id, ncf);
      }
      const goodsCents = toCents(input.goodsAmount);
      const servicesCents = toCents(input.servicesAmount);
      const itbisCents = toCents(input.itbis);
      const { itbisWithheldCents, isrWithheldCents, isrWithholdingType } = withholdingsFor(input, {
        documentType,
        supplierTaxpayerType: supplier.taxpayerType,
        agencyKind: settings.taxpayerKind,
        goodsCents,
        servicesCents,
        itbisCents,
      });
      assertAmounts({
        goodsAmount: input.goodsAmount,
        servicesAmount: input.servicesAmount,
        itbis: input.itbis,
        itbisWithheld: fromCents(itbisWithheldCents),
        isrWithheld: fromCents(isrWithheldCents),
        isrWithholdingType,
      });
      if (isAgencyPurchaseType(documentType)) {
        const taken = await takeNcf({ tx, type: documentType as FiscalDocumentType, today: businessToday() });
        ncf = taken.ncf;
        sequenceId = taken.sequenceId;
        notifications = taken.notifications;
      }
      const [row] = await tx
        .insert(expenses)
        .values({
          status: 'recorded',
          supplierId: supplier.id,
          documentType,
          ncf,
          sequenceId,
          issueDate: input.issueDate,
          paymentDate: input.paymentDate ?? null,
          expenseType: input.expenseType,
          paymentMethod: input.paymentMethod,
          currency: input.currency,
          exchangeRate,
          goodsCents,
          servicesCents,
          itbisCents,
          itbisToCostCents: toCents(input.itbisToCost),
          itbisWithheldCents,
          isrWithholdingType,
          isrWithheldCents,
          projectId,
          billable: input.billable,
          description: input.description,
          createdBy: actor.id,
        })
        .returning({ id: expenses.id });
      // Direct e-CF emission: an E41/E43/E47 is signed and queued for the DGII in this transaction
      // (422/409 roll the number back); the route wakes the sender after commit.
      if (isAgencyPurchaseType(documentType)) await signIssuedExpense(tx, row!.id, documentType);
      await audit(
        tx,
        ctx,
        'expense.created',
        { type: 'expense', id: row!.id },
        {
          ncf,
          documentType,
          supplierName: supplier.name,
          total: fromCents(goodsCents + servicesCents + itbisCents),
          currency: input.currency,
        },
      );
      const value = toExpenseDto(await findVisible(tx, actor, row!.id));
      return { value, effects: effects({ notifications }) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EXPENSE_MESSAGES.duplicateNcf);
    throw err;
  }
}

/** The row of a purchase `actor` may change: visible (else 404) and not billed (409). */
async function writableRow(tx: Tx, actor: Actor, id: string): Promise<ExpenseRow> {
  const { e } = await findVisible(tx, actor, id);
  if (e.invoiceId) throw conflict('Este gasto ya se facturó al cliente y no se puede modificar.');
  return e;
}

/** What recording a purchase's payment changes (the 606's payment columns 7, 12, 17, 18, 23). */
const PAYMENT_FIELDS = new Set([
  'paymentDate',
  'paymentMethod',
  'itbisWithheld',
  'isrWithheld',
  'isrWithholdingType',
]);

/**
 * True when `input` records the payment of a purchase whose issue month is closed without changing
 * what that month's 606 says: only the payment fields change, the purchase was unpaid at that
 * month's end (no payment date, or one after it), and the new payment date is after it too. Such a
 * purchase went in its month's 606 as "compra a crédito" without payment date nor withholdings
 * (`purchase606Row`), and the DGII asks that it be reported again in the month it is paid, with the
 * withholdings ("solo cuando existe retención se debe reportar la factura nuevamente en el periodo
 * correspondiente al pago", DGII Comunidad de Ayuda, the source of decision 141): the closed
 * month's 606 stays as filed and the payment lands in the open month's (issue 42, point 2).
 */
function isLatePayment(
  cur: ExpenseRow,
  input: z.output<typeof UpdateExpenseRequestSchema>,
): input is typeof input & { paymentDate: string } {
  const changed = Object.entries(input).filter(([, v]) => v !== undefined);
  if (!input.paymentDate || changed.some(([k]) => !PAYMENT_FIELDS.has(k))) return false;
  const monthEnd = periodBounds(periodOfDay(cur.issueDate)).to;
  return input.paymentDate > monthEnd && (cur.paymentDate === null || cur.paymentDate > monthEnd);
}

/**
 * `PUT /expenses/{id}`: merges the change and re-checks the whole purchase (amounts, NCF shape and
 * uniqueness, the project for employees, closed periods on both the old and the new date (but a
 * purchase of a closed month may be paid in an open one: {@link isLatePayment}), the rate
 * when the currency or day changes). An agency-issued document keeps its type and number (409).
 * A `draft` (received e-CF) becomes `recorded` once it has an expense type and a payment form.
 */
export async function updateExpense(
  opts: WriteCall & { id: string; input: z.output<typeof UpdateExpenseRequestSchema> },
): Promise<Expense> {
  const { db, actor, ctx, id, input } = opts;
  try {
    return await db.transaction(async (tx) => {
      const cur = await writableRow(tx, actor, id);
      const agencyIssued = isAgencyPurchaseType(cur.documentType);
      if (agencyIssued) assertAgencyDocumentKept(cur, input);
      if (!agencyIssued && input.documentType && isAgencyPurchaseType(input.documentType))
        throw conflict(
          'Un gasto con NCF del proveedor no puede pasar a ser un comprobante de la agencia; regístralo de nuevo.',
        );
      const projectId = input.projectId !== undefined ? input.projectId : cur.projectId;
      if (input.projectId !== undefined && input.projectId !== cur.projectId)
        await checkProject(tx, actor, projectId);
      const supplierId = input.supplierId ?? cur.supplierId;
      const supplier = await loadSupplier(tx, supplierId, cur.supplierId);
      const issueDate = input.issueDate ?? cur.issueDate;
      if (await isPeriodClosed({ tx, day: cur.issueDate })) {
        // A purchase of a closed month may still be paid in an open one (issue 42, point 2).
        if (!isLatePayment(cur, input)) await assertPeriodOpen({ tx, day: cur.issueDate, what: 'issueDate' });
        await assertPeriodOpen({ tx, day: input.paymentDate!, what: 'paymentDate' });
      } else if (issueDate !== cur.issueDate)
        await assertPeriodOpen({ tx, day: issueDate, what: 'issueDate' });
      const currency = input.currency ?? cur.currency;
      const exchangeRate =
        currency !== cur.currency || issueDate !== cur.issueDate
          ? await rateFor(tx, currency, issueDate)
          : cur.exchangeRate === null
            ? null
            : Number(cur.exchangeRate);
      const merged = {
        documentType: (input.documentType ?? cur.documentType) as PurchaseDocumentType,
        ncf: agencyIssued ? null : input.ncf !== undefined && input.ncf !== null ? input.ncf : cur.ncf,
        goodsAmount: input.goodsAmount ?? fromCents(cur.goodsCents),
        servicesAmount: input.servicesAmount ?? fromCents(cur.servicesCents),
        itbis: input.itbis ?? fromCents(cur.itbisCents),
        itbisToCost: input.itbisToCost ?? fromCents(cur.itbisToCostCents),
        itbisWithheld: input.itbisWithheld ?? fromCents(cur.itbisWithheldCents),
        isrWithheld: input.isrWithheld ?? fromCents(cur.isrWithheldCents),
        isrWithholdingType:
          input.isrWithholdingType !== undefined ? input.isrWithholdingType : cur.isrWithholdingType,
        billable: input.billable ?? cur.billable,
        projectId,
        issueDate,
        paymentDate: input.paymentDate !== undefined ? input.paymentDate : cur.paymentDate,
      };
      assertAmounts(merged);
      const ncf = agencyIssued ? cur.ncf : merged.ncf!;
      if (!agencyIssued && (ncf !== cur.ncf || supplierId !== cur.supplierId))
        await assertNcfNew(tx, supplierId, ncf, id);
      const expenseType = input.expenseType ?? cur.expenseType;
      const paymentMethod = input.paymentMethod ?? cur.paymentMethod;
      const status = cur.status === 'draft' && expenseType && paymentMethod ? 'recorded' : cur.status;
      await tx
        .update(expenses)
        .set({
          supplierId,
          documentType: merged.documentType,
          ncf,
          issueDate,
          paymentDate: merged.paymentDate ?? null,
          expenseType,
          paymentMethod,
          currency,
          exchangeRate,
          goodsCents: toCents(merged.goodsAmount),
          servicesCents: toCents(merged.servicesAmount),
          itbisCents: toCents(merged.itbis),
          itbisToCostCents: toCents(merged.itbisToCost),
          itbisWithheldCents: toCents(merged.itbisWithheld),
          isrWithholdingType: merged.isrWithheld > 0 ? merged.isrWithholdingType : null,
          isrWithheldCents: toCents(merged.isrWithheld),
          projectId,
          billable: merged.billable,
          description: input.description ?? cur.description,
          status,
          updatedAt: new Date(),
        })
        .where(eq(expenses.id, id));
      await audit(
        tx,
        ctx,
        cur.status === 'draft' && status === 'recorded' ? 'expense.completed' : 'expense.updated',
        { type: 'expense', id },
        {
          ncf,
          supplierName: supplier.name,
          fields: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined),
        },
      );
      return toExpenseDto(await findVisible(tx, actor, id));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EXPENSE_MESSAGES.duplicateNcf);
    throw err;
  }
}

/**
 * `DELETE /expenses/{id}`: 409 when billed on an invoice or dated in a closed fiscal period. The
 * number of an agency-issued document is not reused: it is recorded as annulled (608, type 04
 * "Corrección de la información") in the same transaction; when the agency signed it as an e-CF
 * (direct mode) the document is withdrawn from the outbox and an ANECF is queued for the DGII — 409
 * when the DGII already received it (`withdrawExpenseEcf`). The receipt goes with it. Audited.
 */
export async function deleteExpense(opts: WriteCall & { id: string }): Promise<void> {
  const { db, actor, ctx, id } = opts;
  await db.transaction(async (tx) => {
    const { e } = await findVisible(tx, actor, id);
    if (e.invoiceId) throw conflict(EXPENSE_MESSAGES.billed);
    await assertPeriodOpen({ tx, day: e.issueDate, what: 'issueDate' });
    if (isAgencyPurchaseType(e.documentType)) {
      await annulAgencyDocument(tx, e, actor.id);
    }
    await tx.delete(expenses).where(eq(expenses.id, id));
    if (e.receiptFileId) await deleteFile(tx, e.receiptFileId);
    await audit(
      tx,
      ctx,
      'expense.deleted',
      { type: 'expense', id },
      { ncf: e.ncf, documentType: e.documentType },
    );
  });
}
