import { type BankRule, type BankRuleRequestSchema, fromCents, toCents } from '@agencia/shared';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { bankAccounts, bankRules, suppliers } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { ActorCall, WriteCall } from '../../lib/service-args.js';

/*
 * The admin's rules for debits (issue 48, decision 166): "descripción contiene COMISION → gasto
 * financiero, suplidor Banco Popular"; amounts in centavos in the table, pesos in JSON.
 */

const select = {
  rule: bankRules,
  supplierName: suppliers.name,
};

type Row = { rule: typeof bankRules.$inferSelect; supplierName: string };

function toDto({ rule: r, supplierName }: Row): BankRule {
  return {
    _id: r.id,
    name: r.name,
    bankAccountId: r.bankAccountId,
    descriptionContains: r.descriptionContains,
    amountMin: r.amountMinCents === null ? null : fromCents(r.amountMinCents),
    amountMax: r.amountMaxCents === null ? null : fromCents(r.amountMaxCents),
    supplier: { _id: r.supplierId, name: supplierName },
    expenseType: r.expenseType,
    documentType: r.documentType,
    paymentMethod: r.paymentMethod,
    expenseDescription: r.expenseDescription,
    active: r.active,
    createdAt: r.createdAt.toISOString(),
  };
}

async function load(db: Db | Tx, id: string): Promise<BankRule> {
  const [row] = await db
    .select(select)
    .from(bankRules)
    .innerJoin(suppliers, eq(suppliers.id, bankRules.supplierId))
    .where(eq(bankRules.id, id))
    .limit(1);
  if (!row) throw notFound('Regla no encontrada');
  return toDto(row);
}

/** `GET /bank-rules` (admin): every rule, in the order they are tried. */
export async function listRules({ db }: ActorCall): Promise<BankRule[]> {
  const rows = await db
    .select(select)
    .from(bankRules)
    .innerJoin(suppliers, eq(suppliers.id, bankRules.supplierId))
    .orderBy(asc(bankRules.position), asc(bankRules.createdAt));
  return rows.map(toDto);
}

/** 400 on a supplier or account that does not exist. */
async function checkRefs(tx: Tx, input: z.output<typeof BankRuleRequestSchema>): Promise<void> {
  const [s] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, input.supplierId));
  if (!s) throw badRequest('Proveedor inválido', [{ field: 'supplierId', message: 'Proveedor inválido' }]);
  if (input.bankAccountId) {
    const [a] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(eq(bankAccounts.id, input.bankAccountId));
    if (!a) throw badRequest('Cuenta inválida', [{ field: 'bankAccountId', message: 'Cuenta inválida' }]);
  }
}

const values = (input: z.output<typeof BankRuleRequestSchema>) => ({
  name: input.name,
  bankAccountId: input.bankAccountId ?? null,
  descriptionContains: input.descriptionContains || null,
  amountMinCents: input.amountMin == null ? null : toCents(input.amountMin),
  amountMaxCents: input.amountMax == null ? null : toCents(input.amountMax),
  supplierId: input.supplierId,
  expenseType: input.expenseType,
  documentType: input.documentType,
  paymentMethod: input.paymentMethod,
  expenseDescription: input.expenseDescription || null,
  active: input.active,
});

/** `POST /bank-rules` (admin). 400 on an unknown supplier or account. Audited. */
export async function createRule(
  opts: WriteCall & { input: z.output<typeof BankRuleRequestSchema> },
): Promise<BankRule> {
  const { db, ctx, input } = opts;
  const id = await db.transaction(async (tx) => {
    await checkRefs(tx, input);
    const [row] = await tx.insert(bankRules).values(values(input)).returning({ id: bankRules.id });
    await audit(tx, ctx, 'bank.rule_created', { type: 'bank_rule', id: row!.id }, { name: input.name });
    return row!.id;
  });
  return load(db, id);
}

/** `PUT /bank-rules/{id}` (admin): replaces the rule. 404 unknown. Audited. */
export async function updateRule(
  opts: WriteCall & { id: string; input: z.output<typeof BankRuleRequestSchema> },
): Promise<BankRule> {
  const { db, ctx, id, input } = opts;
  await db.transaction(async (tx) => {
    await load(tx, id);
    await checkRefs(tx, input);
    await tx
      .update(bankRules)
      .set({ ...values(input), updatedAt: new Date() })
      .where(eq(bankRules.id, id));
    await audit(tx, ctx, 'bank.rule_updated', { type: 'bank_rule', id }, { name: input.name });
  });
  return load(db, id);
}

/** `DELETE /bank-rules/{id}` (admin): expenses it created stay. 404 unknown. Audited. */
export async function deleteRule(opts: WriteCall & { id: string }): Promise<void> {
  const { db, ctx, id } = opts;
  await db.transaction(async (tx) => {
    const rule = await load(tx, id);
    await tx.delete(bankRules).where(eq(bankRules.id, id));
    await audit(tx, ctx, 'bank.rule_deleted', { type: 'bank_rule', id }, { name: rule.name });
  });
}
