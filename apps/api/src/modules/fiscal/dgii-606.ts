import { toDopCents } from '@agencia/shared';
import {
  amountField,
  compactId,
  DGII_EOL,
  dateField,
  header,
  MODIFIED_NCF_RE,
  NCF_RE,
} from './dgii-fields.js';

/*
 * DGII 606, "Formato de Envío de Compras de Bienes y Servicios" (Norma General 07-2018, layout
 * of 05-2019), decision 141. Sources:
 * - field order and text shape: indexa-git/l10n-dominicana 12.0 `dgii_reports/models/dgii_report.py`
 *   (`process_606_report_data`, `_generate_606_txt`: header `606|RNC|YYYYMM|count`, 23 fields);
 *   field meanings: DGII Comunidad de Ayuda, "¿Cómo está compuesto el formato de compras de bienes
 *   y servicios (606)?" (ayuda.dgii.gov.do, 5f3c17978cd858ce87a1b13d);
 * - ITBIS por adelantar = ITBIS facturado − ITBIS llevado al costo (l10n-dominicana
 *   `account_invoice.py` `_compute_advance_itbis`);
 * - a purchase on credit goes in the month it was issued with forma de pago 04 and no payment date
 *   nor withholdings; when it is paid with a withholding it is reported again in the month of the
 *   payment with the date and the withholdings (DGII Comunidad de Ayuda, official answer "Como
 *   declara una persona física las ventas a créditos a entidades del estado", 628543a4a19c15072c3c5c2b;
 *   l10n-dominicana `_include_in_current_report`).
 * Same text rules as the 607: no padding, amounts with two decimals, dates YYYYMMDD, CRLF.
 */

/** The 23 columns of a 606 line, in file order, by their DGII names (see the block comment above). */
export const DGII_606_COLUMNS = [
  'RNC o Cédula',
  'Tipo Id',
  'Tipo Bienes y Servicios Comprados',
  'NCF',
  'NCF o Documento Modificado',
  'Fecha Comprobante',
  'Fecha Pago',
  'Monto Facturado en Servicios',
  'Monto Facturado en Bienes',
  'Total Monto Facturado',
  'ITBIS Facturado',
  'ITBIS Retenido',
  'ITBIS sujeto a Proporcionalidad',
  'ITBIS llevado al Costo',
  'ITBIS por Adelantar',
  'ITBIS percibido en compras',
  'Tipo de Retención en ISR',
  'Monto Retención Renta',
  'ISR Percibido en compras',
  'Impuesto Selectivo al Consumo',
  'Otros Impuesto/Tasas',
  'Monto Propina Legal',
  'Forma de Pago',
] as const;

/**
 * One purchase document of the 606 (a supplier's invoice, a B11 we issued to an informal supplier,
 * or a supplier's credit/debit note with `modifiedNcf`). Amounts are integer DOP centavos, never
 * negative; dates ISO `YYYY-MM-DD`. Col. 10 (services + goods) and col. 15 (ITBIS − ITBIS to cost)
 * are computed by {@link format606}, so they cannot disagree with their parts.
 */
export interface Dgii606Row {
  /** Col. 1: the supplier's RNC (9 digits) or cédula (11); dashes and spaces are dropped. */
  supplierId: string;
  /** Col. 2: 1 RNC, 2 cédula (DGII: "se autocompletará con los códigos 1 o 2"). */
  supplierIdType: 1 | 2;
  /** Col. 3 "Tipo Bienes y Servicios Comprados", '01'–'11'. */
  expenseType: string;
  /** Col. 4: `B` + 10 digits or `E` + 12 digits. */
  ncf: string;
  /** Col. 5: the NCF a supplier's credit/debit note modifies; null otherwise. */
  modifiedNcf: string | null;
  /** Col. 6 "Fecha Comprobante". */
  issueDate: string;
  /** Col. 7 "Fecha Pago": only when paid by the end of the period reported; null otherwise. */
  paymentDate: string | null;
  /** Col. 8: the services part, before taxes. */
  servicesCents: number;
  /** Col. 9: the goods part, before taxes. */
  goodsCents: number;
  /** Col. 11 "ITBIS Facturado". */
  itbisCents: number;
  /** Col. 12 "ITBIS Retenido": 0 unless paid in (or before the end of) the period. */
  itbisWithheldCents: number;
  /** Col. 13 "ITBIS sujeto a Proporcionalidad" (0 for this product). */
  itbisProportionalCents: number;
  /** Col. 14 "ITBIS llevado al Costo": the part of col. 11 that is not a credit (no right to deduct it). */
  itbisToCostCents: number;
  /** Col. 16 "ITBIS percibido en compras" (0 for this product). */
  itbisPerceivedCents: number;
  /** Col. 17 "Tipo de Retención en ISR", '01'–'08'; null when no ISR was withheld. */
  isrWithholdingType: string | null;
  /** Col. 18 "Monto Retención Renta": 0 unless paid by the end of the period. */
  isrWithheldCents: number;
  /** Col. 19 "ISR Percibido en compras" (0 for this product). */
  isrPerceivedCents: number;
  /** Col. 20 "Impuesto Selectivo al Consumo". */
  selectiveTaxCents: number;
  /** Col. 21 "Otros Impuesto/Tasas". */
  otherTaxesCents: number;
  /** Col. 22 "Monto Propina Legal". */
  legalTipCents: number;
  /** Col. 23 "Forma de Pago", '01'–'07'; '04' (compra a crédito) while unpaid. */
  paymentMethod: string;
}

const CODE_01_11 = /^(0[1-9]|1[01])$/;
const CODE_01_08 = /^0[1-8]$/;
const CODE_01_07 = /^0[1-7]$/;

function line606(r: Dgii606Row, index: number): string {
  const where = `606 row ${index + 1} (${r.ncf})`;
  const c = DGII_606_COLUMNS;
  if (!NCF_RE.test(r.ncf)) throw new RangeError(`${where}: NCF must be B + 10 digits or E + 12 digits`);
  if (r.modifiedNcf !== null && !MODIFIED_NCF_RE.test(r.modifiedNcf)) {
    throw new RangeError(`${where}: modified NCF "${r.modifiedNcf}" is not an NCF`);
  }
  const id = compactId(r.supplierId);
  if (!((r.supplierIdType === 1 && /^\d{9}$/.test(id)) || (r.supplierIdType === 2 && /^\d{11}$/.test(id)))) {
    throw new RangeError(
      `${where}: supplier id "${r.supplierId}" does not fit id type ${r.supplierIdType} (1 RNC 9 digits, 2 cédula 11 digits)`,
    );
  }
  if (!CODE_01_11.test(r.expenseType)) throw new RangeError(`${where}, "${c[2]}": must be 01–11`);
  if (r.isrWithholdingType !== null && !CODE_01_08.test(r.isrWithholdingType)) {
    throw new RangeError(`${where}, "${c[16]}": must be 01–08`);
  }
  if (r.isrWithheldCents > 0 && r.isrWithholdingType === null) {
    throw new RangeError(`${where}, "${c[16]}": an ISR withholding needs its type`);
  }
  if (!CODE_01_07.test(r.paymentMethod)) throw new RangeError(`${where}, "${c[22]}": must be 01–07`);
  if (r.itbisToCostCents > r.itbisCents) {
    throw new RangeError(`${where}, "${c[13]}": cannot exceed the ITBIS invoiced`);
  }
  return [
    id,
    String(r.supplierIdType),
    r.expenseType,
    r.ncf,
    r.modifiedNcf ?? '',
    dateField(r.issueDate, c[5], where),
    dateField(r.paymentDate, c[6], where),
    amountField(r.servicesCents, c[7], where),
    amountField(r.goodsCents, c[8], where),
    amountField(r.servicesCents + r.goodsCents, c[9], where),
    amountField(r.itbisCents, c[10], where),
    amountField(r.itbisWithheldCents, c[11], where),
    amountField(r.itbisProportionalCents, c[12], where),
    amountField(r.itbisToCostCents, c[13], where),
    amountField(r.itbisCents - r.itbisToCostCents, c[14], where),
    amountField(r.itbisPerceivedCents, c[15], where),
    // DGII (credit purchases): "Tipo de Retención" stays empty until the withholding is reported.
    r.isrWithheldCents > 0 ? (r.isrWithholdingType ?? '') : '',
    amountField(r.isrWithheldCents, c[17], where),
    amountField(r.isrPerceivedCents, c[18], where),
    amountField(r.selectiveTaxCents, c[19], where),
    amountField(r.otherTaxesCents, c[20], where),
    amountField(r.legalTipCents, c[21], where),
    r.paymentMethod,
  ].join('|');
}

/**
 * The 606 text file of a period: `606|RNC|YYYYMM|count`, then one 23-field line per row in the
 * order given ({@link DGII_606_COLUMNS}); every line ends with CRLF. `rnc` is the sender's RNC or
 * cédula (dashes allowed, written without them); `period` is YYYYMM from 201805. Throws RangeError
 * on a bad RNC, period, NCF, id/type pair, code, date or amount, or ITBIS to cost above the ITBIS.
 */
export function format606(input: { rnc: string; period: string; rows: Dgii606Row[] }): string {
  const lines = [header('606', input.rnc, input.period, input.rows.length)];
  input.rows.forEach((r, i) => {
    lines.push(line606(r, i));
  });
  return lines.map((l) => l + DGII_EOL).join('');
}

/**
 * A recorded purchase as the 606 needs it, in its own currency (centavos) before any conversion;
 * `rate` is DOP per unit (the rate stored on the expense), null for a DOP purchase. Dates ISO.
 */
export interface Purchase606 {
  supplierId: string;
  supplierIdType: 1 | 2;
  expenseType: string;
  ncf: string;
  modifiedNcf: string | null;
  issueDate: string;
  /** The day it was paid; null while unpaid. */
  paymentDate: string | null;
  /** '01'–'07' as paid; ignored while unpaid (then the 606 says '04', compra a crédito). */
  paymentMethod: string | null;
  servicesCents: number;
  goodsCents: number;
  itbisCents: number;
  itbisToCostCents: number;
  itbisWithheldCents: number;
  isrWithholdingType: string | null;
  isrWithheldCents: number;
  selectiveTaxCents: number;
  otherTaxesCents: number;
  legalTipCents: number;
  rate: number | null;
}

/**
 * Whether a purchase goes in the 606 of the period ending `periodEnd` (ISO, last day), and how:
 * - issued in the period: listed; paid by `periodEnd` → with its payment date, withholdings and
 *   payment form; unpaid → no payment date, no withholdings, forma de pago '04' (compra a crédito);
 * - issued earlier and paid in the period with a withholding: listed again, with the payment date
 *   and the withholdings (so each withholding reaches the 606 of the month it was made);
 * - otherwise: null (not in this period's 606).
 * Source: DGII Comunidad de Ayuda, official answer on credit invoices (628543a4a19c15072c3c5c2b):
 * "solo cuando existe retención se debe reportar la factura nuevamente en el periodo
 * correspondiente al pago"; l10n-dominicana `_include_in_current_report` / `_get_pending_invoices`.
 * A payment dated before the invoice (an advance) reports the invoice date, as l10n-dominicana's
 * `_compute_invoice_payment_date` does. Every amount converts to DOP at `rate`, half-up to the
 * centavo (decision 137); `periodStart` is the first day of the period.
 */
export function purchase606Row(p: Purchase606, periodStart: string, periodEnd: string): Dgii606Row | null {
  if (p.issueDate > periodEnd) return null;
  const paid = p.paymentDate !== null && p.paymentDate <= periodEnd;
  const withheld = p.itbisWithheldCents + p.isrWithheldCents > 0;
  if (p.issueDate < periodStart) {
    const paidInPeriod = paid && p.paymentDate! >= periodStart;
    if (!paidInPeriod || !withheld) return null;
  }
  const conv = (c: number) => (p.rate === null ? c : toDopCents(c, p.rate));
  const itbisCents = conv(p.itbisCents);
  return {
    supplierId: p.supplierId,
    supplierIdType: p.supplierIdType,
    expenseType: p.expenseType,
    ncf: p.ncf,
    modifiedNcf: p.modifiedNcf,
    issueDate: p.issueDate,
    // ISO days sort as text: the later of the payment and the invoice.
    paymentDate: paid ? [p.paymentDate!, p.issueDate].sort().at(-1)! : null,
    servicesCents: conv(p.servicesCents),
    goodsCents: conv(p.goodsCents),
    itbisCents,
    itbisWithheldCents: paid ? conv(p.itbisWithheldCents) : 0,
    itbisProportionalCents: 0,
    // Never above the converted ITBIS (both round the same way, this guards a typo'd row).
    itbisToCostCents: Math.min(conv(p.itbisToCostCents), itbisCents),
    itbisPerceivedCents: 0,
    isrWithholdingType: paid && p.isrWithheldCents > 0 ? p.isrWithholdingType : null,
    isrWithheldCents: paid ? conv(p.isrWithheldCents) : 0,
    isrPerceivedCents: 0,
    selectiveTaxCents: conv(p.selectiveTaxCents),
    otherTaxesCents: conv(p.otherTaxesCents),
    legalTipCents: conv(p.legalTipCents),
    paymentMethod: paid && p.paymentMethod ? p.paymentMethod : '04',
  };
}
