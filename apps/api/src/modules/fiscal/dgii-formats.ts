import {
  CONSUMO_BUYER_ID_THRESHOLD_CENTS,
  dopAmounts,
  NCF_ANNULMENT_TYPE_LABELS,
  type NcfAnnulmentType,
  toDopCents,
} from '@agencia/shared';

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
 */

/** Separator after every line of the DGII text files, the last one included (l10n-dominicana writes CRLF). */
export const DGII_EOL = '\r\n';

/**
 * Oldest period the 607/608 layout of Norma General 07-2018 applies to (the DGII tool reads
 * "a partir del periodo de mayo 2018").
 */
export const DGII_LAYOUT_FIRST_PERIOD = '201805';

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
 * payment form (payments plus the withholdings recorded on them); `forms` is null for a credit
 * note, which has no payment form.
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

const PERIOD_RE = /^\d{4}(0[1-9]|1[0-2])$/;
const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
// NCF: series B + type (2) + sequence (8); e-NCF: E + type (2) + sequence (10).
const NCF_RE = /^(B\d{10}|E\d{12})$/;
// A modified NCF may also be a pre-2018 NCF of 19 positions (letter + 18 digits).
const MODIFIED_NCF_RE = /^(B\d{10}|E\d{12}|[A-Z]\d{18})$/;
const OTHER_ID_RE = /^[A-Z0-9]{1,20}$/;

/**
 * Centavos → the DGII amount text: two decimals, a dot, no thousands separator (12345 → "123.45").
 * Throws RangeError unless `cents` is a non-negative safe integer.
 */
export function dgiiAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`amount must be a non-negative integer of centavos, got ${cents}`);
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** ISO `YYYY-MM-DD` → `YYYYMMDD`; null → '' (empty field). Throws RangeError on another shape or a day that does not exist. */
export function dgiiDate(iso: string | null): string {
  if (iso === null) return '';
  const m = ISO_DATE_RE.exec(iso);
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!m || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new RangeError(`date must be an existing ISO date YYYY-MM-DD, got "${iso}"`);
  }
  return `${m[1]}${m[2]}${m[3]}`;
}

/** Drops the dashes and spaces people type inside an RNC, cédula or passport number. */
function compactId(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** The header fields, checked: the sender's RNC (9) or cédula (11) and a period YYYYMM of this layout. */
function header(kind: '606' | '607' | '608', rnc: string, period: string, count: number): string {
  const id = compactId(rnc);
  if (!/^(\d{9}|\d{11})$/.test(id)) {
    throw new RangeError(`${kind}: the sender must be an RNC of 9 digits or a cédula of 11, got "${rnc}"`);
  }
  if (!PERIOD_RE.test(period)) throw new RangeError(`${kind}: period must be YYYYMM, got "${period}"`);
  if (period < DGII_LAYOUT_FIRST_PERIOD) {
    throw new RangeError(
      `${kind}: period ${period} is before ${DGII_LAYOUT_FIRST_PERIOD}, when the Norma 07-2018 layout starts`,
    );
  }
  return `${kind}|${id}|${period}|${count}`;
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

/** Each 607 amount, by its DGII column name, so a bad one says where it is. */
function amount(cents: number, column: string, where: string): string {
  try {
    return dgiiAmount(cents);
  } catch (e) {
    throw new RangeError(`${where}, "${column}": ${(e as Error).message}`);
  }
}

function date(iso: string | null, column: string, where: string): string {
  try {
    return dgiiDate(iso);
  } catch (e) {
    throw new RangeError(`${where}, "${column}": ${(e as Error).message}`);
  }
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
    date(r.issueDate, c[5], where),
    date(r.withholdingDate, c[6], where),
    amount(r.invoicedAmountCents, c[7], where),
    amount(r.itbisCents, c[8], where),
    amount(r.itbisWithheldCents, c[9], where),
    amount(r.itbisPerceivedCents, c[10], where),
    amount(r.isrWithheldCents, c[11], where),
    amount(r.isrPerceivedCents, c[12], where),
    amount(r.selectiveTaxCents, c[13], where),
    amount(r.otherTaxesCents, c[14], where),
    amount(r.legalTipCents, c[15], where),
    amount(r.cashCents, c[16], where),
    amount(r.bankCents, c[17], where),
    amount(r.cardCents, c[18], where),
    amount(r.creditSaleCents, c[19], where),
    amount(r.giftCertificateCents, c[20], where),
    amount(r.barterCents, c[21], where),
    amount(r.otherPaymentCents, c[22], where),
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
    lines.push([r.ncf, date(r.issueDate, DGII_608_COLUMNS[1], where), r.annulmentType].join('|'));
  });
  return lines.map((l) => l + DGII_EOL).join('');
}

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
    date(r.issueDate, c[5], where),
    date(r.paymentDate, c[6], where),
    amount(r.servicesCents, c[7], where),
    amount(r.goodsCents, c[8], where),
    amount(r.servicesCents + r.goodsCents, c[9], where),
    amount(r.itbisCents, c[10], where),
    amount(r.itbisWithheldCents, c[11], where),
    amount(r.itbisProportionalCents, c[12], where),
    amount(r.itbisToCostCents, c[13], where),
    amount(r.itbisCents - r.itbisToCostCents, c[14], where),
    amount(r.itbisPerceivedCents, c[15], where),
    // DGII (credit purchases): "Tipo de Retención" stays empty until the withholding is reported.
    r.isrWithheldCents > 0 ? (r.isrWithholdingType ?? '') : '',
    amount(r.isrWithheldCents, c[17], where),
    amount(r.isrPerceivedCents, c[18], where),
    amount(r.selectiveTaxCents, c[19], where),
    amount(r.otherTaxesCents, c[20], where),
    amount(r.legalTipCents, c[21], where),
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
