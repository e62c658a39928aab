import { z } from 'zod';
import { isValidBuyerId, TaxpayerTypeSchema } from './fiscal.js';
import { PaginationSchema, pageQueryFields } from './pagination.js';
import { isoDateTimeSchema, timeZoneSchema } from './text.js';
import { emailSchema, formatCedula, isValidCedula, isValidRnc, onlyDigits, PHONE_RE } from './validators.js';

/** Client types (spec doc 2 §2 "Clients": 'Persona física' / 'Empresa'). */
export const CLIENT_TYPES = ['individual', 'company'] as const;
export const ClientTypeSchema = z.enum(CLIENT_TYPES, { error: 'Tipo de cliente es requerido' });
export type ClientType = z.infer<typeof ClientTypeSchema>;
export const CLIENT_TYPE_LABELS: Record<ClientType, string> = {
  individual: 'Persona física',
  company: 'Empresa',
};

/** Client status (spec doc 2 §4: active green 'Activo', anything else gray 'Inactivo'; the form offers prospect). */
export const CLIENT_STATUSES = ['active', 'inactive', 'prospect'] as const;
export const ClientStatusSchema = z.enum(CLIENT_STATUSES);
export type ClientStatus = z.infer<typeof ClientStatusSchema>;
/** Labels in the edit form's select. */
export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  active: 'Activo',
  inactive: 'Inactivo',
  prospect: 'Prospecto',
};
/** Badge of a client card (spec doc 2 §4): 'Activo' green, anything else 'Inactivo' gray. */
export function clientStatusBadge(status: ClientStatus): { label: string; color: string } {
  return status === 'active' ? { label: 'Activo', color: 'green' } : { label: 'Inactivo', color: 'gray' };
}

/** Preferred communication channel. */
export const PREFERRED_COMMUNICATIONS = ['email', 'phone', 'whatsapp', 'meeting'] as const;
export const PreferredCommunicationSchema = z.enum(PREFERRED_COMMUNICATIONS);
export const PREFERRED_COMMUNICATION_LABELS: Record<(typeof PREFERRED_COMMUNICATIONS)[number], string> = {
  email: 'Email',
  phone: 'Teléfono',
  whatsapp: 'WhatsApp',
  meeting: 'Reunión',
};

/** Communication log entry types and directions (spec doc 2 §3 client sub-records, plus meeting/whatsapp). */
export const COMMUNICATION_TYPES = ['email', 'call', 'meeting', 'whatsapp'] as const;
export const CommunicationTypeSchema = z.enum(COMMUNICATION_TYPES);
export const COMMUNICATION_TYPE_LABELS: Record<(typeof COMMUNICATION_TYPES)[number], string> = {
  email: 'Email',
  call: 'Llamada',
  meeting: 'Reunión',
  whatsapp: 'WhatsApp',
};
export const COMMUNICATION_DIRECTIONS = ['outgoing', 'incoming'] as const;
export const CommunicationDirectionSchema = z.enum(COMMUNICATION_DIRECTIONS);
export const COMMUNICATION_DIRECTION_LABELS: Record<(typeof COMMUNICATION_DIRECTIONS)[number], string> = {
  outgoing: 'Saliente',
  incoming: 'Entrante',
};

export const RNC_INVALID = 'RNC inválido (9 dígitos con dígito verificador correcto)';
export const CEDULA_INVALID = 'Cédula inválida (11 dígitos con dígito verificador correcto)';
export const RNC_OR_CEDULA_INVALID = 'RNC o cédula inválido (revisa el dígito verificador)';
export const FOREIGN_TAX_ID_ONLY_ABROAD =
  'La identificación extranjera es solo para clientes con perfil fiscal «Extranjero»; a un cliente dominicano identifícalo con su RNC o cédula.';

/**
 * Tax id of a client (`companyRUC`): the Dominican RNC (9 digits, DGII check digit) or a
 * cédula (11 digits, JCE check digit), dashes allowed; normalised to digits only.
 */
export const taxIdSchema = z
  .string()
  .trim()
  .max(20)
  .refine((v) => isValidRnc(v) || isValidCedula(v), RNC_OR_CEDULA_INVALID)
  .transform(onlyDigits);

export const FOREIGN_TAX_ID_INVALID =
  'Identificación extranjera inválida: hasta 20 letras o números (pasaporte o identificación fiscal de su país)';

/**
 * A foreign buyer's identifier (passport or foreign tax id, issue 42): the e-CF's
 * IdentificadorExtranjero holds up to 20 characters (XSD AlfNum20Type) and the 607's col. 1 letters
 * and digits for id type 3 (Norma General 07-2018, "RNC/Cédula o Pasaporte"), so spaces and dashes
 * are dropped, letters upper-cased, and 1–20 letters or digits remain.
 */
export const foreignTaxIdSchema = z
  .string()
  .trim()
  .max(40)
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .refine((v) => /^[A-Z0-9]{1,20}$/.test(v), FOREIGN_TAX_ID_INVALID);

/** RNC (9 digits) or cédula (11) by shape only, dashes allowed → digits; the check digit is checked with the override rule. */
export const taxIdShapeSchema = z
  .string()
  .trim()
  .max(20)
  .refine((v) => /^[\d-]+$/.test(v) && [9, 11].includes(onlyDigits(v).length), RNC_OR_CEDULA_INVALID)
  .transform(onlyDigits);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Postal address of a client. All parts optional; country defaults to República Dominicana. */
export const AddressSchema = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
  postalCode: z.string().nullable(),
});
export const AddressInputSchema = z.object({
  street: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(100),
  postalCode: optionalText(20),
});

/**
 * A client as the API exposes it (spec doc 2 §3 "Client"). Totals are computed from projects
 * and invoices (money in major units of the company currency); `lastActivity` comes from the
 * activity feed. `registeredUsers` counts portal users linked to the client.
 */
export const ClientSchema = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  clientType: ClientTypeSchema,
  companyName: z.string().nullable(),
  companyRUC: z.string().nullable(),
  /** Fiscal profile: decides the invoice's default document type (issue 12). */
  taxpayerType: TaxpayerTypeSchema,
  /** Why staff accepted a tax id whose check digit fails (null when it passes). */
  taxIdOverrideReason: z.string().nullable(),
  /** A foreign buyer's passport or foreign tax id (profile "extranjero" only; issue 42). */
  foreignTaxId: z.string().nullable(),
  industry: z.string().nullable(),
  website: z.string().nullable(),
  address: AddressSchema,
  status: ClientStatusSchema,
  joinDate: z.string(),
  lastActivity: z.string().nullable(),
  lastContact: z.string().nullable(),
  totalProjects: z.number().int(),
  activeProjects: z.number().int(),
  completedProjects: z.number().int(),
  totalRevenue: z.number(),
  averageProjectValue: z.number(),
  satisfactionRating: z.number().int().nullable(),
  preferredCommunication: PreferredCommunicationSchema,
  timezone: z.string(),
  notes: z.string().nullable(),
  registeredUsers: z.number().int(),
  /**
   * Our mail to `email` bounced (decision 168): when (ISO instant) and the delivery status the
   * report gave (e.g. "5.1.1"); both null while the address works. Staff only: the clients API
   * answers staff alone. Cleared by `clearEmailFailing` or by a new `email`.
   */
  emailFailingAt: z.string().nullable(),
  emailFailingReason: z.string().nullable(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof ClientSchema>;

const clientFields = {
  firstName: z.string().trim().min(1, 'Nombre es requerido').max(100),
  lastName: z.string().trim().max(100).default(''),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .max(30)
    .refine((v) => v === '' || PHONE_RE.test(v), 'Teléfono inválido')
    .nullish()
    .transform((v) => (v ? v : null)),
  clientType: ClientTypeSchema,
  companyName: optionalText(200),
  companyRUC: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), taxIdShapeSchema.nullable())
    .optional()
    .transform((v) => v ?? null),
  taxpayerType: TaxpayerTypeSchema.optional(),
  taxIdOverrideReason: optionalText(300),
  foreignTaxId: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), foreignTaxIdSchema.nullable())
    .optional()
    .transform((v) => v ?? null),
  industry: optionalText(100),
  website: optionalText(200),
  address: AddressInputSchema.optional(),
  status: ClientStatusSchema.default('active'),
  satisfactionRating: z.number().int().min(1).max(5).nullish(),
  preferredCommunication: PreferredCommunicationSchema.default('email'),
  timezone: timeZoneSchema.default('America/Santo_Domingo'),
  notes: optionalText(5000),
};

/**
 * A tax id whose check digit fails is accepted only with `taxIdOverrideReason` (issue 12: staff
 * may override a failed check with a reason, kept in the audit log).
 */
function checkTaxId(
  v: { companyRUC?: string | null; taxIdOverrideReason?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (v.companyRUC && !isValidBuyerId(v.companyRUC) && !v.taxIdOverrideReason)
    ctx.addIssue({ code: 'custom', path: ['companyRUC'], message: RNC_OR_CEDULA_INVALID });
}

/** `POST /clients` body (admin). Companies need `companyName`; `companyRUC` is an RNC or cédula. */
export const CreateClientRequestSchema = z.object(clientFields).superRefine((v, ctx) => {
  if (v.clientType === 'company' && !v.companyName)
    ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'Nombre de la empresa es requerido' });
  checkTaxId(v, ctx);
  if (v.foreignTaxId && v.taxpayerType !== 'extranjero')
    ctx.addIssue({ code: 'custom', path: ['foreignTaxId'], message: FOREIGN_TAX_ID_ONLY_ABROAD });
});
export type CreateClientRequest = z.input<typeof CreateClientRequestSchema>;

/** `PUT /clients/{id}` body (admin): any subset of the client fields. */
export const UpdateClientRequestSchema = z
  .object({
    firstName: clientFields.firstName,
    lastName: z.string().trim().max(100),
    email: emailSchema,
    phone: clientFields.phone,
    clientType: ClientTypeSchema,
    companyName: clientFields.companyName,
    companyRUC: clientFields.companyRUC,
    taxpayerType: TaxpayerTypeSchema,
    taxIdOverrideReason: clientFields.taxIdOverrideReason,
    foreignTaxId: clientFields.foreignTaxId,
    industry: clientFields.industry,
    website: clientFields.website,
    address: AddressInputSchema,
    status: ClientStatusSchema,
    satisfactionRating: z.number().int().min(1).max(5).nullable(),
    preferredCommunication: PreferredCommunicationSchema,
    timezone: timeZoneSchema,
    notes: clientFields.notes,
    archived: z.boolean().describe('true archives the client, false restores it'),
    clearEmailFailing: z
      .literal(true)
      .describe('Clears the bounce mark on the e-mail (the address was fixed or checked); audited'),
  })
  .partial()
  .superRefine(checkTaxId);
export type UpdateClientRequest = z.input<typeof UpdateClientRequestSchema>;

/**
 * `GET /clients` query: `page`/`limit` (default 20, max 100); `status`/`clientType` 'all' or
 * empty = no filter; archived clients only with `archived=true`. Newest first, ties on `id`.
 */
export const ListClientsQuerySchema = z.object({
  ...pageQueryFields(),
  search: z.string().trim().max(100).optional(),
  status: z.enum([...CLIENT_STATUSES, 'all', '']).optional(),
  clientType: z.enum([...CLIENT_TYPES, 'all', '']).optional(),
  archived: z.enum(['true', 'false']).optional(),
});
export type ListClientsQuery = z.input<typeof ListClientsQuerySchema>;

/** `GET /clients` answer: one page of clients and `pagination {page, limit, total}`. */
export const ListClientsResponseSchema = z.object({
  clients: z.array(ClientSchema),
  pagination: PaginationSchema,
});
export type ListClientsResponse = z.infer<typeof ListClientsResponseSchema>;
/** `GET /clients/{id}`, `POST`, `PUT` answer. */
export const GetClientResponseSchema = z.object({ client: ClientSchema });

/** `GET /clients/stats`: counts of non-archived clients; totalRevenue = payments received (major units). */
export const ClientStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  companies: z.number().int(),
  totalRevenue: z.number(),
});
export type ClientStats = z.infer<typeof ClientStatsSchema>;

/** A project row of `GET /clients/{id}/projects` (budget in major units, dates YYYY-MM-DD). */
export const ClientProjectSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  status: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  budget: z.number().nullable(),
  progress: z.number().int(),
});
/** A ticket row of `GET /clients/{id}/tickets` (empty until the tickets feature lands). */
export const ClientTicketSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  status: z.string(),
  priority: z.string(),
  project: z.string().nullable(),
  createdAt: z.string(),
});
/** `GET /clients/{id}/projects|tickets|communications` query: `page`/`limit` (default 20, max 100). */
export const ClientSubListQuerySchema = z.object({ ...pageQueryFields() });
export type ClientSubListQuery = z.input<typeof ClientSubListQuerySchema>;
/** `GET /clients/{id}/projects` answer: newest first, one page. */
export const ListClientProjectsResponseSchema = z.object({
  projects: z.array(ClientProjectSchema),
  pagination: PaginationSchema,
});
/** `GET /clients/{id}/tickets` answer: newest first, one page. */
export const ListClientTicketsResponseSchema = z.object({
  tickets: z.array(ClientTicketSchema),
  pagination: PaginationSchema,
});

/** A communication-log entry of a client (duration in minutes). */
export const CommunicationSchema = z.object({
  _id: z.uuid(),
  type: CommunicationTypeSchema,
  subject: z.string(),
  date: z.string(),
  direction: CommunicationDirectionSchema,
  duration: z.number().int().nullable(),
  notes: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Communication = z.infer<typeof CommunicationSchema>;

/** `POST /clients/{id}/communications` body (admin). `date` ISO date-time; duration minutes 0–1440. */
export const CreateCommunicationRequestSchema = z.object({
  type: CommunicationTypeSchema,
  subject: z.string().trim().min(1, 'Asunto es requerido').max(200),
  date: isoDateTimeSchema('Fecha inválida'),
  direction: CommunicationDirectionSchema.default('outgoing'),
  duration: z.number().int().min(0).max(1440).nullish(),
  notes: optionalText(5000),
});
export type CreateCommunicationRequest = z.input<typeof CreateCommunicationRequestSchema>;
/** `GET /clients/{id}/communications` answer: latest date first, one page. */
export const ListCommunicationsResponseSchema = z.object({
  communications: z.array(CommunicationSchema),
  pagination: PaginationSchema,
});
export const GetCommunicationResponseSchema = z.object({ communication: CommunicationSchema });

/** Displays a stored tax id: RNC (9 digits) as 1-30-45871-5, cédula (11) as 001-1234567-8. */
export function formatTaxId(digits: string | null | undefined): string {
  if (!digits) return '';
  if (digits.length === 9) return `${digits[0]}-${digits.slice(1, 3)}-${digits.slice(3, 8)}-${digits[8]}`;
  return formatCedula(digits);
}

/** 'RNC' for 9 digits, 'Cédula' otherwise. */
export function taxIdLabel(digits: string): 'RNC' | 'Cédula' {
  return digits.length === 9 ? 'RNC' : 'Cédula';
}
