import { z } from 'zod';
import { optionalText, optionValues, requiredText } from './request-fields.js';
import { emailSchema, PHONE_RE } from './validators.js';

/*
 * Quote requests from the public site (spec doc 1 §2 "Quote request", §3, §5, §9): the service
 * catalogue ids, the form's options and `POST /public/quote-requests`. The admin works them in
 * 'Solicitudes' (requests.ts).
 */

/** Service ids of spec doc 1 §3, in the landing's order. */
export const SERVICE_IDS = [
  'sitios-web',
  'automatizacion',
  'marketing-digital',
  'seo',
  'ecommerce',
  'branding',
  'apps-empresariales',
  'consultoria-digital',
  'soporte-mantenimiento',
] as const;
export const ServiceIdSchema = z.enum(SERVICE_IDS, { error: 'Selecciona un servicio' });
export type ServiceId = z.infer<typeof ServiceIdSchema>;

/** Service titles as the landing shows them (server side copy for e-mails and the admin view). */
export const SERVICE_TITLES: Record<ServiceId, string> = {
  'sitios-web': 'Sitios Web Profesionales',
  automatizacion: 'Automatización de Procesos',
  'marketing-digital': 'Marketing Digital',
  seo: 'Posicionamiento SEO',
  ecommerce: 'Tiendas en Línea (E-commerce)',
  branding: 'Branding e Identidad Visual',
  'apps-empresariales': 'Aplicaciones Empresariales',
  'consultoria-digital': 'Consultoría Digital',
  'soporte-mantenimiento': 'Soporte y Mantenimiento',
};

/** Quote form budget options in US dollars (spec doc 1 §9 "Quote form options"). */
export const QUOTE_BUDGETS = [
  { value: '500-1000', label: '$500 - $1,000' },
  { value: '1000-3000', label: '$1,000 - $3,000' },
  { value: '3000-5000', label: '$3,000 - $5,000' },
  { value: '5000-10000', label: '$5,000 - $10,000' },
  { value: '10000+', label: '$10,000+' },
] as const;
/** Quote form timeline options (spec doc 1 §9). */
export const QUOTE_TIMELINES = [
  { value: '1-2 semanas', label: '1-2 semanas' },
  { value: '3-4 semanas', label: '3-4 semanas' },
  { value: '1-2 meses', label: '1-2 meses' },
  { value: '3+ meses', label: '3+ meses' },
  { value: 'flexible', label: 'Flexible' },
] as const;

/** Feature lists: 6 in the quote summary, 5 in the message sent (spec doc 1 §9). */
export const QUOTE_SUMMARY_FEATURES = 6;
export const QUOTE_MESSAGE_FEATURES = 5;
/** Quote success screen → `/` after this many milliseconds (spec doc 1 §9). */
export const QUOTE_REDIRECT_DELAY_MS = 3000;
/** Contact promise in hours (quote and access request). */
export const CONTACT_PROMISE_HOURS = 24;

/**
 * Name of the honeypot field on both public forms. Humans never see it (visually hidden,
 * `tabIndex=-1`, `autoComplete=off`); a filled value makes the server answer success and drop
 * the submission.
 */
export const HONEYPOT_FIELD = 'homepage';
/** Per-IP limit of the two public form endpoints: `max` submissions per `windowMs` milliseconds. */
export const PUBLIC_FORM_RATE_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 } as const;

/**
 * `POST /public/quote-requests` body (spec doc 1 §3 "Quote form", §5 "Quote form"): required
 * name, email, phone, budget, timeline, description; optional company and requirements; the
 * chosen service and its first 5 features. `homepage` is the honeypot.
 */
export const CreateQuoteRequestSchema = z.object({
  serviceId: ServiceIdSchema,
  serviceFeatures: z.array(z.string().trim().max(200)).max(QUOTE_MESSAGE_FEATURES).default([]),
  name: requiredText('Nombre es requerido', 120),
  email: emailSchema,
  phone: requiredText('Teléfono es requerido', 30).regex(PHONE_RE, 'Formato de teléfono inválido'),
  company: optionalText(160),
  budget: z.enum(optionValues(QUOTE_BUDGETS), { error: 'Presupuesto es requerido' }),
  timeline: z.enum(optionValues(QUOTE_TIMELINES), { error: 'Tiempo de entrega es requerido' }),
  description: requiredText('Descripción del proyecto es requerida', 5000),
  requirements: optionalText(5000),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type CreateQuoteRequest = z.input<typeof CreateQuoteRequestSchema>;

/** Answer of both public endpoints: the request was received (also for honeypot hits). */
export const PublicSubmissionResponseSchema = z.object({ received: z.literal(true) });
