import { z } from 'zod';
import { EcfStatusSchema } from './ecf.js';
import { AGENCY_PURCHASE_DOCUMENT_TYPES, type AgencyTaxpayerKind } from './fiscal.js';
import { percentOfCents } from './money.js';
import { ListOptionsResponseSchema } from './options.js';
import { pageQueryFields, pageResponseSchema } from './pagination.js';
import { DateOnlySchema, MoneyAmountSchema } from './projects.js';
import { emailSchema, isValidCedula, isValidRnc, onlyDigits, PHONE_RE } from './validators.js';

/*
 * Suppliers and purchases (compras y gastos; decision 140). A purchase is what the DGII's 606
 * ("Formato de Envío de Compras de Bienes y Servicios", Norma General 07-2018) reports line by
 * line: supplier RNC/cédula, expense type, NCF, issue and payment dates, services and goods
 * amounts, ITBIS invoiced / withheld / taken to cost, ISR withholding type and amount, payment
 * form. Codes and their order follow the 606 format and indexa-git/l10n-dominicana
 * (`dgii_reports/models/dgii_report.py` `process_606_report_data`, `account_invoice.py`
 * `_compute_isr_withholding_type`, `_compute_in_invoice_payment_form`, and the `expense_type`
 * selection of its fiscal types).
 */

/* ─────────────────────────────── codes ─────────────────────────────── */

/** 606 field 3, "Tipo de Bienes y Servicios Comprados" (codes 01–11). */
export const EXPENSE_TYPES = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11'] as const;
export const ExpenseTypeSchema = z.enum(EXPENSE_TYPES, { error: 'Tipo de gasto inválido (01–11)' });
export type ExpenseType = z.infer<typeof ExpenseTypeSchema>;
/** The DGII names of {@link EXPENSE_TYPES} (606 instructions; l10n-dominicana `expense_type`). */
export const EXPENSE_TYPE_LABELS: Record<ExpenseType, string> = {
  '01': 'Gastos de personal',
  '02': 'Gastos por trabajos, suministros y servicios',
  '03': 'Arrendamientos',
  '04': 'Gastos de activos fijos',
  '05': 'Gastos de representación',
  '06': 'Otras deducciones admitidas',
  '07': 'Gastos financieros',
  '08': 'Gastos extraordinarios',
  '09': 'Compras y gastos que forman parte del costo de venta',
  '10': 'Adquisiciones de activos',
  '11': 'Gastos de seguros',
};

/** 606 field 17, "Tipo de Retención en ISR" (codes 01–08). */
export const ISR_WITHHOLDING_TYPES = ['01', '02', '03', '04', '05', '06', '07', '08'] as const;
export const IsrWithholdingTypeSchema = z.enum(ISR_WITHHOLDING_TYPES, {
  error: 'Tipo de retención de ISR inválido (01–08)',
});
export type IsrWithholdingType = z.infer<typeof IsrWithholdingTypeSchema>;
/** The DGII names of {@link ISR_WITHHOLDING_TYPES} (606 instructions; l10n-dominicana). */
export const ISR_WITHHOLDING_TYPE_LABELS: Record<IsrWithholdingType, string> = {
  '01': 'Alquileres',
  '02': 'Honorarios por servicios independientes',
  '03': 'Otras rentas',
  '04': 'Otras rentas (rentas presuntas)',
  '05': 'Intereses pagados a personas jurídicas residentes',
  '06': 'Intereses pagados a personas físicas residentes',
  '07': 'Retención por proveedores del Estado',
  '08': 'Juegos telefónicos de venta de premios',
};

/** 606 field 23, "Forma de Pago" (codes 01–07). */
export const PURCHASE_PAYMENT_METHODS = ['01', '02', '03', '04', '05', '06', '07'] as const;
export const PurchasePaymentMethodSchema = z.enum(PURCHASE_PAYMENT_METHODS, {
  error: 'Forma de pago inválida (01–07)',
});
export type PurchasePaymentMethod = z.infer<typeof PurchasePaymentMethodSchema>;
/** The DGII names of {@link PURCHASE_PAYMENT_METHODS} (606 instructions; l10n-dominicana). */
export const PURCHASE_PAYMENT_METHOD_LABELS: Record<PurchasePaymentMethod, string> = {
  '01': 'Efectivo',
  '02': 'Cheques / transferencias / depósito',
  '03': 'Tarjeta crédito / débito',
  '04': 'Compra a crédito',
  '05': 'Permuta',
  '06': 'Notas de crédito',
  '07': 'Mixto',
};

/**
 * Types a supplier's own comprobante may carry when the agency buys from it (Norma General
 * 06-2018 and 05-2019; e-CF Norma 05-2019 / Ley 32-23): crédito fiscal, consumo, regímenes
 * especiales, gubernamental, paper and electronic. The NCF's prefix must match the type.
 */
export const SUPPLIER_NCF_TYPES = ['B01', 'B02', 'B14', 'B15', 'E31', 'E32', 'E44', 'E45'] as const;
export type SupplierNcfType = (typeof SUPPLIER_NCF_TYPES)[number];

export type AgencyPurchaseDocumentType = (typeof AGENCY_PURCHASE_DOCUMENT_TYPES)[number];

/** Every document type a purchase may carry: the supplier's NCF or one the agency issues. */
export const PURCHASE_DOCUMENT_TYPES = [...SUPPLIER_NCF_TYPES, ...AGENCY_PURCHASE_DOCUMENT_TYPES] as const;
export const PurchaseDocumentTypeSchema = z.enum(PURCHASE_DOCUMENT_TYPES, {
  error: 'Tipo de comprobante inválido para una compra',
});
export type PurchaseDocumentType = z.infer<typeof PurchaseDocumentTypeSchema>;

/** True for B11/B13/B17/E41/E43/E47: the agency numbers the document from its own range. */
export const isAgencyPurchaseType = (t: string): t is AgencyPurchaseDocumentType =>
  (AGENCY_PURCHASE_DOCUMENT_TYPES as readonly string[]).includes(t);

/**
 * The agency-issued type for a purchase kind in the agency's fiscal mode: compras B11/E41,
 * gastos menores B13/E43, pagos al exterior B17/E47 (Norma General 05-2019; e-CF 41/43/47).
 */
export function agencyPurchaseTypeFor(
  kind: 'compras' | 'gastos_menores' | 'exterior',
  mode: 'paper' | 'electronic',
): AgencyPurchaseDocumentType {
  const pair = { compras: ['B11', 'E41'], gastos_menores: ['B13', 'E43'], exterior: ['B17', 'E47'] } as const;
  return pair[kind][mode === 'electronic' ? 1 : 0];
}

/** Supplier NCF: the 11/13-character shape whose prefix is `type` (stdnum `do/ncf.py` shapes). */
export function isSupplierNcfOfType(ncf: string, type: SupplierNcfType): boolean {
  const v = ncf.replace(/\s/g, '').toUpperCase();
  return type.startsWith('E')
    ? new RegExp(`^${type}\\d{10}$`).test(v)
    : new RegExp(`^${type}\\d{8}$`).test(v);
}

/** Currencies a purchase may be recorded in; USD converts with the day's rate (decision 137). */
export const PURCHASE_CURRENCIES = ['DOP', 'USD'] as const;
export type PurchaseCurrency = (typeof PURCHASE_CURRENCIES)[number];

/** A received e-CF becomes a `draft` purchase to complete; a typed or completed one is `recorded`. */
export const EXPENSE_STATUSES = ['draft', 'recorded'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = {
  draft: 'Por completar',
  recorded: 'Registrado',
};

/* ───────────────────────────── suppliers ───────────────────────────── */

/** How a supplier is identified: RNC (9 digits), cédula (11), a foreign tax id, or none (informal). */
export const SUPPLIER_TAX_ID_TYPES = ['rnc', 'cedula', 'foreign', 'none'] as const;
export const SupplierTaxIdTypeSchema = z.enum(SUPPLIER_TAX_ID_TYPES, {
  error: 'Tipo de identificación inválido',
});
export type SupplierTaxIdType = z.infer<typeof SupplierTaxIdTypeSchema>;
export const SUPPLIER_TAX_ID_TYPE_LABELS: Record<SupplierTaxIdType, string> = {
  rnc: 'RNC',
  cedula: 'Cédula',
  foreign: 'Identificación extranjera',
  none: 'Sin identificación',
};

/**
 * Who the supplier is for the withholding rules: a company, a person registered with the DGII,
 * an informal supplier not registered (bought on B11/E41), a foreign supplier (paid on
 * B17/E47), or a government entity.
 */
export const SUPPLIER_TAXPAYER_TYPES = [
  'persona_juridica',
  'persona_fisica',
  'informal',
  'extranjero',
  'gubernamental',
] as const;
export const SupplierTaxpayerTypeSchema = z.enum(SUPPLIER_TAXPAYER_TYPES, {
  error: 'Tipo de contribuyente inválido',
});
export type SupplierTaxpayerType = z.infer<typeof SupplierTaxpayerTypeSchema>;
export const SUPPLIER_TAXPAYER_TYPE_LABELS: Record<SupplierTaxpayerType, string> = {
  persona_juridica: 'Persona jurídica (empresa)',
  persona_fisica: 'Persona física',
  informal: 'Proveedor informal (sin RNC)',
  extranjero: 'Proveedor del exterior',
  gubernamental: 'Entidad gubernamental',
};

export const SUPPLIER_TAX_ID_INVALID = {
  rnc: 'RNC inválido (9 dígitos con dígito verificador correcto)',
  cedula: 'Cédula inválida (11 dígitos con dígito verificador correcto)',
  required: 'La identificación es requerida para RNC o cédula',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

const supplierFields = {
  name: z.string({ error: 'El nombre es requerido' }).trim().min(1, 'El nombre es requerido').max(200),
  taxIdType: SupplierTaxIdTypeSchema,
  /** RNC / cédula (dashes allowed, stored as digits) or a foreign id; null for `none`. */
  taxId: optionalText(30),
  taxpayerType: SupplierTaxpayerTypeSchema,
  email: z.preprocess((v) => (v === '' ? null : v), emailSchema.nullish()).transform((v) => v ?? null),
  phone: optionalText(30).refine((v) => v === null || PHONE_RE.test(v), 'Teléfono inválido'),
  contactName: optionalText(200),
  /** ISO 3166-1 alpha-2 country code; DO by default. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'País inválido (código de dos letras, p. ej. DO, US)')
    .default('DO'),
};

/**
 * Checks the tax id against its type: RNC and cédula by the DGII / JCE check digits, including
 * the numbers issued with a failing digit (python-stdnum `stdnum/do/rnc.py`, `cedula.py`
 * whitelists, see `isValidRnc` / `isValidCedula`); foreign ids are free text; `none` carries no id.
 */
function checkSupplierTaxId(
  v: { taxIdType?: SupplierTaxIdType; taxId?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (!v.taxIdType) return;
  if (v.taxIdType === 'rnc' || v.taxIdType === 'cedula') {
    if (!v.taxId)
      ctx.addIssue({ code: 'custom', path: ['taxId'], message: SUPPLIER_TAX_ID_INVALID.required });
    else if (v.taxIdType === 'rnc' ? !isValidRnc(v.taxId) : !isValidCedula(v.taxId))
      ctx.addIssue({ code: 'custom', path: ['taxId'], message: SUPPLIER_TAX_ID_INVALID[v.taxIdType] });
  }
}

/** RNC and cédula are kept as digits; a foreign id as typed; `none` as null. */
export function normalizeSupplierTaxId(
  taxIdType: SupplierTaxIdType,
  taxId: string | null | undefined,
): string | null {
  if (taxIdType === 'none' || !taxId) return null;
  return taxIdType === 'foreign' ? taxId.trim() : onlyDigits(taxId);
}

/**
 * `POST /suppliers` body (admin). `taxId` is required and checked for `rnc`/`cedula` (400
 * Spanish otherwise); a second supplier with the same RNC/cédula answers 409.
 */
export const CreateSupplierRequestSchema = z
  .object(supplierFields)
  .superRefine(checkSupplierTaxId)
  .transform((v) => ({ ...v, taxId: normalizeSupplierTaxId(v.taxIdType, v.taxId) }));
export type CreateSupplierRequest = z.input<typeof CreateSupplierRequestSchema>;

/**
 * `PUT /suppliers/{id}` body (admin): any subset of the fields plus `active`. When `taxIdType` or
 * `taxId` changes the service checks the resulting pair with the same rules.
 */
export const UpdateSupplierRequestSchema = z
  .object({
    name: supplierFields.name.optional(),
    taxIdType: SupplierTaxIdTypeSchema.optional(),
    taxId: optionalText(30).optional(),
    taxpayerType: SupplierTaxpayerTypeSchema.optional(),
    email: supplierFields.email.optional(),
    phone: supplierFields.phone.optional(),
    contactName: optionalText(200).optional(),
    country: supplierFields.country.optional(),
    active: z.boolean().optional(),
  })
  .superRefine(checkSupplierTaxId);
export type UpdateSupplierRequest = z.input<typeof UpdateSupplierRequestSchema>;

/** A supplier as the API answers it; `taxId` digits for RNC/cédula. */
export const SupplierSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  taxId: z.string().nullable(),
  taxIdType: SupplierTaxIdTypeSchema,
  taxpayerType: SupplierTaxpayerTypeSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  contactName: z.string().nullable(),
  country: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Supplier = z.infer<typeof SupplierSchema>;
export const GetSupplierResponseSchema = z.object({ supplier: SupplierSchema });

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const booleanQuery = (message: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'], { error: message })
      .transform((v) => v === 'true')
      .optional(),
  );

/** `GET /suppliers` query (admin): name / tax id contains `search`; `active`; `taxpayerType`. By name, then id. */
export const ListSuppliersQuerySchema = z.object({
  ...pageQueryFields(),
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100, 'Máximo 100 caracteres').optional()),
  active: booleanQuery('Filtro "activo" inválido: use true o false'),
  taxpayerType: z.preprocess(emptyToUndefined, SupplierTaxpayerTypeSchema.optional()),
});
export type ListSuppliersQuery = z.input<typeof ListSuppliersQuerySchema>;
export const ListSuppliersResponseSchema = pageResponseSchema('suppliers', SupplierSchema);
export type ListSuppliersResponse = z.infer<typeof ListSuppliersResponseSchema>;

/**
 * `GET /suppliers/options?search=&limit=&id=` (admin, and employees recording a project's
 * expense): active suppliers; label the name, description the RNC/cédula when there is one.
 */
export const SupplierOptionsResponseSchema = ListOptionsResponseSchema;

/* ───────────────────────────── withholdings ───────────────────────────── */

/** ISR withheld on payments abroad: 27 % (Código Tributario art. 305, as amended by Ley 253-12 art. 5). */
export const FOREIGN_PAYMENT_ISR_PERCENT = 27;
/** ISR withheld on professional services of individuals: 10 % (Código Tributario art. 309). */
export const INDIVIDUAL_SERVICES_ISR_PERCENT = 10;

/**
 * Withholding defaults the purchase form pre-fills and the API applies when the request leaves
 * them out (amounts in centavos of the document's currency); the user may change them.
 * - B11/E41 (compras to an informal supplier): 100 % of the ITBIS (Norma General 05-2019, which
 *   raised Norma 08-2010's 75 %) and 10 % ISR of the services, type 02 (Código Tributario art.
 *   309; DGII: services of individuals). Goods carry no ISR default.
 * - B17/E47 (pagos al exterior): 27 % ISR of the amount paid, type 03 "otras rentas" (Código
 *   Tributario art. 305, Ley 253-12 art. 5).
 * - A persona física's services billed to an agency that is a persona jurídica: 100 % of the
 *   ITBIS (Reglamento 293-11 del ITBIS art. 25) and 10 % ISR, type 02 (Código Tributario art. 309).
 * - B13/E43 and everything else: none.
 */
export function defaultPurchaseWithholdings(input: {
  documentType: PurchaseDocumentType;
  supplierTaxpayerType: SupplierTaxpayerType;
  agencyKind: AgencyTaxpayerKind;
  goodsCents: number;
  servicesCents: number;
  itbisCents: number;
}): { itbisWithheldCents: number; isrWithheldCents: number; isrWithholdingType: IsrWithholdingType | null } {
  const t = input.documentType;
  if (t === 'B11' || t === 'E41')
    return {
      itbisWithheldCents: input.itbisCents,
      isrWithheldCents: percentOfCents(input.servicesCents, INDIVIDUAL_SERVICES_ISR_PERCENT),
      isrWithholdingType: input.servicesCents > 0 ? '02' : null,
    };
  if (t === 'B17' || t === 'E47')
    return {
      itbisWithheldCents: 0,
      isrWithheldCents: percentOfCents(input.goodsCents + input.servicesCents, FOREIGN_PAYMENT_ISR_PERCENT),
      isrWithholdingType: '03',
    };
  if (
    input.supplierTaxpayerType === 'persona_fisica' &&
    input.agencyKind === 'persona_juridica' &&
    input.servicesCents > 0 &&
    !(t === 'B13' || t === 'E43')
  )
    return {
      itbisWithheldCents: input.itbisCents,
      isrWithheldCents: percentOfCents(input.servicesCents, INDIVIDUAL_SERVICES_ISR_PERCENT),
      isrWithholdingType: '02',
    };
  return { itbisWithheldCents: 0, isrWithheldCents: 0, isrWithholdingType: null };
}

/* ───────────────────────────── purchases ───────────────────────────── */

export const EXPENSE_MESSAGES = {
  duplicateNcf: 'Ya registraste ese NCF de este proveedor.',
  ncfRequired: 'El NCF del proveedor es requerido',
  ncfNotForAgencyType:
    'El NCF de un comprobante de compras, gastos menores o pagos al exterior lo asigna el sistema',
  ncfShape: 'El NCF no corresponde al tipo de comprobante (p. ej. B0100000001 o E310000000001)',
  amountRequired: 'Indica el monto de bienes o de servicios',
  itbisToCost: 'El ITBIS llevado al costo no puede exceder el ITBIS facturado',
  itbisWithheld: 'El ITBIS retenido no puede exceder el ITBIS facturado',
  isrWithheld: 'La retención de ISR no puede exceder el monto de bienes y servicios',
  isrTypeRequired: 'Indica el tipo de retención de ISR',
  billableNeedsProject: 'Un gasto facturable debe tener un proyecto',
  paymentBeforeIssue: 'La fecha de pago no puede ser anterior a la fecha del comprobante',
  billed: 'Este gasto ya se facturó al cliente y no se puede eliminar.',
  completeDraft: 'Completa el tipo de gasto y la forma de pago',
} as const;

const moneyOptional = MoneyAmountSchema.optional();
const descriptionField = z
  .string({ error: 'La descripción es requerida' })
  .trim()
  .min(1, 'La descripción es requerida')
  .max(500, 'Máximo 500 caracteres');

/** Rules shared by create and the merged result of an update (amounts in pesos). */
export function checkExpenseAmounts(
  v: {
    documentType?: PurchaseDocumentType;
    ncf?: string | null;
    goodsAmount?: number;
    servicesAmount?: number;
    itbis?: number;
    itbisToCost?: number;
    itbisWithheld?: number;
    isrWithheld?: number;
    isrWithholdingType?: IsrWithholdingType | null;
    billable?: boolean;
    projectId?: string | null;
    issueDate?: string;
    paymentDate?: string | null;
  },
  ctx: z.RefinementCtx,
): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.documentType && !isAgencyPurchaseType(v.documentType)) {
    if (v.ncf === undefined || v.ncf === null || v.ncf === '') issue('ncf', EXPENSE_MESSAGES.ncfRequired);
    else if (!isSupplierNcfOfType(v.ncf, v.documentType)) issue('ncf', EXPENSE_MESSAGES.ncfShape);
  }
  if (v.documentType && isAgencyPurchaseType(v.documentType) && v.ncf)
    issue('ncf', EXPENSE_MESSAGES.ncfNotForAgencyType);
  const base = (v.goodsAmount ?? 0) + (v.servicesAmount ?? 0);
  if (v.goodsAmount !== undefined && v.servicesAmount !== undefined && base <= 0)
    issue('servicesAmount', EXPENSE_MESSAGES.amountRequired);
  if (v.itbisToCost !== undefined && v.itbis !== undefined && v.itbisToCost > v.itbis)
    issue('itbisToCost', EXPENSE_MESSAGES.itbisToCost);
  if (v.itbisWithheld !== undefined && v.itbis !== undefined && v.itbisWithheld > v.itbis)
    issue('itbisWithheld', EXPENSE_MESSAGES.itbisWithheld);
  if (v.isrWithheld !== undefined && v.goodsAmount !== undefined && v.servicesAmount !== undefined) {
    if (v.isrWithheld > base) issue('isrWithheld', EXPENSE_MESSAGES.isrWithheld);
    if (v.isrWithheld > 0 && v.isrWithholdingType === null)
      issue('isrWithholdingType', EXPENSE_MESSAGES.isrTypeRequired);
  }
  if (v.billable && v.projectId === null) issue('projectId', EXPENSE_MESSAGES.billableNeedsProject);
  if (v.issueDate && v.paymentDate && v.paymentDate < v.issueDate)
    issue('paymentDate', EXPENSE_MESSAGES.paymentBeforeIssue);
}

const expenseFields = {
  supplierId: z.uuid({ error: 'Proveedor inválido' }),
  documentType: PurchaseDocumentTypeSchema,
  /** The supplier's NCF (B01…, E31…); omitted for B11/B13/B17/E41/E43/E47, which the server numbers. */
  ncf: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s/g, '').toUpperCase())
    .nullish(),
  issueDate: DateOnlySchema,
  paymentDate: DateOnlySchema.nullish(),
  expenseType: ExpenseTypeSchema,
  currency: z.enum(PURCHASE_CURRENCIES, { error: 'Moneda inválida: DOP o USD' }).default('DOP'),
  goodsAmount: MoneyAmountSchema.default(0),
  servicesAmount: MoneyAmountSchema.default(0),
  itbis: MoneyAmountSchema.default(0),
  itbisToCost: MoneyAmountSchema.default(0),
  /** Omitted → the default of {@link defaultPurchaseWithholdings}. */
  itbisWithheld: moneyOptional,
  /** Omitted → the default of {@link defaultPurchaseWithholdings}. */
  isrWithholdingType: IsrWithholdingTypeSchema.nullish(),
  isrWithheld: moneyOptional,
  paymentMethod: PurchasePaymentMethodSchema,
  projectId: z.uuid({ error: 'Proyecto inválido' }).nullish(),
  billable: z.boolean().default(false),
  description: descriptionField,
};

/**
 * `POST /expenses` body (admin; employee for a project they belong to). Amounts are decimal
 * units of `currency` (2 decimals); the API stores centavos. For supplier types the `ncf` must
 * match `documentType` (400) and be new for that supplier (409); for B11/B13/B17 (E41/E43/E47)
 * the server takes the next number of the agency's active range (409 when none, expired or
 * exhausted). USD purchases take the day's rate (409 when missing). Withholdings left out take
 * the DGII defaults ({@link defaultPurchaseWithholdings}).
 */
export const CreateExpenseRequestSchema = z
  .object(expenseFields)
  .superRefine((v, ctx) => checkExpenseAmounts({ ...v, projectId: v.projectId ?? null }, ctx));
export type CreateExpenseRequest = z.input<typeof CreateExpenseRequestSchema>;

/**
 * `PUT /expenses/{id}` body: any subset of the create fields; the service re-checks the merged
 * purchase with {@link checkExpenseAmounts}. Completing a `draft` (received e-CF) needs
 * `expenseType` and `paymentMethod`; it then becomes `recorded`. An agency-issued document
 * keeps its type and number. 409 when billed on an invoice or dated in a closed period.
 */
export const UpdateExpenseRequestSchema = z.object({
  supplierId: expenseFields.supplierId.optional(),
  documentType: PurchaseDocumentTypeSchema.optional(),
  ncf: expenseFields.ncf,
  issueDate: DateOnlySchema.optional(),
  paymentDate: DateOnlySchema.nullish(),
  expenseType: ExpenseTypeSchema.optional(),
  currency: z.enum(PURCHASE_CURRENCIES, { error: 'Moneda inválida: DOP o USD' }).optional(),
  goodsAmount: moneyOptional,
  servicesAmount: moneyOptional,
  itbis: moneyOptional,
  itbisToCost: moneyOptional,
  itbisWithheld: moneyOptional,
  isrWithholdingType: IsrWithholdingTypeSchema.nullish(),
  isrWithheld: moneyOptional,
  paymentMethod: PurchasePaymentMethodSchema.optional(),
  projectId: z.uuid({ error: 'Proyecto inválido' }).nullish(),
  billable: z.boolean().optional(),
  description: descriptionField.optional(),
});
export type UpdateExpenseRequest = z.input<typeof UpdateExpenseRequestSchema>;

/**
 * The receipt attached to a purchase: uploaded with `POST /expenses/{id}/receipt` (multipart
 * `file`; PDF or image, checked by the uploads rules: sniffed type, size, quota), downloaded with
 * `GET /expenses/{id}/receipt`, removed with `DELETE /expenses/{id}/receipt`.
 */
export const ExpenseReceiptSchema = z.object({
  _id: z.uuid(),
  filename: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});

/**
 * A purchase as the API answers it. Amounts are decimal units of `currency`; `dop` repeats the
 * DGII figures in pesos (for USD: each amount × `exchangeRate`, half-up at the cent — decision
 * 137), which every DGII report uses. `total` = goods + services + ITBIS; `expenseType` and
 * `paymentMethod` are null only on a `draft` (a received e-CF to complete).
 */
export const ExpenseSchema = z.object({
  _id: z.uuid(),
  status: z.enum(EXPENSE_STATUSES),
  supplier: z.object({ _id: z.uuid(), name: z.string(), taxId: z.string().nullable() }),
  documentType: PurchaseDocumentTypeSchema,
  ncf: z.string(),
  /** True when the agency numbered the document from its own range (B11/B13/B17, E41/E43/E47). */
  issuedByAgency: z.boolean(),
  issueDate: z.string(),
  paymentDate: z.string().nullable(),
  expenseType: ExpenseTypeSchema.nullable(),
  currency: z.enum(PURCHASE_CURRENCIES),
  exchangeRate: z.number().nullable(),
  goodsAmount: z.number(),
  servicesAmount: z.number(),
  itbis: z.number(),
  itbisToCost: z.number(),
  itbisWithheld: z.number(),
  isrWithholdingType: IsrWithholdingTypeSchema.nullable(),
  isrWithheld: z.number(),
  paymentMethod: PurchasePaymentMethodSchema.nullable(),
  projectId: z.uuid().nullable(),
  project: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  billable: z.boolean(),
  /** The invoice the expense was billed on; null while unbilled. */
  invoiceId: z.uuid().nullable(),
  description: z.string(),
  receipt: ExpenseReceiptSchema.nullable(),
  /** The received e-CF this purchase came from, if any. */
  ecfReceivedId: z.uuid().nullable(),
  /**
   * Direct e-CF emission: the DGII status of the E41/E43/E47 the agency signed and sent for this
   * purchase (`pending` → `sent` → `accepted` / `accepted_conditional` / `rejected`); null for
   * supplier NCFs, B11/B13/B17 and the provider mode.
   */
  ecfStatus: EcfStatusSchema.nullable(),
  createdBy: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  total: z.number(),
  dop: z.object({
    goodsAmount: z.number(),
    servicesAmount: z.number(),
    itbis: z.number(),
    itbisToCost: z.number(),
    itbisWithheld: z.number(),
    isrWithheld: z.number(),
    total: z.number(),
  }),
});
export type Expense = z.infer<typeof ExpenseSchema>;
export const GetExpenseResponseSchema = z.object({ expense: ExpenseSchema });

const periodField = z
  .string()
  .regex(/^(19|20)\d{2}(0[1-9]|1[0-2])$/, 'Período inválido (AAAAMM, p. ej. 202611)');

/**
 * `GET /expenses` query: `search` (description, NCF, supplier name or tax id), `supplierId`,
 * `projectId`, `expenseType`, `status`, `period` (YYYYMM of the issue date) or `from`/`to` (issue
 * dates, both included), `billable`, `billed` (has an invoice). Newest issue date first, then id.
 */
export const ListExpensesQuerySchema = z
  .object({
    ...pageQueryFields(),
    search: z.preprocess(emptyToUndefined, z.string().trim().max(100, 'Máximo 100 caracteres').optional()),
    supplierId: z.preprocess(emptyToUndefined, z.uuid({ error: 'Proveedor inválido' }).optional()),
    projectId: z.preprocess(emptyToUndefined, z.uuid({ error: 'Proyecto inválido' }).optional()),
    expenseType: z.preprocess(emptyToUndefined, ExpenseTypeSchema.optional()),
    status: z.preprocess(emptyToUndefined, z.enum(EXPENSE_STATUSES, { error: 'Estado inválido' }).optional()),
    period: z.preprocess(emptyToUndefined, periodField.optional()),
    from: z.preprocess(emptyToUndefined, DateOnlySchema.optional()),
    to: z.preprocess(emptyToUndefined, DateOnlySchema.optional()),
    billable: booleanQuery('Filtro "facturable" inválido: use true o false'),
    billed: booleanQuery('Filtro "facturado" inválido: use true o false'),
  })
  .refine((v) => !(v.from && v.to) || v.from <= v.to, {
    path: ['to'],
    message: 'La fecha final debe ser igual o posterior a la inicial',
  });
export type ListExpensesQuery = z.input<typeof ListExpensesQuerySchema>;
export const ListExpensesResponseSchema = pageResponseSchema('expenses', ExpenseSchema);
export type ListExpensesResponse = z.infer<typeof ListExpensesResponseSchema>;

/* ───────────────────────────── cost rate ───────────────────────────── */

/**
 * What an hour of a person costs the agency (decimal pesos per hour, ≥ 0, 2 decimals), set by an
 * admin; null = unknown. Used by project profitability; never shown to clients.
 */
export const CostRateSchema = z
  .number({ error: 'Costo por hora inválido' })
  .min(0, 'El costo no puede ser negativo')
  .max(1_000_000, 'El costo por hora es demasiado alto')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Máximo dos decimales');

/** `PUT /users/{id}/cost-rate` body (admin). */
export const UpdateUserCostRateRequestSchema = z.object({ costRate: CostRateSchema.nullable() });
export type UpdateUserCostRateRequest = z.input<typeof UpdateUserCostRateRequestSchema>;
/** `GET|PUT /users/{id}/cost-rate` → `data` (admin). */
export const UserCostRateResponseSchema = z.object({ userId: z.uuid(), costRate: z.number().nullable() });
export type UserCostRateResponse = z.infer<typeof UserCostRateResponseSchema>;
