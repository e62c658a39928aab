import type { EcfDocumentInput, EcfLine, EcfType } from './ecf-model.js';

/*
 * Shared ground of the e-CF XML (issue 26): the per-type rules, the number and text formatting the
 * DGII requires, and the amounts a document adds up to. Used by the rules check (`ecf-xml-check.ts`)
 * and the builders (`ecf-xml.ts`); the sources cited here are listed in `ecf-xml.ts`.
 */

// ---------------------------------------------------------------------------------------------
// Per-type rules
// ---------------------------------------------------------------------------------------------

/**
 * How each type's ITBIS is expressed in the XSD's Totales:
 * - `itbis1`: taxed lines at ITBIS tasa 1 (18 %, IndicadorFacturacion 1) and exempt lines (4);
 * - `exempt`: E44 (regímenes especiales), E43 (gastos menores) and E47 (pagos al exterior) have no
 *   gravado/ITBIS fields at all, only MontoExento (XSD e-CF 43, 44, 47 Totales; Formato, Totales:
 *   MontoGravado*, ITBIS* obligatoriedad 0 for 43, 44 and 47);
 * - `zeroRated`: E46 (exportaciones) has neither MontoGravadoI1 nor MontoExento, only MontoGravadoI3,
 *   ITBIS3 (0 %) and TotalITBIS3 (XSD e-CF 46 Totales; Formato: MontoGravadoI3/ITBIS3 "2" for 46,
 *   MontoExento "0" for 46): every line of an export is ITBIS tasa 3 (IndicadorFacturacion 3).
 */
type TaxScheme = 'itbis1' | 'exempt' | 'zeroRated';

interface TypeRules {
  /** TipoeCF code. */
  code: string;
  /** Spanish name for messages. */
  label: string;
  /** FechaVencimientoSecuencia present (Formato, IdDoc: obligatoriedad 0 for 32 and 34; XSD). */
  sequenceExpiry: boolean;
  /** IndicadorNotaCredito required (Formato, IdDoc: 1 for 34 only; XSD e-CF 34). */
  creditNoteIndicator: boolean;
  /** IndicadorMontoGravado exists in the XSD (not in 44 and 46; Formato: obligatoriedad 0 there). */
  taxIncludedIndicator: boolean;
  /** TerminoPago exists (Formato: obligatoriedad 0 for 34; absent from XSD e-CF 34). */
  paymentTerm: boolean;
  /** IdentificadorExtranjero exists in Comprador (absent from XSD e-CF 31 and 45). */
  foreignBuyerId: boolean;
  /** Comprador/RNCComprador is mandatory (XSD e-CF 31 and 45: minOccurs 1). */
  buyerTaxIdRequired: boolean;
  /** Comprador/RazonSocialComprador is mandatory (XSD e-CF 31, 44, 45, 46: minOccurs 1). */
  buyerNameRequired: boolean;
  /** InformacionReferencia mandatory, with RazonModificacion (Formato §F: 1 for 33 and 34; XSD). */
  note: boolean;
  tax: TaxScheme;
  /** IdDoc/TipoIngresos exists (Formato, IdDoc <TipoIngresos>: 1 for 31–34, 44–46; 0 for 41, 43, 47; XSD). */
  incomeType: boolean;
  /** IdDoc/FechaLimitePago exists (Formato: 0 for 43; absent from XSD e-CF 43). */
  paymentDueDate: boolean;
  /**
   * What the Comprador area holds (XSD per type): `full` RNC/IdentificadorExtranjero, name, e-mail,
   * address; `foreign` only IdentificadorExtranjero and RazonSocialComprador, both optional (XSD e-CF
   * 47); `none` no Comprador at all (XSD e-CF 43; Formato, Comprador: obligatoriedad 0 for 43).
   */
  buyerArea: 'full' | 'foreign' | 'none';
  /**
   * Per-line Retencion (XSD e-CF 41 and 47: `Retencion` minOccurs 1 in every Item, with
   * IndicadorAgenteRetencionoPercepcion; Formato §B, obligatoriedad 1 for 41 and 47):
   * `itbisAndIsr` MontoITBISRetenido/MontoISRRetenido optional (41), `isr` MontoISRRetenido mandatory
   * and no ITBIS withheld (47: MontoITBISRetenido obligatoriedad 0, absent from the XSD); `none`
   * elsewhere (the product never withholds on its sales).
   */
  retention: 'none' | 'itbisAndIsr' | 'isr';
}

/** The defaults of the sales types (31–34, 44–46) for the fields the purchase types added. */
const SALES = {
  incomeType: true,
  paymentDueDate: true,
  buyerArea: 'full',
  retention: 'none',
} as const;

export const TYPE_RULES: Record<EcfType, TypeRules> = {
  E31: {
    ...SALES,
    code: '31',
    label: 'factura de crédito fiscal (E31)',
    sequenceExpiry: true,
    creditNoteIndicator: false,
    taxIncludedIndicator: true,
    paymentTerm: true,
    foreignBuyerId: false,
    buyerTaxIdRequired: true,
    buyerNameRequired: true,
    note: false,
    tax: 'itbis1',
  },
  E32: {
    ...SALES,
    code: '32',
    label: 'factura de consumo (E32)',
    sequenceExpiry: false,
    creditNoteIndicator: false,
    taxIncludedIndicator: true,
    paymentTerm: true,
    foreignBuyerId: true,
    buyerTaxIdRequired: false,
    buyerNameRequired: false,
    note: false,
    tax: 'itbis1',
  },
  E33: {
    ...SALES,
    code: '33',
    label: 'nota de débito (E33)',
    sequenceExpiry: true,
    creditNoteIndicator: false,
    taxIncludedIndicator: true,
    paymentTerm: true,
    foreignBuyerId: true,
    buyerTaxIdRequired: false,
    buyerNameRequired: false,
    note: true,
    tax: 'itbis1',
  },
  E34: {
    ...SALES,
    code: '34',
    label: 'nota de crédito (E34)',
    sequenceExpiry: false,
    creditNoteIndicator: true,
    taxIncludedIndicator: true,
    paymentTerm: false,
    foreignBuyerId: true,
    buyerTaxIdRequired: false,
    buyerNameRequired: false,
    note: true,
    tax: 'itbis1',
  },
  E41: {
    code: '41',
    label: 'comprobante de compras (E41)',
    sequenceExpiry: true,
    creditNoteIndicator: false,
    taxIncludedIndicator: true,
    paymentTerm: true,
    foreignBuyerId: false,
    // XSD e-CF 41: RNCComprador and RazonSocialComprador minOccurs 1 (the supplier's cédula).
    buyerTaxIdRequired: true,
    buyerNameRequired: true,
    note: false,
    // XSD e-CF 41 Totales has the ITBIS fields of 31 (Formato, Totales: obligatoriedad 2 for 41).
    tax: 'itbis1',
    incomeType: false,
    paymentDueDate: true,
    buyerArea: 'full',
    retention: 'itbisAndIsr',
  },
  E43: {
    code: '43',
    label: 'comprobante de gastos menores (E43)',
    sequenceExpiry: true,
    creditNoteIndicator: false,
    taxIncludedIndicator: false,
    paymentTerm: false,
    foreignBuyerId: false,
    buyerTaxIdRequired: false,
    buyerNameRequired: false,
    note: false,
    // XSD e-CF 43 Totales: only MontoExento and MontoTotal (Formato: ITBIS fields 0 for 43).
    tax: 'exempt',
    incomeType: false,
    paymentDueDate: false,
    buyerArea: 'none',
    retention: 'none',
  },
  E44: {
    ...SALES,
    code: '44',
    label: 'comprobante de regímenes especiales (E44)',
    sequenceExpiry: true,
    creditNoteIndicator: false,
    taxIncludedIndicator: false,
    paymentTerm: true,
    foreignBuyerId: true,
    buyerTaxIdRequired: false,
    buyerNameRequired: true,
    note: false,
    tax: 'exempt',
  },
  E45: {
    ...SALES,
    code: '45',
    label: 'comprobante gubernamental (E45)',
    sequenceExpiry: true,
    creditNoteIndicator: false,
    taxIncludedIndicator: true,
    paymentTerm: true,
    foreignBuyerId: false,
    buyerTaxIdRequired: true,
    buyerNameRequired: true,
    note: false,
    tax: 'itbis1',
  },
  E46: {
    ...SALES,
    code: '46',
    label: 'comprobante de exportaciones (E46)',
    sequenceExpiry: true,
    creditNoteIndicator: false,
    taxIncludedIndicator: false,
    paymentTerm: true,
    foreignBuyerId: true,
    buyerTaxIdRequired: false,
    buyerNameRequired: true,
    note: false,
    tax: 'zeroRated',
  },
  E47: {
    code: '47',
    label: 'comprobante de pagos al exterior (E47)',
    sequenceExpiry: true,
    creditNoteIndicator: false,
    taxIncludedIndicator: false,
    paymentTerm: true,
    foreignBuyerId: true,
    buyerTaxIdRequired: false,
    buyerNameRequired: false,
    note: false,
    // XSD e-CF 47 Totales: MontoExento, MontoTotal and TotalISRRetencion; no ITBIS fields.
    tax: 'exempt',
    incomeType: false,
    paymentDueDate: true,
    buyerArea: 'foreign',
    retention: 'isr',
  },
};

/**
 * Maximum lines (DetallesItems/Item). XSD e-CF 31/32/44/45/46: maxOccurs 1000 (33/34 allow 10000);
 * the DGII's August 2022 update of the Informe sets "un máximo de mil (1000) líneas" for every e-CF.
 */
export const ECF_MAX_LINES = 1000;

/** ITBIS tasa 1 in percent (XSD IndicadorFacturacionType: "1 = ITBIS 1 (18%)"). */
export const ITBIS1_RATE = 18;

/**
 * IndicadorNotaCredito turns to 1 after this many calendar days between the modified e-CF and the
 * credit note (Formato, IdDoc <IndicadorNotaCredito>: "Valor 0 si fecha de emisión del e-CF afectado
 * es ≤ 30 días calendario; Valor 1 si … > 30 días"; XSD e-CF 34 IndicadorNotaCreditoType 0–1).
 */
export const CREDIT_NOTE_ITBIS_DAYS = 30;

/** Santo Domingo's offset from UTC in ms: UTC−4 all year, no daylight saving time. */
const SANTO_DOMINGO_OFFSET_MS = -4 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(iso: string | null | undefined): iso is string {
  if (typeof iso !== 'string') return false;
  const m = ISO_DATE_RE.exec(iso);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/**
 * `YYYY-MM-DD` → `dd-MM-yyyy`, the e-CF date format (Formato: "Fecha válida: Formato dd-MM-AAAA";
 * XSD FechaValidationType). Throws a RangeError on anything but a real ISO calendar date.
 */
export function formatEcfDate(iso: string): string {
  if (!isIsoDate(iso)) throw new RangeError(`Fecha ISO inválida: ${String(iso)}`);
  const [y, m, d] = iso.split('-');
  return `${d}-${m}-${y}`;
}

/**
 * An instant → `dd-MM-yyyy HH:mm:ss` on the 24-hour clock in Santo Domingo time (UTC−4, no DST):
 * Formato §G <FechaHoraFirma>: "Fecha y hora en formato dd-MM-AAAA HH:mm:ss; Zona horaria GMT -4";
 * XSD DateTimeValidationType (hours 00–23). 2026-11-27T19:05:09Z → `27-11-2026 15:05:09`.
 */
export function formatEcfDateTime(d: Date): string {
  if (!(d instanceof Date) || Number.isNaN(d.getTime())) throw new RangeError('Fecha y hora inválida');
  const t = new Date(d.getTime() + SANTO_DOMINGO_OFFSET_MS);
  return (
    `${pad(t.getUTCDate())}-${pad(t.getUTCMonth() + 1)}-${t.getUTCFullYear()} ` +
    `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
  );
}

/**
 * Centavos → `1500.00`: always two decimals, no thousands separator (Formato §2.2 "los decimales se
 * separan con punto. No debe separarse los miles"; XSD Decimal18D1or2 and, for the RFCE,
 * Decimal18D2 `[0-9]{1,16}(.[0-9]{2})?` where `97.2` is invalid and `97.20` valid).
 */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${pad(abs % 100)}`;
}

/** Fixed-point integer with `decimals` digits → text (`12345, 4` → `1.2345`). */
export function fixed(units: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals);
  const int = units / base;
  const frac = units % base;
  return `${int}.${frac.toString().padStart(decimals, '0')}`;
}

/** a / b rounded half-up, for non-negative a and positive b (Informe §13: third decimal ≥ 5 rounds up). */
export function divHalfUp(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** Exchange rate as an integer of 1/10000 (TipoCambio has at most 4 decimals: XSD Decimal7D1or4). */
export function rateUnits(rate: number): bigint {
  return BigInt(Math.round(rate * 10_000));
}

/**
 * Normalises a text value as it goes into the XML: control characters XML 1.0 forbids are dropped,
 * runs of whitespace become one space, ends are trimmed (the DGII verifies the signature over the
 * document with whitespace removed, so none is left where it could matter). Lengths are checked on
 * this form.
 */
export function cleanText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return Array.from(value).filter(isXmlChar).join('').replace(/\s+/g, ' ').trim();
}

/** Whether XML 1.0 allows the character (Char production: tab, LF, CR, ≥ U+0020 except surrogates and U+FFFE/U+FFFF). */
function isXmlChar(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  if (c >= 0xd800 && c <= 0xdfff) return false; // a lone surrogate
  return c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c !== 0xfffe && c !== 0xffff);
}

/** Length in characters (code points), as XSD maxLength counts them. */
export const charLength = (s: string) => [...s].length;

/**
 * Escapes the five characters the Informe §11.1.2 lists ("quot, amp, apos, lt, gt … deberán ser
 * remplazados por definiciones estándar").
 */
function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** One element, or '' when there is no value (the DGII rejects empty tags). Strings are cleaned and escaped. */
export function el(tag: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : cleanText(value);
  if (text === '') return '';
  return `<${tag}>${escapeXml(text)}</${tag}>`;
}

/** A container of already-built children, or '' when all of them are empty. */
export function group(tag: string, ...children: string[]): string {
  const inner = children.join('');
  return inner === '' ? '' : `<${tag}>${inner}</${tag}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

// ---------------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------------

/**
 * Document currency → DOP centavos: amount × TipoCambio rounded half-up to the centavo (Informe
 * §11.1.2 "Los valores de montos deben ser completados en pesos dominicanos (DOP), excepto los campos
 * correspondientes a otra moneda"; §13 rounding). Identity for DOP documents.
 */
export function toDop(input: EcfDocumentInput, cents: number): number {
  if (input.currency === 'DOP' || input.exchangeRate === null) return cents;
  return Number(divHalfUp(BigInt(cents) * rateUnits(input.exchangeRate), 10_000n));
}

/** A withheld amount of the model (absent = 0). */
export const withheld = (cents: number | undefined) => cents ?? 0;

/** Quantity in hundredths (CantidadItem has at most 2 decimals: XSD Decimal18D1or2). */
export const quantityHundredths = (q: number) => Math.round(q * 100);

/** IndicadorFacturacion of a line (XSD IndicadorFacturacionType: 1 = ITBIS 18 %, 3 = ITBIS 0 %, 4 = exento). */
export function lineIndicator(rules: TypeRules, line: EcfLine): 1 | 3 | 4 {
  if (rules.tax === 'exempt') return 4;
  if (rules.tax === 'zeroRated') return 3;
  return line.taxExempt ? 4 : 1;
}

/** The document's totals as the e-CF states them, in one currency (centavos). */
interface StatedTotals {
  /** MontoGravadoI1 (itbis1) or MontoGravadoI3 (zeroRated); 0 for exempt. */
  taxed: number;
  exempt: number;
  tax: number;
  total: number;
}

/** The global discount split by IndicadorFacturacionDescuentooRecargo (Formato §D b.3: one line per concept). */
interface DiscountShare {
  indicator: 1 | 3 | 4;
  cents: number;
  /** Sum of the lines of that indicator before the discount, for the percentage. */
  linesCents: number;
}

export interface EcfAmounts {
  hasTaxedLines: boolean;
  hasExemptLines: boolean;
  /** Lines of more than one IndicadorFacturacion. */
  mixedLines: boolean;
  doc: StatedTotals;
  dop: StatedTotals;
  discounts: DiscountShare[];
}

export function amounts(input: EcfDocumentInput): EcfAmounts {
  const rules = TYPE_RULES[input.type];
  const t = input.totals;
  const indicators = new Set(input.lines.map((l) => lineIndicator(rules, l)));
  const sumOf = (ind: number) =>
    input.lines.filter((l) => lineIndicator(rules, l) === ind).reduce((s, l) => s + l.totalCents, 0);

  let doc: StatedTotals;
  let discounts: DiscountShare[];
  if (rules.tax === 'itbis1') {
    doc = { taxed: t.taxableBaseCents, exempt: t.exemptCents, tax: t.taxCents, total: t.totalCents };
    const taxedLines = sumOf(1);
    const exemptLines = sumOf(4);
    discounts = [
      { indicator: 1, cents: taxedLines - t.taxableBaseCents, linesCents: taxedLines },
      { indicator: 4, cents: exemptLines - t.exemptCents, linesCents: exemptLines },
    ];
  } else {
    // E43 / E44 / E46 / E47: every line has the same indicator, the model's split between base and exempt is moot.
    const all = t.taxableBaseCents + t.exemptCents;
    doc =
      rules.tax === 'exempt'
        ? { taxed: 0, exempt: all, tax: 0, total: t.totalCents }
        : { taxed: all, exempt: 0, tax: 0, total: t.totalCents };
    discounts = [
      { indicator: rules.tax === 'exempt' ? 4 : 3, cents: t.discountCents, linesCents: t.subtotalCents },
    ];
  }
  const taxedDop = toDop(input, doc.taxed);
  const exemptDop = toDop(input, doc.exempt);
  const taxDop = toDop(input, doc.tax);
  return {
    hasTaxedLines: indicators.has(1) || indicators.has(3),
    hasExemptLines: indicators.has(4),
    mixedLines: indicators.size > 1,
    doc,
    // MontoTotal = MontoGravadoTotal + MontoExento + TotalITBIS (Formato, Totales <MontoTotal>): the
    // DOP total is the sum of the converted parts, so it adds up exactly even when converting the
    // document total directly would differ by a centavo (within Informe §12's tolerance either way).
    dop: { taxed: taxedDop, exempt: exemptDop, tax: taxDop, total: taxedDop + exemptDop + taxDop },
    discounts: discounts.filter((d) => d.cents > 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Rules check
// ---------------------------------------------------------------------------------------------
