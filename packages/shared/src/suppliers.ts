import { z } from 'zod';
import { ListOptionsResponseSchema } from './options.js';
import { pageQueryFields, pageResponseSchema } from './pagination.js';
import { booleanQuery, emptyToUndefined } from './projects.js';
import { emailSchema, isValidCedula, isValidRnc, onlyDigits, PHONE_RE } from './validators.js';

/*
 * Suppliers of the agency's purchases (decision 140): who the 606 names on each line, identified by
 * RNC, cédula, a foreign id or nothing (informal), and typed for the withholding rules.
 */

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
