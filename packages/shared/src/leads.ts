import { z } from 'zod';
import { blankAsUndefined, nullableText } from './fields.js';
import { pageQueryFields, pageResponseSchema } from './pagination.js';
import { MoneyAmountSchema } from './projects.js';
import { isoDateSchema } from './text.js';
import { emailSchema, PHONE_RE } from './validators.js';

/*
 * Contracts of the leads pipeline ("Prospectos", decision 170): stages, leads, their timeline
 * (notes, activities with follow-up dates, stage changes), moves on the board, conversion into a
 * client and the pipeline totals of Reportes. A later proposal points at a lead by `leadId`.
 */

/** What a stage means: still open, or the end of the road (won / lost). */
export const LEAD_STAGE_KINDS = ['open', 'won', 'lost'] as const;
export const LeadStageKindSchema = z.enum(LEAD_STAGE_KINDS, { error: 'Tipo de etapa inválido' });
export type LeadStageKind = z.infer<typeof LeadStageKindSchema>;
export const LEAD_STAGE_KIND_LABELS: Record<LeadStageKind, string> = {
  open: 'Abierta',
  won: 'Ganado',
  lost: 'Perdido',
};

/** The stages a new install starts with (the migration inserts them), in board order. */
export const DEFAULT_LEAD_STAGES: ReadonlyArray<{ name: string; kind: LeadStageKind }> = [
  { name: 'Nuevo', kind: 'open' },
  { name: 'Contactado', kind: 'open' },
  { name: 'Propuesta enviada', kind: 'open' },
  { name: 'Negociación', kind: 'open' },
  { name: 'Ganado', kind: 'won' },
  { name: 'Perdido', kind: 'lost' },
];

/** Where a lead came from. Quote and access requests create theirs automatically. */
export const LEAD_SOURCES = ['quote_request', 'access_request', 'whatsapp', 'referral', 'other'] as const;
export const LeadSourceSchema = z.enum(LEAD_SOURCES, { error: 'Origen inválido' });
export type LeadSource = z.infer<typeof LeadSourceSchema>;
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  quote_request: 'Formulario de cotización',
  access_request: 'Solicitud de acceso',
  whatsapp: 'WhatsApp',
  referral: 'Referido',
  other: 'Otro',
};
/** The sources a person may pick by hand (the two request kinds are set by the forms). */
export const MANUAL_LEAD_SOURCES = ['whatsapp', 'referral', 'other'] as const satisfies readonly LeadSource[];

/** Currencies of a lead's estimated value (the agency quotes in pesos or dollars). */
export const LEAD_CURRENCIES = ['DOP', 'USD'] as const;
export const LeadCurrencySchema = z.enum(LEAD_CURRENCIES, { error: 'Moneda inválida (DOP o USD)' });
export type LeadCurrency = z.infer<typeof LeadCurrencySchema>;

/** Activities logged on a lead (a follow-up date on them becomes a reminder to the owner). */
export const LEAD_ACTIVITY_TYPES = ['call', 'meeting', 'email'] as const;
export const LeadActivityTypeSchema = z.enum(LEAD_ACTIVITY_TYPES, { error: 'Tipo de actividad inválido' });
export type LeadActivityType = z.infer<typeof LeadActivityTypeSchema>;
export const LEAD_ACTIVITY_TYPE_LABELS: Record<LeadActivityType, string> = {
  call: 'Llamada',
  meeting: 'Reunión',
  email: 'Correo',
};

/** Every kind of timeline entry: how the lead was created, notes, activities, moves, conversion. */
export const LEAD_EVENT_KINDS = [
  'created',
  'note',
  ...LEAD_ACTIVITY_TYPES,
  'stage_changed',
  'converted',
] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

/** A stage of the board. `leadCount`: leads in it now. */
export const LeadStageSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  kind: LeadStageKindSchema,
  position: z.number().int(),
  leadCount: z.number().int(),
});
export type LeadStage = z.infer<typeof LeadStageSchema>;

const stageName = z
  .string({ error: 'El nombre es requerido' })
  .trim()
  .min(1, 'El nombre es requerido')
  .max(60, 'Máximo 60 caracteres');

/** `POST /lead-stages` (admin): a new stage at the end (or at `position`, 0-based). */
export const CreateLeadStageRequestSchema = z.object({
  name: stageName,
  kind: LeadStageKindSchema.default('open'),
  position: z.number().int().min(0).optional(),
});
/** `PUT /lead-stages/{id}` (admin): rename, change kind or move (0-based position). */
export const UpdateLeadStageRequestSchema = z
  .object({ name: stageName, kind: LeadStageKindSchema, position: z.number().int().min(0) })
  .partial();
export type CreateLeadStageRequest = z.input<typeof CreateLeadStageRequestSchema>;
export type UpdateLeadStageRequest = z.input<typeof UpdateLeadStageRequestSchema>;
export const ListLeadStagesResponseSchema = z.object({ stages: z.array(LeadStageSchema) });
export const LeadStageResponseSchema = z.object({ stage: LeadStageSchema });

/** A person as a lead shows them (its owner, the author of an entry). */
export const LeadPersonSchema = z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string() });
export type LeadPerson = z.infer<typeof LeadPersonSchema>;

/**
 * A lead. Money as the invoices speak it: `estimatedValue` in major units (1500.5) of
 * `currency`, stored in centavos. `expectedCloseDate` YYYY-MM-DD. `position` orders the cards
 * of one stage (ascending). `clientId` is set once converted; `wonAt` while in a won stage.
 */
export const LeadSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  contactName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  description: z.string().nullable(),
  source: LeadSourceSchema,
  stage: z.object({ _id: z.uuid(), name: z.string(), kind: LeadStageKindSchema }),
  position: z.number(),
  owner: LeadPersonSchema.nullable(),
  estimatedValue: z.number().nullable(),
  currency: LeadCurrencySchema,
  expectedCloseDate: z.string().nullable(),
  lostReason: z.string().nullable(),
  quoteRequestId: z.uuid().nullable(),
  accessRequestId: z.uuid().nullable(),
  clientId: z.uuid().nullable(),
  convertedAt: z.string().nullable(),
  wonAt: z.string().nullable(),
  /** The earliest follow-up still pending (YYYY-MM-DD), for the card. */
  nextFollowUp: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof LeadSchema>;

/** One entry of a lead's timeline, oldest first. */
export const LeadEventSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(LEAD_EVENT_KINDS),
  body: z.string().nullable(),
  /** Follow-up day of an activity (YYYY-MM-DD): the owner is notified that morning. */
  followUpDate: z.string().nullable(),
  followUpNotifiedAt: z.string().nullable(),
  /** Stage change: `{fromStage, toStage, reason?}`; created: `{source, requestId?}`; converted: `{clientId}`. */
  meta: z.record(z.string(), z.unknown()).nullable(),
  author: LeadPersonSchema.nullable(),
  createdAt: z.string(),
});
export type LeadEvent = z.infer<typeof LeadEventSchema>;

const phoneField = z
  .string()
  .trim()
  .max(30, 'Máximo 30 caracteres')
  .refine((v) => v === '' || PHONE_RE.test(v), 'Teléfono inválido')
  .nullish()
  .transform((v) => (v ? v : null));
const emailField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  emailSchema.nullish().transform((v) => v ?? null),
);

const leadFields = {
  title: z
    .string({ error: 'El título es requerido' })
    .trim()
    .min(1, 'El título es requerido')
    .max(200, 'Máximo 200 caracteres'),
  contactName: z
    .string({ error: 'El nombre del contacto es requerido' })
    .trim()
    .min(1, 'El nombre del contacto es requerido')
    .max(200, 'Máximo 200 caracteres'),
  email: emailField,
  phone: phoneField,
  company: nullableText(200),
  description: nullableText(5000),
  ownerId: z.uuid({ message: 'Responsable inválido' }).nullish(),
  estimatedValue: MoneyAmountSchema.nullish(),
  currency: LeadCurrencySchema.default('DOP'),
  expectedCloseDate: isoDateSchema().nullish(),
};

/**
 * `POST /leads`: a lead typed by hand (WhatsApp, referral, other); it starts in the first open
 * stage unless `stageId` says otherwise. The form sources are written by the forms themselves.
 */
export const CreateLeadRequestSchema = z.object({
  ...leadFields,
  source: z
    .enum(MANUAL_LEAD_SOURCES, { error: 'Origen inválido (WhatsApp, referido u otro)' })
    .default('other'),
  stageId: z.uuid({ message: 'Etapa inválida' }).optional(),
});
export type CreateLeadRequest = z.input<typeof CreateLeadRequestSchema>;

/** `PUT /leads/{id}`: any subset of the fields (the stage changes through `/move`). */
export const UpdateLeadRequestSchema = z
  .object({
    title: leadFields.title,
    contactName: leadFields.contactName,
    email: leadFields.email,
    phone: leadFields.phone,
    company: leadFields.company,
    description: leadFields.description,
    ownerId: leadFields.ownerId,
    estimatedValue: leadFields.estimatedValue,
    currency: LeadCurrencySchema,
    expectedCloseDate: leadFields.expectedCloseDate,
    source: LeadSourceSchema,
  })
  .partial();
export type UpdateLeadRequest = z.input<typeof UpdateLeadRequestSchema>;

/**
 * `POST /leads/{id}/move`: into `stageId`, placed just above `beforeId` or just below `afterId`
 * (both leads of that stage; neither = at the end). Moving into a lost stage needs `lostReason`.
 */
export const MoveLeadRequestSchema = z
  .object({
    stageId: z.uuid({ message: 'Etapa inválida' }),
    beforeId: z.uuid({ message: 'Prospecto de referencia inválido' }).nullish(),
    afterId: z.uuid({ message: 'Prospecto de referencia inválido' }).nullish(),
    lostReason: nullableText(500),
  })
  .refine((v) => !(v.beforeId && v.afterId), {
    message: 'Indica solo beforeId o afterId, no ambos',
    path: ['beforeId'],
  });
export type MoveLeadRequest = z.input<typeof MoveLeadRequestSchema>;

/** `POST /leads/{id}/notes`: a note on the timeline. */
export const CreateLeadNoteRequestSchema = z.object({
  body: z
    .string({ error: 'La nota es requerida' })
    .trim()
    .min(1, 'La nota es requerida')
    .max(5000, 'Máximo 5000 caracteres'),
});
/** `POST /leads/{id}/activities`: a call, meeting or e-mail, optionally with a follow-up day. */
export const CreateLeadActivityRequestSchema = z.object({
  type: LeadActivityTypeSchema,
  body: z
    .string({ error: 'La descripción es requerida' })
    .trim()
    .min(1, 'La descripción es requerida')
    .max(5000, 'Máximo 5000 caracteres'),
  followUpDate: isoDateSchema().nullish(),
});
export type CreateLeadActivityRequest = z.input<typeof CreateLeadActivityRequestSchema>;

/**
 * `POST /leads/{id}/convert` (admin): creates the client through the clients module's own rules
 * (`CreateClientRequestSchema`); the lead supplies name, e-mail, phone and company. A second call
 * answers the same client (`alreadyConverted: true`), never a second one.
 */
export const ConvertLeadRequestSchema = z.object({
  clientType: z.enum(['individual', 'company'], { error: 'Tipo de cliente inválido' }).optional(),
  companyRUC: z.string().trim().max(20).nullish(),
  taxIdOverrideReason: nullableText(300),
});
export type ConvertLeadRequest = z.input<typeof ConvertLeadRequestSchema>;

/** `GET /leads` query: page, filters (stage, owner, source, free text `q`). `owner=me` = the caller. */
export const ListLeadsQuerySchema = z.object({
  ...pageQueryFields(),
  stage: z.preprocess(blankAsUndefined, z.uuid({ message: 'Etapa inválida' }).optional()),
  owner: z.preprocess(
    blankAsUndefined,
    z.union([z.literal('me'), z.literal('none'), z.uuid({ message: 'Responsable inválido' })]).optional(),
  ),
  source: z.preprocess(blankAsUndefined, LeadSourceSchema.optional()),
  q: z.preprocess(blankAsUndefined, z.string().trim().max(100, 'Máximo 100 caracteres').optional()),
});
export type ListLeadsQuery = z.input<typeof ListLeadsQuerySchema>;

/** Count and value per currency (major units) of a set of leads. */
export const LeadTotalsSchema = z.object({
  count: z.number().int(),
  values: z.array(z.object({ currency: LeadCurrencySchema, amount: z.number() })),
});
export type LeadTotals = z.infer<typeof LeadTotalsSchema>;

/**
 * `GET /leads`: a page of leads ordered by stage then position (the board's order), plus the
 * totals of every stage under the same filters (for the column headers).
 */
export const ListLeadsResponseSchema = pageResponseSchema('leads', LeadSchema).extend({
  totals: z.array(LeadTotalsSchema.extend({ stageId: z.uuid() })),
});
export type ListLeadsResponse = z.infer<typeof ListLeadsResponseSchema>;

/** `GET /leads/{id}`: the lead and its timeline. */
export const GetLeadResponseSchema = z.object({ lead: LeadSchema, events: z.array(LeadEventSchema) });
export type GetLeadResponse = z.infer<typeof GetLeadResponseSchema>;
export const LeadResponseSchema = z.object({ lead: LeadSchema });
export const ConvertLeadResponseSchema = z.object({
  lead: LeadSchema,
  clientId: z.uuid(),
  alreadyConverted: z.boolean(),
});
export const LeadEventResponseSchema = z.object({ event: LeadEventSchema });

/** People a lead may be assigned to (admins and employees holding `leads.write`). */
export const LeadOwnersResponseSchema = z.object({ owners: z.array(LeadPersonSchema) });

/**
 * `GET /reports/pipeline?period`: leads now in each stage (count and value per currency), and
 * the leads won in the period (by the day they entered a won stage), value per currency.
 */
export const PipelineReportSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  stages: z.array(
    LeadTotalsSchema.extend({ stageId: z.uuid(), name: z.string(), kind: LeadStageKindSchema }),
  ),
  won: LeadTotalsSchema,
});
export type PipelineReport = z.infer<typeof PipelineReportSchema>;

/** Realtime event: leads changed; the screens refetch. */
export const LEADS_CHANGED_EVENT = 'leads:changed';

/**
 * The estimated value a quote or access request's budget suggests: the lower end of its range,
 * in US dollars (the public forms state budgets in dollars, "$1,000 - $3,000"); null when the
 * budget has no lower end ("Menos de $1,000", "Flexible").
 */
export function budgetEstimate(
  budget: string | null | undefined,
): { amount: number; currency: 'USD' } | null {
  const match = /^(\d+)(?:-\d+|\+)$/.exec(budget ?? '') ?? /^over-(\d+)$/.exec(budget ?? '');
  return match ? { amount: Number(match[1]), currency: 'USD' } : null;
}
