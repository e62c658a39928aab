import { CONSUMO_BUYER_ID_THRESHOLD_CENTS, isValidCedula, isValidRnc, onlyDigits } from '@agencia/shared';
import { ECF_TYPES, type EcfDocumentInput } from './ecf-model.js';
import {
  charLength,
  cleanText,
  divHalfUp,
  ECF_MAX_LINES,
  formatEcfDate,
  ITBIS1_RATE,
  isIsoDate,
  money,
  quantityHundredths,
  TYPE_RULES,
  toDop,
  withheld,
} from './ecf-xml-values.js';

/*
 * The e-CF rules the DGII applies, checked on the model before any XML is built (issue 26).
 * Sources: see `ecf-xml.ts`.
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
export function formatPhone(phone: string): string | null {
  let d = onlyDigits(phone);
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  if (d.length !== 10) return null;
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

export function daysBetween(fromIso: string, toIso: string): number {
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

  // Comprador (Formato, Comprador; XSD per type). E43 has none (XSD e-CF 43): nothing to check.
  const buyer = rules.buyerArea === 'none' ? { taxId: null, foreignId: null, name: '' } : input.buyer;
  const taxId = cleanText(buyer.taxId);
  const foreignId = cleanText(buyer.foreignId);
  if (taxId !== '') {
    const p = taxIdProblem(taxId, 'del comprador');
    if (p) add('buyer.taxId', p);
  }
  // IdentificadorExtranjero ≤20 (XSD AlfNum20), only where the type has it (not 31, 45).
  text('buyer.foreignId', foreignId, 20, 'El identificador extranjero del comprador', false);
  const dopTotal = toDopTotalForThreshold(input);
  if (input.type === 'E41' && taxId === '') {
    // E41: RNCComprador minOccurs 1 (XSD e-CF 41) — the informal supplier's cédula (Norma 05-2019).
    add('buyer.taxId', 'Un comprobante de compras (E41) requiere la cédula (o RNC) del proveedor informal.');
  } else if (rules.buyerArea === 'foreign' && taxId !== '') {
    // E47: no RNCComprador in XSD e-CF 47, the supplier is abroad (IdentificadorExtranjero only).
    add(
      'buyer.taxId',
      'Un comprobante de pagos al exterior (E47) identifica al proveedor del exterior, sin RNC ni cédula.',
    );
  } else if (rules.buyerTaxIdRequired && taxId === '') {
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
  if (rules.buyerArea === 'full') {
    text('buyer.address', input.buyer.address, 100, 'La dirección del comprador', false);
    email('buyer.email', input.buyer.email, 'del comprador');
  }

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
      // E43, E44 and E47 have no ITBIS fields (XSD e-CF 43/44/47 Totales); E46 only ITBIS3 at 0 %
      // (XSD e-CF 46).
      add(
        'totals.taxCents',
        input.type === 'E46'
          ? 'Un comprobante de exportaciones (E46) lleva ITBIS a tasa 0 %: el ITBIS debe ser 0.'
          : `Un ${rules.label} no lleva ITBIS: el ITBIS debe ser 0.`,
      );
    }
    // E43 and E47 have no DescuentosORecargos section (XSD e-CF 43/47).
    if ((input.type === 'E43' || input.type === 'E47') && t.discountCents > 0) {
      add('totals.discountCents', `Un ${rules.label} no admite descuentos globales.`);
    }
    // Retencion (XSD e-CF 41/47; Formato §B and Totales <TotalITBISRetenido>/<TotalISRRetencion>:
    // "Campo Monto … Retenido de la sección Detalle"): the totals are the sums of the lines; ITBIS
    // withheld only in 41 and at most the ITBIS, ISR withheld at most the amount it is withheld on.
    const itbisWithheld = withheld(t.itbisWithheldCents);
    const isrWithheld = withheld(t.isrWithheldCents);
    const lineItbis = lines.reduce((s, l) => s + withheld(l.itbisWithheldCents), 0);
    const lineIsr = lines.reduce((s, l) => s + withheld(l.isrWithheldCents), 0);
    const amountsOk = [
      itbisWithheld,
      isrWithheld,
      ...lines.flatMap((l) => [withheld(l.itbisWithheldCents), withheld(l.isrWithheldCents)]),
    ].every((c) => Number.isInteger(c) && c >= 0);
    if (!amountsOk) {
      add('totals.itbisWithheldCents', 'Los montos retenidos deben ser centavos enteros, no negativos.');
    } else if (
      rules.retention === 'none' &&
      (itbisWithheld > 0 || isrWithheld > 0 || lineItbis > 0 || lineIsr > 0)
    ) {
      add('totals.itbisWithheldCents', `Un ${rules.label} no lleva retenciones.`);
    } else if (rules.retention === 'isr' && (itbisWithheld > 0 || lineItbis > 0)) {
      add(
        'totals.itbisWithheldCents',
        'Un comprobante de pagos al exterior (E47) solo lleva la retención del ISR, no del ITBIS.',
      );
    } else {
      if (itbisWithheld !== lineItbis)
        add('totals.itbisWithheldCents', 'El ITBIS retenido no es la suma del retenido en las líneas.');
      if (isrWithheld !== lineIsr)
        add('totals.isrWithheldCents', 'El ISR retenido no es la suma del retenido en las líneas.');
      if (itbisWithheld > t.taxCents)
        add('totals.itbisWithheldCents', 'El ITBIS retenido no puede ser mayor que el ITBIS.');
      if (isrWithheld > linesSum)
        add('totals.isrWithheldCents', 'El ISR retenido no puede ser mayor que el monto de la compra.');
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

export function assertValid(input: EcfDocumentInput): void {
  const problems = checkEcf(input);
  if (problems.length > 0) throw new EcfValidationError(problems);
}

// ---------------------------------------------------------------------------------------------
// e-CF XML
