import { CONSUMO_BUYER_ID_THRESHOLD_CENTS, isValidCedula, isValidRnc, onlyDigits } from '@agencia/shared';
import { ECF_TYPES, type EcfDocumentInput, type EcfLine, type EcfType } from './ecf-model.js';

/*
 * The DGII's e-CF XML (issue 26, "Direct e-CF emission"): the unsigned document, the rules the
 * DGII checks on it, and the RFCE summary of a small consumo invoice.
 *
 * Sources (all DGII, version 1.0; cited below as "Formato", "Informe", "XSD", "Formato RFCE"):
 * - "Formato Comprobante Fiscal Electrónico (e-CF) v1.0" (Formato): field meaning, which fields
 *   each type carries (obligatoriedad 0/1/2/3 per type), the sums the totals must satisfy.
 * - "Informe Técnico e-CF v1.0" (Informe): §11.1.2 amounts in DOP and the escaped characters,
 *   §12 tolerance ("cuadratura"), §13 rounding (third decimal half-up).
 * - The official XSDs `e-CF 31 v.1.0.xsd` … `e-CF 46 v.1.0.xsd` and `RFCE 32 v.1.0.xsd` (XSD), kept in
 *   `shared/dgii-xsd/` (see SOURCE.md there): they fix the element order, the cardinalities and the
 *   value patterns. Where the Formato and the XSD differ, the XSD wins (it is what the DGII runs).
 * - "Formato Resumen Factura Consumo Electrónica v1.0" (Formato RFCE).
 *
 * Everything here is pure: the input model in, a string out. The signature is not added here: a
 * signer appends `<Signature>` as the last child of the root (every XSD ends with a mandatory
 * `xs:any processContents="skip"` after `FechaHoraFirma`, so an unsigned document is not valid yet).
 */

/** One problem `checkEcf` found: `field` is a path into `EcfDocumentInput`, `message` is Spanish. */
export interface EcfProblem {
  field: string;
  message: string;
}

/** Thrown by the builders when `checkEcf` reports problems: the DGII would reject the XML. */
export class EcfValidationError extends Error {
  readonly problems: EcfProblem[];
  constructor(problems: EcfProblem[]) {
    super(`e-CF inválido: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`);
    this.name = 'EcfValidationError';
    this.problems = problems;
  }
}

// ---------------------------------------------------------------------------------------------
// Per-type rules
// ---------------------------------------------------------------------------------------------

/**
 * How each type's ITBIS is expressed in the XSD's Totales:
 * - `itbis1`: taxed lines at ITBIS tasa 1 (18 %, IndicadorFacturacion 1) and exempt lines (4);
 * - `exempt`: E44 (regímenes especiales) has no gravado/ITBIS fields at all, only MontoExento
 *   (XSD e-CF 44 Totales; Formato, Totales: MontoGravado*, ITBIS* obligatoriedad 0 for 44);
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
}

const TYPE_RULES: Record<EcfType, TypeRules> = {
  E31: {
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
  E44: {
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

function isIsoDate(iso: string | null | undefined): iso is string {
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
function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${pad(abs % 100)}`;
}

/** Fixed-point integer with `decimals` digits → text (`12345, 4` → `1.2345`). */
function fixed(units: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals);
  const int = units / base;
  const frac = units % base;
  return `${int}.${frac.toString().padStart(decimals, '0')}`;
}

/** a / b rounded half-up, for non-negative a and positive b (Informe §13: third decimal ≥ 5 rounds up). */
function divHalfUp(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** Exchange rate as an integer of 1/10000 (TipoCambio has at most 4 decimals: XSD Decimal7D1or4). */
function rateUnits(rate: number): bigint {
  return BigInt(Math.round(rate * 10_000));
}

/**
 * Normalises a text value as it goes into the XML: control characters XML 1.0 forbids are dropped,
 * runs of whitespace become one space, ends are trimmed (the DGII verifies the signature over the
 * document with whitespace removed, so none is left where it could matter). Lengths are checked on
 * this form.
 */
function cleanText(value: string | null | undefined): string {
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
const charLength = (s: string) => [...s].length;

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
function el(tag: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : cleanText(value);
  if (text === '') return '';
  return `<${tag}>${escapeXml(text)}</${tag}>`;
}

/** A container of already-built children, or '' when all of them are empty. */
function group(tag: string, ...children: string[]): string {
  const inner = children.join('');
  return inner === '' ? '' : `<${tag}>${inner}</${tag}>`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

// ---------------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------------

/**
 * Document currency → DOP centavos: amount × TipoCambio rounded half-up to the centavo (Informe
 * §11.1.2 "Los valores de montos deben ser completados en pesos dominicanos (DOP), excepto los campos
 * correspondientes a otra moneda"; §13 rounding). Identity for DOP documents.
 */
function toDop(input: EcfDocumentInput, cents: number): number {
  if (input.currency === 'DOP' || input.exchangeRate === null) return cents;
  return Number(divHalfUp(BigInt(cents) * rateUnits(input.exchangeRate), 10_000n));
}

/** Quantity in hundredths (CantidadItem has at most 2 decimals: XSD Decimal18D1or2). */
const quantityHundredths = (q: number) => Math.round(q * 100);

/** IndicadorFacturacion of a line (XSD IndicadorFacturacionType: 1 = ITBIS 18 %, 3 = ITBIS 0 %, 4 = exento). */
function lineIndicator(rules: TypeRules, line: EcfLine): 1 | 3 | 4 {
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

interface EcfAmounts {
  hasTaxedLines: boolean;
  hasExemptLines: boolean;
  /** Lines of more than one IndicadorFacturacion. */
  mixedLines: boolean;
  doc: StatedTotals;
  dop: StatedTotals;
  discounts: DiscountShare[];
}

function amounts(input: EcfDocumentInput): EcfAmounts {
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
    // E44 / E46: every line has the same indicator, the model's split between base and exempt is moot.
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

const ENCF_RE = /^E(\d{2})\d{10}$/;
/** NCF (B + 2-digit type + 8 digits) or e-NCF (E + 2 + 10): XSD AlfNum11a19 for NCFModificado. */
const MODIFIED_NCF_RE = /^(?:B\d{10}|E\d{12})$/;
/**
 * XSD CorreoValidationType, anchored (XSD patterns match the whole value). XSD's `\w` is every
 * character but punctuation, separators and "other" (XML Schema Part 2, F.1.1): letters, marks,
 * digits and symbols — not the underscore, which is connector punctuation.
 */
const XSD_WORD = '[\\p{L}\\p{M}\\p{N}\\p{S}]';
const EMAIL_RE = new RegExp(
  `^${XSD_WORD}+([-+.]${XSD_WORD}+)*@${XSD_WORD}+([-.]${XSD_WORD}+)*\\.${XSD_WORD}+([-.]${XSD_WORD}+)*$`,
  'u',
);

/** True when `email` fits the e-CF's CorreoValidationType (so it may be written). */
export function isEcfEmail(email: string): boolean {
  return email.length <= 80 && EMAIL_RE.test(email);
}

/** Phone → `809-555-1234` (XSD TelefonoValidationType `\d{3}-\d{3}-\d{4}`), or null when not 10 digits (11 with a leading 1). */
function formatPhone(phone: string): string | null {
  let d = onlyDigits(phone);
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  if (d.length !== 10) return null;
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
}

/**
 * Validates an RNC (9 digits, DGII check digit) or cédula (11 digits, JCE check digit).
 * Formato, Emisor <RNCEmisor> / Comprador <RNCComprador>: "9 u 11 … RNC cumpla con estructura de
 * formato"; XSD RNCValidationType `[0-9]{11}|[0-9]{9}`. Check digits and the numbers the DGII/JCE
 * issued with a failing one: python-stdnum `stdnum/do/rnc.py`, `cedula.py` (in `@agencia/shared`).
 */
function taxIdProblem(value: string, who: string): string | null {
  if (!/^\d{9}$|^\d{11}$/.test(value))
    return `El RNC o cédula ${who} debe tener 9 dígitos (RNC) u 11 (cédula), sin guiones.`;
  const ok = value.length === 9 ? isValidRnc(value) : isValidCedula(value);
  return ok ? null : `El RNC o cédula ${who} no es válido: el dígito verificador no coincide.`;
}

/**
 * The e-CF rules the DGII applies, checked on the model before any XML is built. Returns the problems
 * (field path, Spanish message); an empty array means the document can be built and sent. Each rule
 * cites its source in the comment before it. Text is measured after `cleanText` (trimmed, whitespace
 * collapsed); a value longer than the XSD's maxLength is reported, never truncated.
 */
export function checkEcf(input: EcfDocumentInput): EcfProblem[] {
  const problems: EcfProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });

  if (!ECF_TYPES.includes(input.type)) {
    add('type', `Tipo de e-CF no admitido: ${String(input.type)}.`);
    return problems;
  }
  const rules = TYPE_RULES[input.type];

  /** maxLength (and minLength 1 when required) of an AlfNumN XSD type. */
  const text = (
    field: string,
    value: string | null | undefined,
    max: number,
    label: string,
    required: boolean,
  ) => {
    const v = cleanText(value);
    if (v === '') {
      if (required) add(field, `Falta ${label.charAt(0).toLowerCase()}${label.slice(1)}.`);
      return;
    }
    const n = charLength(v);
    if (n > max) add(field, `${label} admite como máximo ${max} caracteres (tiene ${n}).`);
  };
  const date = (field: string, value: string | null | undefined, label: string): value is string => {
    if (!isIsoDate(value)) {
      add(field, `${label} no es una fecha válida (AAAA-MM-DD).`);
      return false;
    }
    return true;
  };

  // e-NCF: 13 characters, E + type + 10-digit sequence (Formato, IdDoc <eNCF>, Largo 13; XSD
  // eNCFValidationType), and its type must be the document's TipoeCF.
  const encf = ENCF_RE.exec(input.encf ?? '');
  if (!encf) {
    add('encf', `El e-NCF debe tener 13 caracteres: E, el tipo (${rules.code}) y 10 dígitos de secuencia.`);
  } else if (encf[1] !== rules.code) {
    add('encf', `El e-NCF ${input.encf} es de tipo E${encf[1]} y no corresponde a un ${rules.label}.`);
  }

  const issueOk = date('issueDate', input.issueDate, 'La fecha de emisión');

  // FechaVencimientoSecuencia: mandatory except in 32 and 34 (Formato, IdDoc, obligatoriedad 1/0/1/0
  // for 31/32/33/34, 1 for 44–46; XSD), and the range must not have expired at issue ("Validar con
  // fecha de vencimiento de la autorización de la secuencia").
  if (rules.sequenceExpiry) {
    if (input.sequenceExpiresOn === null || input.sequenceExpiresOn === undefined) {
      add(
        'sequenceExpiresOn',
        `La fecha de vencimiento de la secuencia es obligatoria en una ${rules.label}.`,
      );
    } else if (
      date('sequenceExpiresOn', input.sequenceExpiresOn, 'La fecha de vencimiento de la secuencia')
    ) {
      if (issueOk && input.sequenceExpiresOn < input.issueDate) {
        add(
          'sequenceExpiresOn',
          `La secuencia de e-NCF venció el ${formatEcfDate(input.sequenceExpiresOn)}, antes de la fecha de emisión.`,
        );
      }
    }
  }

  // TipoPago 1/2/3 (Formato, IdDoc <TipoPago>); FechaLimitePago conditional on credit and ≥ the issue
  // date (Formato <FechaLimitePago>: "Condicional a que el tipo de pago sea a crédito … ≥ Fecha de emisión").
  if (![1, 2, 3].includes(input.paymentType))
    add('paymentType', 'El tipo de pago debe ser 1 (contado), 2 (crédito) o 3 (gratuito).');
  if (input.paymentType === 2) {
    if (input.dueDate === null || input.dueDate === undefined) {
      add('dueDate', 'Una venta a crédito necesita la fecha límite de pago.');
    } else if (
      date('dueDate', input.dueDate, 'La fecha límite de pago') &&
      issueOk &&
      input.dueDate < input.issueDate
    ) {
      add('dueDate', 'La fecha límite de pago no puede ser anterior a la fecha de emisión.');
    }
  }
  // TerminoPago text, at most 15 characters (Formato <TerminoPago>; XSD TerminoPagoValidationType).
  if (input.paymentTermDays !== null && input.paymentTermDays !== undefined) {
    if (
      !Number.isInteger(input.paymentTermDays) ||
      input.paymentTermDays < 0 ||
      input.paymentTermDays > 99_999
    ) {
      add('paymentTermDays', 'El término de pago debe ser un número entero de días entre 0 y 99999.');
    }
  }

  // Emisor (Formato, Emisor; XSD): RNC 9/11 digits; RazonSocialEmisor ≤150 and DireccionEmisor ≤100,
  // both mandatory; TelefonoEmisor xxx-xxx-xxxx; CorreoEmisor ≤80 with the XSD's pattern; WebSite ≤50.
  const issuerId = taxIdProblem(input.issuer.rnc ?? '', 'del emisor');
  if (issuerId) add('issuer.rnc', issuerId);
  text('issuer.name', input.issuer.name, 150, 'La razón social del emisor', true);
  text('issuer.address', input.issuer.address, 100, 'La dirección del emisor', true);
  if (cleanText(input.issuer.phone) !== '' && formatPhone(input.issuer.phone!) === null) {
    add('issuer.phone', 'El teléfono del emisor debe tener 10 dígitos (809-555-1234).');
  }
  const email = (field: string, value: string | null | undefined, who: string) => {
    const v = cleanText(value);
    if (v === '') return;
    if (charLength(v) > 80 || !EMAIL_RE.test(v))
      add(field, `El correo ${who} no es válido (máximo 80 caracteres).`);
  };
  email('issuer.email', input.issuer.email, 'del emisor');
  text('issuer.website', input.issuer.website, 50, 'El sitio web del emisor', false);

  // Comprador (Formato, Comprador; XSD per type).
  const buyer = input.buyer;
  const taxId = cleanText(buyer.taxId);
  const foreignId = cleanText(buyer.foreignId);
  if (taxId !== '') {
    const p = taxIdProblem(taxId, 'del comprador');
    if (p) add('buyer.taxId', p);
  }
  // IdentificadorExtranjero ≤20 (XSD AlfNum20), only where the type has it (not 31, 45).
  text('buyer.foreignId', foreignId, 20, 'El identificador extranjero del comprador', false);
  const dopTotal = toDopTotalForThreshold(input);
  if (rules.buyerTaxIdRequired && taxId === '') {
    // E31, E45: RNCComprador obligatorio (Formato <RNCComprador> "1"; XSD minOccurs 1).
    add('buyer.taxId', `Una ${rules.label} requiere el RNC o cédula del comprador.`);
  } else if (input.type === 'E44' && taxId === '' && foreignId === '') {
    // E44: RNC del comprador, or IdentificadorExtranjero for a foreign (diplomatic) buyer (Formato
    // <RNCComprador> nota 5, <IdentificadorExtranjero> nota 8).
    add(
      'buyer.taxId',
      'Un comprobante de regímenes especiales (E44) requiere el RNC o cédula del comprador, o su identificador extranjero si es diplomático.',
    );
  } else if (input.type === 'E46' && foreignId === '') {
    // E46 sold to a foreign buyer: IdentificadorExtranjero (Formato <IdentificadorExtranjero> nota 9).
    add(
      'buyer.foreignId',
      'Un comprobante de exportaciones (E46) requiere el identificador extranjero del comprador (pasaporte o identificación fiscal extranjera).',
    );
  } else if (
    input.type === 'E32' &&
    dopTotal >= CONSUMO_BUYER_ID_THRESHOLD_CENTS &&
    taxId === '' &&
    foreignId === ''
  ) {
    // E32 from DOP 250,000: RNC/cédula or IdentificadorExtranjero (Formato <RNCComprador> b), d)).
    add(
      'buyer.taxId',
      'Una factura de consumo (E32) de RD$250,000.00 o más requiere el RNC o cédula del comprador, o su identificador extranjero.',
    );
  }
  const nameRequired =
    rules.buyerNameRequired || (input.type === 'E32' && dopTotal >= CONSUMO_BUYER_ID_THRESHOLD_CENTS);
  text('buyer.name', buyer.name, 150, 'El nombre o razón social del comprador', nameRequired);
  text('buyer.address', buyer.address, 100, 'La dirección del comprador', false);
  email('buyer.email', buyer.email, 'del comprador');

  // DetallesItems: at least one line, at most 1000 (XSD Item minOccurs 1; ECF_MAX_LINES).
  if (!Array.isArray(input.lines) || input.lines.length === 0) {
    add('lines', 'El comprobante debe tener al menos una línea.');
  } else if (input.lines.length > ECF_MAX_LINES) {
    add('lines', `El comprobante admite como máximo ${ECF_MAX_LINES} líneas (tiene ${input.lines.length}).`);
  }
  const lines = Array.isArray(input.lines) ? input.lines : [];
  lines.forEach((line, i) => {
    const f = `lines[${i}]`;
    // NombreItem: mandatory, ≤80 (Formato B <NombreItem>; XSD AlfNum80Type).
    text(`${f}.description`, line.description, 80, `El nombre del ítem de la línea ${i + 1}`, true);
    // CantidadItem > 0 with at most 2 decimals (Formato B <CantidadItem>; XSD Decimal18D1or2 MayorCero).
    const q = line.quantity;
    if (!Number.isFinite(q) || q <= 0) {
      add(`${f}.quantity`, `La cantidad de la línea ${i + 1} debe ser mayor que cero.`);
    } else if (Math.abs(q * 100 - quantityHundredths(q)) > 1e-6) {
      add(`${f}.quantity`, `La cantidad de la línea ${i + 1} admite como máximo 2 decimales en el e-CF.`);
    }
    if (!Number.isInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
      add(
        `${f}.unitPriceCents`,
        `El precio unitario de la línea ${i + 1} debe ser un monto en centavos, no negativo.`,
      );
    }
    if (!Number.isInteger(line.totalCents) || line.totalCents < 0) {
      add(`${f}.totalCents`, `El monto de la línea ${i + 1} debe ser un monto en centavos, no negativo.`);
    } else if (
      Number.isFinite(q) &&
      q > 0 &&
      Number.isInteger(line.unitPriceCents) &&
      line.unitPriceCents >= 0
    ) {
      // MontoItem = PrecioUnitarioItem × CantidadItem (Formato B <MontoItem>), within ±1 centavo
      // (stricter than the Informe §12 tolerance of ±1 unit per line).
      const expected = Number(divHalfUp(BigInt(quantityHundredths(q)) * BigInt(line.unitPriceCents), 100n));
      if (Math.abs(expected - line.totalCents) > 1) {
        add(
          `${f}.totalCents`,
          `El monto de la línea ${i + 1} (${money(line.totalCents)}) no es cantidad × precio (${money(expected)}).`,
        );
      }
    }
  });

  // Totals. Amounts are integer centavos ≥ 0 (XSD Decimal18D1or2 MayorIgualCero).
  const t = input.totals;
  const amountKeys = [
    'subtotalCents',
    'discountCents',
    'exemptCents',
    'taxableBaseCents',
    'taxCents',
    'totalCents',
  ] as const;
  const badAmounts = amountKeys.filter((k) => !Number.isInteger(t[k]) || t[k] < 0);
  for (const k of badAmounts) add(`totals.${k}`, 'Los montos deben ser centavos enteros, no negativos.');
  if (badAmounts.length === 0 && lines.every((l) => Number.isInteger(l.totalCents))) {
    const linesSum = lines.reduce((s, l) => s + l.totalCents, 0);
    if (t.subtotalCents !== linesSum) {
      add(
        'totals.subtotalCents',
        `El subtotal (${money(t.subtotalCents)}) no es la suma de las líneas (${money(linesSum)}).`,
      );
    }
    if (t.discountCents > t.subtotalCents) {
      add('totals.discountCents', 'El descuento no puede ser mayor que el subtotal.');
    }
    // Σ MontoItem − descuentos globales = MontoGravadoTotal + MontoExento (Formato, Totales
    // <MontoGravadoI1> b) / <MontoExento> b): "Suma de valores del monto ítem … menos descuentos más recargos").
    if (linesSum - t.discountCents !== t.taxableBaseCents + t.exemptCents) {
      add(
        'totals.taxableBaseCents',
        `Las líneas menos el descuento (${money(linesSum - t.discountCents)}) no igualan gravado + exento (${money(t.taxableBaseCents + t.exemptCents)}).`,
      );
    } else if (rules.tax === 'itbis1') {
      // Each rate's base is its own lines minus its share of the discount (Formato nota 12 and §D
      // b): the shares cannot be negative.
      const taxedLines = lines.filter((l) => !l.taxExempt).reduce((s, l) => s + l.totalCents, 0);
      const exemptLines = linesSum - taxedLines;
      if (t.exemptCents > exemptLines) {
        add(
          'totals.exemptCents',
          `El monto exento (${money(t.exemptCents)}) supera la suma de las líneas exentas (${money(exemptLines)}).`,
        );
      }
      if (t.taxableBaseCents > taxedLines) {
        add(
          'totals.taxableBaseCents',
          `El monto gravado (${money(t.taxableBaseCents)}) supera la suma de las líneas gravadas (${money(taxedLines)}).`,
        );
      }
    }
    if (rules.tax === 'itbis1') {
      // ITBIS1 is 18 (XSD IndicadorFacturacionType "1 = ITBIS 1 (18%)"; Formato <ITBIS1>).
      if (t.taxableBaseCents > 0 && t.taxRate !== ITBIS1_RATE) {
        add('totals.taxRate', `La tasa de ITBIS debe ser ${ITBIS1_RATE} % (ITBIS tasa 1).`);
      }
      // TotalITBIS1 = MontoGravadoI1 × ITBIS1 (Formato <TotalITBIS1> b), within ±1 centavo of the
      // half-up rounding (Informe §13; §12 would tolerate more, the totals engine needs no more).
      const expectedTax = Number(divHalfUp(BigInt(t.taxableBaseCents) * BigInt(ITBIS1_RATE), 100n));
      if (Math.abs(expectedTax - t.taxCents) > 1) {
        add(
          'totals.taxCents',
          `El ITBIS (${money(t.taxCents)}) no es el ${ITBIS1_RATE} % del monto gravado (${money(expectedTax)}), con tolerancia de ±0.01.`,
        );
      }
    } else if (t.taxCents !== 0) {
      // E44 has no ITBIS fields (XSD e-CF 44 Totales); E46 only ITBIS3 at 0 % (XSD e-CF 46).
      add(
        'totals.taxCents',
        input.type === 'E44'
          ? 'Un comprobante de regímenes especiales (E44) no lleva ITBIS: el ITBIS debe ser 0.'
          : 'Un comprobante de exportaciones (E46) lleva ITBIS a tasa 0 %: el ITBIS debe ser 0.',
      );
    }
    if (input.type === 'E44' && lines.some((l) => !l.taxExempt)) {
      add('lines', 'Un comprobante de regímenes especiales (E44) solo admite líneas exentas de ITBIS.');
    }
    // MontoTotal = MontoGravadoTotal + MontoExento + TotalITBIS (Formato <MontoTotal>).
    if (t.totalCents !== t.taxableBaseCents + t.exemptCents + t.taxCents) {
      add(
        'totals.totalCents',
        `El total (${money(t.totalCents)}) no es gravado + exento + ITBIS (${money(t.taxableBaseCents + t.exemptCents + t.taxCents)}).`,
      );
    }
  }

  // Otra moneda: TipoMoneda from Tabla II and TipoCambio > 0 with 3 integers and 4 decimals
  // (Formato <TipoCambio> "Condicional a que existan datos en código otra moneda"; XSD Decimal7D1or4).
  if (input.currency !== 'DOP' && input.currency !== 'USD') {
    add('currency', 'La moneda debe ser DOP o USD.');
  } else if (input.currency === 'USD') {
    const r = input.exchangeRate;
    if (r === null || r === undefined || !Number.isFinite(r) || r <= 0) {
      add('exchangeRate', 'Una factura en USD necesita la tasa de cambio (pesos por dólar).');
    } else if (r >= 1000 || Math.abs(r * 10_000 - Math.round(r * 10_000)) > 1e-6) {
      add('exchangeRate', 'La tasa de cambio admite como máximo 3 enteros y 4 decimales.');
    }
  }

  // InformacionReferencia: mandatory in 33 and 34 (Formato §F; XSD minOccurs 1): NCFModificado (NCF or
  // e-NCF, 11–19), FechaNCFModificado, CodigoModificacion 1–5, RazonModificacion ≤90.
  const ref = input.reference;
  if (rules.note && !ref) {
    add('reference', `Una ${rules.label} debe indicar el comprobante que modifica.`);
  }
  if (ref) {
    if (!MODIFIED_NCF_RE.test(ref.ncf ?? '')) {
      add('reference.ncf', 'El comprobante modificado debe ser un NCF (11 caracteres) o un e-NCF (13).');
    }
    if (
      date('reference.date', ref.date, 'La fecha del comprobante modificado') &&
      issueOk &&
      ref.date > input.issueDate
    ) {
      add(
        'reference.date',
        'La fecha del comprobante modificado no puede ser posterior a la fecha de emisión.',
      );
    }
    if (![1, 2, 3, 4, 5].includes(ref.modificationCode)) {
      add('reference.modificationCode', 'El código de modificación debe estar entre 1 y 5.');
    }
    if (rules.note) text('reference.reason', ref.reason, 90, 'La razón de la modificación', false);
  }

  // FechaHoraFirma: a valid instant (Formato §G).
  if (!(input.signedAt instanceof Date) || Number.isNaN(input.signedAt.getTime())) {
    add('signedAt', 'La fecha y hora de firma no es válida.');
  }
  return problems;
}

/** The document total in DOP centavos, for the RD$250,000 consumo threshold (null exchange rate → as is). */
function toDopTotalForThreshold(input: EcfDocumentInput): number {
  const total = input.totals?.totalCents;
  if (!Number.isInteger(total)) return 0;
  if (input.currency === 'USD' && (typeof input.exchangeRate !== 'number' || !(input.exchangeRate > 0)))
    return total;
  return toDop(input, total);
}

function assertValid(input: EcfDocumentInput): void {
  const problems = checkEcf(input);
  if (problems.length > 0) throw new EcfValidationError(problems);
}

// ---------------------------------------------------------------------------------------------
// e-CF XML
// ---------------------------------------------------------------------------------------------

/**
 * Totales and OtraMoneda children in XSD order for the type. Fields are conditional (Formato,
 * Totales, obligatoriedad 2): gravado/ITBIS only when a taxed line exists, MontoExento only when an
 * exempt line exists; MontoTotal always.
 */
function totalsXml(input: EcfDocumentInput, a: EcfAmounts): { totales: string; otraMoneda: string } {
  const rules = TYPE_RULES[input.type];
  const foreign = input.currency !== 'DOP';
  const d = a.dop;
  const f = a.doc;
  if (rules.tax === 'exempt') {
    return {
      totales: group('Totales', el('MontoExento', money(d.exempt)), el('MontoTotal', money(d.total))),
      otraMoneda: foreign
        ? group(
            'OtraMoneda',
            el('TipoMoneda', input.currency),
            el('TipoCambio', fixed(rateUnits(input.exchangeRate!), 4)),
            el('MontoExentoOtraMoneda', money(f.exempt)),
            el('MontoTotalOtraMoneda', money(f.total)),
          )
        : '',
    };
  }
  if (rules.tax === 'zeroRated') {
    return {
      totales: group(
        'Totales',
        el('MontoGravadoTotal', money(d.taxed)),
        el('MontoGravadoI3', money(d.taxed)),
        el('ITBIS3', 0),
        el('TotalITBIS', money(0)),
        el('TotalITBIS3', money(0)),
        el('MontoTotal', money(d.total)),
      ),
      otraMoneda: foreign
        ? group(
            'OtraMoneda',
            el('TipoMoneda', input.currency),
            el('TipoCambio', fixed(rateUnits(input.exchangeRate!), 4)),
            el('MontoGravadoTotalOtraMoneda', money(f.taxed)),
            el('MontoGravado3OtraMoneda', money(f.taxed)),
            el('TotalITBISOtraMoneda', money(0)),
            el('TotalITBIS3OtraMoneda', money(0)),
            el('MontoTotalOtraMoneda', money(f.total)),
          )
        : '',
    };
  }
  const taxed = a.hasTaxedLines;
  const exempt = a.hasExemptLines;
  const opt = (cond: boolean, tag: string, value: string | number) => (cond ? el(tag, value) : '');
  return {
    totales: group(
      'Totales',
      opt(taxed, 'MontoGravadoTotal', money(d.taxed)),
      opt(taxed, 'MontoGravadoI1', money(d.taxed)),
      opt(exempt, 'MontoExento', money(d.exempt)),
      opt(taxed, 'ITBIS1', ITBIS1_RATE),
      opt(taxed, 'TotalITBIS', money(d.tax)),
      opt(taxed, 'TotalITBIS1', money(d.tax)),
      el('MontoTotal', money(d.total)),
    ),
    otraMoneda: foreign
      ? group(
          'OtraMoneda',
          el('TipoMoneda', input.currency),
          el('TipoCambio', fixed(rateUnits(input.exchangeRate!), 4)),
          opt(taxed, 'MontoGravadoTotalOtraMoneda', money(f.taxed)),
          opt(taxed, 'MontoGravado1OtraMoneda', money(f.taxed)),
          opt(exempt, 'MontoExentoOtraMoneda', money(f.exempt)),
          opt(taxed, 'TotalITBISOtraMoneda', money(f.tax)),
          opt(taxed, 'TotalITBIS1OtraMoneda', money(f.tax)),
          el('MontoTotalOtraMoneda', money(f.total)),
        )
      : '',
  };
}

/**
 * Comprador. RNCComprador or IdentificadorExtranjero, never both ("Cuando exista Identificador
 * Extranjero se omitirá el campo RNC Comprador", Formato nota 7): the foreign id wins where the type
 * has the field. RazonSocialComprador always (E32 requires the Comprador element even for a
 * consumidor final and the DGII rejects an empty one; "Consumidor final" when there is no name).
 */
function buyerXml(input: EcfDocumentInput): string {
  const rules = TYPE_RULES[input.type];
  const b = input.buyer;
  const foreignId = rules.foreignBuyerId ? cleanText(b.foreignId) : '';
  const taxId = foreignId === '' ? cleanText(b.taxId) : '';
  const name = cleanText(b.name) || 'Consumidor final';
  return group(
    'Comprador',
    el('RNCComprador', taxId),
    el('IdentificadorExtranjero', foreignId),
    el('RazonSocialComprador', name),
    el('CorreoComprador', b.email),
    el('DireccionComprador', b.address),
  );
}

/** Item of DetallesItems in XSD order (Formato §B). Amounts in DOP; OtraMonedaDetalle for USD. */
function itemXml(input: EcfDocumentInput, line: EcfLine, index: number): string {
  const rules = TYPE_RULES[input.type];
  const foreign = input.currency !== 'DOP';
  // PrecioUnitarioItem allows 4 decimals (XSD Decimal20D1or4; Informe §13 nota 19): in DOP the
  // converted price keeps them, in the document's currency it is exact to the centavo.
  const price = foreign
    ? fixed(divHalfUp(BigInt(line.unitPriceCents) * rateUnits(input.exchangeRate!), 100n), 4)
    : money(line.unitPriceCents);
  return group(
    'Item',
    el('NumeroLinea', index + 1),
    el('IndicadorFacturacion', lineIndicator(rules, line)),
    el('NombreItem', line.description),
    // IndicadorBienoServicio 2: the agency sells services (Formato §B <IndicadorBienoServicio>).
    el('IndicadorBienoServicio', 2),
    el('CantidadItem', fixed(BigInt(quantityHundredths(line.quantity)), 2)),
    el('PrecioUnitarioItem', price),
    foreign
      ? group(
          'OtraMonedaDetalle',
          el('PrecioOtraMoneda', money(line.unitPriceCents)),
          el('MontoItemOtraMoneda', money(line.totalCents)),
        )
      : '',
    el('MontoItem', money(toDop(input, line.totalCents))),
  );
}

/**
 * DescuentosORecargos for the global discount (Formato §D): one DescuentoORecargo per
 * IndicadorFacturacion the discount touches ("deberá haber tantas líneas como conceptos existan"),
 * TipoAjuste D; TipoValor "%" when the lines mix tax codes (rule a: "el campo tipo de valor del
 * descuento debe ser porcentaje"), with ValorDescuentooRecargo (the share over that code's lines, 2
 * decimals, at least 0.01 as the XSD requires > 0) and the MontoDescuentooRecargo; "$" otherwise.
 */
function discountsXml(input: EcfDocumentInput, a: EcfAmounts): string {
  const foreign = input.currency !== 'DOP';
  const entries = a.discounts.map((d, i) => {
    let percent = '';
    if (a.mixedLines) {
      const hundredths = divHalfUp(BigInt(d.cents) * 10_000n, BigInt(d.linesCents));
      percent = fixed(hundredths > 0n ? hundredths : 1n, 2);
    }
    return group(
      'DescuentoORecargo',
      el('NumeroLinea', i + 1),
      el('TipoAjuste', 'D'),
      el('DescripcionDescuentooRecargo', 'Descuento'),
      el('TipoValor', a.mixedLines ? '%' : '$'),
      el('ValorDescuentooRecargo', percent),
      el('MontoDescuentooRecargo', money(toDop(input, d.cents))),
      foreign ? el('MontoDescuentooRecargoOtraMoneda', money(d.cents)) : '',
      el('IndicadorFacturacionDescuentooRecargo', d.indicator),
    );
  });
  return group('DescuentosORecargos', ...entries);
}

/**
 * InformacionReferencia (Formato §F): NCFModificado, FechaNCFModificado, CodigoModificacion, and
 * RazonModificacion where the XSD has it (33, 34). Mandatory for 33/34; other types carry it only
 * when given (e.g. code 4, replacing a document issued in contingency).
 */
function referenceXml(input: EcfDocumentInput): string {
  const ref = input.reference;
  if (!ref) return '';
  const rules = TYPE_RULES[input.type];
  return group(
    'InformacionReferencia',
    el('NCFModificado', ref.ncf),
    el('FechaNCFModificado', formatEcfDate(ref.date)),
    el('CodigoModificacion', ref.modificationCode),
    rules.note ? el('RazonModificacion', ref.reason) : '',
  );
}

/**
 * The unsigned e-CF XML of `input` (types E31, E32, E33, E34, E44, E45, E46), in the element order of
 * the type's XSD, with no whitespace between elements and no empty element. Starts with the XML
 * declaration; root `<ECF>`; last child `<FechaHoraFirma>` — the signer appends `<Signature>` after it.
 * Amounts are DOP with two decimals (USD documents add OtraMoneda/OtraMonedaDetalle); dates
 * `dd-MM-yyyy`. Paginacion/TotalPaginas are omitted (one-page documents; TotalPaginas must be > 1 when
 * present, XSD Integer4ValidationTypeMayorUno). Throws `EcfValidationError` when `checkEcf` reports problems.
 *
 * IdDoc follows Formato §A/IdDoc: FechaVencimientoSecuencia except in 32/34; IndicadorNotaCredito in
 * 34 (1 when the modified e-CF is more than 30 days older); IndicadorMontoGravado 0 (line amounts
 * exclude ITBIS) where the type has it and a line is taxed ("Condicional a que el bien o servicio sea
 * gravado"); TipoIngresos 01 (ingresos por operaciones); TipoPago; FechaLimitePago and TerminoPago
 * (`N días`) for credit sales.
 */
export function buildEcfXml(input: EcfDocumentInput): string {
  assertValid(input);
  const rules = TYPE_RULES[input.type];
  const a = amounts(input);
  const credit = input.paymentType === 2;
  const noteIndicator =
    rules.creditNoteIndicator && input.reference
      ? daysBetween(input.reference.date, input.issueDate) > CREDIT_NOTE_ITBIS_DAYS
        ? 1
        : 0
      : null;

  const idDoc = group(
    'IdDoc',
    el('TipoeCF', rules.code),
    el('eNCF', input.encf),
    rules.sequenceExpiry ? el('FechaVencimientoSecuencia', formatEcfDate(input.sequenceExpiresOn!)) : '',
    el('IndicadorNotaCredito', noteIndicator),
    rules.taxIncludedIndicator && a.hasTaxedLines ? el('IndicadorMontoGravado', 0) : '',
    el('TipoIngresos', '01'),
    el('TipoPago', input.paymentType),
    credit && input.dueDate ? el('FechaLimitePago', formatEcfDate(input.dueDate)) : '',
    credit && rules.paymentTerm && input.paymentTermDays !== null
      ? el('TerminoPago', `${input.paymentTermDays} días`)
      : '',
  );

  const phone = cleanText(input.issuer.phone) !== '' ? formatPhone(input.issuer.phone!) : null;
  const emisor = group(
    'Emisor',
    el('RNCEmisor', input.issuer.rnc),
    el('RazonSocialEmisor', input.issuer.name),
    el('DireccionEmisor', input.issuer.address),
    phone ? group('TablaTelefonoEmisor', el('TelefonoEmisor', phone)) : '',
    el('CorreoEmisor', input.issuer.email),
    el('WebSite', input.issuer.website),
    el('FechaEmision', formatEcfDate(input.issueDate)),
  );

  const { totales, otraMoneda } = totalsXml(input, a);
  const encabezado = group(
    'Encabezado',
    el('Version', '1.0'),
    idDoc,
    emisor,
    buyerXml(input),
    totales,
    otraMoneda,
  );
  const detalles = group('DetallesItems', ...input.lines.map((l, i) => itemXml(input, l, i)));

  return (
    XML_DECLARATION +
    group(
      'ECF',
      encabezado,
      detalles,
      discountsXml(input, a),
      referenceXml(input),
      el('FechaHoraFirma', formatEcfDateTime(input.signedAt)),
    )
  );
}

// ---------------------------------------------------------------------------------------------
// RFCE
// ---------------------------------------------------------------------------------------------

/**
 * The RFCE (Resumen Factura Consumo Electrónica, XSD `RFCE 32 v.1.0.xsd`) of an E32 under
 * RD$250,000: what the DGII's FC service receives instead of the full e-CF (Formato RFCE §1). Same
 * header data as the e-CF (Version, IdDoc {TipoeCF, eNCF, TipoIngresos, TipoPago}, Emisor {RNCEmisor,
 * RazonSocialEmisor, FechaEmision}, Comprador, Totales in DOP), then `CodigoSeguridadeCF` =
 * `securityCode`, the first 6 characters of the signed e-CF's SignatureValue (XSD CodigoSeguridadeCFType
 * `.{6}`). Amounts always have two decimals (RFCE pattern `[0-9]{1,16}(.[0-9]{2})?`: `97.20`, not
 * `97.2`). Unsigned: the signer appends `<Signature>` (the XSD ends with a mandatory `xs:any`).
 * Throws when the document is not an E32 under the threshold, the code is not 6 characters, or
 * `checkEcf` reports problems.
 */
export function buildRfceXml(input: EcfDocumentInput, securityCode: string): string {
  if (input.type !== 'E32')
    throw new RangeError(`El RFCE solo resume facturas de consumo (E32), no ${input.type}.`);
  assertValid(input);
  const a = amounts(input);
  if (a.dop.total >= CONSUMO_BUYER_ID_THRESHOLD_CENTS) {
    throw new RangeError('Una factura de consumo de RD$250,000.00 o más se envía completa, no como RFCE.');
  }
  if (typeof securityCode !== 'string' || charLength(securityCode) !== 6 || /\s/.test(securityCode)) {
    throw new RangeError('El código de seguridad del e-CF debe tener 6 caracteres.');
  }
  const taxed = a.hasTaxedLines;
  const exempt = a.hasExemptLines;
  const opt = (cond: boolean, tag: string, value: string) => (cond ? el(tag, value) : '');
  const d = a.dop;
  const encabezado = group(
    'Encabezado',
    el('Version', '1.0'),
    group(
      'IdDoc',
      el('TipoeCF', '32'),
      el('eNCF', input.encf),
      el('TipoIngresos', '01'),
      el('TipoPago', input.paymentType),
    ),
    group(
      'Emisor',
      el('RNCEmisor', input.issuer.rnc),
      el('RazonSocialEmisor', input.issuer.name),
      el('FechaEmision', formatEcfDate(input.issueDate)),
    ),
    (() => {
      const foreignId = cleanText(input.buyer.foreignId);
      return group(
        'Comprador',
        el('RNCComprador', foreignId === '' ? input.buyer.taxId : null),
        el('IdentificadorExtranjero', foreignId),
        el('RazonSocialComprador', cleanText(input.buyer.name) || 'Consumidor final'),
      );
    })(),
    group(
      'Totales',
      opt(taxed, 'MontoGravadoTotal', money(d.taxed)),
      opt(taxed, 'MontoGravadoI1', money(d.taxed)),
      opt(exempt, 'MontoExento', money(d.exempt)),
      opt(taxed, 'TotalITBIS', money(d.tax)),
      opt(taxed, 'TotalITBIS1', money(d.tax)),
      el('MontoTotal', money(d.total)),
    ),
    el('CodigoSeguridadeCF', securityCode),
  );
  return XML_DECLARATION + group('RFCE', encabezado);
}
