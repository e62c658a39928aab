import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expenses, suppliers } from '../src/db/schema/index.js';
import type { Purchase606 } from '../src/modules/fiscal/dgii-606.js';

/**
 * Suppliers and purchases written straight into the tables (decision 140's schema), so report tests
 * do not depend on the purchases API. Amounts in centavos of the purchase's currency.
 */

/** The supplier with this RNC/cédula, created once (taxId digits; 9 → RNC, 11 → cédula). */
export async function supplierFor(
  app: FastifyInstance,
  taxId: string | null,
  overrides: Partial<typeof suppliers.$inferInsert> = {},
): Promise<string> {
  if (taxId) {
    const [found] = await app.db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.taxId, taxId));
    if (found) return found.id;
  }
  const [row] = await app.db
    .insert(suppliers)
    .values({
      name: taxId ? `Proveedor ${taxId}` : 'Proveedor sin identificación',
      taxId,
      taxIdType: taxId === null ? 'none' : taxId.length === 9 ? 'rnc' : 'cedula',
      taxpayerType: taxId?.length === 11 ? 'persona_fisica' : 'persona_juridica',
      ...overrides,
    } as typeof suppliers.$inferInsert)
    .returning({ id: suppliers.id });
  return row!.id;
}

/**
 * A recorded expense from a {@link Purchase606} (the 606 fixtures' shape): its supplier by id,
 * document type from the NCF's prefix, USD when `rate` is set. Returns the expense id.
 */
export async function insertPurchase(
  app: FastifyInstance,
  p: Purchase606,
  overrides: Partial<typeof expenses.$inferInsert> = {},
): Promise<string> {
  const supplierId = await supplierFor(app, p.supplierId.replace(/\D/g, ''));
  const [row] = await app.db
    .insert(expenses)
    .values({
      status: 'recorded',
      supplierId,
      documentType: p.ncf.slice(0, 3) as (typeof expenses.$inferInsert)['documentType'],
      ncf: p.ncf,
      issueDate: p.issueDate,
      paymentDate: p.paymentDate,
      expenseType: p.expenseType as (typeof expenses.$inferInsert)['expenseType'],
      paymentMethod: (p.paymentMethod ?? '04') as (typeof expenses.$inferInsert)['paymentMethod'],
      currency: p.rate === null ? 'DOP' : 'USD',
      exchangeRate: p.rate,
      goodsCents: p.goodsCents,
      servicesCents: p.servicesCents,
      itbisCents: p.itbisCents,
      itbisToCostCents: p.itbisToCostCents,
      itbisWithheldCents: p.itbisWithheldCents,
      isrWithholdingType: p.isrWithholdingType as (typeof expenses.$inferInsert)['isrWithholdingType'],
      isrWithheldCents: p.isrWithheldCents,
      description: `Compra ${p.ncf}`,
      ...overrides,
    })
    .returning({ id: expenses.id });
  return row!.id;
}
