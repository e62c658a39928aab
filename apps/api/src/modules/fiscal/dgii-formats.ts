import { CONSUMO_BUYER_ID_THRESHOLD_CENTS, type NcfAnnulmentType } from '@agencia/shared';

/*
 * DGII "Formatos de Envío de Datos" 607 (ventas de bienes y servicios) and 608 (comprobantes
 * anulados), Norma General 07-2018 (as amended by 05-2019): a header `607|RNC|YYYYMM|count`
 * and one pipe-separated line per document. Field order, number and date formats from the DGII
 * instructivo "Llenado y Remisión del Formato de Envío de Ventas de Bienes y Servicios (607)"
 * and the community implementation indexa-git/l10n-dominicana `dgii_reports/models/dgii_report.py`
 * (`process_607_report_data`, `process_608_report_data`, `_generate_607_txt`: CRLF line ends,
 * consumo invoices below RD$250,000 left out of the file). Research: docs/research/dgii-607-608.md.
 */

/** One sale document of the 607 (an invoice or a credit note). Amounts in centavos; dates ISO YYYY-MM-DD. */
export interface Dgii607Row {
  /** Col. 1 "RNC/Cédula o Pasaporte": digits, or null (consumo without buyer). */
  buyerId: string | null;
  /** Col. 2 "Tipo Identificación": 1 RNC, 2 cédula, 3 pasaporte / other; null with no buyer. */
  buyerIdType: 1 | 2 | 3 | null;
  /** Col. 3 "Número Comprobante Fiscal". */
  ncf: string;
  /** Col. 4 "Número Comprobante Fiscal Modificado" (credit notes). */
  modifiedNcf: string | null;
  /** Col. 5 "Tipo de Ingreso" 01–06 ({@link DGII_INCOME_TYPES}). */
  incomeType: keyof typeof DGII_INCOME_TYPES;
  /** Col. 6 "Fecha Comprobante". */
  issueDate: string;
  /** Col. 7 "Fecha de Retención" (when the buyer withheld). */
  withholdingDate: string | null;
  /** Col. 8 "Monto Facturado": the amount before ITBIS (taxable + exempt, after discounts). */
  invoicedAmountCents: number;
  /** Col. 9 "ITBIS Facturado". */
  itbisCents: number;
  /** Col. 10 "ITBIS Retenido por Terceros". */
  itbisWithheldCents: number;
  /** Col. 11 "ITBIS Percibido". */
  itbisPerceivedCents: number;
  /** Col. 12 "Retención Renta por Terceros" (ISR withheld). */
  isrWithheldCents: number;
  /** Col. 13 "ISR Percibido". */
  isrPerceivedCents: number;
  /** Col. 14 "Impuesto Selectivo al Consumo". */
  selectiveTaxCents: number;
  /** Col. 15 "Otros Impuestos/Tasas". */
  otherTaxesCents: number;
  /** Col. 16 "Monto Propina Legal". */
  legalTipCents: number;
  /** Col. 17 "Efectivo". */
  cashCents: number;
  /** Col. 18 "Cheque/Transferencia/Depósito". */
  bankCents: number;
  /** Col. 19 "Tarjeta Débito/Crédito". */
  cardCents: number;
  /** Col. 20 "Venta a Crédito". */
  creditSaleCents: number;
  /** Col. 21 "Bonos o Certificados de Regalo". */
  giftCertificateCents: number;
  /** Col. 22 "Permuta". */
  barterCents: number;
  /** Col. 23 "Otras Formas de Ventas". */
  otherPaymentCents: number;
}

/** One annulled NCF of the 608. Date ISO YYYY-MM-DD. */
export interface Dgii608Row {
  ncf: string;
  issueDate: string;
  annulmentType: NcfAnnulmentType;
}

/** "Tipo de Ingreso" of the 607 (Norma 07-2018). */
export const DGII_INCOME_TYPES = {
  '01': 'Ingresos por operaciones (no financieros)',
  '02': 'Ingresos financieros',
  '03': 'Ingresos extraordinarios',
  '04': 'Ingresos por arrendamientos',
  '05': 'Ingresos por venta de activo depreciable',
  '06': 'Otros ingresos',
} as const;

/** Line separator of the DGII text files (the DGII tools and l10n-dominicana write CRLF). */
export const DGII_EOL = '\r\n';

const PERIOD_RE = /^(19|20)\d{2}(0[1-9]|1[0-2])$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Centavos → "1234.50" (2 decimals, dot, no thousands separator). Throws RangeError on non-integers. */
export function dgiiAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount must be integer centavos: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** ISO date → YYYYMMDD; null → empty. Throws RangeError on another shape. */
export function dgiiDate(iso: string | null): string {
  if (iso === null) return '';
  if (!ISO_RE.test(iso)) throw new RangeError(`date must be YYYY-MM-DD: ${iso}`);
  return iso.replaceAll('-', '');
}

function checkHeader(rnc: string, period: string): void {
  if (!/^(\d{9}|\d{11})$/.test(rnc)) throw new RangeError(`RNC must be 9 digits (or a cédula of 11): ${rnc}`);
  if (!PERIOD_RE.test(period)) throw new RangeError(`period must be YYYYMM: ${period}`);
}

/**
 * True when a 607 row is a consumo NCF (B02 / E32) below RD$250,000 in total: those are not
 * listed one by one but declared as a total in the Oficina Virtual (DGII instructivo 607;
 * l10n-dominicana leaves them out of the txt). Total = amount before ITBIS + ITBIS.
 */
export function isSummarisedConsumo(row: Dgii607Row): boolean {
  const type = row.ncf.slice(1, 3);
  const consumo = (row.ncf[0] === 'B' && type === '02') || (row.ncf[0] === 'E' && type === '32');
  return consumo && row.invoicedAmountCents + row.itbisCents < CONSUMO_BUYER_ID_THRESHOLD_CENTS;
}

function line607(r: Dgii607Row): string {
  return [
    r.buyerId ?? '',
    r.buyerIdType === null ? '' : String(r.buyerIdType),
    r.ncf,
    r.modifiedNcf ?? '',
    r.incomeType,
    dgiiDate(r.issueDate),
    dgiiDate(r.withholdingDate),
    dgiiAmount(r.invoicedAmountCents),
    dgiiAmount(r.itbisCents),
    dgiiAmount(r.itbisWithheldCents),
    dgiiAmount(r.itbisPerceivedCents),
    dgiiAmount(r.isrWithheldCents),
    dgiiAmount(r.isrPerceivedCents),
    dgiiAmount(r.selectiveTaxCents),
    dgiiAmount(r.otherTaxesCents),
    dgiiAmount(r.legalTipCents),
    dgiiAmount(r.cashCents),
    dgiiAmount(r.bankCents),
    dgiiAmount(r.cardCents),
    dgiiAmount(r.creditSaleCents),
    dgiiAmount(r.giftCertificateCents),
    dgiiAmount(r.barterCents),
    dgiiAmount(r.otherPaymentCents),
  ].join('|');
}

/**
 * The 607 text: `607|RNC|YYYYMM|count` then one line per listed row (consumo below RD$250,000
 * excluded, {@link isSummarisedConsumo}), CRLF-separated, ending with CRLF. Throws RangeError
 * on a bad RNC, period, date or amount.
 */
export function format607(input: { rnc: string; period: string; rows: Dgii607Row[] }): string {
  checkHeader(input.rnc, input.period);
  const listed = input.rows.filter((r) => !isSummarisedConsumo(r));
  const lines = [`607|${input.rnc}|${input.period}|${listed.length}`, ...listed.map(line607)];
  return lines.join(DGII_EOL) + DGII_EOL;
}

/** The 608 text: `608|RNC|YYYYMM|count` then `NCF|YYYYMMDD|TT` lines, CRLF-separated. Throws RangeError on bad input. */
export function format608(input: { rnc: string; period: string; rows: Dgii608Row[] }): string {
  checkHeader(input.rnc, input.period);
  const lines = [
    `608|${input.rnc}|${input.period}|${input.rows.length}`,
    ...input.rows.map((r) => {
      if (!/^(0[1-9]|10)$/.test(r.annulmentType))
        throw new RangeError(`annulment type 01–10: ${r.annulmentType}`);
      return [r.ncf, dgiiDate(r.issueDate), r.annulmentType].join('|');
    }),
  ];
  return lines.join(DGII_EOL) + DGII_EOL;
}
