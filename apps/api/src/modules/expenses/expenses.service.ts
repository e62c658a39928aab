import {
  agencyPurchaseTypeFor,
  businessToday,
  type CreateExpenseRequestSchema,
  checkExpenseAmounts,
  defaultPurchaseWithholdings,
  ErrorCodes,
  EXPENSE_MESSAGES,
  type Expense,
  type FieldError,
  type FiscalDocumentType,
  fromCents,
  isAgencyPurchaseType,
  type ListExpensesQuerySchema,
  type ListExpensesResponse,
  type PurchaseDocumentType,
  SUPPLIER_NCF_TYPES,
  toCents,
  toDopCents,
  type UpdateExpenseRequestSchema,
} from '@agencia/shared';
import { and, desc, eq, gte, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  type ExpenseRow,
  expenses,
  files,
  ncfVoids,
  projectMembers,
  projects,
  type SupplierRow,
  suppliers,
  users,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { type Effects, effects, type Written } from '../../lib/effects.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { likePattern, pagedSelect } from '../../lib/paging.js';
import type { ResourceCall, WriteCall } from '../../lib/service-args.js';
import { deleteFile, readFile, saveFile } from '../../lib/storage.js';
import { recordEcfAnnulment, signIssuedExpense, withdrawExpenseEcf } from '../ecf/ecf-runtime.js';
import { requireRateForDay } from '../fiscal/exchange-rates.service.js';
import { takeNcf } from '../fiscal/fiscal.service.js';
import { assertPeriodOpen } from '../fiscal/fiscal-periods.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { expensePolicy, visibleExpenses } from './expenses.policy.js';
import { supplierForTaxId } from './suppliers.service.js';

/*
 * Purchases and expenses (decision 140): the 606 lines. Amounts are centavos of the purchase's
 * currency; a USD purchase keeps the rate of its issue day and every DGII figure is converted with
 * it. B11/B13/B17 (E41/E43/E47 in electronic mode) are numbered from the agency's own ranges in
 * the same transaction. Clients never reach this module (403 at the route).
 */

/** Receipts: PDF or image, at most 10 MB (the uploads rules: sniffed type, quota). */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
const RECEIPT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

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
type SelectedExpense = {
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

function baseQuery(db: Db | Tx) {
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
async function findVisible(db: Db | Tx, actor: Actor, id: string): Promise<SelectedExpense> {
  const [row] = await baseQuery(db)
    .where(and(eq(expenses.id, id), visibleExpenses(actor)))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

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
      baseQuery(db)
        .where(condition)
        .orderBy(desc(expenses.issueDate), desc(expenses.id))
        .limit(limit)
        .offset(offset),
  });
  return { expenses: rows.map(toExpenseDto), pagination };
}

/** True when `actor` is on the team of project `projectId` (the projects policy's membership rule). */
async function onTeam(db: Db | Tx, actorId: string, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, actorId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The project a purchase is charged to: it must exist (not deleted) and, for an employee, be on
 * their team (404 otherwise, as the projects module answers); employees must name one (400).
 */
async function checkProject(tx: Tx, actor: Actor, projectId: string | null): Promise<void> {
  if (projectId === null) {
    if (!expensePolicy.can(actor.role, 'write', false)) {
      const message = 'Indica el proyecto del gasto';
      throw badRequest(message, [{ field: 'projectId', message }]);
    }
    return;
  }
  const [p] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)))
    .limit(1);
  const owns = p ? await onTeam(tx, actor.id, projectId) : false;
  if (!p || !expensePolicy.can(actor.role, 'write', owns)) throw notFound('Proyecto no encontrado');
}

/** The supplier of a purchase (400 on the field when missing or inactive). */
async function loadSupplier(tx: Tx, supplierId: string, current?: string): Promise<SupplierRow> {
  const [s] = await tx.select().from(suppliers).where(eq(suppliers.id, supplierId)).limit(1);
  if (!s)
    throw badRequest('Proveedor no encontrado', [
      { field: 'supplierId', message: 'Proveedor no encontrado' },
    ]);
  if (!s.active && s.id !== current)
    throw badRequest('El proveedor está inactivo', [
      { field: 'supplierId', message: 'El proveedor está inactivo' },
    ]);
  return s;
}

/**
 * Who the agency may issue an agency document for (Norma General 05-2019): B11/E41 only to a
 * supplier not registered with an RNC (an informal person, by cédula or without id); B17/E47 only
 * to a foreign supplier. 400 on `documentType` otherwise.
 */
function checkAgencyDocumentSupplier(type: PurchaseDocumentType, supplier: SupplierRow): void {
  let message: string | null = null;
  if (
    (type === 'B11' || type === 'E41') &&
    (supplier.taxIdType === 'rnc' || supplier.taxpayerType === 'extranjero')
  )
    message = 'El comprobante de compras (B11/E41) es para proveedores informales, no registrados con RNC';
  if ((type === 'B17' || type === 'E47') && supplier.taxpayerType !== 'extranjero')
    message = 'El comprobante de pagos al exterior (B17/E47) es para proveedores del exterior';
  if (message) throw badRequest(message, [{ field: 'documentType', message }]);
}

/** 409 {@link EXPENSE_MESSAGES.duplicateNcf} when the supplier's NCF is already recorded. */
async function assertNcfNew(tx: Tx, supplierId: string, ncf: string, exceptId?: string): Promise<void> {
  const [dup] = await tx
    .select({ id: expenses.id })
    .from(expenses)
    .where(
      and(
        eq(expenses.supplierId, supplierId),
        eq(expenses.ncf, ncf),
        exceptId ? sql`${expenses.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (dup)
    throw new AppError(409, ErrorCodes.CONFLICT, EXPENSE_MESSAGES.duplicateNcf, [
      { field: 'ncf', message: EXPENSE_MESSAGES.duplicateNcf },
    ]);
}

/** A unique violation of `(supplier_id, ncf)` that slipped past the check (two requests at once) → 409. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Runs zod-style refinements outside a schema; 400 with every field error when any fails. */
function assertAmounts(v: Parameters<typeof checkExpenseAmounts>[0]): void {
  const errors: FieldError[] = [];
  checkExpenseAmounts(v, {
    addIssue: (issue: { path?: PropertyKey[]; message?: string }) =>
      errors.push({ field: String(issue.path?.[0] ?? ''), message: issue.message ?? 'Valor inválido' }),
  } as unknown as z.RefinementCtx);
  if (errors.length) throw badRequest(errors[0]!.message, errors);
}

/** The exchange rate of a purchase: null for DOP; the day's rate (or 409) for USD. */
async function rateFor(tx: Tx, currency: 'DOP' | 'USD', issueDate: string): Promise<number | null> {
  if (currency === 'DOP') return null;
  return (await requireRateForDay({ tx, currency, day: issueDate })).rate;
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
        const kind =
          documentType.endsWith('11') || documentType.endsWith('41')
            ? 'compras'
            : documentType.endsWith('13') || documentType.endsWith('43')
              ? 'gastos_menores'
              : 'exterior';
        documentType = agencyPurchaseTypeFor(kind, settings.fiscalMode);
        checkAgencyDocumentSupplier(documentType, supplier);
      } else {
        await assertNcfNew(tx, supplier.id, ncf);
      }
      const goodsCents = toCents(input.goodsAmount);
      const servicesCents = toCents(input.servicesAmount);
      const itbisCents = toCents(input.itbis);
      const defaults = defaultPurchaseWithholdings({
        documentType,
        supplierTaxpayerType: supplier.taxpayerType,
        agencyKind: settings.taxpayerKind,
        goodsCents,
        servicesCents,
        itbisCents,
      });
      const itbisWithheldCents =
        input.itbisWithheld !== undefined ? toCents(input.itbisWithheld) : defaults.itbisWithheldCents;
      const isrWithheldCents =
        input.isrWithheld !== undefined ? toCents(input.isrWithheld) : defaults.isrWithheldCents;
      const isrWithholdingType =
        input.isrWithholdingType !== undefined
          ? input.isrWithholdingType
          : isrWithheldCents > 0
            ? defaults.isrWithholdingType
            : null;
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

/**
 * Whether an update touches what the signed e-CF of an agency document states (supplier, dates,
 * currency, amounts, withholdings, description, payment form: see `signExpenseEcf`). Fields sent
 * with their current value are no change.
 */
function signedFieldsChange(cur: ExpenseRow, input: z.output<typeof UpdateExpenseRequestSchema>): boolean {
  const money = (v: number | undefined, cents: number) => v !== undefined && toCents(v) !== cents;
  const same = <T>(v: T | undefined, current: T) => v === undefined || v === current;
  return (
    !same(input.supplierId, cur.supplierId) ||
    !same(input.issueDate, cur.issueDate) ||
    !same(input.paymentDate, cur.paymentDate) ||
    !same(input.currency, cur.currency) ||
    !same(input.description, cur.description) ||
    !same(input.paymentMethod, cur.paymentMethod) ||
    money(input.goodsAmount, cur.goodsCents) ||
    money(input.servicesAmount, cur.servicesCents) ||
    money(input.itbis, cur.itbisCents) ||
    money(input.itbisWithheld, cur.itbisWithheldCents) ||
    money(input.isrWithheld, cur.isrWithheldCents)
  );
}

/**
 * `PUT /expenses/{id}`: merges the change and re-checks the whole purchase (amounts, NCF shape and
 * uniqueness, the project for employees, closed periods on both the old and the new date, the rate
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
      if (
        agencyIssued &&
        ((input.documentType && input.documentType !== cur.documentType) ||
          (input.ncf && input.ncf !== cur.ncf))
      )
        throw conflict('El tipo y el número de un comprobante emitido por la agencia no se pueden cambiar.');
      if (agencyIssued && cur.ecfStatus !== null && signedFieldsChange(cur, input))
        throw conflict(
          'El e-CF de este comprobante ya está firmado: su proveedor, fecha, moneda, montos, retenciones, descripción y forma de pago no se pueden cambiar. Elimínalo y regístralo de nuevo.',
        );
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
      await assertPeriodOpen({ tx, day: cur.issueDate, what: 'issueDate' });
      if (issueDate !== cur.issueDate) await assertPeriodOpen({ tx, day: issueDate, what: 'issueDate' });
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
      // Direct mode: the e-CF leaves the outbox (409 once the DGII has it) and the unused e-NCF is
      // annulled with an ANECF, like a voided number (decision 136).
      await withdrawExpenseEcf(tx, e.id);
      await tx.insert(ncfVoids).values({
        sequenceId: e.sequenceId,
        documentType: e.documentType,
        ncf: e.ncf,
        annulmentType: '04',
        reason: 'Gasto eliminado',
        voidedOn: businessToday(),
        createdBy: actor.id,
      });
      // Also a number taken before direct mode was switched on: never sent, so unused for the DGII.
      await recordEcfAnnulment(tx, {
        documentType: e.documentType,
        ncfs: [e.ncf],
        issuerRnc: (await getCompanySettings(tx)).taxId || null,
        actorId: actor.id,
      });
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

/**
 * `POST /expenses/{id}/receipt`: stores the receipt (PDF or image by its bytes, ≤ 10 MB, the
 * uploader's quota; 413/415 otherwise) and replaces the previous one. Same access as editing.
 */
export async function attachReceipt(
  opts: WriteCall & { id: string; file: { filename: string; data: Buffer } },
): Promise<Expense> {
  const { db, actor, ctx, id, file } = opts;
  return db.transaction(async (tx) => {
    const { e } = await findVisible(tx, actor, id);
    const stored = await saveFile(tx, {
      ownerType: 'expense',
      ownerId: id,
      filename: file.filename,
      data: file.data,
      uploadedBy: actor.id,
      maxBytes: RECEIPT_MAX_BYTES,
      allowed: RECEIPT_TYPES,
      userUpload: true,
    });
    await tx
      .update(expenses)
      .set({ receiptFileId: stored.id, updatedAt: new Date() })
      .where(eq(expenses.id, id));
    if (e.receiptFileId) await deleteFile(tx, e.receiptFileId);
    await audit(
      tx,
      ctx,
      'expense.receipt_attached',
      { type: 'expense', id },
      { ncf: e.ncf, filename: stored.filename },
    );
    return toExpenseDto(await findVisible(tx, actor, id));
  });
}

/** `GET /expenses/{id}/receipt`: the file, or 404 when the purchase is not visible or has none. */
export async function readReceipt({ db, actor, id }: ResourceCall) {
  const { e } = await findVisible(db, actor, id);
  const file = e.receiptFileId ? await readFile(db, e.receiptFileId) : null;
  if (!file) throw notFound('El gasto no tiene comprobante adjunto');
  return file;
}

/** `DELETE /expenses/{id}/receipt`: removes the attached receipt (404 when none). */
export async function removeReceipt(opts: WriteCall & { id: string }): Promise<Expense> {
  const { db, actor, ctx, id } = opts;
  return db.transaction(async (tx) => {
    const { e } = await findVisible(tx, actor, id);
    if (!e.receiptFileId) throw notFound('El gasto no tiene comprobante adjunto');
    await tx.update(expenses).set({ receiptFileId: null, updatedAt: new Date() }).where(eq(expenses.id, id));
    await deleteFile(tx, e.receiptFileId);
    await audit(tx, ctx, 'expense.receipt_removed', { type: 'expense', id }, { ncf: e.ncf });
    return toExpenseDto(await findVisible(tx, actor, id));
  });
}

/**
 * A received e-CF becomes a purchase to complete (`draft`): its supplier found or created by the
 * issuer's RNC, its e-NCF and date, the amount before ITBIS as services and the ITBIS as invoiced
 * (the admin corrects goods/services, expense type and payment form when completing). Only
 * supplier types a purchase may carry (E31, E32, E44, E45); notes and others are skipped. Runs in
 * the receiver's transaction; a second arrival of the same e-NCF adds nothing.
 */
export async function draftFromReceivedEcf({
  tx,
  ecf,
}: {
  tx: Tx;
  ecf: {
    id: string;
    issuerRnc: string;
    issuerName: string;
    encf: string;
    issueDate: string;
    totalCents: number;
    taxCents: number;
  };
}): Promise<string | null> {
  const type = ecf.encf.slice(0, 3);
  if (!(SUPPLIER_NCF_TYPES as readonly string[]).includes(type)) return null;
  const supplier = await supplierForTaxId({ tx, taxId: ecf.issuerRnc, name: ecf.issuerName });
  const itbisCents = Math.min(Math.max(ecf.taxCents, 0), Math.max(ecf.totalCents, 0));
  const [row] = await tx
    .insert(expenses)
    .values({
      status: 'draft',
      supplierId: supplier.id,
      documentType: type as PurchaseDocumentType,
      ncf: ecf.encf,
      issueDate: ecf.issueDate,
      goodsCents: 0,
      servicesCents: Math.max(ecf.totalCents - itbisCents, 0),
      itbisCents,
      description: `e-CF ${ecf.encf} recibido de ${ecf.issuerName}`,
      ecfReceivedId: ecf.id,
    })
    .onConflictDoNothing()
    .returning({ id: expenses.id });
  return row?.id ?? null;
}
