import { randomInt } from 'node:crypto';
import type { Db } from '../src/db/client.js';
import { type ExpenseRow, expenses, type SupplierRow, suppliers } from '../src/db/schema/index.js';

/**
 * Purchases for tests that need them as data (profitability, "Facturar gastos"), written straight
 * into the tables of decision 140 so they do not depend on the expenses API's details. Amounts
 * in centavos of `currency`.
 */

/** A supplier (a company with a foreign id by default, so no RNC check digit is involved), with overrides. */
export async function insertSupplier(
  db: Db,
  overrides: Partial<typeof suppliers.$inferInsert> = {},
): Promise<SupplierRow> {
  const [row] = await db
    .insert(suppliers)
    .values({
      name: 'Suplidor de prueba',
      taxIdType: 'foreign',
      taxId: `EXT-${randomInt(1e9)}`,
      taxpayerType: 'persona_juridica',
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A recorded B01 purchase of RD$1,000.00 in services (no ITBIS), dated 2026-03-10, with a fresh
 * NCF, on `supplierId`; override anything (project, billable, currency + exchangeRate, amounts).
 */
export async function insertExpense(
  db: Db,
  supplierId: string,
  overrides: Partial<typeof expenses.$inferInsert> = {},
): Promise<ExpenseRow> {
  const [row] = await db
    .insert(expenses)
    .values({
      supplierId,
      documentType: 'B01',
      ncf: `B01${String(randomInt(1e8)).padStart(8, '0')}`,
      issueDate: '2026-03-10',
      expenseType: '02',
      paymentMethod: '02',
      servicesCents: 100_000,
      description: 'Gasto de prueba',
      ...overrides,
    })
    .returning();
  return row!;
}
