import {
  checkExpenseAmounts,
  defaultPurchaseWithholdings,
  ErrorCodes,
  EXPENSE_MESSAGES,
  type FieldError,
  type IsrWithholdingType,
  toCents,
} from '@agencia/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { expenses, projectMembers, projects, type SupplierRow, suppliers } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { requireRateForDay } from '../fiscal/exchange-rates.service.js';
import { expensePolicy } from './expenses.policy.js';

/*
 * The checks a purchase passes before it is written (decision 140): its project and supplier, the
 * supplier's NCF being new, the amounts' rules, the day's exchange rate and the withholding
 * defaults. Each runs inside the writer's transaction.
 */

/** True when `actor` is on the team of project `projectId` (the projects policy's membership rule). */
async function onTeam(tx: Tx, actorId: string, projectId: string): Promise<boolean> {
  const [row] = await tx
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
export async function checkProject(tx: Tx, actor: Actor, projectId: string | null): Promise<void> {
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

/** The supplier of a purchase (400 on the field when missing, or inactive unless it is `current`). */
export async function loadSupplier(tx: Tx, supplierId: string, current?: string): Promise<SupplierRow> {
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

/** 409 {@link EXPENSE_MESSAGES.duplicateNcf} when the supplier's NCF is already recorded. */
export async function assertNcfNew(
  tx: Tx,
  supplierId: string,
  ncf: string,
  exceptId?: string,
): Promise<void> {
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
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Runs zod-style refinements outside a schema; 400 with every field error when any fails. */
export function assertAmounts(v: Parameters<typeof checkExpenseAmounts>[0]): void {
  const errors: FieldError[] = [];
  checkExpenseAmounts(v, {
    addIssue: (issue: { path?: PropertyKey[]; message?: string }) =>
      errors.push({ field: String(issue.path?.[0] ?? ''), message: issue.message ?? 'Valor inválido' }),
  } as unknown as z.RefinementCtx);
  if (errors.length) throw badRequest(errors[0]!.message, errors);
}

/** The exchange rate of a purchase: null for DOP; the day's rate (or 409) for USD. */
export async function rateFor(tx: Tx, currency: 'DOP' | 'USD', issueDate: string): Promise<number | null> {
  if (currency === 'DOP') return null;
  return (await requireRateForDay({ tx, currency, day: issueDate, document: 'expense' })).rate;
}

/**
 * The withholdings of a new purchase (centavos): what the request sent, else the DGII default of
 * {@link defaultPurchaseWithholdings} for its type, supplier and agency kind. The ISR type defaults
 * only when some ISR is withheld.
 */
export function withholdingsFor(
  input: { itbisWithheld?: number; isrWithheld?: number; isrWithholdingType?: IsrWithholdingType | null },
  basis: Parameters<typeof defaultPurchaseWithholdings>[0],
): { itbisWithheldCents: number; isrWithheldCents: number; isrWithholdingType: IsrWithholdingType | null } {
  const defaults = defaultPurchaseWithholdings(basis);
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
  return { itbisWithheldCents, isrWithheldCents, isrWithholdingType };
}
