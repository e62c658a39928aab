import {
  CONSUMO_BUYER_ID_THRESHOLD_CENTS,
  dopAmounts,
  NCF_ANNULMENT_TYPE_LABELS,
  type NcfAnnulmentType,
  toDopCents,
} from '@agencia/shared';
import {
  amountField,
  compactId,
  DGII_EOL,
  dateField,
  header,
  MODIFIED_NCF_RE,
  NCF_RE,
  OTHER_ID_RE,
} from './dgii-fields.js';

/*
 * DGII "Formatos de Envío de Datos" 607 (ventas de bienes y servicios) and 608 (comprobantes
 * anulados), layout of Norma General 07-2018 (amended by 10-2018 and 05-2019), in force from the
 * period 201805. Pure functions: rows in, the text file out. Sources, field by field, and what
 * could not be confirmed: docs/research/dgii-607-608.md. In short:
 * - header `607|RNC|YYYYMM|count`, one `|`-separated line per document, CRLF after every line
 *   (indexa-git/l10n-dominicana 12.0 `dgii_reports/models/dgii_report.py` `_generate_607_txt`);
 * - no padding inside fields (raulovallet/l10n-dominicana-pro, commit 9f6f30c "delete spaces in
 *   report 607");
 * - consumo invoices below RD$250,000 are not listed: they go as one summary in the Oficina
 *   Virtual (l10n-dominicana `_compute_607_data`; DGII Comunidad de Ayuda, NG 07-18 arts. 4, 13).
 * The text rules the three files share are in dgii-fields.ts, the 606 in dgii-606.ts (decision 152).
 */

/**
 * "Tipo de Ingreso" of the 607, column 5. Codes and labels: l10n-dominicana 12.0
 * `ncf_manager/models/account_invoice.py` (`income_type`), same codes in 17.0
 * `l10n_do_accounting/models/account_move.py` (`_get_l10n_do_income_type`). An agency's fees are '01'.
 */
export const DGII_INCOME_TYPES = {
  '01': 'Ingresos por operaciones (no financieros)',
  '02': 'Ingresos financieros',
  '03': 'Ingresos extraordinarios',
  '04': 'Ingresos por arrendamientos',
  '05': 'Ingresos por venta de activo depreciable',
  '06': 'Otros ingresos',
} as const;

/** A "Tipo de Ingreso" code, '01'–'06' ({@link DGII_INCOME_TYPES}). */
export type DgiiIncomeType = keyof typeof DGII_INCOME_TYPES;

/**
 * "Tipo de Anulación" of the 608, '01'–'10', with their Spanish labels. The one list lives in
 * `@agencia/shared` (`NCF_ANNULMENT_TYPE_LABELS`, also shown by the void form); codes and meanings
 * checked against l10n-dominicana 12.0 `ncf_manager/models/account_invoice.py` (`anulation_type`)
 * and 17.0 `l10n_do_accounting/models/account_move.py` (`_get_l10n_do_cancellation_type`).
 * For display order iterate `NCF_ANNULMENT_TYPES`: JavaScript lists the key '10' first.
 */
export const DGII_ANNULMENT_TYPES: Readonly<Record<NcfAnnulmentType, string>> = NCF_ANNULMENT_TYPE_LABELS;

/**
 * The 23 columns of a 607 line, in file order, by their DGII names (Norma 07-2018 tool; order of
 * columns 1–20 and 23 as l10n-dominicana writes them, 21 bonos before 22 permuta as the DGII
 * names them, see the research note).
 */
export const DGII_607_COLUMNS = [
  'RNC/Cédula o Pasaporte',
  'Tipo Identificación',
  'Número Comprobante Fiscal',
  'Número Comprobante Fiscal Modificado',
  'Tipo de Ingreso',
  'Fecha Comprobante',
  'Fecha de Retención',
  'Monto Facturado',
  'ITBIS Facturado',
  'ITBIS Retenido por Terceros',
  'ITBIS Percibido',
  'Retención Renta por Terceros',
  'ISR Percibido',
  'Impuesto Selectivo al Consumo',
  'Otros Impuestos/Tasas',
  'Monto Propina Legal',
  'Efectivo',
  'Cheque/Transferencia/Depósito',
  'Tarjeta Débito/Crédito',
  'Venta a Crédito',
  'Bonos o Certificados de Regalo',
  'Permuta',
  'Otras Formas de Ventas',
] as const;

/** The 3 columns of a 608 line, in file order (l10n-dominicana `process_608_report_data`). */
export const DGII_608_COLUMNS = [
  'Número Comprobante Fiscal',
  'Fecha Comprobante',
  'Tipo de Anulación',
] as const;

/**
 * One sale document of the 607: an invoice, or a credit note (then `modifiedNcf` is set).
 * Amounts are integer centavos, never negative (credit notes too: the NCF type says what they
 * are); dates are ISO `YYYY-MM-DD`. Column numbers are those of {@link DGII_607_COLUMNS}.
 */
export interface Dgii607Row {
  /**
   * Col. 1 "RNC/Cédula o Pasaporte": the buyer's id, digits (dashes and spaces are dropped); a
   * passport or foreign id (type 3) may hold letters. null when the document has no buyer id
   * (a consumo invoice, or a credit note on one).
   */
  buyerId: string | null;
  /** Col. 2 "Tipo Identificación": 1 RNC (9 digits), 2 cédula (11 digits), 3 pasaporte/other; null with no buyer id. */
  buyerIdType: 1 | 2 | 3 | null;
  /** Col. 3 "Número Comprobante Fiscal": `B` + 10 digits (NCF) or `E` + 12 digits (e-NCF). */
  ncf: string;
  /** Col. 4 "Número Comprobante Fiscal Modificado": the NCF a credit/debit note modifies; null otherwise. */
  modifiedNcf: string | null;
  /** Col. 5 "Tipo de Ingreso", '01'–'06' ({@link DGII_INCOME_TYPES}); services: '01'. */
  incomeType: DgiiIncomeType;
  /** Col. 6 "Fecha Comprobante": the document's issue date, ISO. */
  issueDate: string;
  /** Col. 7 "Fecha de Retención": when the buyer withheld ITBIS/ISR, ISO; null when nothing was withheld. */
  withholdingDate: string | null;
  /** Col. 8 "Monto Facturado": amount before ITBIS (taxable + exempt, after discounts), centavos. */
  invoicedAmountCents: number;
  /** Col. 9 "ITBIS Facturado", centavos. */
  itbisCents: number;
  /** Col. 10 "ITBIS Retenido por Terceros": ITBIS the buyer withheld (e.g. 30 % by a company), centavos. */
  itbisWithheldCents: number;
  /** Col. 11 "ITBIS Percibido", centavos (0 for this product). */
  itbisPerceivedCents: number;
  /** Col. 12 "Retención Renta por Terceros": ISR the buyer withheld (e.g. 5 % by the State), centavos. */
  isrWithheldCents: number;
  /** Col. 13 "ISR Percibido", centavos (0 for this product). */
  isrPerceivedCents: number;
  /** Col. 14 "Impuesto Selectivo al Consumo", centavos. */
  selectiveTaxCents: number;
  /** Col. 15 "Otros Impuestos/Tasas", centavos. */
  otherTaxesCents: number;
  /** Col. 16 "Monto Propina Legal", centavos. */
  legalTipCents: number;
  /** Col. 17 "Efectivo": part of the total settled in cash, centavos. */
  cashCents: number;
  /** Col. 18 "Cheque/Transferencia/Depósito", centavos. */
  bankCents: number;
  /** Col. 19 "Tarjeta Débito/Crédito", centavos. */
  cardCents: number;
  /** Col. 20 "Venta a Crédito": the part not yet collected, centavos. */
  creditSaleCents: number;
  /** Col. 21 "Bonos o Certificados de Regalo", centavos. */
  giftCertificateCents: number;
  /** Col. 22 "Permuta" (barter), centavos. */
  barterCents: number;
  /** Col. 23 "Otras Formas de Ventas", centavos. */
  otherPaymentCents: number;
}

/** One annulled NCF of the 608 (DGII "Formato de Envío de Comprobantes Anulados"). */
export interface Dgii608Row {
  /** Col. 1 "Número Comprobante Fiscal": `B` + 10 digits or `E` + 12 digits. */
  ncf: string;
  /** Col. 2 "Fecha Comprobante", ISO `YYYY-MM-DD`. */
  issueDate: string;
  /** Col. 3 "Tipo de Anulación", '01'–'10' ({@link DGII_ANNULMENT_TYPES}). */
  annulmentType: NcfAnnulmentType;
}

/**
 * A document's 607 amounts in its own currency (centavos), before any conversion: the ITBIS base
 * and exempt part (their sum is col. 8), the ITBIS, the withholdings, and what was settled by each
 * payment form (payments plus the withholdings recorded on them, or a note's share of its
 * operation's: {@link collectionForms}); `forms` null puts nothing in the payment columns.
 */
export interface Dgii607Amounts {
  taxableBaseCents: number;
  exemptCents: number;
  taxCents: number;
  itbisWithheldCents: number;
  isrWithheldCents: number;
  forms: { cashCents: number; bankCents: number; cardCents: number } | null;
}

/** The amount columns of a 607 row (8–10, 12, 17–20), in DOP centavos. */
export type Dgii607MoneyFields = Pick<
  Dgii607Row,
  | 'invoicedAmountCents'
  | 'itbisCents'
  | 'itbisWithheldCents'
  | 'isrWithheldCents'
  | 'cashCents'
  | 'bankCents'
  | 'cardCents'
  | 'creditSaleCents'
>;

/**
 * The 607 amount columns of a document, in DOP (issue 27, decision 137). The DGII's files are in
 * pesos: a foreign-currency document reports each amount × `rate` (DOP per unit, the rate frozen
 * when it was issued), rounded half-up to the centavo. Col. 8 and 9 are the e-CF's own DOP figures
 * (base, exempt and ITBIS converted one by one, `dopAmounts`), so the 607 and the e-CF agree; the
 * payment forms (17–20) are converted and the rounding difference put on the largest, so they
 * still add up to col. 8 + col. 9 as the DGII checks. `rate` null (a DOP document) converts nothing.
 * Withholdings convert at the document's rate too: the exchange difference of a later payment is
 * an accounting matter, not a 607 one.
 */
export function dgii607Amounts(a: Dgii607Amounts, rate: number | null): Dgii607MoneyFields {
  const conv = (c: number) => (rate === null ? c : toDopCents(c, rate));
  const dop = dopAmounts(a, rate);
  const base = {
    invoicedAmountCents: dop.taxableBaseCents + dop.exemptCents,
    itbisCents: dop.taxCents,
    itbisWithheldCents: conv(a.itbisWithheldCents),
    isrWithheldCents: conv(a.isrWithheldCents),
  };
  if (!a.forms) return { ...base, cashCents: 0, bankCents: 0, cardCents: 0, creditSaleCents: 0 };
  const docTotal = a.taxableBaseCents + a.exemptCents + a.taxCents;
  const { cashCents, bankCents, cardCents } = a.forms;
  const creditDoc = Math.max(0, docTotal - cashCents - bankCents - cardCents);
  const docForms = [cashCents, bankCents, cardCents, creditDoc];
  const forms = docForms.map(conv);
  // Paid no more than the total: the forms split the DOP total exactly (largest form absorbs the rounding).
  if (rate !== null && cashCents + bankCents + cardCents <= docTotal) {
    const diff = dop.totalCents - forms.reduce((x, y) => x + y, 0);
    const largest = docForms.indexOf(Math.max(...docForms));
    forms[largest] = forms[largest]! + diff;
  }
  return {
    ...base,
    cashCents: forms[0]!,
    bankCents: forms[1]!,
    cardCents: forms[2]!,
    creditSaleCents: forms[3]!,
  };
}

/** How an operation (an invoice with its debit and credit notes) was collected by a date, in centavos of its currency. */
export interface OperationCollection {
  /** Invoice total plus its debit notes. */
  chargedCents: number;
  /** Its credit notes. */
  creditedCents: number;
  /** Payments by form, each with the withholdings recorded on it. */
  cashCents: number;
  bankCents: number;
  cardCents: number;
}

/**
 * The payment-form columns (17–19; col. 20 "Venta a Crédito" is the rest) of one document of an
 * operation — the invoice, or one of its debit or credit notes — with `docTotalCents` (its amount
 * plus ITBIS). Fields 17–23 of the 607 say how the sale was collected (Norma General 07-2018) and
 * must add up to the document's amount plus ITBIS. What is collected is the net of the operation
 * (invoice + debit notes − credit notes), so each of its documents carries its total split in the
 * proportions the operation was collected: the payments by form and, for what is still owed, venta
 * a crédito. A settled operation (paid, withheld and credited in full) has nothing on credit, and a
 * note follows its invoice: the invoice's forms less its credit notes' are what was received by
 * each form (issue 42, point 6). An operation with nothing charged, paid or owed (fully credited,
 * never paid) is on credit. Half-up per form; the rest, never negative, is on credit.
 */
export function collectionForms(
  docTotalCents: number,
  op: OperationCollection,
): { cashCents: number; bankCents: number; cardCents: number } {
  const paid = op.cashCents + op.bankCents + op.cardCents;
  const owed = Math.max(0, op.chargedCents - op.creditedCents - paid);
  const base = paid + owed;
  if (base <= 0 || docTotalCents <= 0) return { cashCents: 0, bankCents: 0, cardCents: 0 };
  const part = (cents: number) => Math.round((docTotalCents * cents) / base);
  const forms = [part(op.cashCents), part(op.bankCents), part(op.cardCents)];
  // Rounding up three forms may pass the total by a centavo or two: take it off the largest.
  const over = forms.reduce((a, b) => a + b, 0) - docTotalCents;
  if (over > 0) forms[forms.indexOf(Math.max(...forms))]! -= over;
  return { cashCents: forms[0]!, bankCents: forms[1]!, cardCents: forms[2]! };
}

/** The buyer's id and its type, checked against each other. */
function buyerFields(r: Dgii607Row, where: string): [string, string] {
  if (r.buyerId === null || r.buyerId.trim() === '') {
    if (r.buyerIdType !== null) throw new RangeError(`${where}: id type ${r.buyerIdType} without a buyer id`);
    return ['', ''];
  }
  const id = compactId(r.buyerId);
  const ok =
    (r.buyerIdType === 1 && /^\d{9}$/.test(id)) ||
    (r.buyerIdType === 2 && /^\d{11}$/.test(id)) ||
    (r.buyerIdType === 3 && OTHER_ID_RE.test(id));
  if (!ok) {
    throw new RangeError(
      `${where}: buyer id "${r.buyerId}" does not fit id type ${r.buyerIdType} (1 RNC 9 digits, 2 cédula 11 digits, 3 other)`,
    );
  }
  return [id, String(r.buyerIdType)];
}

function line607(r: Dgii607Row, index: number): string {
  const where = `607 row ${index + 1} (${r.ncf})`;
  if (!NCF_RE.test(r.ncf)) throw new RangeError(`${where}: NCF must be B + 10 digits or E + 12 digits`);
  if (r.modifiedNcf !== null && !MODIFIED_NCF_RE.test(r.modifiedNcf)) {
    throw new RangeError(`${where}: modified NCF "${r.modifiedNcf}" is not an NCF`);
  }
  if (!Object.hasOwn(DGII_INCOME_TYPES, r.incomeType)) {
    throw new RangeError(`${where}: income type must be 01–06, got "${r.incomeType}"`);
  }
  const c = DGII_607_COLUMNS;
  const fields = [
    ...buyerFields(r, where),
    r.ncf,
    r.modifiedNcf ?? '',
    r.incomeType,
    dateField(r.issueDate, c[5], where),
    dateField(r.withholdingDate, c[6], where),
    amountField(r.invoicedAmountCents, c[7], where),
    amountField(r.itbisCents, c[8], where),
    amountField(r.itbisWithheldCents, c[9], where),
    amountField(r.itbisPerceivedCents, c[10], where),
    amountField(r.isrWithheldCents, c[11], where),
    amountField(r.isrPerceivedCents, c[12], where),
    amountField(r.selectiveTaxCents, c[13], where),
    amountField(r.otherTaxesCents, c[14], where),
    amountField(r.legalTipCents, c[15], where),
    amountField(r.cashCents, c[16], where),
    amountField(r.bankCents, c[17], where),
    amountField(r.cardCents, c[18], where),
    amountField(r.creditSaleCents, c[19], where),
    amountField(r.giftCertificateCents, c[20], where),
    amountField(r.barterCents, c[21], where),
    amountField(r.otherPaymentCents, c[22], where),
  ];
  return fields.join('|');
}

/**
 * True when a 607 row is a consumo invoice (NCF type B02 or E32) whose total (amount before ITBIS
 * + ITBIS) is below RD$250,000: such invoices are not listed in the file but declared as one
 * summary in the Oficina Virtual (NG 07-18 arts. 4 and 13 as amended by NG 10-18; l10n-dominicana
 * `_compute_607_data`). We compare the total, the figure from which the buyer must be identified
 * (`CONSUMO_BUYER_ID_THRESHOLD_CENTS`, Norma 06-2018), so an identified consumo invoice is always
 * listed; l10n-dominicana compares the amount before ITBIS. Credit notes (B04/E34) are always
 * listed, even on a consumo invoice (DGII Comunidad de Ayuda).
 */
export function isSummarisedConsumo(row: Dgii607Row): boolean {
  const type = row.ncf.slice(0, 3);
  return (
    (type === 'B02' || type === 'E32') &&
    row.invoicedAmountCents + row.itbisCents < CONSUMO_BUYER_ID_THRESHOLD_CENTS
  );
}

/**
 * The 607 text file of a period: `607|RNC|YYYYMM|count`, then one 23-field line per row in the
 * order given ({@link DGII_607_COLUMNS}), consumo below RD$250,000 left out and not counted
 * ({@link isSummarisedConsumo}); every line ends with CRLF. `rnc` is the sender's RNC or cédula
 * (dashes allowed, written without them); `period` is YYYYMM from 201805.
 * Throws RangeError on a bad RNC, period, NCF, id/type pair, income type, date or amount.
 */
export function format607(input: { rnc: string; period: string; rows: Dgii607Row[] }): string {
  const listed = input.rows.filter((r) => !isSummarisedConsumo(r));
  const lines = [header('607', input.rnc, input.period, listed.length)];
  input.rows.forEach((r, i) => {
    if (!isSummarisedConsumo(r)) lines.push(line607(r, i));
  });
  return lines.map((l) => l + DGII_EOL).join('');
}

/**
 * The 608 text file of a period: `608|RNC|YYYYMM|count`, then `NCF|YYYYMMDD|TT` per annulled NCF
 * in the order given; every line ends with CRLF (l10n-dominicana `_generate_608_txt`).
 * Throws RangeError on a bad RNC, period, NCF, date or annulment type.
 */
export function format608(input: { rnc: string; period: string; rows: Dgii608Row[] }): string {
  const lines = [header('608', input.rnc, input.period, input.rows.length)];
  input.rows.forEach((r, i) => {
    const where = `608 row ${i + 1} (${r.ncf})`;
    if (!NCF_RE.test(r.ncf)) throw new RangeError(`${where}: NCF must be B + 10 digits or E + 12 digits`);
    if (!Object.hasOwn(DGII_ANNULMENT_TYPES, r.annulmentType)) {
      throw new RangeError(`${where}: annulment type must be 01–10, got "${r.annulmentType}"`);
    }
    lines.push([r.ncf, dateField(r.issueDate, DGII_608_COLUMNS[1], where), r.annulmentType].join('|'));
  });
  return lines.map((l) => l + DGII_EOL).join('');
}
