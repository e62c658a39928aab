import { z } from 'zod';
import { AUDIT_ACTIONS } from './audit-actions.js';
import {
  type AuditActionText,
  type Metadata,
  NAME_KEYS,
  periodLabel,
  str,
  TARGET_NOUNS,
  TARGET_ROUTES,
} from './audit-text.js';
import { PaginationSchema, pageQueryFields } from './pagination.js';
import { isoDateTimeSchema } from './text.js';

/*
 * The audit log's entries and filters, and how an entry reads as a sentence (issue 32). The
 * sentence of each action is in audit-actions.ts, the words they share in audit-text.ts (split
 * along those lines, decision 152).
 */

/** The actions' kinds for the audit filter: each category's API filter is its prefixes joined by ",". */
export const AUDIT_CATEGORIES: { label: string; prefixes: string[] }[] = [
  { label: 'Facturación', prefixes: ['invoice.', 'recurring_invoice.', 'share_link.'] },
  { label: 'Cotizaciones', prefixes: ['quote.'] },
  { label: 'Solicitudes', prefixes: ['quote_request.', 'access_request.', 'registration_link.'] },
  { label: 'Prospectos', prefixes: ['lead.', 'lead_stage.'] },
  { label: 'Propuestas y contratos', prefixes: ['proposal.', 'contract.', 'document_template.'] },
  { label: 'Clientes', prefixes: ['client.'] },
  { label: 'Proyectos', prefixes: ['project.', 'task.'] },
  { label: 'Tickets', prefixes: ['ticket.'] },
  { label: 'Fiscal', prefixes: ['fiscal.'] },
  { label: 'Compras y gastos', prefixes: ['supplier.', 'expense.'] },
  { label: 'Conciliación bancaria', prefixes: ['bank.'] },
  { label: 'Reportes', prefixes: ['report.'] },
  { label: 'Seguridad y sesiones', prefixes: ['auth.'] },
  { label: 'Inicios de sesión fallidos', prefixes: ['auth.login.failed'] },
  { label: 'Usuarios', prefixes: ['user.', 'account.'] },
  { label: 'Perfiles y calendario', prefixes: ['profile.', 'calendar.'] },
  { label: 'Configuración', prefixes: ['settings.'] },
  { label: 'Correos', prefixes: ['mail.'] },
  { label: 'Archivos', prefixes: ['file.'] },
];

/** The `action` filter of a category (`GET /audit?action=`). */
export function auditCategoryFilter(category: { prefixes: string[] }): string {
  return category.prefixes.join(',');
}

/** Whether `action` matches an `action` filter: exact names or prefixes ending in ".", comma-separated. */
export function auditActionMatches(filter: string, action: string): boolean {
  return filter
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
    .some((f) => (f.endsWith('.') ? action.startsWith(f) : action === f));
}

/** How an audit entry reads: "{actor} {lead} {target} {detail}". */
export interface AuditDescription {
  /** "Laura Céspedes"; who stands for a missing actor ("El sistema", "El portal", "Alguien"). */
  actor: string;
  /** The verb phrase up to the target: "creó la factura", "registró un pago en la". */
  lead: string;
  /** The object, linked to its screen when `href` is set ("FAC-2026-0042", or "factura"). */
  target?: { label: string; href?: string };
  /** Words after the target: "con NCF B0100000012", "de Activo a Inactivo". */
  detail?: string;
  /** Everything after the actor as one phrase: "creó la factura FAC-2026-0042". */
  sentence: string;
  /** Whether the action has a sentence of its own (false: humanised from its name). */
  known: boolean;
}

/** The fields of an entry the description reads. */
type DescribedEntry = Pick<AuditEntry, 'action' | 'actor' | 'targetType' | 'targetId' | 'metadata'>;

/** "verb" + "object" with Spanish contractions: "de el cliente" → "del cliente", "a el" → "al". */
function joinPhrase(verb: string, object: string): { lead: string; noun: string } {
  const contracted = /\s(de|a)$/.test(verb) && object.startsWith('el ');
  return contracted ? { lead: `${verb}l`, noun: object.slice(3) } : { lead: verb, noun: object };
}

/** An unknown action, readable: "invoice.archived" on an invoice → "realizó «archived» en la factura". */
function humanised(action: string): AuditActionText {
  const [, ...rest] = action.split('.');
  const words = (rest.length > 0 ? rest : [action]).join(' ').replace(/_/g, ' ');
  return { verb: `realizó la acción «${words}» en` };
}

/**
 * How `entry` reads (issue 32): the actor, the sentence of its action and the object with its
 * portal route — "Laura Céspedes creó la factura FAC-2026-0042" links the invoice to
 * `/billing/{id}`. The object's name comes from the metadata when the entry has it (invoice
 * number, e-NCF, email, period…), else the object's kind ("creó la factura"). Unknown actions
 * still read as words, never as a dotted code.
 */
export function describeAuditEntry(entry: DescribedEntry): AuditDescription {
  const m: Metadata = entry.metadata ?? {};
  const known = Object.hasOwn(AUDIT_ACTIONS, entry.action);
  const text = known ? AUDIT_ACTIONS[entry.action]! : humanised(entry.action);
  let verb = typeof text.verb === 'function' ? text.verb(m) : text.verb;
  let actor: string;
  if (entry.actor) actor = `${entry.actor.firstName} ${entry.actor.lastName}`.trim() || entry.actor.email;
  else {
    actor = text.anonymous?.actor ?? 'El sistema';
    verb = text.anonymous?.verb ?? verb;
  }
  const detail = text.detail?.(m) || undefined;
  const of = text.of ?? entry.targetType ?? undefined;
  const object = text.noObject ? undefined : (text.object ?? (of ? TARGET_NOUNS[of] : undefined));
  if (!object) {
    // Unknown action on an unknown kind of object: no object to name.
    const lead = known ? verb : verb.replace(/ en$/, '');
    return { actor, lead, detail, sentence: [lead, detail].filter(Boolean).join(' '), known };
  }
  const nameKey =
    of === entry.targetType || text.of ? NAME_KEYS[of ?? '']?.find((k) => str(m[k])) : undefined;
  let name = nameKey ? str(m[nameKey]) : undefined;
  if (name && of === 'fiscal_period') name = periodLabel(name);
  let href: string | undefined;
  if (!text.gone) {
    href = text.href
      ? text.href(m, entry.targetId)
      : of && of === entry.targetType
        ? TARGET_ROUTES[of]?.(entry.targetId)
        : undefined;
  }
  const { lead: verbLead, noun } = joinPhrase(verb, object);
  const lead = name ? `${verbLead} ${noun}` : verbLead;
  const target = { label: name ?? noun, ...(href ? { href } : {}) };
  return {
    actor,
    lead,
    target,
    detail,
    sentence: [lead, target.label, detail].filter(Boolean).join(' '),
    known,
  };
}

/** The whole sentence of an entry with its actor: "Laura Céspedes creó la factura FAC-2026-0042". */
export function auditSentence(entry: DescribedEntry): string {
  const d = describeAuditEntry(entry);
  return `${d.actor} ${d.sentence}`;
}

/** One audit entry (`GET /audit`, `GET /users/{id}/activity`). Dates ISO. */
export const AuditEntrySchema = z.object({
  _id: z.uuid(),
  action: z.string(),
  actor: z
    .object({ _id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() })
    .nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** `GET /audit` query (admin): filters and page (20 per page by default, at most 100). Dates ISO. */
export const ListAuditQuerySchema = z.object({
  actorId: z.uuid().optional(),
  /**
   * Exact actions or prefixes ending in "." ("auth." = every auth event), comma-separated: a
   * category of {@link AUDIT_CATEGORIES} ("invoice.,recurring_invoice.,share_link.").
   */
  action: z.string().trim().max(300).optional(),
  targetType: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(60).optional(),
  from: isoDateTimeSchema().optional(),
  to: isoDateTimeSchema().optional(),
  ...pageQueryFields(),
});
export type ListAuditQuery = z.input<typeof ListAuditQuerySchema>;

/** `GET /audit` and `GET /users/{id}/activity` → `data`. */
export const ListAuditResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** The contract plus `pages` = ceil(total / limit) (decision 088). */
  pagination: PaginationSchema.extend({ pages: z.number().int() }),
});
export type ListAuditResponse = z.infer<typeof ListAuditResponseSchema>;
