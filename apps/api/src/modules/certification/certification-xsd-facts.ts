/*
 * GENERATED from the DGII's official XSDs by apps/api/test/xsd-facts-source.ts — do not edit by hand;
 * `UPDATE_XSD_FACTS=1 npx vitest run --project api src/modules/certification/certification-xsd-facts.test.ts`
 * rewrites it, and that test fails whenever this file and the XSDs disagree.
 *
 * Sources (DGII, e-CF version 1.0; kept in shared/dgii-xsd/, see SOURCE.md there): `e-CF 31 v.1.0.xsd`,
 * `e-CF 32 v.1.0.xsd`, `e-CF 33 v.1.0.xsd`, `e-CF 34 v.1.0.xsd`, `e-CF 41 v.1.0.xsd`,
 * `e-CF 43 v.1.0.xsd`, `e-CF 44 v.1.0.xsd`, `e-CF 45 v.1.0.xsd`, `e-CF 46 v.1.0.xsd`,
 * `e-CF 47 v.1.0.xsd`, `RFCE 32 v.1.0.xsd` and `ACECF v.1.0.xsd`. Facts only: for each document
 * type, its elements in XSD order with their cardinality and simple type, and each simple type's
 * facets (enumeration, pattern, lengths, digits, bounds). The certification test sets build their
 * XML from these (certification-xml.ts); production code never reads the XSD files.
 */

/** A named simple type: its base (`xs:string`, `xs:integer`, `xs:decimal` or another type) and facets. */
export interface XsdSimpleType {
  base: string;
  enumeration?: string[];
  patterns?: string[];
  maxLength?: number;
  minLength?: number;
  totalDigits?: number;
  fractionDigits?: number;
  minInclusive?: string;
  maxInclusive?: string;
  minExclusive?: string;
}

/** One element: `max` -1 is unbounded; a leaf has `type`, a sequence has `children`. */
export interface XsdElement {
  name: string;
  min: number;
  max: number;
  type?: string;
  children?: XsdElement[];
}

/** One schema's facts: the tree and the simple types it uses. */
export interface XsdFacts {
  root: XsdElement;
  types: Record<string, XsdSimpleType>;
}

/** The schemas a certification test set builds documents of (file names in shared/dgii-xsd/). */
export type DgiiDocumentSchema =
  | 'ECF-31'
  | 'ECF-32'
  | 'ECF-33'
  | 'ECF-34'
  | 'ECF-41'
  | 'ECF-43'
  | 'ECF-44'
  | 'ECF-45'
  | 'ECF-46'
  | 'ECF-47'
  | 'RFCE-32'
  | 'ACECF';

/** The named simple types of the schemas (facets as written in the XSDs). */
export const DGII_XSD_TYPES: Record<string, XsdSimpleType> = {
  Alfa20Type: {
    base: 'xs:string',
    maxLength: 20,
    patterns: ['[a-zA-ZñÑáéíóúÁÉÍÓÚ,\\s]*'],
  },
  'Alfa20Type@ECF-33': {
    base: 'xs:string',
    maxLength: 20,
    patterns: ['^[a-zA-ZñÑáéíóúÁÉÍÓÚ,\\s]*$'],
  },
  'Alfa20Type@ECF-34': {
    base: 'xs:string',
    maxLength: 20,
    patterns: ['^[a-zA-ZñÑáéíóúÁÉÍÓÚ,\\s]*$'],
  },
  Alfa35Type: {
    base: 'xs:string',
    maxLength: 35,
    patterns: ['(\\D[^0-9]+[a-zA-ZñÑáéíóúÁÉÍÓÚ])'],
  },
  Alfa3Type: {
    base: 'xs:string',
    maxLength: 3,
    patterns: ['\\D[^0-9]+[a-zA-ZñÑáéíóúÁÉÍÓÚ]'],
  },
  Alfa60Type: {
    base: 'xs:string',
    maxLength: 60,
    patterns: ['(\\D[^0-9]+[a-zA-ZñÑáéíóúÁÉÍÓÚ])'],
  },
  'Alfa60Type@ECF-47': {
    base: 'xs:string',
    maxLength: 60,
    patterns: ['[a-zA-ZñÑáéíóúÁÉÍÓÚ,\\s]*'],
  },
  AlfaNum11Validation: {
    base: 'xs:string',
    patterns: ['([a-z0-9A-Z]{13,13})|([a-z0-9A-Z]{11,11})|([a-z0-9A-Z]{9,9})'],
  },
  AlfaNum150RType: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 150,
  },
  AlfaNum150Type: {
    base: 'xs:string',
    maxLength: 150,
  },
  AlfaNum20Type: {
    base: 'xs:string',
    maxLength: 20,
  },
  AlfaNum250Validation: {
    base: 'xs:string',
    maxLength: 250,
  },
  AlfNum1000Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 1000,
  },
  AlfNum100Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 100,
  },
  AlfNum10Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 10,
  },
  AlfNum11a19ValidationType: {
    base: 'xs:string',
    minLength: 11,
    maxLength: 19,
  },
  AlfNum14Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 14,
  },
  AlfNum150Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 150,
  },
  AlfNum20Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 20,
  },
  AlfNum250Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 250,
  },
  AlfNum25Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 25,
  },
  AlfNum35Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 35,
  },
  AlfNum40Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 40,
  },
  AlfNum45Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 45,
  },
  AlfNum50Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 50,
  },
  AlfNum60Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 60,
  },
  AlfNum7Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 7,
  },
  AlfNum80Type: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 80,
  },
  AlfNum90ValidationType: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 90,
  },
  BancoPagoType: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 75,
  },
  CodificacionTipoImpuestosType: {
    base: 'xs:string',
    enumeration: [
      '001',
      '002',
      '003',
      '004',
      '005',
      '006',
      '007',
      '008',
      '009',
      '010',
      '011',
      '012',
      '013',
      '014',
      '015',
      '016',
      '017',
      '018',
      '019',
      '020',
      '021',
      '022',
      '023',
      '024',
      '025',
      '026',
      '027',
      '028',
      '029',
      '030',
      '031',
      '032',
      '033',
      '034',
      '035',
      '036',
      '037',
      '038',
      '039',
    ],
  },
  CodigoModificacionType: {
    base: 'xs:integer',
    enumeration: ['1', '2', '3', '4', '5'],
  },
  CodigoSeguridadeCFType: {
    base: 'xs:string',
    patterns: ['.{6}'],
  },
  CorreoValidationType: {
    base: 'xs:string',
    maxLength: 80,
    patterns: ['\\w+([-+.]\\w+)*@\\w+([-.]\\w+)*\\.\\w+([-.]\\w+)*'],
  },
  DateAndTimeValidation: {
    base: 'xs:string',
    patterns: [
      '(3[01]|[12][0-9]|0[1-9])-(1[0-2]|0[1-9])-[0-9]{4} (2[0-3]|[01]?[0-9]):([0-5]?[0-9]):([0-5]?[0-9])',
    ],
  },
  DateTimeValidationType: {
    base: 'xs:string',
    maxLength: 19,
    patterns: [
      '(3[01]|[12][0-9]|0[1-9])-(1[0-2]|0[1-9])-((19|20)\\d{2}) (2[0-3]|[01]?[0-9]):([0-5]?[0-9]):([0-5]?[0-9])',
    ],
  },
  DateValidation: {
    base: 'xs:string',
    patterns: ['(3[01]|[12][0-9]|0?[1-9])\\-(1[012]|0?[1-9])\\-((20|20)\\d{2})'],
  },
  Decimal18D1or2ValidationTypeMayorCero: {
    base: 'xs:decimal',
    minExclusive: '0',
    patterns: ['[0-9]{1,16}(\\.[0-9]{1,2})?'],
    totalDigits: 18,
    fractionDigits: 2,
  },
  Decimal18D1or2ValidationTypeMayorIgualCero: {
    base: 'xs:decimal',
    patterns: ['[0-9]{1,16}(\\.[0-9]{1,2})?'],
    totalDigits: 18,
    fractionDigits: 2,
  },
  Decimal18D1or2ValidationTypeNegativoPositivo: {
    base: 'xs:decimal',
    patterns: ['[+-]?[0-9]{1,16}(.[0-9]{1,2})?'],
    totalDigits: 18,
    fractionDigits: 2,
  },
  Decimal18D2Mayor0Type: {
    base: 'xs:decimal',
    minInclusive: '0.01',
    patterns: ['[0-9]{1,16}(.[0-9]{2})?'],
    totalDigits: 18,
    fractionDigits: 2,
  },
  Decimal18D2MayorIgual0Type: {
    base: 'xs:decimal',
    patterns: ['[0-9]{1,16}(.[0-9]{2})?'],
    totalDigits: 18,
    fractionDigits: 2,
  },
  Decimal18D2NegativoType: {
    base: 'xs:decimal',
    patterns: ['[+-]?[0-9]{1,16}(.[0-9]{2})?'],
    totalDigits: 18,
    fractionDigits: 2,
  },
  Decimal18D2Validation: {
    base: 'xs:decimal',
    patterns: ['[0-9]+(\\.[0-9]{2})'],
    totalDigits: 18,
    fractionDigits: 2,
  },
  Decimal19D1or3ValidationTypeMayorIgualCero: {
    base: 'xs:decimal',
    totalDigits: 19,
    fractionDigits: 3,
    patterns: ['[0-9]{1,16}(.[0-9]{1,3})?'],
  },
  Decimal20D1or4ValidationTypeMayorIgualCero: {
    base: 'xs:decimal',
    patterns: ['(\\d{1,16})(\\.\\d{1,4})?'],
    totalDigits: 20,
    fractionDigits: 4,
  },
  Decimal5D1or2ValidationTypeMayorCero: {
    base: 'xs:decimal',
    minExclusive: '0',
    patterns: ['[0-9]{1,3}(.[0-9]{1,2})?'],
    totalDigits: 5,
    fractionDigits: 2,
  },
  Decimal7D1or4ValidationTypeMayorCero: {
    base: 'xs:decimal',
    minExclusive: '0',
    patterns: ['[0-9]{1,3}(.[0-9]{1,4})?'],
    totalDigits: 7,
    fractionDigits: 4,
  },
  'Decimal7D1or4ValidationTypeMayorCero@ECF-41': {
    base: 'xs:decimal',
    patterns: ['[0-9]{1,3}(.[0-9]{1,4})?'],
    totalDigits: 7,
    fractionDigits: 4,
  },
  eNCFType: {
    base: 'xs:string',
    patterns: ['([a-z0-9A-Z]{13,13})*'],
    minLength: 13,
    maxLength: 13,
  },
  eNCFValidationType: {
    base: 'xs:string',
    patterns: ['([a-z0-9A-Z]{13})'],
    minLength: 13,
    maxLength: 13,
  },
  EstadoType: {
    base: 'xs:integer',
    enumeration: ['1', '2'],
  },
  FechaType: {
    base: 'xs:string',
    patterns: ['\\s*(3[01]|[12][$0-9]|0?[1-9])\\-(1[012]|0?[1-9])\\-((19|20)\\d{2})\\s*'],
  },
  FechaValidationType: {
    base: 'xs:string',
    patterns: ['(3[01]|[12][0-9]|0?[1-9])\\-(1[012]|0?[1-9])\\-((19|20)\\d{2})'],
  },
  FormaPagoType: {
    base: 'xs:integer',
    enumeration: ['1', '2', '3', '4', '5', '6', '7', '8'],
  },
  ImpuestosAdicionalesType: {
    base: 'xs:string',
    enumeration: [
      '001',
      '002',
      '003',
      '004',
      '005',
      '006',
      '007',
      '008',
      '009',
      '010',
      '011',
      '012',
      '013',
      '014',
      '015',
      '016',
      '017',
      '018',
      '019',
      '020',
      '021',
      '022',
      '023',
      '024',
      '025',
      '026',
      '027',
      '028',
      '029',
      '030',
      '031',
      '032',
      '033',
      '034',
      '035',
      '036',
      '037',
      '038',
      '039',
    ],
  },
  IndicadorAgenteRetencionoPercepcionType: {
    base: 'xs:integer',
    enumeration: ['1', '2'],
  },
  IndicadorBienoServicioType: {
    base: 'xs:integer',
    enumeration: ['1', '2'],
  },
  IndicadorEnvioDiferidoType: {
    base: 'xs:integer',
    enumeration: ['1'],
  },
  IndicadorFacturacionDRType: {
    base: 'xs:integer',
    enumeration: ['1', '2', '3', '4'],
  },
  IndicadorFacturacionType: {
    base: 'xs:integer',
    enumeration: ['0', '1', '2', '3', '4'],
  },
  IndicadorMontoGravadoType: {
    base: 'xs:integer',
    enumeration: ['0', '1'],
  },
  IndicadorNorma1007Type: {
    base: 'xs:integer',
    enumeration: ['0', '1'],
  },
  IndicadorNotaCreditoType: {
    base: 'xs:integer',
    minInclusive: '0',
    maxInclusive: '1',
  },
  IndicadorServicioTodoIncluidoType: {
    base: 'xs:integer',
    enumeration: ['1'],
  },
  Integer20ValidationType: {
    base: 'xs:integer',
    patterns: ['[0-9]{1,20}'],
    totalDigits: 20,
  },
  Integer2ValidationType: {
    base: 'xs:integer',
    patterns: ['[0-9]{1,2}'],
    totalDigits: 2,
  },
  Integer4V1To1000ValidationType: {
    base: 'xs:integer',
    patterns: ['[0-9]{1,4}'],
    minInclusive: '1',
    maxInclusive: '1000',
    totalDigits: 4,
  },
  Integer4ValidationTypeMayorUno: {
    base: 'xs:integer',
    minExclusive: '1',
    patterns: ['[0-9]{1,4}'],
    totalDigits: 4,
  },
  Integer5V1To10000ValidationType: {
    base: 'xs:integer',
    patterns: ['[0-9]{1,5}'],
    minInclusive: '1',
    maxInclusive: '10000',
    totalDigits: 5,
  },
  Integer5ValidationTypeMayorUno: {
    base: 'xs:integer',
    minExclusive: '1',
    patterns: ['[0-9]{1,5}'],
    totalDigits: 5,
  },
  LiquidacionType: {
    base: 'xs:integer',
    enumeration: ['1', '2'],
  },
  NumeroCuentaPagoType: {
    base: 'xs:string',
    minLength: 1,
    maxLength: 28,
  },
  NumeroLineaType: {
    base: 'xs:integer',
    totalDigits: 4,
    patterns: ['[0-9]{0,4}'],
    minInclusive: '1',
    maxInclusive: '1000',
  },
  'NumeroLineaType@ECF-33': {
    base: 'xs:integer',
    totalDigits: 5,
    patterns: ['[0-9]{1,5}'],
    minInclusive: '1',
    maxInclusive: '10000',
  },
  'NumeroLineaType@ECF-34': {
    base: 'xs:integer',
    totalDigits: 5,
    patterns: ['[0-9]{1,5}'],
    minInclusive: '1',
    maxInclusive: '10000',
  },
  ProvinciaMunicipioType: {
    base: 'xs:string',
    enumeration: [
      '010000',
      '010100',
      '010101',
      '020000',
      '020100',
      '020101',
      '020102',
      '020103',
      '020104',
      '020105',
      '020106',
      '020107',
      '020108',
      '020109',
      '020200',
      '020201',
      '020202',
      '020300',
      '020301',
      '020302',
      '020303',
      '020400',
      '020401',
      '020402',
      '020403',
      '020404',
      '020405',
      '020500',
      '020501',
      '020600',
      '020601',
      '020602',
      '020603',
      '020604',
      '020700',
      '020701',
      '020702',
      '020800',
      '020801',
      '020802',
      '020803',
      '020804',
      '020900',
      '020901',
      '021000',
      '021001',
      '030000',
      '030001',
      '030101',
      '030102',
      '030200',
      '030201',
      '030202',
      '030300',
      '030301',
      '030302',
      '030303',
      '030304',
      '030305',
      '030306',
      '030307',
      '030400',
      '030401',
      '030500',
      '030501',
      '030502',
      '040000',
      '040100',
      '040101',
      '040102',
      '040103',
      '040104',
      '040200',
      '040201',
      '040300',
      '040301',
      '040302',
      '040400',
      '040401',
      '040402',
      '040500',
      '040501',
      '040502',
      '040503',
      '040504',
      '040600',
      '040601',
      '040700',
      '040701',
      '040702',
      '040800',
      '040801',
      '040802',
      '040900',
      '040901',
      '041000',
      '041001',
      '041100',
      '041101',
      '041102',
      '050000',
      '050100',
      '050101',
      '050102',
      '050200',
      '050201',
      '050202',
      '050203',
      '050300',
      '050301',
      '050400',
      '050401',
      '050500',
      '050501',
      '050502',
      '060000',
      '060100',
      '060101',
      '060102',
      '060103',
      '060104',
      '060105',
      '060200',
      '060201',
      '060202',
      '060203',
      '060300',
      '060301',
      '060400',
      '060401',
      '060500',
      '060501',
      '060502',
      '060503',
      '060504',
      '060505',
      '060600',
      '060601',
      '060700',
      '060701',
      '060702',
      '070000',
      '070100',
      '070101',
      '070102',
      '070103',
      '070200',
      '070201',
      '070202',
      '070203',
      '070300',
      '070301',
      '070302',
      '070400',
      '070401',
      '070402',
      '070500',
      '070501',
      '070502',
      '070600',
      '070601',
      '080000',
      '080100',
      '080101',
      '080102',
      '080103',
      '080104',
      '080200',
      '080201',
      '080202',
      '080203',
      '090000',
      '090100',
      '090101',
      '090102',
      '090103',
      '090104',
      '090105',
      '090106',
      '090107',
      '090108',
      '090109',
      '090200',
      '090201',
      '090300',
      '090301',
      '090302',
      '090303',
      '090304',
      '090400',
      '090401',
      '100000',
      '100100',
      '100101',
      '100102',
      '100103',
      '100200',
      '100201',
      '100202',
      '100300',
      '100301',
      '100400',
      '100401',
      '100402',
      '100500',
      '100501',
      '100502',
      '100600',
      '100601',
      '100602',
      '110000',
      '110100',
      '110101',
      '110102',
      '110103',
      '110104',
      '110200',
      '110201',
      '110202',
      '110203',
      '120000',
      '120100',
      '120101',
      '120102',
      '120200',
      '120201',
      '120300',
      '120301',
      '120302',
      '130000',
      '130100',
      '130101',
      '130102',
      '130103',
      '130104',
      '130105',
      '130200',
      '130201',
      '130202',
      '130203',
      '130300',
      '130301',
      '130302',
      '130303',
      '130400',
      '130401',
      '130402',
      '140000',
      '140100',
      '140101',
      '140102',
      '140103',
      '140104',
      '140200',
      '140201',
      '140202',
      '140203',
      '140300',
      '140301',
      '140302',
      '140400',
      '140401',
      '150000',
      '150100',
      '150101',
      '150200',
      '150201',
      '150202',
      '150300',
      '150301',
      '150302',
      '150303',
      '150304',
      '150400',
      '150401',
      '150500',
      '150501',
      '150502',
      '150600',
      '150601',
      '160000',
      '160100',
      '160101',
      '160102',
      '160200',
      '160201',
      '160202',
      '170000',
      '170100',
      '170101',
      '170102',
      '170103',
      '170104',
      '170105',
      '170106',
      '170107',
      '170108',
      '170109',
      '170110',
      '170200',
      '170201',
      '170202',
      '170203',
      '170300',
      '170301',
      '180000',
      '180100',
      '180101',
      '180102',
      '180103',
      '180200',
      '180201',
      '180202',
      '180300',
      '180301',
      '180400',
      '180401',
      '180500',
      '180501',
      '180502',
      '180600',
      '180601',
      '180602',
      '180603',
      '180604',
      '180700',
      '180701',
      '180702',
      '180703',
      '180800',
      '180801',
      '180802',
      '180803',
      '180804',
      '180900',
      '180901',
      '190000',
      '190100',
      '190101',
      '190102',
      '190200',
      '190201',
      '190202',
      '190300',
      '190301',
      '200000',
      '200100',
      '200101',
      '200102',
      '200103',
      '200104',
      '200200',
      '200201',
      '200300',
      '200301',
      '210000',
      '210100',
      '210101',
      '210102',
      '210103',
      '210200',
      '210201',
      '210300',
      '210301',
      '210302',
      '210303',
      '210400',
      '210401',
      '210402',
      '210500',
      '210501',
      '210502',
      '210503',
      '210504',
      '210600',
      '210601',
      '210602',
      '210700',
      '210701',
      '210800',
      '210801',
      '220000',
      '220100',
      '220101',
      '220102',
      '220103',
      '220104',
      '220105',
      '220106',
      '220107',
      '220108',
      '220109',
      '220110',
      '220111',
      '220200',
      '220201',
      '220202',
      '220203',
      '220300',
      '220301',
      '220302',
      '220303',
      '220400',
      '220401',
      '220402',
      '220500',
      '220501',
      '220502',
      '220503',
      '220600',
      '220601',
      '220602',
      '230000',
      '230100',
      '230101',
      '230200',
      '230201',
      '230202',
      '230203',
      '230300',
      '230301',
      '230400',
      '230401',
      '230500',
      '230501',
      '230600',
      '230601',
      '240000',
      '240100',
      '240101',
      '240102',
      '240103',
      '240104',
      '240105',
      '240106',
      '240200',
      '240201',
      '240202',
      '240300',
      '240301',
      '240400',
      '240401',
      '240402',
      '240403',
      '240404',
      '250000',
      '250100',
      '250101',
      '250102',
      '250104',
      '250105',
      '250106',
      '250107',
      '250200',
      '250201',
      '250300',
      '250301',
      '250302',
      '250303',
      '250400',
      '250401',
      '250402',
      '250500',
      '250501',
      '250502',
      '250503',
      '250504',
      '250600',
      '250601',
      '250602',
      '250700',
      '250701',
      '250702',
      '250703',
      '250800',
      '250801',
      '250802',
      '250803',
      '250900',
      '250901',
      '251000',
      '251001',
      '260000',
      '260100',
      '260101',
      '260200',
      '260201',
      '260300',
      '260301',
      '270000',
      '270100',
      '270101',
      '270102',
      '270103',
      '270104',
      '270200',
      '270201',
      '270202',
      '270203',
      '270204',
      '270205',
      '270300',
      '270301',
      '270302',
      '270303',
      '270304',
      '280000',
      '280100',
      '280101',
      '280102',
      '280103',
      '280104',
      '280105',
      '280106',
      '280200',
      '280201',
      '280300',
      '280301',
      '280302',
      '280303',
      '290000',
      '290100',
      '290101',
      '290102',
      '290103',
      '290104',
      '290200',
      '290201',
      '290300',
      '290301',
      '290302',
      '290303',
      '290400',
      '290402',
      '290403',
      '290500',
      '290501',
      '300000',
      '300100',
      '300101',
      '300102',
      '300103',
      '300104',
      '300200',
      '300201',
      '300202',
      '300300',
      '300301',
      '310000',
      '310100',
      '310101',
      '310102',
      '310103',
      '310104',
      '310105',
      '310200',
      '310201',
      '310300',
      '310301',
      '320000',
      '320100',
      '320101',
      '320102',
      '320200',
      '320201',
      '320300',
      '320301',
      '320302',
      '320400',
      '320401',
      '320402',
      '320500',
      '320501',
      '320502',
      '320600',
      '320601',
      '320602',
      '320603',
      '320700',
      '320701',
      '320702',
      '320703',
    ],
  },
  RNCType: {
    base: 'xs:integer',
    patterns: ['[0-9]{11}|[0-9]{9}'],
  },
  RNCValidation: {
    base: 'xs:integer',
    patterns: ['(\\d{11,11})|(\\d{9,9})'],
  },
  RNCValidationType: {
    base: 'xs:string',
    patterns: ['[0-9]{11}|[0-9]{9}'],
  },
  TelefonoValidationType: {
    base: 'xs:string',
    patterns: ['\\d{3}-\\d{3}-\\d{4}'],
    maxLength: 12,
  },
  TerminoPagoValidationType: {
    base: 'xs:string',
    patterns: ['[\\s\\d\\w]{1,15}'],
  },
  TipoAfiliacionType: {
    base: 'xs:integer',
    enumeration: ['1', '2'],
  },
  TipoAjusteType: {
    base: 'xs:string',
    enumeration: ['D', 'R'],
  },
  TipoCuentaPagoType: {
    base: 'xs:string',
    enumeration: ['CT', 'AH', 'OT'],
  },
  TipoDescuentoRecargoType: {
    base: 'xs:string',
    enumeration: ['$', '%'],
  },
  TipoeCFType: {
    base: 'xs:integer',
    enumeration: ['31', '32', '33', '34', '41', '43', '44', '45', '46', '47'],
  },
  'TipoeCFType@RFCE-32': {
    base: 'xs:integer',
    enumeration: ['32'],
  },
  TipoIngresosType: {
    base: 'xs:integer',
    enumeration: ['01', '02', '03', '04', '05', '06'],
    patterns: ['[0]{1}[1-6]{1}'],
  },
  TipoIngresosValidationType: {
    base: 'xs:string',
    enumeration: ['01', '02', '03', '04', '05', '06'],
  },
  'TipoIngresosValidationType@ECF-33': {
    base: 'xs:string',
    enumeration: ['01', '02', '03', '04', '05', '06'],
    patterns: ['[0]{1}[1-6]{1}'],
  },
  'TipoIngresosValidationType@ECF-34': {
    base: 'xs:string',
    enumeration: ['01', '02', '03', '04', '05', '06'],
    patterns: ['[0]{1}[1-6]{1}'],
  },
  'TipoIngresosValidationType@ECF-44': {
    base: 'xs:string',
    enumeration: ['01', '02', '03', '04', '05', '06'],
    patterns: ['[0]{1}[1-6]{1}'],
  },
  'TipoIngresosValidationType@ECF-45': {
    base: 'xs:integer',
    enumeration: ['01', '02', '03', '04', '05', '06'],
    patterns: ['[0]{1}[1-6]{1}'],
  },
  'TipoIngresosValidationType@ECF-46': {
    base: 'xs:string',
    enumeration: ['01', '02', '03', '04', '05', '06'],
    patterns: ['[0]{1}[1-6]{1}'],
  },
  TipoMonedaType: {
    base: 'xs:string',
    enumeration: [
      'BRL',
      'CAD',
      'CHF',
      'CHY',
      'XDR',
      'DKK',
      'EUR',
      'GBP',
      'JPY',
      'NOK',
      'SCP',
      'SEK',
      'USD',
      'VEF',
      'HTG',
      'MXN',
      'COP',
    ],
  },
  TipoPagoType: {
    base: 'xs:integer',
    enumeration: ['1', '2', '3'],
  },
  UnidadMedidaType: {
    base: 'xs:integer',
    enumeration: [
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
      '19',
      '20',
      '21',
      '22',
      '23',
      '24',
      '25',
      '26',
      '27',
      '28',
      '29',
      '30',
      '31',
      '32',
      '33',
      '34',
      '35',
      '36',
      '37',
      '38',
      '39',
      '40',
      '41',
      '42',
      '43',
      '44',
      '45',
      '46',
      '47',
      '48',
      '49',
      '50',
      '51',
      '52',
      '53',
      '54',
      '55',
      '56',
      '57',
      '58',
      '59',
      '60',
      '61',
      '62',
    ],
  },
  'UnidadMedidaType@ECF-33': {
    base: 'xs:string',
    enumeration: [
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
      '19',
      '20',
      '21',
      '22',
      '23',
      '24',
      '25',
      '26',
      '27',
      '28',
      '29',
      '30',
      '31',
      '32',
      '33',
      '34',
      '35',
      '36',
      '37',
      '38',
      '39',
      '40',
      '41',
      '42',
      '43',
      '44',
      '45',
      '46',
      '47',
      '48',
      '49',
      '50',
      '51',
      '52',
      '53',
      '54',
      '55',
      '56',
      '57',
      '58',
      '59',
      '60',
      '61',
      '62',
    ],
  },
  'UnidadMedidaType@ECF-44': {
    base: 'xs:string',
    enumeration: [
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
      '19',
      '20',
      '21',
      '22',
      '23',
      '24',
      '25',
      '26',
      '27',
      '28',
      '29',
      '30',
      '31',
      '32',
      '33',
      '34',
      '35',
      '36',
      '37',
      '38',
      '39',
      '40',
      '41',
      '42',
      '43',
      '44',
      '45',
      '46',
      '47',
      '48',
      '49',
      '50',
      '51',
      '52',
      '53',
      '54',
      '55',
      '56',
      '57',
      '58',
      '59',
      '60',
      '61',
      '62',
    ],
  },
  versionType: {
    base: 'xs:decimal',
    enumeration: ['1.0'],
  },
  VersionType: {
    base: 'xs:decimal',
    enumeration: ['1.0'],
    patterns: ['[1]{1}.[0]{1}'],
  },
  'versionType@ACECF': {
    base: 'xs:string',
    enumeration: ['1.0'],
  },
  ViaTransporteType: {
    base: 'xs:string',
    enumeration: ['01', '02', '03'],
  },
};

/**
 * The element tree of each schema, one element per line in XSD order, indented one space per level:
 * `Name` (exactly once), `Name?` (optional), `Name{min,max}` (`*` unbounded), then its simple
 * type; a line without a type is a sequence of the lines below it.
 */
const TREES: Record<DgiiDocumentSchema, string> = {
  'ECF-31': `
ECF
 Encabezado
  Version versionType
  IdDoc
   TipoeCF TipoeCFType
   eNCF eNCFValidationType
   FechaVencimientoSecuencia FechaValidationType
   IndicadorEnvioDiferido? IndicadorEnvioDiferidoType
   IndicadorMontoGravado? IndicadorMontoGravadoType
   IndicadorServicioTodoIncluido? IndicadorServicioTodoIncluidoType
   TipoIngresos TipoIngresosValidationType
   TipoPago TipoPagoType
   FechaLimitePago? FechaValidationType
   TerminoPago? TerminoPagoValidationType
   TablaFormasPago?
    FormaDePago{1,7}
     FormaPago FormaPagoType
     MontoPago Decimal18D1or2ValidationTypeMayorIgualCero
   TipoCuentaPago? TipoCuentaPagoType
   NumeroCuentaPago? NumeroCuentaPagoType
   BancoPago? BancoPagoType
   FechaDesde? FechaValidationType
   FechaHasta? FechaValidationType
   TotalPaginas? Integer4ValidationTypeMayorUno
  Emisor
   RNCEmisor RNCValidationType
   RazonSocialEmisor AlfNum150Type
   NombreComercial? AlfNum150Type
   Sucursal? AlfNum20Type
   DireccionEmisor AlfNum100Type
   Municipio? ProvinciaMunicipioType
   Provincia? ProvinciaMunicipioType
   TablaTelefonoEmisor?
    TelefonoEmisor{1,3} TelefonoValidationType
   CorreoEmisor? CorreoValidationType
   WebSite? AlfNum50Type
   ActividadEconomica? AlfNum100Type
   CodigoVendedor? AlfNum60Type
   NumeroFacturaInterna? AlfNum20Type
   NumeroPedidoInterno? Integer20ValidationType
   ZonaVenta? AlfNum20Type
   RutaVenta? AlfNum20Type
   InformacionAdicionalEmisor? AlfNum250Type
   FechaEmision FechaValidationType
  Comprador
   RNCComprador RNCValidationType
   RazonSocialComprador AlfNum150Type
   ContactoComprador? AlfNum80Type
   CorreoComprador? CorreoValidationType
   DireccionComprador? AlfNum100Type
   MunicipioComprador? ProvinciaMunicipioType
   ProvinciaComprador? ProvinciaMunicipioType
   FechaEntrega? FechaValidationType
   ContactoEntrega? AlfNum100Type
   DireccionEntrega? AlfNum100Type
   TelefonoAdicional? TelefonoValidationType
   FechaOrdenCompra? FechaValidationType
   NumeroOrdenCompra? AlfNum20Type
   CodigoInternoComprador? AlfNum20Type
   ResponsablePago? Alfa20Type
   InformacionAdicionalComprador? AlfNum150Type
  InformacionesAdicionales?
   FechaEmbarque? FechaValidationType
   NumeroEmbarque? AlfNum25Type
   NumeroContenedor? AlfNum100Type
   NumeroReferencia? Integer20ValidationType
   PesoBruto? Decimal18D1or2ValidationTypeMayorIgualCero
   PesoNeto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadPesoBruto? UnidadMedidaType
   UnidadPesoNeto? UnidadMedidaType
   CantidadBulto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadBulto? UnidadMedidaType
   VolumenBulto? Decimal18D1or2ValidationTypeMayorCero
   UnidadVolumen? UnidadMedidaType
  Transporte?
   Conductor? AlfNum20Type
   DocumentoTransporte? Integer20ValidationType
   Ficha? AlfNum10Type
   Placa? AlfNum7Type
   RutaTransporte? AlfNum20Type
   ZonaTransporte? AlfNum20Type
   NumeroAlbaran? AlfNum20Type
  Totales
   MontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI1? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI2? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoExento? Decimal18D1or2ValidationTypeMayorIgualCero
   ITBIS1? Integer2ValidationType
   ITBIS2? Integer2ValidationType
   ITBIS3? Integer2ValidationType
   TotalITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS1? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS2? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoImpuestoAdicional? Decimal18D1or2ValidationTypeMayorCero
   ImpuestosAdicionales?
    ImpuestoAdicional{1,20}
     TipoImpuesto CodificacionTipoImpuestosType
     TasaImpuestoAdicional Decimal5D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoEspecifico? Decimal18D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoAdvalorem? Decimal18D1or2ValidationTypeMayorCero
     OtrosImpuestosAdicionales? Decimal18D1or2ValidationTypeMayorCero
   MontoTotal Decimal18D1or2ValidationTypeMayorIgualCero
   MontoNoFacturable? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoPeriodo? Decimal18D1or2ValidationTypeNegativoPositivo
   SaldoAnterior? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoAvancePago? Decimal18D1or2ValidationTypeMayorIgualCero
   ValorPagar? Decimal18D1or2ValidationTypeNegativoPositivo
   TotalITBISRetenido? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalISRRetencion? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBISPercepcion? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalISRPercepcion? Decimal18D1or2ValidationTypeMayorIgualCero
  OtraMoneda?
   TipoMoneda? TipoMonedaType
   TipoCambio? Decimal7D1or4ValidationTypeMayorCero
   MontoGravadoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado1OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado2OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoExentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBISOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS1OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS2OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoImpuestoAdicionalOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
   ImpuestosAdicionalesOtraMoneda?
    ImpuestoAdicionalOtraMoneda{1,20}
     TipoImpuestoOtraMoneda CodificacionTipoImpuestosType
     TasaImpuestoAdicionalOtraMoneda Decimal5D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoEspecificoOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoAdvaloremOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
     OtrosImpuestosAdicionalesOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
   MontoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
 DetallesItems
  Item{1,1000}
   NumeroLinea NumeroLineaType
   TablaCodigosItem?
    CodigosItem{1,5}
     TipoCodigo AlfNum14Type
     CodigoItem AlfNum35Type
   IndicadorFacturacion IndicadorFacturacionType
   Retencion?
    IndicadorAgenteRetencionoPercepcion? IndicadorAgenteRetencionoPercepcionType
    MontoITBISRetenido? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoISRRetenido? Decimal18D1or2ValidationTypeMayorIgualCero
   NombreItem AlfNum80Type
   IndicadorBienoServicio IndicadorBienoServicioType
   DescripcionItem? AlfNum1000Type
   CantidadItem Decimal18D1or2ValidationTypeMayorCero
   UnidadMedida? UnidadMedidaType
   CantidadReferencia? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadReferencia? UnidadMedidaType
   TablaSubcantidad?
    SubcantidadItem{1,5}
     Subcantidad? Decimal19D1or3ValidationTypeMayorIgualCero
     CodigoSubcantidad? UnidadMedidaType
   GradosAlcohol? Decimal5D1or2ValidationTypeMayorCero
   PrecioUnitarioReferencia? Decimal18D1or2ValidationTypeMayorCero
   FechaElaboracion? FechaValidationType
   FechaVencimientoItem? FechaValidationType
   PrecioUnitarioItem Decimal20D1or4ValidationTypeMayorIgualCero
   DescuentoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubDescuento?
    SubDescuento{1,12}
     TipoSubDescuento TipoDescuentoRecargoType
     SubDescuentoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubDescuento? Decimal18D1or2ValidationTypeMayorIgualCero
   RecargoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubRecargo?
    SubRecargo{1,12}
     TipoSubRecargo TipoDescuentoRecargoType
     SubRecargoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaImpuestoAdicional?
    ImpuestoAdicional{1,2}
     TipoImpuesto CodificacionTipoImpuestosType
   OtraMonedaDetalle?
    PrecioOtraMoneda? Decimal20D1or4ValidationTypeMayorIgualCero
    DescuentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    RecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoItemOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoItem Decimal18D1or2ValidationTypeMayorIgualCero
 Subtotales?
  Subtotal{1,20}
   NumeroSubTotal? Integer2ValidationType
   DescripcionSubtotal? AlfNum40Type
   Orden? Integer2ValidationType
   SubTotalMontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI1? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI2? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS1? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS2? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalImpuestoAdicional? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalExento? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   Lineas? Integer2ValidationType
 DescuentosORecargos?
  DescuentoORecargo{1,20}
   NumeroLinea Integer2ValidationType
   TipoAjuste TipoAjusteType
   IndicadorNorma1007? IndicadorNorma1007Type
   DescripcionDescuentooRecargo? AlfNum45Type
   TipoValor? TipoDescuentoRecargoType
   ValorDescuentooRecargo? Decimal5D1or2ValidationTypeMayorCero
   MontoDescuentooRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoDescuentooRecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   IndicadorFacturacionDescuentooRecargo? IndicadorFacturacionDRType
 Paginacion?
  Pagina{1,1000}
   PaginaNo? Integer4V1To1000ValidationType
   NoLineaDesde? Integer4V1To1000ValidationType
   NoLineaHasta? Integer4V1To1000ValidationType
   SubtotalMontoGravadoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado1Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado2Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalExentoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbisPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis1Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis2Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalImpuestoAdicionalPagina? Decimal18D1or2ValidationTypeMayorCero
   SubtotalImpuestoAdicional?
    SubtotalImpuestoSelectivoConsumoEspecificoPagina? Decimal18D1or2ValidationTypeMayorCero
    SubtotalOtrosImpuesto? Decimal18D1or2ValidationTypeMayorCero
   MontoSubtotalPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoNoFacturablePagina? Decimal18D1or2ValidationTypeMayorIgualCero
 InformacionReferencia?
  NCFModificado? AlfNum11a19ValidationType
  RNCOtroContribuyente? RNCValidationType
  FechaNCFModificado? FechaValidationType
  CodigoModificacion? CodigoModificacionType
 FechaHoraFirma DateTimeValidationType
`,
  'ECF-32': `
ECF
 Encabezado
  Version versionType
  IdDoc
   TipoeCF TipoeCFType
   eNCF eNCFValidationType
   IndicadorEnvioDiferido? IndicadorEnvioDiferidoType
   IndicadorMontoGravado? IndicadorMontoGravadoType
   IndicadorServicioTodoIncluido? IndicadorServicioTodoIncluidoType
   TipoIngresos TipoIngresosValidationType
   TipoPago TipoPagoType
   FechaLimitePago? FechaValidationType
   TerminoPago? TerminoPagoValidationType
   TablaFormasPago?
    FormaDePago{1,7}
     FormaPago FormaPagoType
     MontoPago Decimal18D1or2ValidationTypeMayorIgualCero
   TipoCuentaPago? TipoCuentaPagoType
   NumeroCuentaPago? NumeroCuentaPagoType
   BancoPago? BancoPagoType
   FechaDesde? FechaValidationType
   FechaHasta? FechaValidationType
   TotalPaginas? Integer4ValidationTypeMayorUno
  Emisor
   RNCEmisor RNCValidationType
   RazonSocialEmisor AlfNum150Type
   NombreComercial? AlfNum150Type
   Sucursal? AlfNum20Type
   DireccionEmisor AlfNum100Type
   Municipio? ProvinciaMunicipioType
   Provincia? ProvinciaMunicipioType
   TablaTelefonoEmisor?
    TelefonoEmisor{1,3} TelefonoValidationType
   CorreoEmisor? CorreoValidationType
   WebSite? AlfNum50Type
   ActividadEconomica? AlfNum100Type
   CodigoVendedor? AlfNum60Type
   NumeroFacturaInterna? AlfNum20Type
   NumeroPedidoInterno? Integer20ValidationType
   ZonaVenta? AlfNum20Type
   RutaVenta? AlfNum20Type
   InformacionAdicionalEmisor? AlfNum250Type
   FechaEmision FechaValidationType
  Comprador
   RNCComprador? RNCValidationType
   IdentificadorExtranjero? AlfNum20Type
   RazonSocialComprador? AlfNum150Type
   ContactoComprador? AlfNum80Type
   CorreoComprador? CorreoValidationType
   DireccionComprador? AlfNum100Type
   MunicipioComprador? ProvinciaMunicipioType
   ProvinciaComprador? ProvinciaMunicipioType
   FechaEntrega? FechaValidationType
   ContactoEntrega? AlfNum100Type
   DireccionEntrega? AlfNum100Type
   TelefonoAdicional? TelefonoValidationType
   FechaOrdenCompra? FechaValidationType
   NumeroOrdenCompra? AlfNum20Type
   CodigoInternoComprador? AlfNum20Type
   ResponsablePago? Alfa20Type
   InformacionAdicionalComprador? AlfNum150Type
  InformacionesAdicionales?
   FechaEmbarque? FechaValidationType
   NumeroEmbarque? AlfNum25Type
   NumeroContenedor? AlfNum100Type
   NumeroReferencia? Integer20ValidationType
   PesoBruto? Decimal18D1or2ValidationTypeMayorIgualCero
   PesoNeto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadPesoBruto? UnidadMedidaType
   UnidadPesoNeto? UnidadMedidaType
   CantidadBulto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadBulto? UnidadMedidaType
   VolumenBulto? Decimal18D1or2ValidationTypeMayorCero
   UnidadVolumen? UnidadMedidaType
  Transporte?
   Conductor? AlfNum20Type
   DocumentoTransporte? Integer20ValidationType
   Ficha? AlfNum10Type
   Placa? AlfNum7Type
   RutaTransporte? AlfNum20Type
   ZonaTransporte? AlfNum20Type
   NumeroAlbaran? AlfNum20Type
  Totales
   MontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI1? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI2? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoExento? Decimal18D1or2ValidationTypeMayorIgualCero
   ITBIS1? Integer2ValidationType
   ITBIS2? Integer2ValidationType
   ITBIS3? Integer2ValidationType
   TotalITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS1? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS2? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoImpuestoAdicional? Decimal18D1or2ValidationTypeMayorCero
   ImpuestosAdicionales?
    ImpuestoAdicional{1,20}
     TipoImpuesto CodificacionTipoImpuestosType
     TasaImpuestoAdicional Decimal5D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoEspecifico? Decimal18D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoAdvalorem? Decimal18D1or2ValidationTypeMayorCero
     OtrosImpuestosAdicionales? Decimal18D1or2ValidationTypeMayorCero
   MontoTotal Decimal18D1or2ValidationTypeMayorIgualCero
   MontoNoFacturable? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoPeriodo? Decimal18D1or2ValidationTypeNegativoPositivo
   SaldoAnterior? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoAvancePago? Decimal18D1or2ValidationTypeMayorIgualCero
   ValorPagar? Decimal18D1or2ValidationTypeNegativoPositivo
  OtraMoneda?
   TipoMoneda? TipoMonedaType
   TipoCambio? Decimal7D1or4ValidationTypeMayorCero
   MontoGravadoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado1OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado2OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoExentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBISOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS1OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS2OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoImpuestoAdicionalOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
   ImpuestosAdicionalesOtraMoneda?
    ImpuestoAdicionalOtraMoneda{1,20}
     TipoImpuestoOtraMoneda CodificacionTipoImpuestosType
     TasaImpuestoAdicionalOtraMoneda Decimal5D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoEspecificoOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoAdvaloremOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
     OtrosImpuestosAdicionalesOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
   MontoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
 DetallesItems
  Item{1,1000}
   NumeroLinea NumeroLineaType
   TablaCodigosItem?
    CodigosItem{1,5}
     TipoCodigo AlfNum14Type
     CodigoItem AlfNum35Type
   IndicadorFacturacion IndicadorFacturacionType
   NombreItem AlfNum80Type
   IndicadorBienoServicio IndicadorBienoServicioType
   DescripcionItem? AlfNum1000Type
   CantidadItem Decimal18D1or2ValidationTypeMayorCero
   UnidadMedida? UnidadMedidaType
   CantidadReferencia? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadReferencia? UnidadMedidaType
   TablaSubcantidad?
    SubcantidadItem{1,5}
     Subcantidad? Decimal19D1or3ValidationTypeMayorIgualCero
     CodigoSubcantidad? UnidadMedidaType
   GradosAlcohol? Decimal5D1or2ValidationTypeMayorCero
   PrecioUnitarioReferencia? Decimal18D1or2ValidationTypeMayorCero
   FechaElaboracion? FechaValidationType
   FechaVencimientoItem? FechaValidationType
   Mineria?
    PesoNetoKilogramo? Decimal19D1or3ValidationTypeMayorIgualCero
    PesoNetoMineria? Decimal19D1or3ValidationTypeMayorIgualCero
    TipoAfiliacion? TipoAfiliacionType
    Liquidacion? LiquidacionType
   PrecioUnitarioItem Decimal20D1or4ValidationTypeMayorIgualCero
   DescuentoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubDescuento?
    SubDescuento{1,12}
     TipoSubDescuento TipoDescuentoRecargoType
     SubDescuentoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubDescuento? Decimal18D1or2ValidationTypeMayorIgualCero
   RecargoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubRecargo?
    SubRecargo{1,12}
     TipoSubRecargo TipoDescuentoRecargoType
     SubRecargoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaImpuestoAdicional?
    ImpuestoAdicional{1,2}
     TipoImpuesto CodificacionTipoImpuestosType
   OtraMonedaDetalle?
    PrecioOtraMoneda? Decimal20D1or4ValidationTypeMayorIgualCero
    DescuentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    RecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoItemOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoItem Decimal18D1or2ValidationTypeMayorIgualCero
 Subtotales?
  Subtotal{1,20}
   NumeroSubTotal? Integer2ValidationType
   DescripcionSubtotal? AlfNum40Type
   Orden? Integer2ValidationType
   SubTotalMontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI1? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI2? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS1? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS2? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalImpuestoAdicional? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalExento? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   Lineas? Integer2ValidationType
 DescuentosORecargos?
  DescuentoORecargo{1,20}
   NumeroLinea Integer2ValidationType
   TipoAjuste TipoAjusteType
   IndicadorNorma1007? IndicadorNorma1007Type
   DescripcionDescuentooRecargo? AlfNum45Type
   TipoValor? TipoDescuentoRecargoType
   ValorDescuentooRecargo? Decimal5D1or2ValidationTypeMayorCero
   MontoDescuentooRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoDescuentooRecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   IndicadorFacturacionDescuentooRecargo? IndicadorFacturacionDRType
 Paginacion?
  Pagina{1,1000}
   PaginaNo? Integer4V1To1000ValidationType
   NoLineaDesde? Integer4V1To1000ValidationType
   NoLineaHasta? Integer4V1To1000ValidationType
   SubtotalMontoGravadoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado1Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado2Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalExentoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbisPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis1Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis2Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalImpuestoAdicionalPagina? Decimal18D1or2ValidationTypeMayorCero
   SubtotalImpuestoAdicional?
    SubtotalImpuestoSelectivoConsumoEspecificoPagina? Decimal18D1or2ValidationTypeMayorCero
    SubtotalOtrosImpuesto? Decimal18D1or2ValidationTypeMayorCero
   MontoSubtotalPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoNoFacturablePagina? Decimal18D1or2ValidationTypeMayorIgualCero
 InformacionReferencia?
  NCFModificado? AlfNum11a19ValidationType
  RNCOtroContribuyente? RNCValidationType
  FechaNCFModificado? FechaValidationType
  CodigoModificacion? CodigoModificacionType
 FechaHoraFirma DateTimeValidationType
`,
  'ECF-33': `
ECF
 Encabezado
  Version versionType
  IdDoc
   TipoeCF TipoeCFType
   eNCF eNCFValidationType
   FechaVencimientoSecuencia FechaValidationType
   IndicadorEnvioDiferido? IndicadorEnvioDiferidoType
   IndicadorMontoGravado? IndicadorMontoGravadoType
   IndicadorServicioTodoIncluido? IndicadorServicioTodoIncluidoType
   TipoIngresos TipoIngresosValidationType@ECF-33
   TipoPago TipoPagoType
   FechaLimitePago? FechaValidationType
   TerminoPago? TerminoPagoValidationType
   TablaFormasPago?
    FormaDePago{1,7}
     FormaPago FormaPagoType
     MontoPago Decimal18D1or2ValidationTypeMayorIgualCero
   TipoCuentaPago? TipoCuentaPagoType
   NumeroCuentaPago? NumeroCuentaPagoType
   BancoPago? BancoPagoType
   FechaDesde? FechaValidationType
   FechaHasta? FechaValidationType
   TotalPaginas? Integer5ValidationTypeMayorUno
  Emisor
   RNCEmisor RNCValidationType
   RazonSocialEmisor AlfNum150Type
   NombreComercial? AlfNum150Type
   Sucursal? AlfNum20Type
   DireccionEmisor AlfNum100Type
   Municipio? ProvinciaMunicipioType
   Provincia? ProvinciaMunicipioType
   TablaTelefonoEmisor?
    TelefonoEmisor{1,3} TelefonoValidationType
   CorreoEmisor? CorreoValidationType
   WebSite? AlfNum50Type
   ActividadEconomica? AlfNum100Type
   CodigoVendedor? AlfNum60Type
   NumeroFacturaInterna? AlfNum20Type
   NumeroPedidoInterno? Integer20ValidationType
   ZonaVenta? AlfNum20Type
   RutaVenta? AlfNum20Type
   InformacionAdicionalEmisor? AlfNum250Type
   FechaEmision FechaValidationType
  Comprador?
   RNCComprador? RNCValidationType
   IdentificadorExtranjero? AlfNum20Type
   RazonSocialComprador? AlfNum150Type
   ContactoComprador? AlfNum80Type
   CorreoComprador? CorreoValidationType
   DireccionComprador? AlfNum100Type
   MunicipioComprador? ProvinciaMunicipioType
   ProvinciaComprador? ProvinciaMunicipioType
   FechaEntrega? FechaValidationType
   ContactoEntrega? AlfNum100Type
   DireccionEntrega? AlfNum100Type
   TelefonoAdicional? TelefonoValidationType
   FechaOrdenCompra? FechaValidationType
   NumeroOrdenCompra? AlfNum20Type
   CodigoInternoComprador? AlfNum20Type
   ResponsablePago? Alfa20Type@ECF-33
   InformacionAdicionalComprador? AlfNum150Type
  InformacionesAdicionales?
   FechaEmbarque? FechaValidationType
   NumeroEmbarque? AlfNum25Type
   NumeroContenedor? AlfNum100Type
   NumeroReferencia? Integer20ValidationType
   PesoBruto? Decimal18D1or2ValidationTypeMayorIgualCero
   PesoNeto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadPesoBruto? UnidadMedidaType@ECF-33
   UnidadPesoNeto? UnidadMedidaType@ECF-33
   CantidadBulto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadBulto? UnidadMedidaType@ECF-33
   VolumenBulto? Decimal18D1or2ValidationTypeMayorCero
   UnidadVolumen? UnidadMedidaType@ECF-33
  Transporte?
   Conductor? AlfNum20Type
   DocumentoTransporte? Integer20ValidationType
   Ficha? AlfNum10Type
   Placa? AlfNum7Type
   RutaTransporte? AlfNum20Type
   ZonaTransporte? AlfNum20Type
   NumeroAlbaran? AlfNum20Type
  Totales
   MontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI1? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI2? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoExento? Decimal18D1or2ValidationTypeMayorIgualCero
   ITBIS1? Integer2ValidationType
   ITBIS2? Integer2ValidationType
   ITBIS3? Integer2ValidationType
   TotalITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS1? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS2? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoImpuestoAdicional? Decimal18D1or2ValidationTypeMayorCero
   ImpuestosAdicionales?
    ImpuestoAdicional{1,20}
     TipoImpuesto CodificacionTipoImpuestosType
     TasaImpuestoAdicional Decimal5D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoEspecifico? Decimal18D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoAdvalorem? Decimal18D1or2ValidationTypeMayorCero
     OtrosImpuestosAdicionales? Decimal18D1or2ValidationTypeMayorCero
   MontoTotal Decimal18D1or2ValidationTypeMayorIgualCero
   MontoNoFacturable? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoPeriodo? Decimal18D1or2ValidationTypeNegativoPositivo
   SaldoAnterior? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoAvancePago? Decimal18D1or2ValidationTypeMayorIgualCero
   ValorPagar? Decimal18D1or2ValidationTypeNegativoPositivo
   TotalITBISRetenido? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalISRRetencion? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBISPercepcion? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalISRPercepcion? Decimal18D1or2ValidationTypeMayorIgualCero
  OtraMoneda?
   TipoMoneda? TipoMonedaType
   TipoCambio? Decimal7D1or4ValidationTypeMayorCero
   MontoGravadoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado1OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado2OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoExentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBISOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS1OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS2OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoImpuestoAdicionalOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
   ImpuestosAdicionalesOtraMoneda?
    ImpuestoAdicionalOtraMoneda{1,20}
     TipoImpuestoOtraMoneda CodificacionTipoImpuestosType
     TasaImpuestoAdicionalOtraMoneda Decimal5D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoEspecificoOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoAdvaloremOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
     OtrosImpuestosAdicionalesOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
   MontoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
 DetallesItems
  Item{1,10000}
   NumeroLinea NumeroLineaType@ECF-33
   TablaCodigosItem?
    CodigosItem{1,5}
     TipoCodigo AlfNum14Type
     CodigoItem AlfNum35Type
   IndicadorFacturacion IndicadorFacturacionType
   Retencion?
    IndicadorAgenteRetencionoPercepcion? IndicadorAgenteRetencionoPercepcionType
    MontoITBISRetenido? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoISRRetenido? Decimal18D1or2ValidationTypeMayorIgualCero
   NombreItem AlfNum80Type
   IndicadorBienoServicio IndicadorBienoServicioType
   DescripcionItem? AlfNum1000Type
   CantidadItem Decimal18D1or2ValidationTypeMayorCero
   UnidadMedida? UnidadMedidaType@ECF-33
   CantidadReferencia? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadReferencia? UnidadMedidaType@ECF-33
   TablaSubcantidad?
    SubcantidadItem{1,5}
     Subcantidad? Decimal19D1or3ValidationTypeMayorIgualCero
     CodigoSubcantidad? UnidadMedidaType@ECF-33
   GradosAlcohol? Decimal5D1or2ValidationTypeMayorCero
   PrecioUnitarioReferencia? Decimal18D1or2ValidationTypeMayorCero
   FechaElaboracion? FechaValidationType
   FechaVencimientoItem? FechaValidationType
   Mineria?
    PesoNetoKilogramo? Decimal19D1or3ValidationTypeMayorIgualCero
    PesoNetoMineria? Decimal19D1or3ValidationTypeMayorIgualCero
    TipoAfiliacion? TipoAfiliacionType
    Liquidacion? LiquidacionType
   PrecioUnitarioItem Decimal20D1or4ValidationTypeMayorIgualCero
   DescuentoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubDescuento?
    SubDescuento{1,12}
     TipoSubDescuento TipoDescuentoRecargoType
     SubDescuentoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubDescuento? Decimal18D1or2ValidationTypeMayorIgualCero
   RecargoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubRecargo?
    SubRecargo{1,12}
     TipoSubRecargo TipoDescuentoRecargoType
     SubRecargoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaImpuestoAdicional?
    ImpuestoAdicional{1,2}
     TipoImpuesto CodificacionTipoImpuestosType
   OtraMonedaDetalle?
    PrecioOtraMoneda? Decimal20D1or4ValidationTypeMayorIgualCero
    DescuentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    RecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoItemOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoItem Decimal18D1or2ValidationTypeMayorIgualCero
 Subtotales?
  Subtotal{1,20}
   NumeroSubTotal? Integer2ValidationType
   DescripcionSubtotal? AlfNum40Type
   Orden? Integer2ValidationType
   SubTotalMontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI1? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI2? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS1? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS2? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalImpuestoAdicional? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalExento? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   Lineas? Integer2ValidationType
 DescuentosORecargos?
  DescuentoORecargo{1,20}
   NumeroLinea Integer2ValidationType
   TipoAjuste TipoAjusteType
   IndicadorNorma1007? IndicadorNorma1007Type
   DescripcionDescuentooRecargo? AlfNum45Type
   TipoValor? TipoDescuentoRecargoType
   ValorDescuentooRecargo? Decimal5D1or2ValidationTypeMayorCero
   MontoDescuentooRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoDescuentooRecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   IndicadorFacturacionDescuentooRecargo? IndicadorFacturacionDRType
 Paginacion?
  Pagina{1,10000}
   PaginaNo? Integer5V1To10000ValidationType
   NoLineaDesde? Integer5V1To10000ValidationType
   NoLineaHasta? Integer5V1To10000ValidationType
   SubtotalMontoGravadoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado1Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado2Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalExentoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbisPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis1Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis2Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalImpuestoAdicionalPagina? Decimal18D1or2ValidationTypeMayorCero
   SubtotalImpuestoAdicional?
    SubtotalImpuestoSelectivoConsumoEspecificoPagina? Decimal18D1or2ValidationTypeMayorCero
    SubtotalOtrosImpuesto? Decimal18D1or2ValidationTypeMayorCero
   MontoSubtotalPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoNoFacturablePagina? Decimal18D1or2ValidationTypeMayorIgualCero
 InformacionReferencia
  NCFModificado AlfNum11a19ValidationType
  RNCOtroContribuyente? RNCValidationType
  FechaNCFModificado FechaValidationType
  CodigoModificacion CodigoModificacionType
  RazonModificacion? AlfNum90ValidationType
 FechaHoraFirma DateTimeValidationType
`,
  'ECF-34': `
ECF
 Encabezado
  Version versionType
  IdDoc
   TipoeCF TipoeCFType
   eNCF eNCFValidationType
   IndicadorNotaCredito IndicadorNotaCreditoType
   IndicadorEnvioDiferido? IndicadorEnvioDiferidoType
   IndicadorMontoGravado? IndicadorMontoGravadoType
   IndicadorServicioTodoIncluido? IndicadorServicioTodoIncluidoType
   TipoIngresos TipoIngresosValidationType@ECF-34
   TipoPago TipoPagoType
   FechaLimitePago? FechaValidationType
   FechaDesde? FechaValidationType
   FechaHasta? FechaValidationType
   TotalPaginas? Integer5ValidationTypeMayorUno
  Emisor
   RNCEmisor RNCValidationType
   RazonSocialEmisor AlfNum150Type
   NombreComercial? AlfNum150Type
   Sucursal? AlfNum20Type
   DireccionEmisor AlfNum100Type
   Municipio? ProvinciaMunicipioType
   Provincia? ProvinciaMunicipioType
   TablaTelefonoEmisor?
    TelefonoEmisor{1,3} TelefonoValidationType
   CorreoEmisor? CorreoValidationType
   WebSite? AlfNum50Type
   ActividadEconomica? AlfNum100Type
   CodigoVendedor? AlfNum60Type
   NumeroFacturaInterna? AlfNum20Type
   NumeroPedidoInterno? Integer20ValidationType
   ZonaVenta? AlfNum20Type
   RutaVenta? AlfNum20Type
   InformacionAdicionalEmisor? AlfNum250Type
   FechaEmision FechaValidationType
  Comprador?
   RNCComprador? RNCValidationType
   IdentificadorExtranjero? AlfNum20Type
   RazonSocialComprador? AlfNum150Type
   ContactoComprador? AlfNum80Type
   CorreoComprador? CorreoValidationType
   DireccionComprador? AlfNum100Type
   MunicipioComprador? ProvinciaMunicipioType
   ProvinciaComprador? ProvinciaMunicipioType
   FechaEntrega? FechaValidationType
   ContactoEntrega? AlfNum100Type
   DireccionEntrega? AlfNum100Type
   TelefonoAdicional? TelefonoValidationType
   FechaOrdenCompra? FechaValidationType
   NumeroOrdenCompra? AlfNum20Type
   CodigoInternoComprador? AlfNum20Type
   ResponsablePago? Alfa20Type@ECF-34
   InformacionAdicionalComprador? AlfNum150Type
  InformacionesAdicionales?
   FechaEmbarque? FechaValidationType
   NumeroEmbarque? AlfNum25Type
   NumeroContenedor? AlfNum100Type
   NumeroReferencia? Integer20ValidationType
   PesoBruto? Decimal18D1or2ValidationTypeMayorIgualCero
   PesoNeto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadPesoBruto? UnidadMedidaType
   UnidadPesoNeto? UnidadMedidaType
   CantidadBulto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadBulto? UnidadMedidaType
   VolumenBulto? Decimal18D1or2ValidationTypeMayorCero
   UnidadVolumen? UnidadMedidaType
  Transporte?
   Conductor? AlfNum20Type
   DocumentoTransporte? Integer20ValidationType
   Ficha? AlfNum10Type
   Placa? AlfNum7Type
   RutaTransporte? AlfNum20Type
   ZonaTransporte? AlfNum20Type
   NumeroAlbaran? AlfNum20Type
  Totales
   MontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI1? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI2? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoExento? Decimal18D1or2ValidationTypeMayorIgualCero
   ITBIS1? Integer2ValidationType
   ITBIS2? Integer2ValidationType
   ITBIS3? Integer2ValidationType
   TotalITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS1? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS2? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoImpuestoAdicional? Decimal18D1or2ValidationTypeMayorCero
   ImpuestosAdicionales?
    ImpuestoAdicional{1,20}
     TipoImpuesto? CodificacionTipoImpuestosType
     TasaImpuestoAdicional? Decimal5D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoEspecifico? Decimal18D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoAdvalorem? Decimal18D1or2ValidationTypeMayorCero
     OtrosImpuestosAdicionales? Decimal18D1or2ValidationTypeMayorCero
   MontoTotal Decimal18D1or2ValidationTypeMayorIgualCero
   MontoNoFacturable? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoPeriodo? Decimal18D1or2ValidationTypeNegativoPositivo
   SaldoAnterior? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoAvancePago? Decimal18D1or2ValidationTypeMayorIgualCero
   ValorPagar? Decimal18D1or2ValidationTypeNegativoPositivo
   TotalITBISRetenido? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalISRRetencion? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBISPercepcion? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalISRPercepcion? Decimal18D1or2ValidationTypeMayorIgualCero
  OtraMoneda?
   TipoMoneda? TipoMonedaType
   TipoCambio? Decimal7D1or4ValidationTypeMayorCero
   MontoGravadoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado1OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado2OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoExentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBISOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS1OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS2OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoImpuestoAdicionalOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
   ImpuestosAdicionalesOtraMoneda?
    ImpuestoAdicionalOtraMoneda{1,20}
     TipoImpuestoOtraMoneda CodificacionTipoImpuestosType
     TasaImpuestoAdicionalOtraMoneda Decimal5D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoEspecificoOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoAdvaloremOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
     OtrosImpuestosAdicionalesOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
   MontoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
 DetallesItems
  Item{1,10000}
   NumeroLinea NumeroLineaType@ECF-34
   TablaCodigosItem?
    CodigosItem{1,5}
     TipoCodigo AlfNum14Type
     CodigoItem AlfNum35Type
   IndicadorFacturacion IndicadorFacturacionType
   Retencion?
    IndicadorAgenteRetencionoPercepcion? IndicadorAgenteRetencionoPercepcionType
    MontoITBISRetenido? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoISRRetenido? Decimal18D1or2ValidationTypeMayorIgualCero
   NombreItem AlfNum80Type
   IndicadorBienoServicio IndicadorBienoServicioType
   DescripcionItem? AlfNum1000Type
   CantidadItem Decimal18D1or2ValidationTypeMayorCero
   UnidadMedida? UnidadMedidaType
   CantidadReferencia? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadReferencia? UnidadMedidaType
   TablaSubcantidad?
    SubcantidadItem{1,5}
     Subcantidad? Decimal19D1or3ValidationTypeMayorIgualCero
     CodigoSubcantidad? UnidadMedidaType
   GradosAlcohol? Decimal5D1or2ValidationTypeMayorCero
   PrecioUnitarioReferencia? Decimal18D1or2ValidationTypeMayorCero
   FechaElaboracion? FechaValidationType
   FechaVencimientoItem? FechaValidationType
   Mineria?
    PesoNetoKilogramo? Decimal19D1or3ValidationTypeMayorIgualCero
    PesoNetoMineria? Decimal19D1or3ValidationTypeMayorIgualCero
    TipoAfiliacion? TipoAfiliacionType
    Liquidacion? LiquidacionType
   PrecioUnitarioItem Decimal20D1or4ValidationTypeMayorIgualCero
   DescuentoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubDescuento?
    SubDescuento{1,12}
     TipoSubDescuento TipoDescuentoRecargoType
     SubDescuentoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubDescuento? Decimal18D1or2ValidationTypeMayorIgualCero
   RecargoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubRecargo?
    SubRecargo{1,12}
     TipoSubRecargo TipoDescuentoRecargoType
     SubRecargoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaImpuestoAdicional?
    ImpuestoAdicional{1,2}
     TipoImpuesto CodificacionTipoImpuestosType
   OtraMonedaDetalle?
    PrecioOtraMoneda? Decimal20D1or4ValidationTypeMayorIgualCero
    DescuentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    RecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoItemOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoItem Decimal18D1or2ValidationTypeMayorIgualCero
 Subtotales?
  Subtotal{1,20}
   NumeroSubTotal? Integer2ValidationType
   DescripcionSubtotal? AlfNum40Type
   Orden? Integer2ValidationType
   SubTotalMontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI1? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI2? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS1? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS2? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalImpuestoAdicional? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalExento? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   Lineas? Integer2ValidationType
 DescuentosORecargos?
  DescuentoORecargo{1,20}
   NumeroLinea Integer2ValidationType
   TipoAjuste TipoAjusteType
   IndicadorNorma1007? IndicadorNorma1007Type
   DescripcionDescuentooRecargo? AlfNum45Type
   TipoValor? TipoDescuentoRecargoType
   ValorDescuentooRecargo? Decimal5D1or2ValidationTypeMayorCero
   MontoDescuentooRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoDescuentooRecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   IndicadorFacturacionDescuentooRecargo? IndicadorFacturacionDRType
 Paginacion?
  Pagina{1,10000}
   PaginaNo? Integer5V1To10000ValidationType
   NoLineaDesde? Integer5V1To10000ValidationType
   NoLineaHasta? Integer5V1To10000ValidationType
   SubtotalMontoGravadoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado1Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado2Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalExentoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbisPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis1Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis2Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalImpuestoAdicionalPagina? Decimal18D1or2ValidationTypeMayorCero
   SubtotalImpuestoAdicional?
    SubtotalImpuestoSelectivoConsumoEspecificoPagina? Decimal18D1or2ValidationTypeMayorCero
    SubtotalOtrosImpuesto? Decimal18D1or2ValidationTypeMayorCero
   MontoSubtotalPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoNoFacturablePagina? Decimal18D1or2ValidationTypeMayorIgualCero
 InformacionReferencia
  NCFModificado AlfNum11a19ValidationType
  RNCOtroContribuyente? RNCValidationType
  FechaNCFModificado FechaValidationType
  CodigoModificacion CodigoModificacionType
  RazonModificacion? AlfNum90ValidationType
 FechaHoraFirma DateTimeValidationType
`,
  'ECF-41': `
ECF
 Encabezado
  Version versionType
  IdDoc
   TipoeCF TipoeCFType
   eNCF eNCFValidationType
   FechaVencimientoSecuencia FechaValidationType
   IndicadorMontoGravado? IndicadorMontoGravadoType
   TipoPago? TipoPagoType
   FechaLimitePago? FechaValidationType
   TerminoPago? TerminoPagoValidationType
   TablaFormasPago?
    FormaDePago{1,7}
     FormaPago FormaPagoType
     MontoPago Decimal18D1or2ValidationTypeMayorIgualCero
   TipoCuentaPago? TipoCuentaPagoType
   NumeroCuentaPago? NumeroCuentaPagoType
   BancoPago? BancoPagoType
   TotalPaginas? Integer4ValidationTypeMayorUno
  Emisor
   RNCEmisor RNCValidationType
   RazonSocialEmisor AlfNum150Type
   NombreComercial? AlfNum150Type
   Sucursal? AlfNum20Type
   DireccionEmisor AlfNum100Type
   Municipio? ProvinciaMunicipioType
   Provincia? ProvinciaMunicipioType
   TablaTelefonoEmisor?
    TelefonoEmisor{1,3} TelefonoValidationType
   CorreoEmisor? CorreoValidationType
   WebSite? AlfNum50Type
   ActividadEconomica? AlfNum100Type
   NumeroFacturaInterna? AlfNum20Type
   NumeroPedidoInterno? Integer20ValidationType
   InformacionAdicionalEmisor? AlfNum250Type
   FechaEmision FechaValidationType
  Comprador
   RNCComprador RNCValidationType
   RazonSocialComprador AlfNum150Type
   ContactoComprador? AlfNum80Type
   CorreoComprador? CorreoValidationType
   DireccionComprador? AlfNum100Type
   MunicipioComprador? ProvinciaMunicipioType
   ProvinciaComprador? ProvinciaMunicipioType
   CodigoInternoComprador? AlfNum20Type
   ResponsablePago? Alfa20Type
   InformacionAdicionalComprador? AlfNum150Type
  Totales
   MontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI1? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI2? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoExento? Decimal18D1or2ValidationTypeMayorIgualCero
   ITBIS1? Integer2ValidationType
   ITBIS2? Integer2ValidationType
   ITBIS3? Integer2ValidationType
   TotalITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS1? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS2? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoTotal Decimal18D1or2ValidationTypeMayorIgualCero
   MontoPeriodo? Decimal18D1or2ValidationTypeNegativoPositivo
   SaldoAnterior? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoAvancePago? Decimal18D1or2ValidationTypeMayorIgualCero
   ValorPagar? Decimal18D1or2ValidationTypeNegativoPositivo
   TotalITBISRetenido? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalISRRetencion? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBISPercepcion? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalISRPercepcion? Decimal18D1or2ValidationTypeMayorIgualCero
  OtraMoneda?
   TipoMoneda? TipoMonedaType
   TipoCambio? Decimal7D1or4ValidationTypeMayorCero@ECF-41
   MontoGravadoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado1OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado2OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoExentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBISOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS1OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS2OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
 DetallesItems
  Item{1,1000}
   NumeroLinea NumeroLineaType
   TablaCodigosItem?
    CodigosItem{1,5}
     TipoCodigo AlfNum14Type
     CodigoItem AlfNum35Type
   IndicadorFacturacion IndicadorFacturacionType
   Retencion
    IndicadorAgenteRetencionoPercepcion IndicadorAgenteRetencionoPercepcionType
    MontoITBISRetenido? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoISRRetenido? Decimal18D1or2ValidationTypeMayorIgualCero
   NombreItem AlfNum80Type
   IndicadorBienoServicio IndicadorBienoServicioType
   DescripcionItem? AlfNum1000Type
   CantidadItem Decimal18D1or2ValidationTypeMayorCero
   UnidadMedida? UnidadMedidaType
   FechaElaboracion? FechaValidationType
   FechaVencimientoItem? FechaValidationType
   PrecioUnitarioItem Decimal20D1or4ValidationTypeMayorIgualCero
   DescuentoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubDescuento?
    SubDescuento{1,12}
     TipoSubDescuento TipoDescuentoRecargoType
     SubDescuentoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubDescuento? Decimal18D1or2ValidationTypeMayorIgualCero
   RecargoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubRecargo?
    SubRecargo{1,12}
     TipoSubRecargo TipoDescuentoRecargoType
     SubRecargoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   OtraMonedaDetalle?
    PrecioOtraMoneda? Decimal20D1or4ValidationTypeMayorIgualCero
    DescuentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    RecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoItemOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoItem Decimal18D1or2ValidationTypeMayorIgualCero
 Subtotales?
  Subtotal{1,20}
   NumeroSubTotal? Integer2ValidationType
   DescripcionSubtotal? AlfNum40Type
   Orden? Integer2ValidationType
   SubTotalMontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI1? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI2? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS1? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS2? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalImpuestoAdicional? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalExento? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   Lineas? Integer2ValidationType
 DescuentosORecargos?
  DescuentoORecargo{1,20}
   NumeroLinea Integer2ValidationType
   TipoAjuste TipoAjusteType
   DescripcionDescuentooRecargo? AlfNum45Type
   TipoValor? TipoDescuentoRecargoType
   ValorDescuentooRecargo? Decimal5D1or2ValidationTypeMayorCero
   MontoDescuentooRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoDescuentooRecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   IndicadorFacturacionDescuentooRecargo? IndicadorFacturacionDRType
 Paginacion?
  Pagina{1,1000}
   PaginaNo? Integer4V1To1000ValidationType
   NoLineaDesde? Integer4V1To1000ValidationType
   NoLineaHasta? Integer4V1To1000ValidationType
   SubtotalMontoGravadoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado1Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado2Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalExentoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbisPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis1Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis2Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubtotalPagina? Decimal18D1or2ValidationTypeMayorIgualCero
 InformacionReferencia?
  NCFModificado? AlfNum11a19ValidationType
  RNCOtroContribuyente? RNCValidationType
  FechaNCFModificado? FechaValidationType
  CodigoModificacion? CodigoModificacionType
 FechaHoraFirma DateTimeValidationType
`,
  'ECF-43': `
ECF
 Encabezado
  Version versionType
  IdDoc
   TipoeCF TipoeCFType
   eNCF eNCFValidationType
   FechaVencimientoSecuencia FechaValidationType
   TipoPago? TipoPagoType
   TotalPaginas? Integer4ValidationTypeMayorUno
  Emisor
   RNCEmisor RNCValidationType
   RazonSocialEmisor AlfNum150Type
   NombreComercial? AlfNum150Type
   Sucursal? AlfNum20Type
   DireccionEmisor AlfNum100Type
   Municipio? ProvinciaMunicipioType
   Provincia? ProvinciaMunicipioType
   TablaTelefonoEmisor?
    TelefonoEmisor{1,3} TelefonoValidationType
   CorreoEmisor? CorreoValidationType
   WebSite? AlfNum50Type
   ActividadEconomica? AlfNum100Type
   NumeroFacturaInterna? AlfNum20Type
   NumeroPedidoInterno? Integer20ValidationType
   InformacionAdicionalEmisor? AlfNum250Type
   FechaEmision FechaValidationType
  Totales
   MontoExento? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoTotal Decimal18D1or2ValidationTypeMayorIgualCero
   MontoPeriodo? Decimal18D1or2ValidationTypeNegativoPositivo
   SaldoAnterior? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoAvancePago? Decimal18D1or2ValidationTypeMayorIgualCero
   ValorPagar? Decimal18D1or2ValidationTypeNegativoPositivo
  OtraMoneda?
   TipoMoneda? TipoMonedaType
   TipoCambio? Decimal7D1or4ValidationTypeMayorCero
   MontoExentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
 DetallesItems
  Item{1,1000}
   NumeroLinea NumeroLineaType
   TablaCodigosItem?
    CodigosItem{1,5}
     TipoCodigo AlfNum14Type
     CodigoItem AlfNum35Type
   IndicadorFacturacion IndicadorFacturacionType
   NombreItem AlfNum80Type
   IndicadorBienoServicio IndicadorBienoServicioType
   DescripcionItem? AlfNum1000Type
   CantidadItem Decimal18D1or2ValidationTypeMayorCero
   UnidadMedida? UnidadMedidaType
   PrecioUnitarioItem Decimal20D1or4ValidationTypeMayorIgualCero
   OtraMonedaDetalle?
    PrecioOtraMoneda? Decimal20D1or4ValidationTypeMayorIgualCero
    DescuentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    RecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoItemOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoItem Decimal18D1or2ValidationTypeMayorIgualCero
 Subtotales?
  Subtotal{1,20}
   NumeroSubTotal? Integer2ValidationType
   DescripcionSubtotal? AlfNum40Type
   Orden? Integer2ValidationType
   SubTotalExento? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   Lineas? Integer2ValidationType
 Paginacion?
  Pagina{1,1000}
   PaginaNo? Integer4V1To1000ValidationType
   NoLineaDesde? Integer4V1To1000ValidationType
   NoLineaHasta? Integer4V1To1000ValidationType
   SubtotalExentoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubtotalPagina? Decimal18D1or2ValidationTypeMayorIgualCero
 InformacionReferencia?
  NCFModificado? AlfNum11a19ValidationType
  RNCOtroContribuyente? RNCValidationType
  FechaNCFModificado? FechaValidationType
  CodigoModificacion? CodigoModificacionType
 FechaHoraFirma DateTimeValidationType
`,
  'ECF-44': `
ECF
 Encabezado
  Version versionType
  IdDoc
   TipoeCF TipoeCFType
   eNCF eNCFValidationType
   FechaVencimientoSecuencia FechaValidationType
   IndicadorEnvioDiferido? IndicadorEnvioDiferidoType
   IndicadorServicioTodoIncluido? IndicadorServicioTodoIncluidoType
   TipoIngresos TipoIngresosValidationType@ECF-44
   TipoPago TipoPagoType
   FechaLimitePago? FechaValidationType
   TerminoPago? TerminoPagoValidationType
   TablaFormasPago?
    FormaDePago{1,7}
     FormaPago FormaPagoType
     MontoPago Decimal18D1or2ValidationTypeMayorIgualCero
   TipoCuentaPago? TipoCuentaPagoType
   NumeroCuentaPago? NumeroCuentaPagoType
   BancoPago? BancoPagoType
   FechaDesde? FechaValidationType
   FechaHasta? FechaValidationType
   TotalPaginas? Integer4ValidationTypeMayorUno
  Emisor
   RNCEmisor RNCValidationType
   RazonSocialEmisor AlfNum150Type
   NombreComercial? AlfNum150Type
   Sucursal? AlfNum20Type
   DireccionEmisor AlfNum100Type
   Municipio? ProvinciaMunicipioType
   Provincia? ProvinciaMunicipioType
   TablaTelefonoEmisor?
    TelefonoEmisor{1,3} TelefonoValidationType
   CorreoEmisor? CorreoValidationType
   WebSite? AlfNum50Type
   ActividadEconomica? AlfNum100Type
   CodigoVendedor? AlfNum60Type
   NumeroFacturaInterna? AlfNum20Type
   NumeroPedidoInterno? Integer20ValidationType
   ZonaVenta? AlfNum20Type
   RutaVenta? AlfNum20Type
   InformacionAdicionalEmisor? AlfNum250Type
   FechaEmision FechaValidationType
  Comprador
   RNCComprador? RNCValidationType
   IdentificadorExtranjero? AlfNum20Type
   RazonSocialComprador AlfNum150Type
   ContactoComprador? AlfNum80Type
   CorreoComprador? CorreoValidationType
   DireccionComprador? AlfNum100Type
   MunicipioComprador? ProvinciaMunicipioType
   ProvinciaComprador? ProvinciaMunicipioType
   FechaEntrega? FechaValidationType
   ContactoEntrega? AlfNum100Type
   DireccionEntrega? AlfNum100Type
   TelefonoAdicional? TelefonoValidationType
   FechaOrdenCompra? FechaValidationType
   NumeroOrdenCompra? AlfNum20Type
   CodigoInternoComprador? AlfNum20Type
   ResponsablePago? Alfa20Type
   InformacionAdicionalComprador? AlfNum150Type
  InformacionesAdicionales?
   FechaEmbarque? FechaValidationType
   NumeroEmbarque? AlfNum25Type
   NumeroContenedor? AlfNum100Type
   NumeroReferencia? Integer20ValidationType
   PesoBruto? Decimal18D1or2ValidationTypeMayorIgualCero
   PesoNeto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadPesoBruto? UnidadMedidaType@ECF-44
   UnidadPesoNeto? UnidadMedidaType@ECF-44
   CantidadBulto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadBulto? UnidadMedidaType@ECF-44
   VolumenBulto? Decimal18D1or2ValidationTypeMayorCero
   UnidadVolumen? UnidadMedidaType@ECF-44
  Transporte?
   Conductor? AlfNum20Type
   DocumentoTransporte? Integer20ValidationType
   Ficha? AlfNum10Type
   Placa? AlfNum7Type
   RutaTransporte? AlfNum20Type
   ZonaTransporte? AlfNum20Type
   NumeroAlbaran? AlfNum20Type
  Totales
   MontoExento? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoImpuestoAdicional? Decimal18D1or2ValidationTypeMayorCero
   ImpuestosAdicionales?
    ImpuestoAdicional{1,20}
     TipoImpuesto CodificacionTipoImpuestosType
     TasaImpuestoAdicional Decimal5D1or2ValidationTypeMayorCero
     OtrosImpuestosAdicionales Decimal18D1or2ValidationTypeMayorCero
   MontoTotal Decimal18D1or2ValidationTypeMayorIgualCero
   MontoNoFacturable? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoPeriodo? Decimal18D1or2ValidationTypeNegativoPositivo
   SaldoAnterior? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoAvancePago? Decimal18D1or2ValidationTypeMayorIgualCero
   ValorPagar? Decimal18D1or2ValidationTypeNegativoPositivo
  OtraMoneda?
   TipoMoneda? TipoMonedaType
   TipoCambio? Decimal7D1or4ValidationTypeMayorCero
   MontoExentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoImpuestoAdicionalOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
   ImpuestosAdicionalesOtraMoneda?
    ImpuestoAdicionalOtraMoneda{1,20}
     TipoImpuestoOtraMoneda? CodificacionTipoImpuestosType
     TasaImpuestoAdicionalOtraMoneda? Decimal5D1or2ValidationTypeMayorCero
     OtrosImpuestosAdicionalesOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
   MontoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
 DetallesItems
  Item{1,1000}
   NumeroLinea NumeroLineaType
   TablaCodigosItem?
    CodigosItem{1,5}
     TipoCodigo AlfNum14Type
     CodigoItem AlfNum35Type
   IndicadorFacturacion IndicadorFacturacionType
   NombreItem AlfNum80Type
   IndicadorBienoServicio IndicadorBienoServicioType
   DescripcionItem? AlfNum1000Type
   CantidadItem Decimal18D1or2ValidationTypeMayorCero
   UnidadMedida? UnidadMedidaType@ECF-44
   FechaElaboracion? FechaValidationType
   FechaVencimientoItem? FechaValidationType
   PrecioUnitarioItem Decimal20D1or4ValidationTypeMayorIgualCero
   DescuentoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubDescuento?
    SubDescuento{1,12}
     TipoSubDescuento TipoDescuentoRecargoType
     SubDescuentoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubDescuento? Decimal18D1or2ValidationTypeMayorIgualCero
   RecargoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubRecargo?
    SubRecargo{1,12}
     TipoSubRecargo TipoDescuentoRecargoType
     SubRecargoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaImpuestoAdicional?
    ImpuestoAdicional{1,2}
     TipoImpuesto CodificacionTipoImpuestosType
   OtraMonedaDetalle?
    PrecioOtraMoneda? Decimal20D1or4ValidationTypeMayorIgualCero
    DescuentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    RecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoItemOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoItem Decimal18D1or2ValidationTypeMayorIgualCero
 Subtotales?
  Subtotal{1,20}
   NumeroSubTotal? Integer2ValidationType
   DescripcionSubtotal? AlfNum40Type
   Orden? Integer2ValidationType
   SubTotalImpuestoAdicional? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalExento? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   Lineas? Integer2ValidationType
 DescuentosORecargos?
  DescuentoORecargo{1,20}
   NumeroLinea Integer2ValidationType
   TipoAjuste TipoAjusteType
   DescripcionDescuentooRecargo? AlfNum45Type
   TipoValor? TipoDescuentoRecargoType
   ValorDescuentooRecargo? Decimal5D1or2ValidationTypeMayorCero
   MontoDescuentooRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoDescuentooRecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   IndicadorFacturacionDescuentooRecargo? IndicadorFacturacionDRType
 Paginacion?
  Pagina{1,1000}
   PaginaNo? Integer4V1To1000ValidationType
   NoLineaDesde? Integer4V1To1000ValidationType
   NoLineaHasta? Integer4V1To1000ValidationType
   SubtotalExentoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalImpuestoAdicionalPagina? Decimal18D1or2ValidationTypeMayorCero
   SubtotalImpuestoAdicional?
    SubtotalOtrosImpuesto? Decimal18D1or2ValidationTypeMayorCero
   MontoSubtotalPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoNoFacturablePagina? Decimal18D1or2ValidationTypeMayorIgualCero
 InformacionReferencia?
  NCFModificado? AlfNum11a19ValidationType
  RNCOtroContribuyente? RNCValidationType
  FechaNCFModificado? FechaValidationType
  CodigoModificacion? CodigoModificacionType
 FechaHoraFirma DateTimeValidationType
`,
  'ECF-45': `
ECF
 Encabezado
  Version versionType
  IdDoc
   TipoeCF TipoeCFType
   eNCF eNCFValidationType
   FechaVencimientoSecuencia FechaValidationType
   IndicadorEnvioDiferido? IndicadorEnvioDiferidoType
   IndicadorMontoGravado? IndicadorMontoGravadoType
   IndicadorServicioTodoIncluido? IndicadorServicioTodoIncluidoType
   TipoIngresos TipoIngresosValidationType@ECF-45
   TipoPago TipoPagoType
   FechaLimitePago? FechaValidationType
   TerminoPago? TerminoPagoValidationType
   TablaFormasPago?
    FormaDePago{1,7}
     FormaPago FormaPagoType
     MontoPago Decimal18D1or2ValidationTypeMayorIgualCero
   TipoCuentaPago? TipoCuentaPagoType
   NumeroCuentaPago? NumeroCuentaPagoType
   BancoPago? BancoPagoType
   FechaDesde? FechaValidationType
   FechaHasta? FechaValidationType
   TotalPaginas? Integer4ValidationTypeMayorUno
  Emisor
   RNCEmisor RNCValidationType
   RazonSocialEmisor AlfNum150Type
   NombreComercial? AlfNum150Type
   Sucursal? AlfNum20Type
   DireccionEmisor AlfNum100Type
   Municipio? ProvinciaMunicipioType
   Provincia? ProvinciaMunicipioType
   TablaTelefonoEmisor?
    TelefonoEmisor{1,3} TelefonoValidationType
   CorreoEmisor? CorreoValidationType
   WebSite? AlfNum50Type
   ActividadEconomica? AlfNum100Type
   CodigoVendedor? AlfNum60Type
   NumeroFacturaInterna? AlfNum20Type
   NumeroPedidoInterno? Integer20ValidationType
   ZonaVenta? AlfNum20Type
   RutaVenta? AlfNum20Type
   InformacionAdicionalEmisor? AlfNum250Type
   FechaEmision FechaValidationType
  Comprador
   RNCComprador RNCValidationType
   RazonSocialComprador AlfNum150Type
   ContactoComprador? AlfNum80Type
   CorreoComprador? CorreoValidationType
   DireccionComprador? AlfNum100Type
   MunicipioComprador? ProvinciaMunicipioType
   ProvinciaComprador? ProvinciaMunicipioType
   FechaEntrega? FechaValidationType
   ContactoEntrega? AlfNum100Type
   DireccionEntrega? AlfNum100Type
   TelefonoAdicional? TelefonoValidationType
   FechaOrdenCompra? FechaValidationType
   NumeroOrdenCompra? AlfNum20Type
   CodigoInternoComprador? AlfNum20Type
   ResponsablePago? Alfa20Type
   InformacionAdicionalComprador? AlfNum150Type
  InformacionesAdicionales?
   FechaEmbarque? FechaValidationType
   NumeroEmbarque? AlfNum25Type
   NumeroContenedor? AlfNum100Type
   NumeroReferencia? AlfNum20Type
   PesoBruto? Decimal18D1or2ValidationTypeMayorIgualCero
   PesoNeto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadPesoBruto? UnidadMedidaType
   UnidadPesoNeto? UnidadMedidaType
   CantidadBulto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadBulto? UnidadMedidaType
   VolumenBulto? Decimal18D1or2ValidationTypeMayorCero
   UnidadVolumen? UnidadMedidaType
  Transporte?
   Conductor? AlfNum20Type
   DocumentoTransporte? Integer20ValidationType
   Ficha? AlfNum10Type
   Placa? AlfNum7Type
   RutaTransporte? AlfNum20Type
   ZonaTransporte? AlfNum20Type
   NumeroAlbaran? AlfNum20Type
  Totales
   MontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI1? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI2? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoExento? Decimal18D1or2ValidationTypeMayorIgualCero
   ITBIS1? Integer2ValidationType
   ITBIS2? Integer2ValidationType
   ITBIS3? Integer2ValidationType
   TotalITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS1? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS2? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoImpuestoAdicional? Decimal18D1or2ValidationTypeMayorCero
   ImpuestosAdicionales?
    ImpuestoAdicional{1,20}
     TipoImpuesto CodificacionTipoImpuestosType
     TasaImpuestoAdicional Decimal5D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoEspecifico? Decimal18D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoAdvalorem? Decimal18D1or2ValidationTypeMayorCero
     OtrosImpuestosAdicionales? Decimal18D1or2ValidationTypeMayorCero
   MontoTotal Decimal18D1or2ValidationTypeMayorIgualCero
   MontoNoFacturable? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoPeriodo? Decimal18D1or2ValidationTypeNegativoPositivo
   SaldoAnterior? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoAvancePago? Decimal18D1or2ValidationTypeMayorIgualCero
   ValorPagar? Decimal18D1or2ValidationTypeNegativoPositivo
  OtraMoneda?
   TipoMoneda? TipoMonedaType
   TipoCambio? Decimal7D1or4ValidationTypeMayorCero
   MontoGravadoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado1OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado2OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoExentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBISOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS1OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS2OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoImpuestoAdicionalOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
   ImpuestosAdicionalesOtraMoneda?
    ImpuestoAdicionalOtraMoneda{1,20}
     TipoImpuestoOtraMoneda? CodificacionTipoImpuestosType
     TasaImpuestoAdicionalOtraMoneda? Decimal5D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoEspecificoOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
     MontoImpuestoSelectivoConsumoAdvaloremOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
     OtrosImpuestosAdicionalesOtraMoneda? Decimal18D1or2ValidationTypeMayorCero
   MontoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
 DetallesItems
  Item{1,1000}
   NumeroLinea NumeroLineaType
   TablaCodigosItem?
    CodigosItem{1,5}
     TipoCodigo AlfNum14Type
     CodigoItem AlfNum35Type
   IndicadorFacturacion IndicadorFacturacionType
   NombreItem AlfNum80Type
   IndicadorBienoServicio IndicadorBienoServicioType
   DescripcionItem? AlfNum1000Type
   CantidadItem Decimal18D1or2ValidationTypeMayorCero
   UnidadMedida? UnidadMedidaType
   CantidadReferencia? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadReferencia? UnidadMedidaType
   TablaSubcantidad?
    SubcantidadItem{1,5}
     Subcantidad? Decimal19D1or3ValidationTypeMayorIgualCero
     CodigoSubcantidad? UnidadMedidaType
   GradosAlcohol? Decimal5D1or2ValidationTypeMayorCero
   PrecioUnitarioReferencia? Decimal18D1or2ValidationTypeMayorCero
   FechaElaboracion? FechaValidationType
   FechaVencimientoItem? FechaValidationType
   PrecioUnitarioItem Decimal20D1or4ValidationTypeMayorIgualCero
   DescuentoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubDescuento?
    SubDescuento{1,12}
     TipoSubDescuento TipoDescuentoRecargoType
     SubDescuentoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubDescuento? Decimal18D1or2ValidationTypeMayorIgualCero
   RecargoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubRecargo?
    SubRecargo{1,12}
     TipoSubRecargo TipoDescuentoRecargoType
     SubRecargoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaImpuestoAdicional?
    ImpuestoAdicional{1,2}
     TipoImpuesto CodificacionTipoImpuestosType
   OtraMonedaDetalle?
    PrecioOtraMoneda? Decimal20D1or4ValidationTypeMayorIgualCero
    DescuentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    RecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoItemOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoItem Decimal18D1or2ValidationTypeMayorIgualCero
 Subtotales?
  Subtotal{1,20}
   NumeroSubTotal? Integer2ValidationType
   DescripcionSubtotal? AlfNum40Type
   Orden? Integer2ValidationType
   SubTotalMontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI1? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI2? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS1? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS2? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalImpuestoAdicional? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalExento? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   Lineas? Integer2ValidationType
 DescuentosORecargos?
  DescuentoORecargo{1,20}
   NumeroLinea Integer2ValidationType
   TipoAjuste TipoAjusteType
   IndicadorNorma1007? IndicadorNorma1007Type
   DescripcionDescuentooRecargo? AlfNum45Type
   TipoValor? TipoDescuentoRecargoType
   ValorDescuentooRecargo? Decimal5D1or2ValidationTypeMayorCero
   MontoDescuentooRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoDescuentooRecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   IndicadorFacturacionDescuentooRecargo? IndicadorFacturacionDRType
 Paginacion?
  Pagina{1,1000}
   PaginaNo? Integer4V1To1000ValidationType
   NoLineaDesde? Integer4V1To1000ValidationType
   NoLineaHasta? Integer4V1To1000ValidationType
   SubtotalMontoGravadoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado1Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado2Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalExentoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbisPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis1Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis2Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalImpuestoAdicionalPagina? Decimal18D1or2ValidationTypeMayorCero
   SubtotalImpuestoAdicional?
    SubtotalImpuestoSelectivoConsumoEspecificoPagina? Decimal18D1or2ValidationTypeMayorCero
    SubtotalOtrosImpuesto? Decimal18D1or2ValidationTypeMayorCero
   MontoSubtotalPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoNoFacturablePagina? Decimal18D1or2ValidationTypeMayorIgualCero
 InformacionReferencia?
  NCFModificado? AlfNum11a19ValidationType
  RNCOtroContribuyente? RNCValidationType
  FechaNCFModificado? FechaValidationType
  CodigoModificacion? CodigoModificacionType
 FechaHoraFirma DateTimeValidationType
`,
  'ECF-46': `
ECF
 Encabezado
  Version versionType
  IdDoc
   TipoeCF TipoeCFType
   eNCF eNCFValidationType
   FechaVencimientoSecuencia FechaValidationType
   IndicadorEnvioDiferido? IndicadorEnvioDiferidoType
   TipoIngresos TipoIngresosValidationType@ECF-46
   TipoPago TipoPagoType
   FechaLimitePago? FechaValidationType
   TerminoPago? TerminoPagoValidationType
   TablaFormasPago?
    FormaDePago{1,7}
     FormaPago FormaPagoType
     MontoPago Decimal18D1or2ValidationTypeMayorIgualCero
   TipoCuentaPago? TipoCuentaPagoType
   NumeroCuentaPago? NumeroCuentaPagoType
   BancoPago? BancoPagoType
   FechaDesde? FechaValidationType
   FechaHasta? FechaValidationType
   TotalPaginas? Integer4ValidationTypeMayorUno
  Emisor
   RNCEmisor RNCValidationType
   RazonSocialEmisor AlfNum150Type
   NombreComercial? AlfNum150Type
   Sucursal? AlfNum20Type
   DireccionEmisor AlfNum100Type
   Municipio? ProvinciaMunicipioType
   Provincia? ProvinciaMunicipioType
   TablaTelefonoEmisor?
    TelefonoEmisor{1,3} TelefonoValidationType
   CorreoEmisor? CorreoValidationType
   WebSite? AlfNum50Type
   ActividadEconomica? AlfNum100Type
   CodigoVendedor? AlfNum60Type
   NumeroFacturaInterna? AlfNum20Type
   NumeroPedidoInterno? Integer20ValidationType
   ZonaVenta? AlfNum20Type
   RutaVenta? AlfNum20Type
   InformacionAdicionalEmisor? AlfNum250Type
   FechaEmision FechaValidationType
  Comprador
   RNCComprador? RNCValidationType
   IdentificadorExtranjero? AlfNum20Type
   RazonSocialComprador AlfNum150Type
   ContactoComprador? AlfNum80Type
   CorreoComprador? CorreoValidationType
   DireccionComprador? AlfNum100Type
   MunicipioComprador? ProvinciaMunicipioType
   ProvinciaComprador? ProvinciaMunicipioType
   PaisComprador? Alfa60Type
   FechaEntrega? FechaValidationType
   ContactoEntrega? AlfNum100Type
   DireccionEntrega? AlfNum100Type
   TelefonoAdicional? TelefonoValidationType
   FechaOrdenCompra? FechaValidationType
   NumeroOrdenCompra? AlfNum20Type
   CodigoInternoComprador? AlfNum20Type
   ResponsablePago? Alfa20Type
   InformacionAdicionalComprador? AlfNum150Type
  InformacionesAdicionales?
   FechaEmbarque? FechaValidationType
   NumeroEmbarque? AlfNum25Type
   NumeroContenedor? AlfNum100Type
   NumeroReferencia? Integer20ValidationType
   NombrePuertoEmbarque? AlfNum40Type
   CondicionesEntrega? Alfa3Type
   TotalFob? Decimal18D1or2ValidationTypeMayorCero
   Seguro? Decimal18D1or2ValidationTypeMayorCero
   Flete? Decimal18D1or2ValidationTypeMayorCero
   OtrosGastos? Decimal18D1or2ValidationTypeMayorCero
   TotalCif? Decimal18D1or2ValidationTypeMayorIgualCero
   RegimenAduanero? Alfa35Type
   NombrePuertoSalida? AlfNum40Type
   NombrePuertoDesembarque? AlfNum40Type
   PesoBruto? Decimal18D1or2ValidationTypeMayorIgualCero
   PesoNeto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadPesoBruto? UnidadMedidaType
   UnidadPesoNeto? UnidadMedidaType
   CantidadBulto? Decimal18D1or2ValidationTypeMayorIgualCero
   UnidadBulto? UnidadMedidaType
   VolumenBulto? Decimal18D1or2ValidationTypeMayorCero
   UnidadVolumen? UnidadMedidaType
  Transporte?
   ViaTransporte? ViaTransporteType
   PaisOrigen? Alfa60Type
   DireccionDestino? AlfNum100Type
   PaisDestino? Alfa60Type
   RNCIdentificacionCompaniaTransportista? AlfNum20Type
   NombreCompaniaTransportista? AlfNum150Type
   NumeroViaje? AlfNum20Type
   Conductor? AlfNum20Type
   DocumentoTransporte? Integer20ValidationType
   Ficha? AlfNum10Type
   Placa? AlfNum7Type
   RutaTransporte? AlfNum20Type
   ZonaTransporte? AlfNum20Type
   NumeroAlbaran? AlfNum20Type
  Totales
   MontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   ITBIS3? Integer2ValidationType
   TotalITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoTotal Decimal18D1or2ValidationTypeMayorIgualCero
   MontoNoFacturable? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoPeriodo? Decimal18D1or2ValidationTypeNegativoPositivo
   SaldoAnterior? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoAvancePago? Decimal18D1or2ValidationTypeMayorIgualCero
   ValorPagar? Decimal18D1or2ValidationTypeNegativoPositivo
  OtraMoneda?
   TipoMoneda? TipoMonedaType
   TipoCambio? Decimal7D1or4ValidationTypeMayorCero
   MontoGravadoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoGravado3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBISOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   TotalITBIS3OtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
 DetallesItems
  Item{1,1000}
   NumeroLinea NumeroLineaType
   TablaCodigosItem?
    CodigosItem{1,5}
     TipoCodigo AlfNum14Type
     CodigoItem AlfNum35Type
   IndicadorFacturacion IndicadorFacturacionType
   NombreItem AlfNum80Type
   IndicadorBienoServicio IndicadorBienoServicioType
   DescripcionItem? AlfNum1000Type
   CantidadItem Decimal18D1or2ValidationTypeMayorCero
   UnidadMedida? UnidadMedidaType
   FechaElaboracion? FechaValidationType
   FechaVencimientoItem? FechaValidationType
   Mineria?
    PesoNetoKilogramo? Decimal19D1or3ValidationTypeMayorIgualCero
    PesoNetoMineria? Decimal19D1or3ValidationTypeMayorIgualCero
    TipoAfiliacion? TipoAfiliacionType
    Liquidacion? LiquidacionType
   PrecioUnitarioItem Decimal20D1or4ValidationTypeMayorIgualCero
   DescuentoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubDescuento?
    SubDescuento{1,12}
     TipoSubDescuento TipoDescuentoRecargoType
     SubDescuentoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubDescuento? Decimal18D1or2ValidationTypeMayorIgualCero
   RecargoMonto? Decimal18D1or2ValidationTypeMayorIgualCero
   TablaSubRecargo?
    SubRecargo{1,12}
     TipoSubRecargo TipoDescuentoRecargoType
     SubRecargoPorcentaje? Decimal5D1or2ValidationTypeMayorCero
     MontoSubRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   OtraMonedaDetalle?
    PrecioOtraMoneda? Decimal20D1or4ValidationTypeMayorIgualCero
    DescuentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    RecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoItemOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoItem Decimal18D1or2ValidationTypeMayorIgualCero
 Subtotales?
  Subtotal{1,20}
   NumeroSubTotal? Integer2ValidationType
   DescripcionSubtotal? AlfNum40Type
   Orden? Integer2ValidationType
   SubTotalMontoGravadoTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotalMontoGravadoI3? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS? Decimal18D1or2ValidationTypeMayorIgualCero
   SubTotaITBIS3? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   Lineas? Integer2ValidationType
 DescuentosORecargos?
  DescuentoORecargo{1,20}
   NumeroLinea Integer2ValidationType
   TipoAjuste TipoAjusteType
   DescripcionDescuentooRecargo? AlfNum45Type
   TipoValor? TipoDescuentoRecargoType
   ValorDescuentooRecargo? Decimal5D1or2ValidationTypeMayorCero
   MontoDescuentooRecargo? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoDescuentooRecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   IndicadorFacturacionDescuentooRecargo? IndicadorFacturacionDRType
 Paginacion?
  Pagina{1,1000}
   PaginaNo? Integer4V1To1000ValidationType
   NoLineaDesde? Integer4V1To1000ValidationType
   NoLineaHasta? Integer4V1To1000ValidationType
   SubtotalMontoGravadoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoGravado3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbisPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalItbis3Pagina? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubtotalPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   SubtotalMontoNoFacturablePagina? Decimal18D1or2ValidationTypeMayorIgualCero
 InformacionReferencia?
  NCFModificado? AlfNum11a19ValidationType
  RNCOtroContribuyente? RNCValidationType
  FechaNCFModificado? FechaValidationType
  CodigoModificacion? CodigoModificacionType
 FechaHoraFirma DateTimeValidationType
`,
  'ECF-47': `
ECF
 Encabezado
  Version versionType
  IdDoc
   TipoeCF TipoeCFType
   eNCF eNCFValidationType
   FechaVencimientoSecuencia FechaValidationType
   TipoPago? TipoPagoType
   FechaLimitePago? FechaValidationType
   TerminoPago? TerminoPagoValidationType
   TablaFormasPago?
    FormaDePago{1,7}
     FormaPago FormaPagoType
     MontoPago Decimal18D1or2ValidationTypeMayorIgualCero
   TipoCuentaPago? TipoCuentaPagoType
   NumeroCuentaPago? NumeroCuentaPagoType
   BancoPago? BancoPagoType
   FechaDesde? FechaValidationType
   FechaHasta? FechaValidationType
   TotalPaginas? Integer4ValidationTypeMayorUno
  Emisor
   RNCEmisor RNCValidationType
   RazonSocialEmisor AlfNum150Type
   NombreComercial? AlfNum150Type
   Sucursal? AlfNum20Type
   DireccionEmisor AlfNum100Type
   Municipio? ProvinciaMunicipioType
   Provincia? ProvinciaMunicipioType
   TablaTelefonoEmisor?
    TelefonoEmisor{1,3} TelefonoValidationType
   CorreoEmisor? CorreoValidationType
   WebSite? AlfNum50Type
   ActividadEconomica? AlfNum100Type
   NumeroFacturaInterna? AlfNum20Type
   NumeroPedidoInterno? Integer20ValidationType
   InformacionAdicionalEmisor? AlfNum250Type
   FechaEmision FechaValidationType
  Comprador?
   IdentificadorExtranjero? AlfNum20Type
   RazonSocialComprador? AlfNum150Type
  Transporte?
   PaisDestino? Alfa60Type@ECF-47
  Totales
   MontoExento? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoTotal Decimal18D1or2ValidationTypeMayorIgualCero
   MontoPeriodo? Decimal18D1or2ValidationTypeNegativoPositivo
   SaldoAnterior? Decimal18D1or2ValidationTypeNegativoPositivo
   MontoAvancePago? Decimal18D1or2ValidationTypeMayorIgualCero
   ValorPagar? Decimal18D1or2ValidationTypeNegativoPositivo
   TotalISRRetencion? Decimal18D1or2ValidationTypeMayorIgualCero
  OtraMoneda?
   TipoMoneda? TipoMonedaType
   TipoCambio? Decimal7D1or4ValidationTypeMayorCero
   MontoExentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoTotalOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
 DetallesItems
  Item{1,1000}
   NumeroLinea NumeroLineaType
   TablaCodigosItem?
    CodigosItem{1,5}
     TipoCodigo AlfNum14Type
     CodigoItem AlfNum35Type
   IndicadorFacturacion IndicadorFacturacionType
   Retencion
    IndicadorAgenteRetencionoPercepcion IndicadorAgenteRetencionoPercepcionType
    MontoISRRetenido Decimal18D1or2ValidationTypeMayorIgualCero
   NombreItem AlfNum80Type
   IndicadorBienoServicio IndicadorBienoServicioType
   DescripcionItem? AlfNum1000Type
   CantidadItem Decimal18D1or2ValidationTypeMayorCero
   UnidadMedida? UnidadMedidaType
   PrecioUnitarioItem Decimal20D1or4ValidationTypeMayorIgualCero
   OtraMonedaDetalle?
    PrecioOtraMoneda? Decimal20D1or4ValidationTypeMayorIgualCero
    DescuentoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    RecargoOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
    MontoItemOtraMoneda? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoItem Decimal18D1or2ValidationTypeMayorIgualCero
 Subtotales?
  Subtotal{1,20}
   NumeroSubTotal? Integer2ValidationType
   DescripcionSubtotal? AlfNum40Type
   Orden? Integer2ValidationType
   SubTotalExento? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubTotal? Decimal18D1or2ValidationTypeMayorIgualCero
   Lineas? Integer2ValidationType
 Paginacion?
  Pagina{1,1000}
   PaginaNo? Integer4V1To1000ValidationType
   NoLineaDesde? Integer4V1To1000ValidationType
   NoLineaHasta? Integer4V1To1000ValidationType
   SubtotalExentoPagina? Decimal18D1or2ValidationTypeMayorIgualCero
   MontoSubtotalPagina? Decimal18D1or2ValidationTypeMayorIgualCero
 InformacionReferencia?
  NCFModificado? AlfNum11a19ValidationType
  RNCOtroContribuyente? RNCValidationType
  FechaNCFModificado? FechaValidationType
  CodigoModificacion? CodigoModificacionType
 FechaHoraFirma DateTimeValidationType
`,
  'RFCE-32': `
RFCE
 Encabezado
  Version VersionType
  IdDoc
   TipoeCF TipoeCFType@RFCE-32
   eNCF eNCFType
   TipoIngresos TipoIngresosType
   TipoPago TipoPagoType
   TablaFormasPago?
    FormaDePago{0,7}
     FormaPago? FormaPagoType
     MontoPago? Decimal18D2MayorIgual0Type
  Emisor
   RNCEmisor RNCType
   RazonSocialEmisor AlfaNum150RType
   FechaEmision FechaType
  Comprador
   RNCComprador? RNCType
   IdentificadorExtranjero? AlfaNum20Type
   RazonSocialComprador? AlfaNum150Type
  Totales
   MontoGravadoTotal? Decimal18D2MayorIgual0Type
   MontoGravadoI1? Decimal18D2MayorIgual0Type
   MontoGravadoI2? Decimal18D2MayorIgual0Type
   MontoGravadoI3? Decimal18D2MayorIgual0Type
   MontoExento? Decimal18D2MayorIgual0Type
   TotalITBIS? Decimal18D2MayorIgual0Type
   TotalITBIS1? Decimal18D2MayorIgual0Type
   TotalITBIS2? Decimal18D2MayorIgual0Type
   TotalITBIS3? Decimal18D2MayorIgual0Type
   MontoImpuestoAdicional? Decimal18D2Mayor0Type
   ImpuestosAdicionales?
    ImpuestoAdicional{0,20}
     TipoImpuesto? ImpuestosAdicionalesType
     MontoImpuestoSelectivoConsumoEspecifico? Decimal18D2Mayor0Type
     MontoImpuestoSelectivoConsumoAdvalorem? Decimal18D2Mayor0Type
     OtrosImpuestosAdicionales? Decimal18D2Mayor0Type
   MontoTotal Decimal18D2MayorIgual0Type
   MontoNoFacturable? Decimal18D2NegativoType
   MontoPeriodo? Decimal18D2NegativoType
  CodigoSeguridadeCF CodigoSeguridadeCFType
`,
  ACECF: `
ACECF
 DetalleAprobacionComercial
  Version versionType@ACECF
  RNCEmisor RNCValidation
  eNCF AlfaNum11Validation
  FechaEmision DateValidation
  MontoTotal Decimal18D2Validation
  RNCComprador RNCValidation
  Estado EstadoType
  DetalleMotivoRechazo? AlfaNum250Validation
  FechaHoraAprobacionComercial DateAndTimeValidation
`,
};

function parseTree(text: string): XsdElement {
  const stack: Array<{ depth: number; node: XsdElement }> = [];
  let root: XsdElement | null = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const depth = line.length - line.trimStart().length;
    const m = /^([A-Za-z0-9_]+)(\?|\{(\d+),(\d+|\*)\})?(?: (\S+))?$/.exec(line.trim());
    if (!m) throw new Error(`bad XSD facts line: ${line}`);
    const [, name, occurs, min, max, type] = m;
    const node: XsdElement = {
      name: name!,
      min: occurs === '?' ? 0 : min !== undefined ? Number(min) : 1,
      max: occurs === '?' ? 1 : max === '*' ? -1 : max !== undefined ? Number(max) : 1,
    };
    if (type) node.type = type;
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const parent = stack[stack.length - 1]?.node;
    if (!parent) root = node;
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
    stack.push({ depth, node });
  }
  if (!root) throw new Error('empty XSD facts tree');
  return root;
}

const parsed = new Map<DgiiDocumentSchema, XsdElement>();

/** The element tree of `schema` (parsed once). */
export function xsdTree(schema: DgiiDocumentSchema): XsdElement {
  let tree = parsed.get(schema);
  if (!tree) {
    tree = parseTree(TREES[schema]);
    parsed.set(schema, tree);
  }
  return tree;
}
