import { isAgencyPurchaseType } from '@agencia/shared';
import { and, asc, eq, gt, gte, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { expenses, suppliers } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { type Dgii606Row, format606, purchase606Row } from './dgii-606.js';
import { agencyRnc, periodBounds } from './dgii-report-inputs.js';

/* The DGII 606 of a period read from the database (decision 141); split from dgii-reports.service.ts (decision 152). */

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
