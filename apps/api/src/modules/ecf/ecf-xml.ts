import { CONSUMO_BUYER_ID_THRESHOLD_CENTS } from '@agencia/shared';
import type { EcfDocumentInput, EcfLine } from './ecf-model.js';
import { assertValid, daysBetween, formatPhone } from './ecf-xml-check.js';
import {
  amounts,
  CREDIT_NOTE_ITBIS_DAYS,
  charLength,
  cleanText,
  divHalfUp,
  type EcfAmounts,
  el,
  fixed,
  formatEcfDate,
  formatEcfDateTime,
  group,
  ITBIS1_RATE,
  lineIndicator,
  money,
  quantityHundredths,
  rateUnits,
  TYPE_RULES,
  toDop,
  withheld,
  XML_DECLARATION,
} from './ecf-xml-values.js';

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

export { checkEcf, type EcfProblem, EcfValidationError, isEcfEmail } from './ecf-xml-check.js';
export {
  CREDIT_NOTE_ITBIS_DAYS,
  ECF_MAX_LINES,
  formatEcfDate,
  formatEcfDateTime,
  ITBIS1_RATE,
} from './ecf-xml-values.js';

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
      totales: group(
        'Totales',
        el('MontoExento', money(d.exempt)),
        el('MontoTotal', money(d.total)),
        // E47: TotalISRRetencion, the lines' MontoISRRetenido (Formato, Totales: 2 for 47; XSD e-CF 47).
        rules.retention === 'isr'
          ? el('TotalISRRetencion', money(toDop(input, withheld(input.totals.isrWithheldCents))))
          : '',
      ),
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
  const retains = rules.retention === 'itbisAndIsr';
  const itbisWithheld = retains ? withheld(input.totals.itbisWithheldCents) : 0;
  const isrWithheld = retains ? withheld(input.totals.isrWithheldCents) : 0;
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
      // E41: TotalITBISRetenido / TotalISRRetencion, the sums of the lines' Retencion (Formato,
      // Totales: "Condicional a que en la línea de detalle exista retención"; zero is accepted since
      // the 28-07-2020 update, written only when something was withheld).
      opt(itbisWithheld > 0, 'TotalITBISRetenido', money(toDop(input, itbisWithheld))),
      opt(isrWithheld > 0, 'TotalISRRetencion', money(toDop(input, isrWithheld))),
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
  if (rules.buyerArea === 'none') return '';
  if (rules.buyerArea === 'foreign') {
    // E47: the foreign supplier, IdentificadorExtranjero and RazonSocialComprador only (XSD e-CF 47).
    return group('Comprador', el('IdentificadorExtranjero', b.foreignId), el('RazonSocialComprador', b.name));
  }
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
  // Retencion (XSD e-CF 41/47: mandatory in every Item, right after IndicadorFacturacion):
  // IndicadorAgenteRetencionoPercepcion 1 "R" (the agency withholds; Formato §B), then the amounts
  // in DOP — MontoITBISRetenido/MontoISRRetenido when withheld in 41, MontoISRRetenido always in 47.
  const retention =
    rules.retention === 'none'
      ? ''
      : group(
          'Retencion',
          el('IndicadorAgenteRetencionoPercepcion', 1),
          rules.retention === 'itbisAndIsr' && withheld(line.itbisWithheldCents) > 0
            ? el('MontoITBISRetenido', money(toDop(input, withheld(line.itbisWithheldCents))))
            : '',
          rules.retention === 'isr' || withheld(line.isrWithheldCents) > 0
            ? el('MontoISRRetenido', money(toDop(input, withheld(line.isrWithheldCents))))
            : '',
        );
  return group(
    'Item',
    el('NumeroLinea', index + 1),
    el('IndicadorFacturacion', lineIndicator(rules, line)),
    retention,
    el('NombreItem', line.description),
    // IndicadorBienoServicio (Formato §B): 2 servicio unless the line is a good — the agency sells
    // services; a purchase (41/43/47) may be of goods.
    el('IndicadorBienoServicio', line.goods ? 1 : 2),
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
 * TipoAjuste D. The product's discount is a fixed amount (`discountAmount`), so TipoValor is "$"
 * ("Monto (cantidad fija)") with the amount in MontoDescuentooRecargo, and no
 * ValorDescuentooRecargo: that field is the percentage of a "%" discount (Formato §D, field 6
 * "Porcentaje de descuento/recargo", 3 integers and 2 decimals; XSD minOccurs 0). Writing the share
 * as a rounded percentage made the stated amount irreproducible (issue 42, point 7: 2.99 % of
 * 13,720.00 is not 410.19).
 */
function discountsXml(input: EcfDocumentInput, a: EcfAmounts): string {
  const foreign = input.currency !== 'DOP';
  const entries = a.discounts.map((d, i) =>
    group(
      'DescuentoORecargo',
      el('NumeroLinea', i + 1),
      el('TipoAjuste', 'D'),
      el('DescripcionDescuentooRecargo', 'Descuento'),
      el('TipoValor', '$'),
      el('MontoDescuentooRecargo', money(toDop(input, d.cents))),
      foreign ? el('MontoDescuentooRecargoOtraMoneda', money(d.cents)) : '',
      el('IndicadorFacturacionDescuentooRecargo', d.indicator),
    ),
  );
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
 * The unsigned e-CF XML of `input` (types E31–E34, E41, E43, E44–E47), in the element order of
 * the type's XSD, with no whitespace between elements and no empty element. Starts with the XML
 * declaration; root `<ECF>`; last child `<FechaHoraFirma>` — the signer appends `<Signature>` after it.
 * Amounts are DOP with two decimals (USD documents add OtraMoneda/OtraMonedaDetalle); dates
 * `dd-MM-yyyy`. Paginacion/TotalPaginas are omitted (one-page documents; TotalPaginas must be > 1 when
 * present, XSD Integer4ValidationTypeMayorUno). Throws `EcfValidationError` when `checkEcf` reports problems.
 *
 * IdDoc follows Formato §A/IdDoc: FechaVencimientoSecuencia except in 32/34; IndicadorNotaCredito in
 * 34 (1 when the modified e-CF is more than 30 days older); IndicadorMontoGravado 0 (line amounts
 * exclude ITBIS) where the type has it and a line is taxed ("Condicional a que el bien o servicio sea
 * gravado"); TipoIngresos 01 (ingresos por operaciones) except in 41/43/47 (Formato: obligatoriedad 0);
 * TipoPago; FechaLimitePago and TerminoPago (`N días`) for credit sales, where the type has them.
 * Purchase types (41, 43, 47): the agency is the Emisor; Comprador per `TYPE_RULES.buyerArea`; Items of
 * 41/47 carry `Retencion` and the Totales the withheld sums (see `itemXml`, `totalsXml`).
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
    rules.incomeType ? el('TipoIngresos', '01') : '',
    el('TipoPago', input.paymentType),
    credit && rules.paymentDueDate && input.dueDate
      ? el('FechaLimitePago', formatEcfDate(input.dueDate))
      : '',
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
