import { z } from 'zod';
import { EcfStatusSchema } from './ecf.js';
import { pageQueryFields, pageResponseSchema } from './pagination.js';
import { booleanQuery, DateOnlySchema, emptyToUndefined, MoneyAmountSchema } from './projects.js';
import {
  EXPENSE_STATUSES,
  ExpenseTypeSchema,
  type IsrWithholdingType,
  IsrWithholdingTypeSchema,
  isAgencyPurchaseType,
  isSupplierNcfOfType,
  PURCHASE_CURRENCIES,
  type PurchaseDocumentType,
  PurchaseDocumentTypeSchema,
  PurchasePaymentMethodSchema,
} from './purchase-codes.js';

/*
 * Purchases (compras y gastos; decision 140): the request and answer shapes of `/expenses` and the
 * agency's cost rate. The 606 codes are in `purchase-codes.ts`, suppliers in `suppliers.ts`, the
 * withholding defaults in `purchase-withholdings.ts`.
 */

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
