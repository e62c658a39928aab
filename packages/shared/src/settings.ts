import { z } from 'zod';
import { AgencyTaxpayerKindSchema, FiscalModeSchema } from './fiscal.js';
import { CURRENCIES } from './money.js';
import { timeZoneSchema } from './text.js';
import { EMAIL_INVALID, emailSchema, isEmail, isValidRnc, PHONE_RE } from './validators.js';

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
  dateFormat: z.enum(['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'], { error: 'Formato de fecha inválido' }),
  timeFormat: z.enum(['12h', '24h'], { error: 'Formato de hora inválido' }),
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
