import { z } from 'zod';
import { percentOfCents } from './money.js';
import { isoDateSchema, isoDateTimeSchema } from './text.js';
import { isValidCedula, isValidRnc, onlyDigits } from './validators.js';

/*
 * Dominican fiscal documents (comprobantes fiscales, NCF / e-NCF), issue 12.
 * Sources: DGII Norma General 06-2018 (NCF types and sequences), Norma 05-2019 and Ley 32-23
 * (e-CF), DGII "Formato Comprobante Fiscal Electrónico (e-CF) v1.0" (CodigoModificacion),
 * python-stdnum `stdnum/do/ncf.py` (number shapes) and indexa-git/l10n-dominicana
 * `l10n_do_accounting/models/l10n_latam_document_type.py` (type codes and NCF regex).
 */

/**
 * Document types the agency issues (paper B.. and electronic E..): sales documents and notes, and
 * the purchase documents it issues for its own purchases — B11/E41 compras, B13/E43 gastos
 * menores, B17/E47 pagos al exterior (Norma General 05-2019; decision 140).
 */
export const FISCAL_DOCUMENT_TYPES = [
  'B01',
  'B02',
  'B03',
  'B04',
  'B11',
  'B13',
  'B14',
  'B15',
  'B16',
  'B17',
  'E31',
  'E32',
  'E33',
  'E34',
  'E41',
  'E43',
  'E44',
  'E45',
  'E46',
  'E47',
] as const;
export const FiscalDocumentTypeSchema = z.enum(FISCAL_DOCUMENT_TYPES, {
  error: 'Tipo de comprobante inválido',
});
export type FiscalDocumentType = z.infer<typeof FiscalDocumentTypeSchema>;

/** Spanish names of the document types (DGII, "Tipos de comprobantes fiscales"). */
export const FISCAL_DOCUMENT_TYPE_LABELS: Record<FiscalDocumentType, string> = {
  B01: 'Crédito Fiscal',
  B02: 'Consumo',
  B03: 'Nota de Débito',
  B04: 'Nota de Crédito',
  B11: 'Comprobante de Compras',
  B13: 'Gastos Menores',
  B14: 'Regímenes Especiales',
  B15: 'Gubernamental',
  B16: 'Exportaciones',
  B17: 'Pagos al Exterior',
  E31: 'Crédito Fiscal Electrónica',
  E32: 'Consumo Electrónica',
  E33: 'Nota de Débito Electrónica',
  E34: 'Nota de Crédito Electrónica',
  E41: 'Compras Electrónico',
  E43: 'Gastos Menores Electrónico',
  E44: 'Regímenes Especiales Electrónica',
  E45: 'Gubernamental Electrónica',
  E46: 'Exportaciones Electrónica',
  E47: 'Pagos al Exterior Electrónico',
};

/** `B01 · Crédito Fiscal`: code and name, as selects and the PDF show them. */
export const fiscalDocumentTypeLabel = (t: FiscalDocumentType) => `${t} · ${FISCAL_DOCUMENT_TYPE_LABELS[t]}`;

/**
 * The note types (B03/E33 debit, B04/E34 credit): issued from an invoice they modify, never chosen
 * for an invoice (Norma General 06-2018, tipos 03 y 04; e-CF 33 y 34).
 */
export const NOTE_DOCUMENT_TYPES = ['B03', 'B04', 'E33', 'E34'] as const;
type NoteDocumentType = (typeof NOTE_DOCUMENT_TYPES)[number];

/**
 * The types the agency issues for its own purchases, never on an invoice (Norma General 05-2019:
 * 11 Comprobante de Compras, 13 Gastos Menores, 17 Pagos al Exterior; e-CF 41, 43, 47). Numbered
 * from the agency's own ranges like any other type (decision 140).
 */
export const AGENCY_PURCHASE_DOCUMENT_TYPES = ['B11', 'B13', 'B17', 'E41', 'E43', 'E47'] as const;
type AgencyPurchaseDocumentType = (typeof AGENCY_PURCHASE_DOCUMENT_TYPES)[number];
type NotInvoiceType = NoteDocumentType | AgencyPurchaseDocumentType;

/** Types an invoice can carry (every type but the notes and the purchase documents). */
export const INVOICE_DOCUMENT_TYPES = FISCAL_DOCUMENT_TYPES.filter(
  (t) =>
    !(NOTE_DOCUMENT_TYPES as readonly string[]).includes(t) &&
    !(AGENCY_PURCHASE_DOCUMENT_TYPES as readonly string[]).includes(t),
) as Exclude<FiscalDocumentType, NotInvoiceType>[];
export const InvoiceDocumentTypeSchema = z.enum(
  INVOICE_DOCUMENT_TYPES as [
    Exclude<FiscalDocumentType, NotInvoiceType>,
    ...Exclude<FiscalDocumentType, NotInvoiceType>[],
  ],
  { error: 'Tipo de comprobante inválido para una factura' },
);
export type InvoiceDocumentType = z.infer<typeof InvoiceDocumentTypeSchema>;

/** True for electronic (e-CF) types. */
export const isElectronicType = (t: FiscalDocumentType) => t.startsWith('E');
/** The credit-note type matching an invoice's family: B04 for paper, E34 for e-CF. */
export const creditNoteTypeFor = (t: FiscalDocumentType): 'B04' | 'E34' =>
  isElectronicType(t) ? 'E34' : 'B04';
/**
 * The debit-note type matching an invoice's family: B03 for paper (B01, B02, B14, B15, B16), E33
 * for e-CF (Norma General 06-2018, tipo 03; e-CF 33, Norma 05-2019).
 */
export const debitNoteTypeFor = (t: FiscalDocumentType): 'B03' | 'E33' =>
  isElectronicType(t) ? 'E33' : 'B03';

/** Paper NCF: B + type + 8-digit serial, 11 characters (Norma 06-2018; stdnum `do/ncf.py`). */
export const PAPER_NCF_RE = /^B(01|02|03|04|11|12|13|14|15|16|17)\d{8}$/;
/** e-NCF: E + type + 10-digit serial, 13 characters (Norma 05-2019; stdnum `do/ncf.py`). */
export const ELECTRONIC_NCF_RE = /^E(31|32|33|34|41|43|44|45|46|47)\d{10}$/;

/** True when `value` (spaces allowed, any case) is a paper NCF or an e-NCF of a known type. */
export function isValidNcf(value: string): boolean {
  const v = value.replace(/\s/g, '').toUpperCase();
  return PAPER_NCF_RE.test(v) || ELECTRONIC_NCF_RE.test(v);
}

/** Digits of the serial: 8 for paper NCF, 10 for e-NCF. */
export const ncfSerialDigits = (t: FiscalDocumentType) => (isElectronicType(t) ? 10 : 8);
/** The largest serial a type can hold (99,999,999 paper; 9,999,999,999 electronic). */
export const maxNcfSerial = (t: FiscalDocumentType) => 10 ** ncfSerialDigits(t) - 1;

/** Formats a number of a sequence: `formatNcf('B01', 51)` → `B0100000051`. Throws RangeError out of range. */
export function formatNcf(type: FiscalDocumentType, serial: number): string {
  if (!Number.isInteger(serial) || serial < 1 || serial > maxNcfSerial(type))
    throw new RangeError(`serial ${serial} out of range for ${type}`);
  return `${type}${String(serial).padStart(ncfSerialDigits(type), '0')}`;
}

/** Types whose buyer must be identified by RNC or cédula (Norma 06-2018 art. 8; issue 12). */
export const TYPES_REQUIRING_BUYER_ID: readonly FiscalDocumentType[] = [
  'B01',
  'B14',
  'B15',
  'B16',
  'E31',
  'E44',
  'E45',
  'E46',
];
/** Consumo (B02/E32) needs the buyer id from this total up, in centavos: RD$250,000 (Norma 06-2018 art. 8 párrafo). */
export const CONSUMO_BUYER_ID_THRESHOLD_CENTS = 25_000_000;

/**
 * Whether an invoice of `type` with `totalCents` must carry the buyer's RNC/cédula.
 * For a credit note pass the modified invoice's type and total (issue 12: "and for credit notes of those").
 */
export function requiresBuyerId(type: FiscalDocumentType, totalCents: number): boolean {
  if (TYPES_REQUIRING_BUYER_ID.includes(type)) return true;
  if (type === 'B02' || type === 'E32') return totalCents >= CONSUMO_BUYER_ID_THRESHOLD_CENTS;
  return false;
}

/** True when `digits` is a valid RNC (9) or cédula (11), including the numbers issued with a wrong check digit. */
export function isValidBuyerId(value: string | null | undefined): boolean {
  if (!value) return false;
  return isValidRnc(value) || isValidCedula(value);
}

/** DGII id type of a buyer id: 1 = RNC (9 digits), 2 = cédula (11 digits), 3 = other. */
export function buyerIdType(value: string | null | undefined): 1 | 2 | 3 | null {
  if (!value) return null;
  const d = onlyDigits(value);
  if (d.length === 9) return 1;
  if (d.length === 11) return 2;
  return 3;
}

/** Fiscal profile of a client (who the buyer is for the DGII). */
export const TAXPAYER_TYPES = [
  'contribuyente',
  'consumidor_final',
  'regimen_especial',
  'gubernamental',
  'extranjero',
] as const;
export const TaxpayerTypeSchema = z.enum(TAXPAYER_TYPES, { error: 'Tipo de contribuyente inválido' });
export type TaxpayerType = z.infer<typeof TaxpayerTypeSchema>;
export const TAXPAYER_TYPE_LABELS: Record<TaxpayerType, string> = {
  contribuyente: 'Contribuyente (crédito fiscal)',
  consumidor_final: 'Consumidor final',
  regimen_especial: 'Régimen especial (zona franca, ONG…)',
  gubernamental: 'Gubernamental',
  extranjero: 'Extranjero (exportación de servicios)',
};

/** Whether the agency issues paper NCF (B..) or e-CF (E..) — company settings. */
export const FISCAL_MODES = ['paper', 'electronic'] as const;
export const FiscalModeSchema = z.enum(FISCAL_MODES);
export type FiscalMode = z.infer<typeof FiscalModeSchema>;
export const FISCAL_MODE_LABELS: Record<FiscalMode, string> = {
  paper: 'Comprobantes en papel (NCF serie B)',
  electronic: 'Comprobantes electrónicos (e-CF serie E)',
};

const DEFAULT_TYPE: Record<TaxpayerType, [InvoiceDocumentType, InvoiceDocumentType]> = {
  contribuyente: ['B01', 'E31'],
  consumidor_final: ['B02', 'E32'],
  regimen_especial: ['B14', 'E44'],
  gubernamental: ['B15', 'E45'],
  extranjero: ['B16', 'E46'],
};

/** The document type the invoice form preselects for a client's profile and the agency's mode (issue 12). */
export function defaultDocumentType(taxpayerType: TaxpayerType, mode: FiscalMode): InvoiceDocumentType {
  return DEFAULT_TYPE[taxpayerType][mode === 'electronic' ? 1 : 0];
}

/** A client's default profile when none was chosen: companies contribuyente, people consumidor final. */
export const defaultTaxpayerType = (clientType: 'individual' | 'company'): TaxpayerType =>
  clientType === 'company' ? 'contribuyente' : 'consumidor_final';

/** How the agency itself is registered (decides the withholding presets). */
export const AGENCY_TAXPAYER_KINDS = ['persona_juridica', 'persona_fisica'] as const;
export const AgencyTaxpayerKindSchema = z.enum(AGENCY_TAXPAYER_KINDS);
export type AgencyTaxpayerKind = z.infer<typeof AgencyTaxpayerKindSchema>;
export const AGENCY_TAXPAYER_KIND_LABELS: Record<AgencyTaxpayerKind, string> = {
  persona_juridica: 'Persona jurídica (empresa)',
  persona_fisica: 'Persona física',
};

/**
 * Credit-note modification codes (DGII e-CF format, field `CodigoModificacion`).
 */
export const CREDIT_NOTE_MODIFICATION_CODES = [1, 2, 3, 4, 5] as const;
export const CREDIT_NOTE_MODIFICATION_LABELS: Record<
  (typeof CREDIT_NOTE_MODIFICATION_CODES)[number],
  string
> = {
  1: 'Anula el NCF modificado',
  2: 'Corrige texto del comprobante fiscal modificado',
  3: 'Corrige montos del NCF modificado',
  4: 'Reemplazo de NCF emitido en contingencia',
  5: 'Referencia a factura de consumo electrónica',
};
export type CreditNoteModificationCode = (typeof CREDIT_NOTE_MODIFICATION_CODES)[number];
/**
 * The `CodigoModificacion` of a debit note: 3, "Corrige montos del NCF modificado" — a debit note
 * only raises the amounts of the invoice it modifies (DGII e-CF format, InformacionReferencia).
 */
export const DEBIT_NOTE_MODIFICATION_CODE = 3 satisfies CreditNoteModificationCode;

/**
 * Annulment types of the 608 report (DGII "Formato de Envío de Comprobantes Anulados", Norma 07-2018).
 */
export const NCF_ANNULMENT_TYPES = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'] as const;
export const NcfAnnulmentTypeSchema = z.enum(NCF_ANNULMENT_TYPES, { error: 'Tipo de anulación inválido' });
export type NcfAnnulmentType = z.infer<typeof NcfAnnulmentTypeSchema>;
export const NCF_ANNULMENT_TYPE_LABELS: Record<NcfAnnulmentType, string> = {
  '01': 'Deterioro de factura preimpresa',
  '02': 'Errores de impresión (factura preimpresa)',
  '03': 'Impresión defectuosa',
  '04': 'Corrección de la información',
  '05': 'Cambio de productos',
  '06': 'Devolución de productos',
  '07': 'Omisión de productos',
  '08': 'Errores en secuencia de NCF',
  '09': 'Por cese de operaciones',
  '10': 'Pérdida o hurto de talonarios',
};

/** A credit note issued this many days or fewer after its invoice carries ITBIS; later, none (issue 12). */
export const CREDIT_NOTE_ITBIS_MAX_DAYS = 30;
/** Default alert threshold of a sequence, percent of the range remaining (issue 12). */
export const DEFAULT_SEQUENCE_ALERT_THRESHOLD = 35;
/** A sequence that expires within this many days raises the alert (issue 12). */
export const SEQUENCE_EXPIRY_ALERT_DAYS = 30;

const isoDate = isoDateSchema();
const serial = z
  .number({ error: 'Número inválido' })
  .int('Debe ser un número entero')
  .min(1, 'El número mínimo es 1')
  .max(9_999_999_999, 'Número demasiado grande');

/**
 * `POST /fiscal/sequences` (admin): a range authorised by the DGII. Numbers are serials
 * (1 = B0100000001); `alertThreshold` is the percent of the range remaining that raises the alert;
 * `replaceActive` swaps out the type's active range atomically (no moment without a range).
 */
export const CreateFiscalSequenceRequestSchema = z
  .object({
    documentType: FiscalDocumentTypeSchema,
    rangeFrom: serial,
    rangeTo: serial,
    expiresOn: isoDate,
    alertThreshold: z
      .number({ error: 'Umbral inválido' })
      .int('Debe ser un número entero')
      .min(1, 'El umbral mínimo es 1 %')
      .max(99, 'El umbral máximo es 99 %')
      .default(DEFAULT_SEQUENCE_ALERT_THRESHOLD),
    /** Deactivate the type's active range in the same transaction (a new DGII authorisation replaces it). */
    replaceActive: z.boolean().default(false),
  })
  .refine((v) => v.rangeTo <= maxNcfSerial(v.documentType) && v.rangeFrom <= maxNcfSerial(v.documentType), {
    message: 'El número excede los dígitos del comprobante (8 en papel, 10 electrónico)',
    path: ['rangeTo'],
  });
export type CreateFiscalSequenceRequest = z.input<typeof CreateFiscalSequenceRequestSchema>;

/** `PUT /fiscal/sequences/{id}` (admin): deactivate/reactivate, threshold, expiry; the range can't change. */
export const UpdateFiscalSequenceRequestSchema = z.object({
  active: z.boolean().optional(),
  alertThreshold: z
    .number()
    .int()
    .min(1, 'El umbral mínimo es 1 %')
    .max(99, 'El umbral máximo es 99 %')
    .optional(),
  expiresOn: isoDate.optional(),
});
export type UpdateFiscalSequenceRequest = z.input<typeof UpdateFiscalSequenceRequestSchema>;

/** A fiscal sequence as the API answers it. Numbers are serials; `nextNcf` null when exhausted. */
export const FiscalSequenceSchema = z.object({
  _id: z.uuid(),
  documentType: FiscalDocumentTypeSchema,
  rangeFrom: z.number().int(),
  rangeTo: z.number().int(),
  nextNumber: z.number().int(),
  nextNcf: z.string().nullable(),
  used: z.number().int(),
  remaining: z.number().int(),
  remainingPercent: z.number(),
  expiresOn: z.string(),
  alertThreshold: z.number().int(),
  active: z.boolean(),
  isExpired: z.boolean(),
  isExhausted: z.boolean(),
  isLow: z.boolean(),
  expiresSoon: z.boolean(),
  createdAt: z.string(),
});
export type FiscalSequence = z.infer<typeof FiscalSequenceSchema>;
export const ListFiscalSequencesResponseSchema = z.object({ sequences: z.array(FiscalSequenceSchema) });
export const GetFiscalSequenceResponseSchema = z.object({ sequence: FiscalSequenceSchema });

/** `POST /fiscal/sequences/{id}/void`: takes the next `count` numbers and records them as annulled (608). */
export const VoidNcfRequestSchema = z.object({
  annulmentType: NcfAnnulmentTypeSchema,
  reason: z.string().trim().max(500).optional(),
  count: z.number().int().min(1).max(100).default(1),
});
export type VoidNcfRequest = z.input<typeof VoidNcfRequestSchema>;
export const NcfVoidSchema = z.object({
  _id: z.uuid(),
  ncf: z.string(),
  documentType: FiscalDocumentTypeSchema,
  annulmentType: NcfAnnulmentTypeSchema,
  reason: z.string().nullable(),
  voidedOn: z.string(),
  createdAt: z.string(),
});
export const VoidNcfResponseSchema = z.object({
  voids: z.array(NcfVoidSchema),
  sequence: FiscalSequenceSchema,
});

/**
 * The e-CF security code: the first 6 characters of the signed XML's `SignatureValue`, which is
 * base64 — letters of both cases, digits, `+` and `/` (DGII, Informe Técnico e-CF v1.0,
 * "Representación impresa": "Código de seguridad: primeros 6 dígitos del hash generado en el
 * SignatureValue"; XMLDSig `SignatureValue` is `base64Binary`). Case matters: it is kept exactly
 * as typed (issue 27).
 */
export const ECF_SECURITY_CODE_PATTERN = /^[A-Za-z0-9+/]{6}$/;

/**
 * `PUT /invoices/{id}/ecf` (admin): the e-CF provider's security code (6 base64 characters, kept as
 * typed) and signature time. `replace: true` confirms overwriting a code already recorded.
 */
export const RecordEcfSignatureRequestSchema = z.object({
  securityCode: z
    .string()
    .trim()
    .regex(
      ECF_SECURITY_CODE_PATTERN,
      'El código de seguridad tiene 6 caracteres: letras (mayúsculas o minúsculas), números, + o /',
    ),
  signedAt: isoDateTimeSchema('Fecha de firma inválida'),
  replace: z.boolean().optional(),
});
export type RecordEcfSignatureRequest = z.input<typeof RecordEcfSignatureRequestSchema>;

/** Withholding presets offered when recording a payment (issue 12). */
export const WITHHOLDING_PRESETS = ['none', 'company_services', 'persona_fisica', 'government'] as const;
export const WithholdingPresetSchema = z.enum(WITHHOLDING_PRESETS);
export type WithholdingPreset = z.infer<typeof WithholdingPresetSchema>;
export const WITHHOLDING_PRESET_LABELS: Record<WithholdingPreset, string> = {
  none: 'Sin retenciones',
  company_services: 'Empresa cliente: 30 % del ITBIS',
  persona_fisica: 'Agencia persona física: 100 % del ITBIS + 10 % ISR',
  government: 'Gobierno: 5 % ISR',
};

/**
 * Amounts a preset withholds, in centavos, from an invoice's ITBIS and its amount before ITBIS.
 * - company_services: 30 % of the ITBIS (Norma General 02-2005, services billed to a company);
 * - persona_fisica: 100 % of the ITBIS (Norma 08-2004 / Ley 11-92 art. 309) and 10 % ISR
 *   (Código Tributario art. 309 lit. a) when the agency is a persona física;
 * - government: 5 % ISR (Ley 253-12 art. 12, payments by the State).
 */
export function withholdingForPreset(
  preset: WithholdingPreset,
  amounts: { taxCents: number; baseCents: number },
): { itbisWithheldCents: number; isrWithheldCents: number } {
  switch (preset) {
    case 'company_services':
      return { itbisWithheldCents: percentOfCents(amounts.taxCents, 30), isrWithheldCents: 0 };
    case 'persona_fisica':
      return {
        itbisWithheldCents: amounts.taxCents,
        isrWithheldCents: percentOfCents(amounts.baseCents, 10),
      };
    case 'government':
      return { itbisWithheldCents: 0, isrWithheldCents: percentOfCents(amounts.baseCents, 5) };
    default:
      return { itbisWithheldCents: 0, isrWithheldCents: 0 };
  }
}

/** `GET /fiscal/settings`-like defaults the invoice form needs: the agency's mode and kind. */
export const FiscalProfileSchema = z.object({
  fiscalMode: FiscalModeSchema,
  taxpayerKind: AgencyTaxpayerKindSchema,
});

/** A buyer id as typed (RNC or cédula, dashes allowed) → digits; undefined stays undefined. */
export const buyerIdDigits = (v: string | null | undefined) => (v ? onlyDigits(v) : v);

/** `GET /reports/dgii/607|608` query: the fiscal period YYYYMM (e.g. 202611). */
export const DgiiReportQuerySchema = z.object({
  period: z
    .string({ error: 'Período requerido (AAAAMM)' })
    .regex(/^(19|20)\d{2}(0[1-9]|1[0-2])$/, 'Período inválido (AAAAMM, p. ej. 202611)')
    // The Norma 07-2018 layouts start with the period of May 2018.
    .refine((p) => p >= '201805', 'Los formatos 607 y 608 aplican desde mayo de 2018 (201805)'),
});
export type DgiiReportQuery = z.input<typeof DgiiReportQuerySchema>;

/**
 * `GET /reports/dgii/consumo?period=YYYYMM` (admin): the period's consumo invoices (B02 / E32) of
 * less than RD$250,000, which the 607 text file leaves out and the Oficina Virtual asks for as
 * totals when the 607 is sent (Norma General 07-2018; issue 27, point 8). Amounts in RD$ (2
 * decimals); the payment forms add up to `total`.
 */
export const ConsumoSummarySchema = z.object({
  period: z.string(),
  count: z.number().int(),
  invoicedAmount: z.number(),
  itbis: z.number(),
  total: z.number(),
  cash: z.number(),
  bank: z.number(),
  card: z.number(),
  creditSale: z.number(),
});
export type ConsumoSummary = z.infer<typeof ConsumoSummarySchema>;
export const GetConsumoSummaryResponseSchema = z.object({ summary: ConsumoSummarySchema });
