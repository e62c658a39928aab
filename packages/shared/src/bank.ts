import { z } from 'zod';
import { AGENCY_PURCHASE_DOCUMENT_TYPES } from './fiscal.js';
import { PaginationSchema, pageQueryFields } from './pagination.js';
import { DateOnlySchema, emptyToUndefined } from './projects.js';
import { ExpenseTypeSchema, PurchasePaymentMethodSchema } from './purchase-codes.js';

/*
 * Bank reconciliation (issue 48, decision 166): the agency's bank accounts, the statements the
 * admin imports from the bank's own file (CSV, XLSX, OFX), their lines, the suggestions that match
 * each line to an invoice, a client's transfer report or an expense, the admin's debit rules and the
 * month's reconciliation summary. Money is in decimal units of the account's currency (RD$ / US$,
 * two decimals) in JSON, as invoices are; centavos in the database. Dates are ISO (YYYY-MM-DD).
 * All of it is admin only.
 */

/** Spanish messages shared by the API (400/409 details) and the screens. */
export const BANK_MESSAGES = {
  bankRequired: 'El banco es requerido',
  accountNumberRequired: 'El número de cuenta es requerido',
  currencyInvalid: 'Moneda inválida (DOP o USD)',
  duplicateAccount: 'Ya existe una cuenta con ese banco y número',
  fileRequired: 'Adjunta el archivo del estado de cuenta (CSV, XLSX u OFX)',
  unknownLayout:
    'No reconocemos el formato de este archivo. Configura el formato del banco (separador, columnas, fecha) en la cuenta y vuelve a importarlo.',
  alreadyMatched: 'Esta línea del banco ya está conciliada o ignorada',
  notMatched: 'Esta línea del banco no está conciliada',
  notIgnored: 'Esta línea del banco no está ignorada',
  matchEmpty: 'Indica las facturas, el reporte de transferencia o el gasto con que se concilia la línea',
  amountsMismatch: 'Los montos no cuadran con la línea del banco',
  creditOnly: 'Solo un crédito (entrada de dinero) se concilia con facturas o reportes de transferencia',
  debitOnly: 'Solo un débito (salida de dinero) se concilia con un gasto',
  currencyMismatch: 'La moneda de la factura no es la de la cuenta bancaria',
  ruleNoMatch: 'La regla no aplica a esta línea del banco',
  ruleCondition: 'Indica al menos una condición: texto de la descripción o monto',
  amountRange: 'El monto mínimo no puede ser mayor que el máximo',
} as const;

// ── bank accounts ───────────────────────────────────────────────────────────────────────────

/** Currencies a reconciled bank account is held in. */
export const RECONCILIATION_CURRENCIES = ['DOP', 'USD'] as const;
export type ReconciliationCurrency = (typeof RECONCILIATION_CURRENCIES)[number];

/** Signed money in major units with at most two decimals (opening balances may be negative). */
const SignedMoneySchema = z
  .number({ error: 'Monto inválido' })
  .min(-99_999_999_999, 'El monto es demasiado grande')
  .max(99_999_999_999, 'El monto es demasiado grande')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Máximo dos decimales');

/** Column delimiters a generic statement may use (`\t` is a tab). */
export const STATEMENT_DELIMITERS = [',', ';', '\t', '|'] as const;
/** Date formats a generic statement may use. */
export const STATEMENT_DATE_FORMATS = [
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'YYYY-MM-DD',
  'DD-MM-YYYY',
  'DD.MM.YYYY',
  'YYYYMMDD',
] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];

/** Column header names are matched ignoring case, accents and surrounding spaces. */
const columnName = z
  .string()
  .trim()
  .min(1, 'Indica el nombre de la columna')
  .max(100, 'Máximo 100 caracteres');

/**
 * The generic layout of a bank's CSV/XLSX file, saved per account for banks without a preset:
 * `delimiter` (CSV only), `decimalSeparator` and `thousandsSeparator` of the amounts, `dateFormat`,
 * `headerRow` (1-based row holding the column names; rows above it are the bank's account data) and
 * the column names: `date`, `description`, optional `reference` and `balance`, and either `amount`
 * (signed, or always positive with `type` telling credit from debit) or `debit` + `credit`.
 */
export const StatementMappingSchema = z
  .object({
    delimiter: z.enum(STATEMENT_DELIMITERS, { error: 'Separador inválido (, ; tabulador o |)' }).default(','),
    decimalSeparator: z.enum(['.', ','], { error: 'Separador decimal inválido (. o ,)' }).default('.'),
    thousandsSeparator: z.enum([',', '.', ' ', ''], { error: 'Separador de miles inválido' }).default(','),
    dateFormat: z.enum(STATEMENT_DATE_FORMATS, { error: 'Formato de fecha inválido' }).default('DD/MM/YYYY'),
    headerRow: z.number({ error: 'Fila de encabezado inválida' }).int().min(1).max(100).default(1),
    columns: z.object({
      date: columnName,
      description: columnName,
      reference: columnName.nullish(),
      balance: columnName.nullish(),
      amount: columnName.nullish(),
      /** With `amount` always positive: the column whose text says credit (CR, Crédito) or debit. */
      type: columnName.nullish(),
      debit: columnName.nullish(),
      credit: columnName.nullish(),
    }),
  })
  .refine((m) => !!m.columns.amount || (!!m.columns.debit && !!m.columns.credit), {
    path: ['columns', 'amount'],
    message: 'Indica la columna del monto, o las de débitos y créditos',
  })
  .refine((m) => m.decimalSeparator !== m.thousandsSeparator, {
    path: ['thousandsSeparator'],
    message: 'El separador de miles no puede ser igual al decimal',
  });
export type StatementMapping = z.infer<typeof StatementMappingSchema>;
export type StatementMappingInput = z.input<typeof StatementMappingSchema>;

const accountFields = {
  bank: z
    .string({ error: BANK_MESSAGES.bankRequired })
    .trim()
    .min(1, BANK_MESSAGES.bankRequired)
    .max(100, 'Máximo 100 caracteres'),
  accountNumber: z
    .string({ error: BANK_MESSAGES.accountNumberRequired })
    .trim()
    .min(1, BANK_MESSAGES.accountNumberRequired)
    .max(40, 'Máximo 40 caracteres'),
  currency: z.enum(RECONCILIATION_CURRENCIES, { error: BANK_MESSAGES.currencyInvalid }),
  /** The balance on `openingDate` before any imported line (major units, may be negative). */
  openingBalance: SignedMoneySchema,
  openingDate: DateOnlySchema,
  /** The generic layout for banks without a preset; null = detect the bank from the file. */
  mapping: StatementMappingSchema.nullish(),
};

/** `POST /bank-accounts` body (admin). 409 when the same bank and account number exist. */
export const CreateReconciliationAccountRequestSchema = z.object(accountFields);
export type CreateReconciliationAccountRequest = z.input<typeof CreateReconciliationAccountRequestSchema>;

/** `PUT /bank-accounts/{id}` body (admin): any subset of the create fields. */
export const UpdateReconciliationAccountRequestSchema = z.object(accountFields).partial();
export type UpdateReconciliationAccountRequest = z.input<typeof UpdateReconciliationAccountRequestSchema>;

/**
 * A reconciled bank account as the API returns it: the last imported line's running balance
 * (`bankBalance`, null before any import), its date, and how many lines wait for a match.
 */
export const ReconciliationAccountSchema = z.object({
  _id: z.uuid(),
  bank: z.string(),
  accountNumber: z.string(),
  currency: z.enum(RECONCILIATION_CURRENCIES),
  openingBalance: z.number(),
  openingDate: z.string(),
  mapping: StatementMappingSchema.nullable(),
  bankBalance: z.number().nullable(),
  lastLineDate: z.string().nullable(),
  unmatchedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReconciliationAccount = z.infer<typeof ReconciliationAccountSchema>;
export const GetReconciliationAccountResponseSchema = z.object({ bankAccount: ReconciliationAccountSchema });
export const ListReconciliationAccountsResponseSchema = z.object({
  bankAccounts: z.array(ReconciliationAccountSchema),
});

// ── statement import ────────────────────────────────────────────────────────────────────────

/** The layout a statement was read with: a bank's preset, OFX, or the account's generic mapping. */
export const STATEMENT_LAYOUTS = ['popular', 'bhd', 'banreservas', 'ofx', 'generic'] as const;
export type StatementLayout = (typeof STATEMENT_LAYOUTS)[number];
export const STATEMENT_LAYOUT_LABELS: Record<StatementLayout, string> = {
  popular: 'Banco Popular Dominicano',
  bhd: 'Banco BHD',
  banreservas: 'Banreservas',
  ofx: 'OFX',
  generic: 'Formato configurado en la cuenta',
};

/** Largest statement file accepted: 10 MB. */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A break in the running balance: the file's `row` (1-based, as a spreadsheet shows it) whose
 * balance is not the previous line's balance plus its amount (`expected` vs `actual`, major units).
 * `previous` is present when that previous line was not in the file but already kept from an
 * earlier import (the last stored line before it, by date and order): a gap between statements.
 */
export const BalanceGapSchema = z.object({
  row: z.number().int(),
  date: z.string(),
  expected: z.number(),
  actual: z.number(),
  previous: z.object({ date: z.string(), reference: z.string() }).optional(),
});
export type BalanceGap = z.infer<typeof BalanceGapSchema>;

/**
 * `POST /bank-accounts/{id}/statements` (admin; multipart `file`) → 201: `lines` read from the
 * file, of them `imported` (new) and `duplicates` (already kept: same account, date, amount,
 * reference and running balance), the `layout` detected, the dates covered and the running-balance
 * `gaps`. A malformed file answers 400 naming the row, and nothing is imported.
 */
export const ImportStatementResponseSchema = z.object({
  imported: z.number().int(),
  duplicates: z.number().int(),
  lines: z.number().int(),
  layout: z.enum(STATEMENT_LAYOUTS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  gaps: z.array(BalanceGapSchema),
});
export type ImportStatementResponse = z.infer<typeof ImportStatementResponseSchema>;

// ── lines and suggestions ───────────────────────────────────────────────────────────────────

/** Where a bank line stands: waiting, matched to portal records, or ignored with a reason. */
export const BANK_LINE_STATUSES = ['unmatched', 'matched', 'ignored'] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];
export const BANK_LINE_STATUS_LABELS: Record<BankLineStatus, string> = {
  unmatched: 'Sin conciliar',
  matched: 'Conciliada',
  ignored: 'Ignorada',
};

/** What a suggestion proposes: invoice(s), a client's transfer report, an expense, a debit rule. */
export const SUGGESTION_KINDS = ['invoice', 'payment_report', 'expense', 'rule'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/**
 * Which matching rule produced a suggestion, in the order they rank (decision 166): credits —
 * `reference` (invoice number or NCF in the description), `report` (pending transfer report of the
 * same amount), `exact_client` / `exact` (open invoice of exactly that amount, client named or not),
 * `fee` (balance less a bank fee), `withholding` (balance less the client's ITBIS/ISR withholdings),
 * `band` (within 3 %), `sum` (several invoices of one client); debits — `expense`, `debit_rule`.
 */
export const SUGGESTION_RULES = [
  'reference',
  'report',
  'exact_client',
  'exact',
  'fee',
  'withholding',
  'band',
  'sum',
  'expense',
  'debit_rule',
] as const;
export type SuggestionRule = (typeof SUGGESTION_RULES)[number];

/**
 * One invoice of a match: `amount` received for it (major units, what the payment records) and
 * the withholdings the client retained (ITBIS and ISR, major units; they settle the invoice too).
 */
export const MatchInvoiceSchema = z.object({
  id: z.uuid({ error: 'Factura inválida' }),
  amount: z.number({ error: 'Monto inválido' }).min(0.01, 'El monto mínimo es 0.01').max(100_000_000),
  itbisWithheld: z.number().min(0, 'La retención no puede ser negativa').max(100_000_000).optional(),
  isrWithheld: z.number().min(0, 'La retención no puede ser negativa').max(100_000_000).optional(),
});
export type MatchInvoice = z.infer<typeof MatchInvoiceSchema>;

/**
 * `POST /bank-lines/{id}/match` body (admin): the invoices paid by a credit (each a payment
 * recorded with the line as evidence, receipts sent as for any payment), or the client's transfer
 * report it confirms, or the expense a debit paid. The invoice amounts must add up to the line's
 * amount within the 3 % band (400 otherwise); 409 when the line is already matched or ignored.
 */
export const MatchBankLineRequestSchema = z
  .object({
    invoices: z.array(MatchInvoiceSchema).max(50, 'Máximo 50 facturas').default([]),
    paymentReportId: z.uuid({ error: 'Reporte inválido' }).optional(),
    expenseId: z.uuid({ error: 'Gasto inválido' }).optional(),
  })
  .refine((b) => b.invoices.length > 0 || !!b.paymentReportId || !!b.expenseId, {
    path: ['invoices'],
    message: BANK_MESSAGES.matchEmpty,
  })
  .refine((b) => !b.expenseId || (b.invoices.length === 0 && !b.paymentReportId), {
    path: ['expenseId'],
    message: 'Un gasto no se concilia junto con facturas',
  })
  .refine((b) => new Set(b.invoices.map((i) => i.id)).size === b.invoices.length, {
    path: ['invoices'],
    message: 'Una factura aparece dos veces',
  });
export type MatchBankLineRequest = z.input<typeof MatchBankLineRequestSchema>;

/** `POST /bank-lines/{id}/ignore` body (admin): why the line needs no portal record (1–500 chars). */
export const IgnoreBankLineRequestSchema = z.object({
  reason: z
    .string({ error: 'Indica el motivo' })
    .trim()
    .min(1, 'Indica el motivo')
    .max(500, 'Máximo 500 caracteres'),
});
export type IgnoreBankLineRequest = z.input<typeof IgnoreBankLineRequestSchema>;

/**
 * A proposed match of a line, best first. `amount` is what the proposal accounts for (major units),
 * `reason` says why in Spanish ("La descripción menciona la factura FAC-2026-0012"). `exact` is
 * true when the amounts agree to the cent (the screen's bulk accept takes only those). `match` is
 * the body to send to `POST /bank-lines/{id}/match` to accept it; null for a `rule` suggestion,
 * accepted with `POST /bank-lines/{id}/expense {ruleId}` (creates the expense).
 */
export const BankLineSuggestionSchema = z.object({
  kind: z.enum(SUGGESTION_KINDS),
  id: z.uuid(),
  amount: z.number(),
  reason: z.string(),
  rule: z.enum(SUGGESTION_RULES),
  exact: z.boolean(),
  /** Short label of what is proposed: "FAC-2026-0012 · Cliente SRL", the supplier, the rule. */
  label: z.string(),
  /**
   * The invoices the suggestion pays (for a transfer report, the report's invoice), each with its
   * client's name and e-mail address — where the receipt is sent — and balance (major units).
   */
  invoices: z.array(
    z.object({
      id: z.uuid(),
      invoiceNumber: z.string(),
      clientName: z.string(),
      clientEmail: z.string(),
      balance: z.number(),
    }),
  ),
  match: MatchBankLineRequestSchema.nullable(),
});
export type BankLineSuggestion = z.infer<typeof BankLineSuggestionSchema>;

/**
 * What a match recorded (for the screen and the undo): the payments (invoice, number, amount), the
 * transfer report confirmed, the expense — and who matched it and when.
 */
export const BankLineMatchSchema = z.object({
  payments: z.array(
    z.object({ paymentId: z.uuid(), invoiceId: z.uuid(), invoiceNumber: z.string(), amount: z.number() }),
  ),
  paymentReportId: z.uuid().nullable(),
  expenseId: z.uuid().nullable(),
  matchedBy: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  matchedAt: z.string(),
});
export type BankLineMatch = z.infer<typeof BankLineMatchSchema>;

/**
 * A statement line: `amount` signed (credit positive, debit negative; major units), `balance` the
 * bank's running balance after it (null when the file has none), `status`, the ignore reason, what
 * the match recorded and — for unmatched lines — the suggestions.
 */
export const BankLineSchema = z.object({
  _id: z.uuid(),
  bankAccountId: z.uuid(),
  date: z.string(),
  description: z.string(),
  reference: z.string(),
  amount: z.number(),
  balance: z.number().nullable(),
  status: z.enum(BANK_LINE_STATUSES),
  ignoreReason: z.string().nullable(),
  match: BankLineMatchSchema.nullable(),
  suggestions: z.array(BankLineSuggestionSchema),
});
export type BankLine = z.infer<typeof BankLineSchema>;
export const GetBankLineResponseSchema = z.object({ bankLine: BankLineSchema });

/** A month of the calendar, YYYY-MM. */
export const MonthSchema = z.string().regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, 'Mes inválido (AAAA-MM)');

/**
 * `GET /bank-accounts/{id}/lines` query: page, limit (default 20), `status`, `month` (YYYY-MM of
 * the line's date), `direction` (credit / debit) and `search` (description or reference). Oldest
 * date first, then the file's order.
 */
export const ListBankLinesQuerySchema = z.object({
  ...pageQueryFields(),
  status: z.preprocess(emptyToUndefined, z.enum(BANK_LINE_STATUSES, { error: 'Estado inválido' }).optional()),
  month: z.preprocess(emptyToUndefined, MonthSchema.optional()),
  direction: z.preprocess(
    emptyToUndefined,
    z.enum(['credit', 'debit'], { error: 'Dirección inválida (credit o debit)' }).optional(),
  ),
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100, 'Máximo 100 caracteres').optional()),
});
export type ListBankLinesQuery = z.input<typeof ListBankLinesQuerySchema>;
export const ListBankLinesResponseSchema = z.object({
  bankLines: z.array(BankLineSchema),
  pagination: PaginationSchema,
});
export type ListBankLinesResponse = z.infer<typeof ListBankLinesResponseSchema>;

// ── accept every exact match of a month ─────────────────────────────────────────────────────

/** `GET /bank-accounts/{id}/exact-matches?month=YYYY-MM` query (admin). */
export const ExactMatchesQuerySchema = z.object({ month: MonthSchema });

/**
 * One line the month's bulk accept would record: the line (date, description, signed amount) and
 * its first suggestion (label, reason), whose amounts agree to the cent.
 */
export const ExactMatchLineSchema = z.object({
  lineId: z.uuid(),
  date: z.string(),
  description: z.string(),
  amount: z.number(),
  label: z.string(),
  reason: z.string(),
});
export type ExactMatchLine = z.infer<typeof ExactMatchLineSchema>;

/**
 * `GET /bank-accounts/{id}/exact-matches?month=YYYY-MM` (admin) → the preview of "accept every exact
 * match of the month", across all pages: the month's unmatched lines whose first suggestion is exact
 * (an invoice, a transfer report or an expense — not a debit rule, which creates an expense), oldest
 * first; a line whose invoice, report or expense an earlier line of the month already takes is left
 * out and counted in `skipped` (one invoice is never paid twice). `total` is the sum of the amounts.
 */
export const ExactMatchesPreviewSchema = z.object({
  month: z.string(),
  count: z.number().int(),
  total: z.number(),
  skipped: z.number().int(),
  lines: z.array(ExactMatchLineSchema),
});
export type ExactMatchesPreview = z.infer<typeof ExactMatchesPreviewSchema>;

/** Most lines one bulk accept takes. */
export const EXACT_MATCHES_MAX = 2000;

/**
 * `POST /bank-accounts/{id}/exact-matches` body (admin): the month and the line ids the admin
 * confirmed from the preview (1–2,000). Only those are recorded, each with the first suggestion it
 * has now, if that is still exact.
 */
export const AcceptExactMatchesRequestSchema = z.object({
  month: MonthSchema,
  lineIds: z
    .array(z.uuid({ error: 'Línea inválida' }))
    .min(1, 'Indica las líneas que se aceptan')
    .max(EXACT_MATCHES_MAX, `Máximo ${EXACT_MATCHES_MAX} líneas por vez`),
});
export type AcceptExactMatchesRequest = z.input<typeof AcceptExactMatchesRequestSchema>;

/**
 * The bulk accept's answer: how many lines were `recorded` and each that failed with the Spanish
 * reason (matched by someone else meanwhile, its suggestion changed, a closed month…). Each line is
 * recorded in its own transaction (decision 166 addendum): a failure leaves the others recorded.
 */
export const AcceptExactMatchesResponseSchema = z.object({
  recorded: z.number().int(),
  failed: z.array(
    z.object({
      lineId: z.uuid(),
      date: z.string().nullable(),
      description: z.string(),
      amount: z.number().nullable(),
      reason: z.string(),
    }),
  ),
});
export type AcceptExactMatchesResponse = z.infer<typeof AcceptExactMatchesResponseSchema>;

// ── debit rules ─────────────────────────────────────────────────────────────────────────────

/**
 * `POST /bank-rules` / `PUT /bank-rules/{id}` body (admin): a debit whose description contains
 * `descriptionContains` (ignoring case and accents) and whose amount (absolute, major units) is
 * within `amountMin`–`amountMax` is an expense of `expenseType` from `supplierId`, recorded as
 * `documentType` (one the agency numbers: B11/B13/B17/E41/E43/E47) paid by `paymentMethod`.
 * `bankAccountId` null applies to every account. At least one condition is required.
 */
const ruleFields = {
  name: z.string({ error: 'El nombre es requerido' }).trim().min(1, 'El nombre es requerido').max(100),
  bankAccountId: z.uuid({ error: 'Cuenta inválida' }).nullish(),
  descriptionContains: z.string().trim().max(100, 'Máximo 100 caracteres').nullish(),
  amountMin: z.number().min(0, 'El monto no puede ser negativo').max(99_999_999_999).nullish(),
  amountMax: z.number().min(0, 'El monto no puede ser negativo').max(99_999_999_999).nullish(),
  supplierId: z.uuid({ error: 'Proveedor inválido' }),
  expenseType: ExpenseTypeSchema,
  documentType: z
    .enum(AGENCY_PURCHASE_DOCUMENT_TYPES, { error: 'Tipo de comprobante inválido' })
    .default('B13'),
  paymentMethod: PurchasePaymentMethodSchema.default('02'),
  /** The expense's description; empty → the bank line's description. */
  expenseDescription: z.string().trim().max(500, 'Máximo 500 caracteres').nullish(),
  active: z.boolean().default(true),
};
export const BankRuleRequestSchema = z
  .object(ruleFields)
  .refine((r) => !!r.descriptionContains || r.amountMin != null || r.amountMax != null, {
    path: ['descriptionContains'],
    message: BANK_MESSAGES.ruleCondition,
  })
  .refine((r) => r.amountMin == null || r.amountMax == null || r.amountMin <= r.amountMax, {
    path: ['amountMax'],
    message: BANK_MESSAGES.amountRange,
  });
export type BankRuleRequest = z.input<typeof BankRuleRequestSchema>;

/** A debit rule as the API returns it, with its supplier's name. */
export const BankRuleSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  bankAccountId: z.uuid().nullable(),
  descriptionContains: z.string().nullable(),
  amountMin: z.number().nullable(),
  amountMax: z.number().nullable(),
  supplier: z.object({ _id: z.uuid(), name: z.string() }),
  expenseType: ExpenseTypeSchema,
  documentType: z.enum(AGENCY_PURCHASE_DOCUMENT_TYPES),
  paymentMethod: PurchasePaymentMethodSchema,
  expenseDescription: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type BankRule = z.infer<typeof BankRuleSchema>;
export const GetBankRuleResponseSchema = z.object({ bankRule: BankRuleSchema });
export const ListBankRulesResponseSchema = z.object({ bankRules: z.array(BankRuleSchema) });

/**
 * `POST /bank-lines/{id}/expense` body (admin): create the expense a debit rule describes for this
 * debit (amount = the line's, dated the line's day, via the expenses service) and match the line
 * to it, in one transaction. 400 when the rule does not apply to the line.
 */
export const CreateExpenseFromLineRequestSchema = z.object({ ruleId: z.uuid({ error: 'Regla inválida' }) });
export type CreateExpenseFromLineRequest = z.input<typeof CreateExpenseFromLineRequestSchema>;

// ── monthly reconciliation ──────────────────────────────────────────────────────────────────

/** `GET /bank-accounts/{id}/reconciliation?month=YYYY-MM` query. */
export const ReconciliationQuerySchema = z.object({ month: MonthSchema });
export type ReconciliationQuery = z.input<typeof ReconciliationQuerySchema>;

/** A portal record of the month no bank line accounts for (a payment or a paid expense). */
export const UnmatchedPortalItemSchema = z.object({
  kind: z.enum(['payment', 'expense']),
  id: z.uuid(),
  date: z.string(),
  /** Signed like a bank line: payments received positive, expenses paid negative. */
  amount: z.number(),
  label: z.string(),
});
export type UnmatchedPortalItem = z.infer<typeof UnmatchedPortalItemSchema>;

/**
 * The month's reconciliation of one account (decision 166), major units:
 * - `bankBalance`: the bank's running balance at the month's end (the last line's balance, or the
 *   opening balance plus the lines' amounts when the file has none);
 * - `portalBalance`: the opening balance plus every line up to the month's end that is matched to
 *   a portal record or ignored, plus the portal's records no line accounts for (bank-transfer
 *   payments in the account's currency, expenses paid by transfer);
 * - `difference` = bank − portal = unmatched bank lines − unmatched portal records;
 * - the month's lines by status, and `reconciled` when no line of the month is unmatched.
 */
export const ReconciliationSummarySchema = z.object({
  month: z.string(),
  bankAccountId: z.uuid(),
  currency: z.enum(RECONCILIATION_CURRENCIES),
  openingBalance: z.number(),
  bankBalance: z.number(),
  portalBalance: z.number(),
  difference: z.number(),
  lines: z.object({
    total: z.number().int(),
    matched: z.number().int(),
    ignored: z.number().int(),
    unmatched: z.number().int(),
  }),
  unmatchedBank: z.object({ count: z.number().int(), credits: z.number(), debits: z.number() }),
  unmatchedPortal: z.object({
    count: z.number().int(),
    total: z.number(),
    items: z.array(UnmatchedPortalItemSchema),
  }),
  reconciled: z.boolean(),
});
export type ReconciliationSummary = z.infer<typeof ReconciliationSummarySchema>;
export const GetReconciliationSummaryResponseSchema = z.object({ summary: ReconciliationSummarySchema });

/**
 * The warning `POST /fiscal/periods` adds (never a block) when the month being closed has bank
 * lines not reconciled: how many per account. Listed in the answer's `warnings`.
 */
export const BankCloseWarningSchema = z.object({
  bankAccountId: z.uuid(),
  bank: z.string(),
  accountNumber: z.string(),
  unmatched: z.number().int(),
  message: z.string(),
});
export type BankCloseWarning = z.infer<typeof BankCloseWarningSchema>;
