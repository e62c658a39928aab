import { z } from 'zod';
import { DATE_FORMATS, TIME_FORMATS } from './dates.js';
import { AgencyTaxpayerKindSchema, FiscalModeSchema } from './fiscal.js';
import { CURRENCIES } from './money.js';
import { timeZoneSchema } from './text.js';
import {
  EMAIL_INVALID,
  emailSchema,
  isEmail,
  isValidCedula,
  isValidRnc,
  onlyDigits,
  PHONE_RE,
} from './validators.js';

/** The part of the company settings every visitor may read (title, logo, money format, colours). */
export const PublicSettingsSchema = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  whatsappNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** IANA zone the portal shows times in (Configuración → Zona horaria; decision 123). */
  timezone: z.string(),
  /** Clock the portal writes times with (Configuración → Formato de hora). */
  timeFormat: z.enum(TIME_FORMATS),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

/** `GET /settings/public` → `data`. */
export const GetPublicSettingsResponseSchema = z.object({ settings: PublicSettingsSchema });

/** `GET /nav/badges` → `data`: live counts for the navigation rail (active projects, open tickets). */
export const NavBadgesSchema = z.object({
  projects: z.number().int().nonnegative(),
  tickets: z.number().int().nonnegative(),
});
export type NavBadges = z.infer<typeof NavBadgesSchema>;

/** `GET /health` → `data`. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

/**
 * `GET /health/ready` → `data` (decision 144): 200 only when the database answers, every
 * migration of this build is applied and Redis (when REDIS_URL is set) answers; otherwise 503.
 */
export const ReadinessSchema = z.object({
  status: z.literal('ready'),
  database: z.literal('up'),
  migrations: z.literal('current'),
  /** `down` only with `?redis=optional` (decision 162): the process serves, limits per process. */
  redis: z.enum(['up', 'down', 'not_configured']),
});

const optionalText = (max: number, message = `Máximo ${max} caracteres`) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const HEX_COLOR_RE = /^#[0-9a-fA-F]{6}$/;

/**
 * All company settings (spec doc 2 §3 "Company settings", defaults doc 2 §9), readable by every
 * signed-in user (`GET /settings`): nothing in them is secret. `taxRate` in percent,
 * `defaultProjectHourlyRate` in major units of `currency` per hour.
 */
export const CompanySettingsSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  taxId: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  timezone: z.string(),
  dateFormat: z.string(),
  timeFormat: z.string(),
  defaultProjectHourlyRate: z.number(),
  taxRate: z.number(),
  emailSignature: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  logo: z.string().nullable(),
  /** Paper NCF (B..) or e-CF (E..): decides the invoice's default document type (issue 12). */
  fiscalMode: FiscalModeSchema,
  /** Persona jurídica or física: decides the withholding presets offered on payments. */
  taxpayerKind: AgencyTaxpayerKindSchema,
  updatedAt: z.string(),
});
export type CompanySettings = z.infer<typeof CompanySettingsSchema>;

/** `GET /settings` and `PUT /settings` → `data`. */
export const GetCompanySettingsResponseSchema = z.object({ settings: CompanySettingsSchema });

/**
 * `PUT /settings` body (admin). Rules of spec doc 2 §5: hourly rate at least 1 (the form steps
 * by 5), tax rate 0–100, email of email type, currency DOP/USD/EUR. taxId is a Dominican RNC
 * with a valid DGII check digit; whatsappNumber digits only (country code included).
 */
export const UpdateCompanySettingsRequestSchema = z.object({
  name: z.string().trim().min(1, 'El nombre de la empresa es requerido').max(150, 'Máximo 150 caracteres'),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zipCode: optionalText(20),
  country: z.string().trim().min(1, 'El país es requerido').max(100),
  phone: optionalText(30).refine((v) => v === null || PHONE_RE.test(v), 'Teléfono inválido'),
  email: optionalText(254).refine((v) => v === null || isEmail(v), EMAIL_INVALID),
  website: optionalText(200).refine(
    (v) => v === null || /^https?:\/\/[^\s.]+\.[^\s]{2,}$/.test(v),
    'Sitio web inválido (debe comenzar con http:// o https://)',
  ),
  whatsappNumber: optionalText(20).refine(
    (v) => v === null || /^\d{10,15}$/.test(v),
    'Número de WhatsApp inválido (solo dígitos, con código de país)',
  ),
  taxId: optionalText(15).refine((v) => v === null || isValidRnc(v), 'RNC inválido'),
  currency: z.enum(CURRENCIES, { error: 'Moneda inválida' }),
  timezone: timeZoneSchema,
  dateFormat: z.enum(DATE_FORMATS, { error: 'Formato de fecha inválido' }),
  timeFormat: z.enum(TIME_FORMATS, { error: 'Formato de hora inválido' }),
  defaultProjectHourlyRate: z
    .number({ error: 'Tarifa inválida' })
    .int('La tarifa debe ser un número entero')
    .min(1, 'La tarifa mínima es 1')
    .max(100000, 'Tarifa demasiado alta'),
  taxRate: z
    .number({ error: 'Impuesto inválido' })
    .min(0, 'El impuesto debe estar entre 0 y 100')
    .max(100, 'El impuesto debe estar entre 0 y 100'),
  emailSignature: optionalText(1000),
  primaryColor: z.string().regex(HEX_COLOR_RE, 'Color inválido'),
  secondaryColor: z.string().regex(HEX_COLOR_RE, 'Color inválido'),
  logo: z
    .string()
    .regex(/^\/api\/files\/[0-9a-f-]{36}$/, 'Logo inválido')
    .nullish()
    .transform((v) => v ?? null),
  fiscalMode: FiscalModeSchema.optional(),
  taxpayerKind: AgencyTaxpayerKindSchema.optional(),
});
export type UpdateCompanySettingsRequest = z.input<typeof UpdateCompanySettingsRequestSchema>;

/** `GET /settings/integrations` → `data` (admin): what the integrations tab shows. */
export const IntegrationsStatusSchema = z.object({
  email: z.object({
    /** 'smtp' when SMTP_URL is set, otherwise 'log' (emails are written to the server log). */
    transport: z.enum(['smtp', 'log']),
    configured: z.boolean(),
    from: z.string().nullable(),
  }),
  apiDocsUrl: z.string(),
  whatsappNumber: z.string().nullable(),
});
export type IntegrationsStatus = z.infer<typeof IntegrationsStatusSchema>;

/** `POST /settings/test-email` body: where to send it (defaults to the caller's email). */
export const SendTestEmailRequestSchema = z.object({ to: emailSchema.optional() }).nullish();

/*
 * Payment instructions (issue 18 "Payment instructions", decision 106): the bank accounts a client
 * can transfer to and free text for other ways to pay. Stored as one jsonb value on the settings
 * row; shown on the invoice detail ("Cómo pagar"), Mis Facturas and the invoice PDF.
 */

/**
 * The main Dominican banks, offered as suggestions in the bank field (any other name is accepted):
 * commercial banks plus APAP and the larger savings banks, as the Superintendencia de Bancos lists them.
 */
export const DOMINICAN_BANKS = [
  'Banreservas',
  'Banco Popular Dominicano',
  'Scotiabank',
  'Banco BHD',
  'Banco Santa Cruz',
  'Banesco',
  'Banco Promerica',
  'Asociación Popular de Ahorros y Préstamos (APAP)',
  'Banco Caribe',
  'Banco López de Haro',
  'Banco Vimenca',
  'Banco BDI',
  'Banco Ademi',
  'Banco Lafise',
  'Citibank',
] as const;

/** Account types of a Dominican bank account: cuenta corriente (checking) or de ahorros (savings). */
export const BANK_ACCOUNT_TYPES = ['corriente', 'ahorros'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
/** Spanish labels of {@link BANK_ACCOUNT_TYPES}. */
export const BANK_ACCOUNT_TYPE_LABELS: Record<BankAccountType, string> = {
  corriente: 'Corriente',
  ahorros: 'Ahorros',
};

/** Currencies a Dominican bank account is held in (pesos or dollars). */
export const BANK_ACCOUNT_CURRENCIES = ['DOP', 'USD'] as const;

/** At most this many bank accounts: the PDF prints them all under the totals. */
export const MAX_BANK_ACCOUNTS = 10;

/**
 * A bank account as the API returns it. `holderId` is the holder's RNC (9 digits) or cédula
 * (11 digits), digits only — display it with `formatTaxId`.
 */
export const BankAccountSchema = z.object({
  bank: z.string(),
  accountType: z.enum(BANK_ACCOUNT_TYPES),
  currency: z.enum(BANK_ACCOUNT_CURRENCIES),
  accountNumber: z.string(),
  holderName: z.string(),
  holderId: z.string(),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

/** The company's payment instructions: bank accounts (in display order) and other ways to pay. */
export const PaymentInstructionsSchema = z.object({
  bankAccounts: z.array(BankAccountSchema),
  /** Free text, e.g. "PayPal: pagos@agencia.do; efectivo en la oficina". Null when empty. */
  otherMethods: z.string().nullable(),
});
export type PaymentInstructions = z.infer<typeof PaymentInstructionsSchema>;

/** The value of a fresh install: nothing configured yet. */
export const EMPTY_PAYMENT_INSTRUCTIONS: PaymentInstructions = { bankAccounts: [], otherMethods: null };

/** True when there is something to show a client (an account or other methods). */
export function hasPaymentInstructions(p: PaymentInstructions | null | undefined): boolean {
  return !!p && (p.bankAccounts.length > 0 || !!p.otherMethods);
}

/**
 * Whether an invoice still awaits payment, so its screens and PDF show how to pay: a balance on
 * an invoice that is neither paid nor cancelled (drafts included: their PDF is the preview).
 */
export function invoiceAwaitsPayment(invoice: { balance: number; status: string }): boolean {
  return invoice.balance > 0 && invoice.status !== 'paid' && invoice.status !== 'cancelled';
}

/** Account numbers: digits, with single spaces or dashes between groups (4–30 digits). */
const ACCOUNT_NUMBER_RE = /^\d+(?:[ -]\d+)*$/;

/** Spanish messages of the bank account form, shared by the API (400 details) and the web form. */
export const BANK_ACCOUNT_MESSAGES = {
  bankRequired: 'El banco es requerido',
  accountTypeInvalid: 'Tipo de cuenta inválido (Corriente o Ahorros)',
  currencyInvalid: 'Moneda inválida (DOP o USD)',
  accountNumberRequired: 'El número de cuenta es requerido',
  accountNumberInvalid: 'Número de cuenta inválido (solo dígitos, espacios o guiones; de 4 a 30 dígitos)',
  holderNameRequired: 'El titular es requerido',
  holderIdRequired: 'El RNC o la cédula del titular es requerido',
  holderIdInvalid: 'RNC o cédula inválido (RNC de 9 dígitos o cédula de 11, con dígito verificador válido)',
  duplicate: 'Esta cuenta ya está en la lista',
  tooMany: `Máximo ${MAX_BANK_ACCOUNTS} cuentas bancarias`,
} as const;

/**
 * One bank account as the admin enters it. The holder id must be a valid RNC (DGII check digit)
 * or cédula (JCE check digit) — `isValidRnc` / `isValidCedula` — and is stored as digits only.
 */
export const BankAccountInputSchema = z.object({
  bank: z
    .string({ error: BANK_ACCOUNT_MESSAGES.bankRequired })
    .trim()
    .min(1, BANK_ACCOUNT_MESSAGES.bankRequired)
    .max(100, 'Máximo 100 caracteres'),
  accountType: z.enum(BANK_ACCOUNT_TYPES, { error: BANK_ACCOUNT_MESSAGES.accountTypeInvalid }),
  currency: z.enum(BANK_ACCOUNT_CURRENCIES, { error: BANK_ACCOUNT_MESSAGES.currencyInvalid }),
  accountNumber: z
    .string({ error: BANK_ACCOUNT_MESSAGES.accountNumberRequired })
    .trim()
    .min(1, BANK_ACCOUNT_MESSAGES.accountNumberRequired)
    .max(40, BANK_ACCOUNT_MESSAGES.accountNumberInvalid)
    .refine((v) => {
      const digits = onlyDigits(v).length;
      return ACCOUNT_NUMBER_RE.test(v) && digits >= 4 && digits <= 30;
    }, BANK_ACCOUNT_MESSAGES.accountNumberInvalid),
  holderName: z
    .string({ error: BANK_ACCOUNT_MESSAGES.holderNameRequired })
    .trim()
    .min(1, BANK_ACCOUNT_MESSAGES.holderNameRequired)
    .max(150, 'Máximo 150 caracteres'),
  holderId: z
    .string({ error: BANK_ACCOUNT_MESSAGES.holderIdRequired })
    .trim()
    .min(1, BANK_ACCOUNT_MESSAGES.holderIdRequired)
    .max(20, BANK_ACCOUNT_MESSAGES.holderIdInvalid)
    .refine((v) => isValidRnc(v) || isValidCedula(v), BANK_ACCOUNT_MESSAGES.holderIdInvalid)
    .transform(onlyDigits),
});
export type BankAccountInput = z.input<typeof BankAccountInputSchema>;

/**
 * `PUT /settings/payment-instructions` body (admin with `settings.write`): replaces the whole list
 * (at most {@link MAX_BANK_ACCOUNTS}; the same bank and account number twice is refused) and the
 * other methods (≤ 1000 characters; empty → null).
 */
export const UpdatePaymentInstructionsRequestSchema = z.object({
  bankAccounts: z
    .array(BankAccountInputSchema, { error: 'Lista de cuentas inválida' })
    .max(MAX_BANK_ACCOUNTS, BANK_ACCOUNT_MESSAGES.tooMany)
    .superRefine((accounts, ctx) => {
      const seen = new Set<string>();
      accounts.forEach((a, i) => {
        const key = `${a.bank.toLowerCase()}|${onlyDigits(a.accountNumber)}`;
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'accountNumber'],
            message: BANK_ACCOUNT_MESSAGES.duplicate,
          });
        seen.add(key);
      });
    }),
  otherMethods: optionalText(1000),
});
export type UpdatePaymentInstructionsRequest = z.input<typeof UpdatePaymentInstructionsRequestSchema>;

/** `GET /settings/payment-instructions` and `PUT /settings/payment-instructions` → `data`. */
export const GetPaymentInstructionsResponseSchema = z.object({
  paymentInstructions: PaymentInstructionsSchema,
});

/*
 * Business hours (decision 145): the agency's working hours per weekday, set by the admin in
 * Configuración → Empresa and read by every signed-in user (the calendar shades the hours outside
 * them and opens its time grids at the start of the working day).
 */

/** Weekday names, indexed as JavaScript and FullCalendar number them (0 = domingo … 6 = sábado). */
export const WEEKDAY_LABELS = [
  'Domingo',
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
] as const;

/** A 24-hour wall-clock time `HH:MM` (00:00–23:59). */
const WALL_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Spanish messages of the business hours form, shared by the API (400 details) and the web form. */
export const BUSINESS_HOURS_MESSAGES = {
  dayInvalid: 'Día inválido',
  startInvalid: 'Hora de apertura inválida (HH:MM)',
  endInvalid: 'Hora de cierre inválida (HH:MM)',
  endAfterStart: 'La hora de cierre debe ser posterior a la de apertura',
  duplicate: 'Este día aparece dos veces',
} as const;

/** One working day: `dayOfWeek` 0–6 (0 = domingo), `startTime` < `endTime`, both `HH:MM` (agency time). */
export const BusinessDaySchema = z
  .object({
    dayOfWeek: z
      .number({ error: BUSINESS_HOURS_MESSAGES.dayInvalid })
      .int(BUSINESS_HOURS_MESSAGES.dayInvalid)
      .min(0, BUSINESS_HOURS_MESSAGES.dayInvalid)
      .max(6, BUSINESS_HOURS_MESSAGES.dayInvalid),
    startTime: z
      .string({ error: BUSINESS_HOURS_MESSAGES.startInvalid })
      .regex(WALL_TIME_RE, BUSINESS_HOURS_MESSAGES.startInvalid),
    endTime: z
      .string({ error: BUSINESS_HOURS_MESSAGES.endInvalid })
      .regex(WALL_TIME_RE, BUSINESS_HOURS_MESSAGES.endInvalid),
  })
  // `HH:MM` strings compare in time order.
  .refine((d) => d.endTime > d.startTime, {
    message: BUSINESS_HOURS_MESSAGES.endAfterStart,
    path: ['endTime'],
  });
export type BusinessDay = z.infer<typeof BusinessDaySchema>;

/** The working days in weekday order (Monday first, Sunday last); a day not listed is closed. */
export const BusinessHoursSchema = z.array(BusinessDaySchema);
export type BusinessHours = z.infer<typeof BusinessHoursSchema>;

/**
 * The value of a fresh install: the hours the public legal page states ("Horario": lunes a viernes
 * 8:00–18:00, sábado 9:00–13:00), which the calendar used before the setting existed.
 */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = [
  ...[1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, startTime: '08:00', endTime: '18:00' })),
  { dayOfWeek: 6, startTime: '09:00', endTime: '13:00' },
];

/** Monday-first position of a weekday (0 = domingo → 6), the order the form and the API list days in. */
export const mondayFirst = (dayOfWeek: number) => (dayOfWeek + 6) % 7;

/**
 * `PUT /settings/business-hours` body (admin with `settings.write`): replaces the working days
 * (at most one entry per weekday; closing time after opening time). Answered in weekday order.
 */
export const UpdateBusinessHoursRequestSchema = z.object({
  businessHours: z
    .array(BusinessDaySchema, { error: 'Horario inválido' })
    .max(7, 'Máximo 7 días')
    .superRefine((days, ctx) => {
      const seen = new Set<number>();
      days.forEach((d, i) => {
        if (seen.has(d.dayOfWeek))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'dayOfWeek'],
            message: BUSINESS_HOURS_MESSAGES.duplicate,
          });
        seen.add(d.dayOfWeek);
      });
    })
    .transform((days) => [...days].sort((a, b) => mondayFirst(a.dayOfWeek) - mondayFirst(b.dayOfWeek))),
});
export type UpdateBusinessHoursRequest = z.input<typeof UpdateBusinessHoursRequestSchema>;

/** `GET /settings/business-hours` and `PUT /settings/business-hours` → `data`. */
export const GetBusinessHoursResponseSchema = z.object({ businessHours: BusinessHoursSchema });

/**
 * The hours as FullCalendar's `businessHours` option takes them: one entry per working day
 * (`daysOfWeek` [n], `startTime`, `endTime`).
 */
export function toCalendarBusinessHours(
  hours: BusinessHours,
): Array<{ daysOfWeek: number[]; startTime: string; endTime: string }> {
  return hours.map((d) => ({ daysOfWeek: [d.dayOfWeek], startTime: d.startTime, endTime: d.endTime }));
}

/** The earliest opening time of the week (`HH:MM`), where the time grids open; '08:00' when closed all week. */
export function workdayStart(hours: BusinessHours): string {
  return hours.map((d) => d.startTime).sort()[0] ?? '08:00';
}
