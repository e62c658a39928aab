import { MONTH_NAMES } from './dates.js';
import { REQUEST_STATUS_LABELS } from './requests.js';

/*
 * The vocabulary of the audit sentences (issue 32): how one action reads, the noun and screen of
 * each kind of object, the metadata keys that name it and the small phrase builders the actions
 * share. Internal to the audit files (not exported from the package; decision 152).
 */

/** An audit entry's metadata as the sentences read it. */
export type Metadata = Record<string, unknown>;

/** How one action reads. */
export interface AuditActionText {
  /** Verb phrase after the actor, up to the object: "creó", "registró un pago en". */
  verb: string | ((m: Metadata) => string);
  /** The kind of object the sentence names when it is not the target's (a note's project). */
  of?: string;
  /**
   * The object with its article ("la factura"); when absent, the target type's noun (see
   * {@link TARGET_NOUNS}) — or nothing for actions without an object ("cerró sesión").
   */
  object?: string;
  /** The action has no object: the target (often the actor themself) is not named. */
  noObject?: boolean;
  /** The object no longer exists after the action: named, never linked. */
  gone?: boolean;
  /** Who reads as the actor when the entry has none ("El portal"); default "El sistema". */
  anonymous?: { actor: string; verb?: string };
  /** Words after the object from the metadata ("con NCF B0100000012", "de Activo a Inactivo"). */
  detail?: (m: Metadata) => string | undefined;
  /** Route of the object when it is not the target's own (e.g. the generated invoice). */
  href?: (m: Metadata, targetId: string | null) => string | undefined;
}

/** The noun of each target type, with its article. */
export const TARGET_NOUNS: Record<string, string> = {
  invoice: 'la factura',
  quote: 'la cotización',
  client: 'el cliente',
  project: 'el proyecto',
  ticket: 'el ticket',
  user: 'el usuario',
  quote_request: 'la solicitud de cotización',
  access_request: 'la solicitud de acceso',
  recurring_invoice: 'la iguala',
  report: 'el reporte',
  fiscal_sequence: 'la secuencia de NCF',
  fiscal_period: 'el período fiscal',
  bank_account: 'la cuenta bancaria',
  bank_line: 'la línea del banco',
  bank_rule: 'la regla bancaria',
  ecf_received: 'el e-CF recibido',
  ecf_buyer_approval: 'el e-CF',
  registration_link: 'el enlace de registro',
  email: 'el correo',
  file: 'el archivo',
  meeting: 'la reunión',
  note: 'la nota',
  milestone: 'el hito',
  time_entry: 'el registro de horas',
  session: 'la sesión',
  settings: 'la configuración',
  company_settings: 'la configuración de la empresa',
  supplier: 'el proveedor',
  expense: 'el gasto',
  lead: 'el prospecto',
  lead_stage: 'la etapa de prospectos',
  proposal: 'la propuesta',
  contract: 'el contrato',
  document_template: 'la plantilla',
};

/** Metadata keys that name the object, by target type (first present wins). */
export const NAME_KEYS: Record<string, string[]> = {
  invoice: ['invoiceNumber'],
  quote: ['quoteNumber'],
  user: ['email'],
  client: ['clientName', 'companyName', 'name'],
  project: ['projectName', 'name'],
  ticket: ['title'],
  meeting: ['title'],
  fiscal_period: ['period'],
  ecf_received: ['encf'],
  ecf_buyer_approval: ['encf'],
  registration_link: ['email'],
  supplier: ['name', 'supplierName'],
  expense: ['ncf'],
  lead: ['title'],
  lead_stage: ['name'],
  proposal: ['number'],
  contract: ['number'],
  document_template: ['name'],
};

/** Portal route of a target, by type and id (absent: no screen of its own). */
const byId = (route: (id: string) => string) => (id: string | null) => (id ? route(id) : undefined);
export const TARGET_ROUTES: Record<string, (id: string | null) => string | undefined> = {
  invoice: byId((id) => `/billing/${id}`),
  quote: byId((id) => `/billing/quotes/${id}`),
  client: byId((id) => `/clients/${id}`),
  project: byId((id) => `/projects/${id}`),
  ticket: byId((id) => `/tickets/${id}`),
  user: byId((id) => `/users/${id}`),
  quote_request: byId((id) => `/clients/requests?kind=quote&id=${id}`),
  access_request: byId((id) => `/clients/requests?kind=access&id=${id}`),
  recurring_invoice: () => '/billing/retainers',
  report: () => '/reports',
  fiscal_sequence: () => '/settings?tab=fiscal',
  fiscal_period: () => '/settings?tab=fiscal',
  email: () => '/settings?tab=mail',
  lead: byId((id) => `/leads/${id}`),
  lead_stage: () => '/leads',
  proposal: byId((id) => `/proposals/${id}`),
  contract: byId((id) => `/contracts/${id}`),
};

/** A non-blank string, trimmed; undefined otherwise. */
export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : undefined;
/** A finite number; undefined otherwise. */
export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
/** The label of a known value (`labels[v]`), the value itself when unknown, undefined when blank. */
export const label = (labels: Record<string, string>, v: unknown): string | undefined => {
  const s = str(v);
  return s ? (labels[s] ?? s) : undefined;
};
/** "de Activo a Inactivo" from `{from, to}` metadata. */
export const fromTo =
  (labels: Record<string, string>) =>
  (m: Metadata): string | undefined => {
    const from = label(labels, m.from);
    const to = label(labels, m.to);
    return from && to ? `de ${from} a ${to}` : to ? `a ${to}` : undefined;
  };
/** "— motivo: …" from `{reason}` metadata. */
export const reason = (m: Metadata): string | undefined => {
  const r = str(m.reason);
  return r ? `— motivo: ${r}` : undefined;
};
/** "1 archivo" / "3 archivos". */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** Project sub-resources link to their project (metadata `projectId`, written since issue 32). */
const toProject = (m: Metadata) => (str(m.projectId) ? `/projects/${str(m.projectId)}` : undefined);

/** "202603" → "marzo de 2026" (other shapes unchanged). */
export function periodLabel(period: string): string {
  const m = /^(\d{4})-?(\d{2})$/.exec(period);
  const month = m ? MONTH_NAMES[Number(m[2]) - 1] : undefined;
  return m && month ? `${month} de ${m[1]}` : period;
}

export const LOGIN_FAILURE_REASONS: Record<string, string> = {
  unknown_email: 'correo no registrado',
  wrong_password: 'contraseña incorrecta',
  status_inactive: 'cuenta inactiva',
  status_pending: 'cuenta pendiente de activación',
};

/** The object of an action on a project sub-resource: the project, linked. */
export const PROJECT = { of: 'project', object: 'el proyecto', href: toProject } as const;
/** "de Nueva a En revisión" of a request's status change. */
export const REQUEST_STATUS = fromTo(REQUEST_STATUS_LABELS);
