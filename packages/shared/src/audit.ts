import { z } from 'zod';
import { ECF_MODE_LABELS } from './ecf.js';
import { PaginationSchema, pageQueryFields } from './pagination.js';
import { REPORT_TYPE_LABELS } from './reports.js';
import { REQUEST_STATUS_LABELS } from './requests.js';
import { ROLE_LABELS, USER_STATUS_LABELS } from './roles.js';
import { isoDateTimeSchema } from './text.js';

/*
 * How the audit log reads (issue 32): every action the API writes (dotted names, see
 * apps/api/src/lib/audit.ts) is a Spanish sentence that follows the actor — "Laura Céspedes
 * creó la factura FAC-2026-0042" — with its object linked to its screen when it has one.
 * `audit.test.ts` scans the API's `audit(` calls: an action written without a sentence here
 * fails it.
 */

type Metadata = Record<string, unknown>;

/** How one action reads. */
interface AuditActionText {
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
const TARGET_NOUNS: Record<string, string> = {
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
};

/** Metadata keys that name the object, by target type (first present wins). */
const NAME_KEYS: Record<string, string[]> = {
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
};

/** Portal route of a target, by type and id (absent: no screen of its own). */
const byId = (route: (id: string) => string) => (id: string | null) => (id ? route(id) : undefined);
const TARGET_ROUTES: Record<string, (id: string | null) => string | undefined> = {
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
};

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const label = (labels: Record<string, string>, v: unknown): string | undefined => {
  const s = str(v);
  return s ? (labels[s] ?? s) : undefined;
};
/** "de Activo a Inactivo" from `{from, to}` metadata. */
const fromTo =
  (labels: Record<string, string>) =>
  (m: Metadata): string | undefined => {
    const from = label(labels, m.from);
    const to = label(labels, m.to);
    return from && to ? `de ${from} a ${to}` : to ? `a ${to}` : undefined;
  };
const reason = (m: Metadata): string | undefined => {
  const r = str(m.reason);
  return r ? `— motivo: ${r}` : undefined;
};
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** Project sub-resources link to their project (metadata `projectId`, written since issue 32). */
const toProject = (m: Metadata) => (str(m.projectId) ? `/projects/${str(m.projectId)}` : undefined);

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
/** "202603" → "marzo de 2026" (other shapes unchanged). */
function periodLabel(period: string): string {
  const m = /^(\d{4})-?(\d{2})$/.exec(period);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${month} de ${m[1]}` : period;
}

const LOGIN_FAILURE_REASONS: Record<string, string> = {
  unknown_email: 'correo no registrado',
  wrong_password: 'contraseña incorrecta',
  status_inactive: 'cuenta inactiva',
  status_pending: 'cuenta pendiente de activación',
};

const PROJECT = { of: 'project', object: 'el proyecto', href: toProject } as const;
const REQUEST_STATUS = fromTo(REQUEST_STATUS_LABELS);

/** Every action the API writes, as it reads after the actor. */
export const AUDIT_ACTIONS: Record<string, AuditActionText> = {
  // Sessions and security
  'auth.login.succeeded': {
    verb: 'inició sesión',
    noObject: true,
    detail: (m) =>
      m.secondFactor === 'totp'
        ? 'con verificación en dos pasos'
        : m.secondFactor === 'recovery_code'
          ? 'con un código de recuperación'
          : undefined,
  },
  'auth.login.failed': {
    verb: 'no pudo iniciar sesión',
    noObject: true,
    anonymous: { actor: 'Alguien' },
    detail: (m) =>
      [
        str(m.email) && `con ${str(m.email)}`,
        label(LOGIN_FAILURE_REASONS, m.reason) && `(${label(LOGIN_FAILURE_REASONS, m.reason)})`,
      ]
        .filter(Boolean)
        .join(' ') || undefined,
  },
  'auth.login.throttled': {
    verb: 'superó el límite de intentos de inicio de sesión',
    noObject: true,
    anonymous: { actor: 'Alguien' },
    detail: (m) => (str(m.email) ? `con ${str(m.email)}` : undefined),
  },
  'auth.login.password_ok': { verb: 'introdujo su contraseña (falta el segundo factor)', noObject: true },
  'auth.login.2fa_failed': { verb: 'introdujo un código de verificación incorrecto', noObject: true },
  'auth.logout': { verb: 'cerró sesión', noObject: true },
  'auth.refresh.reuse_detected': {
    verb: 'presentó un token de sesión ya usado (posible robo de sesión; se cerró la sesión)',
    noObject: true,
  },
  'auth.password.change_failed': {
    verb: 'no pudo cambiar su contraseña (contraseña actual incorrecta)',
    noObject: true,
  },
  'auth.password.changed': { verb: 'cambió su contraseña', noObject: true },
  'auth.session.revoked': { verb: 'cerró una de sus sesiones', noObject: true },
  'auth.sessions.revoked_others': {
    verb: 'cerró sus otras sesiones',
    noObject: true,
    detail: (m) =>
      num(m.revoked) !== undefined ? `(${plural(num(m.revoked)!, 'sesión', 'sesiones')})` : undefined,
  },
  'auth.2fa.enabled': { verb: 'activó la verificación en dos pasos', noObject: true },
  'auth.2fa.disabled': { verb: 'desactivó la verificación en dos pasos', noObject: true },
  'auth.2fa.recovery_codes_regenerated': { verb: 'generó nuevos códigos de recuperación', noObject: true },
  'auth.2fa.recovery_code_used': { verb: 'usó un código de recuperación', noObject: true },
  'account.deleted': { verb: 'eliminó su cuenta', noObject: true },
  'profile.updated': { verb: 'actualizó su perfil', noObject: true },
  'profile.preferences_updated': { verb: 'actualizó sus preferencias', noObject: true },
  'calendar.feed.created': { verb: 'activó su enlace de calendario', noObject: true },
  'calendar.feed.revoked': { verb: 'revocó su enlace de calendario', noObject: true },

  // Users
  'user.created': {
    verb: 'creó',
    detail: (m) => (label(ROLE_LABELS, m.role) ? `(${label(ROLE_LABELS, m.role)})` : undefined),
  },
  'user.updated': { verb: 'editó' },
  'user.deleted': { verb: 'eliminó', gone: true },
  'user.status_changed': { verb: 'cambió el estado de', detail: fromTo(USER_STATUS_LABELS) },
  'user.role_changed': { verb: 'cambió el rol de', detail: fromTo(ROLE_LABELS) },
  'user.permissions_changed': { verb: 'cambió los permisos de' },
  'user.password_reset': { verb: 'restableció la contraseña de' },
  'user.cost_rate_set': {
    verb: 'fijó el costo por hora de',
    of: 'user',
    detail: (m) =>
      typeof m.to === 'number' ? `en RD$${m.to.toFixed(2)}` : m.to === null ? '(sin costo)' : undefined,
  },

  // Settings
  'settings.updated': {
    verb: 'actualizó',
    object: 'los datos de la empresa',
    href: () => '/settings?tab=company',
  },
  'settings.payment_instructions_updated': {
    verb: 'actualizó',
    object: 'las instrucciones de pago',
    href: () => '/settings?tab=payments',
  },
  'settings.business_hours_updated': {
    verb: 'actualizó',
    object: 'el horario laboral',
    href: () => '/settings?tab=company',
  },
  'settings.reminders_updated': {
    verb: 'actualizó',
    object: 'los recordatorios de pago',
    href: () => '/settings?tab=jobs',
  },
  'settings.test_email': {
    verb: 'envió un correo de prueba',
    noObject: true,
    detail: (m) => (str(m.to) ? `a ${str(m.to)}` : undefined),
  },
  'mail.resent': { verb: 'reenvió' },
  'file.uploaded': { verb: 'subió', object: 'un archivo' },

  // Clients and requests
  'client.created': { verb: 'creó' },
  'client.updated': { verb: 'editó' },
  'client.archived': { verb: 'archivó' },
  'client.deleted': { verb: 'eliminó', gone: true },
  'client.registered': { verb: 'completó el registro de' },
  'client.reminders_updated': {
    verb: (m) =>
      m.optOut === true
        ? 'desactivó los recordatorios de pago de'
        : m.optOut === false
          ? 'activó los recordatorios de pago de'
          : 'cambió los recordatorios de pago de',
  },
  'client.tax_id_override': {
    verb: 'aceptó un RNC o cédula no verificado para',
    detail: (m) => [str(m.taxId) && `(${str(m.taxId)})`, reason(m)].filter(Boolean).join(' ') || undefined,
  },
  'client.communication.created': { verb: 'registró una comunicación con' },
  'client.communication.deleted': { verb: 'eliminó una comunicación de' },
  'registration_link.created': {
    verb: 'creó un enlace de registro',
    noObject: true,
    detail: (m) => (str(m.email) ? `para ${str(m.email)}` : undefined),
  },
  'quote_request.created': {
    verb: 'envió',
    object: 'una solicitud de cotización',
    anonymous: { actor: 'El portal', verb: 'recibió' },
  },
  'quote_request.status_changed': { verb: 'cambió el estado de', detail: REQUEST_STATUS },
  'access_request.created': {
    verb: 'envió',
    object: 'una solicitud de acceso',
    anonymous: { actor: 'El portal', verb: 'recibió' },
    detail: (m) => (num(m.files) ? `(${plural(num(m.files)!, 'archivo', 'archivos')})` : undefined),
  },
  'access_request.status_changed': { verb: 'cambió el estado de', detail: REQUEST_STATUS },

  // Billing
  'invoice.created': { verb: 'creó' },
  'invoice.updated': { verb: 'editó' },
  'invoice.issued': { verb: 'emitió', detail: (m) => (str(m.ncf) ? `con NCF ${str(m.ncf)}` : undefined) },
  'invoice.sent': { verb: 'envió' },
  'invoice.resent': { verb: 'reenvió' },
  'invoice.reminded': { verb: 'envió un recordatorio de pago de' },
  'invoice.payment_recorded': {
    verb: (m) => (m.fullyPaid === true ? 'registró el pago total de' : 'registró un pago en'),
  },
  'invoice.cancelled': { verb: 'canceló', detail: reason },
  'invoice.voided': { verb: 'anuló el borrador de' },
  'invoice.deleted': { verb: 'eliminó', gone: true },
  'invoice.credit_note_issued': {
    verb: 'emitió una nota de crédito para',
    detail: (m) => (str(m.ncf) ? `(NCF ${str(m.ncf)})` : undefined),
  },
  'invoice.debit_note_issued': {
    verb: 'emitió una nota de débito para',
    detail: (m) => (str(m.ncf) ? `(NCF ${str(m.ncf)})` : undefined),
  },
  'invoice.ecf_signed': { verb: 'registró el código de seguridad del e-CF de' },
  'invoice.ecf_signature_replaced': { verb: 'reemplazó el código de seguridad del e-CF de' },
  'invoice.ecf_retry': {
    verb: 'reintentó el envío a la DGII de',
    detail: (m) => (str(m.encf) ? `(e-NCF ${str(m.encf)})` : undefined),
  },
  'invoice.ecf_resigned': {
    verb: 'volvió a firmar el e-CF rechazado de',
    detail: (m) => (str(m.encf) ? `(e-NCF ${str(m.encf)})` : undefined),
  },
  'share_link.created': { verb: 'creó un enlace para compartir' },
  'share_link.revoked': { verb: 'revocó el enlace para compartir' },
  'recurring_invoice.created': { verb: 'creó' },
  'recurring_invoice.updated': { verb: 'editó' },
  'recurring_invoice.paused': { verb: 'pausó' },
  'recurring_invoice.resumed': { verb: 'reanudó' },
  'recurring_invoice.generated': {
    verb: 'generó',
    of: 'invoice',
    object: 'una factura',
    anonymous: { actor: 'El sistema' },
    href: (m) => (str(m.invoiceId) ? `/billing/${str(m.invoiceId)}` : undefined),
    detail: () => 'desde una iguala',
  },

  // Quotes
  'quote.created': { verb: 'creó' },
  'quote.updated': { verb: 'editó' },
  'quote.sent': { verb: 'envió' },
  'quote.resent': { verb: 'reenvió' },
  'quote.accepted': {
    verb: 'aceptó',
    detail: (m) => (str(m.signedName) ? `(firmada por ${str(m.signedName)})` : undefined),
  },
  'quote.rejected': { verb: 'rechazó', detail: reason },
  'quote.expired': { verb: 'marcó como vencida' },

  // Projects and tickets
  'project.created': { verb: 'creó' },
  'project.updated': { verb: 'editó' },
  'project.deleted': { verb: 'eliminó', gone: true },
  'project.file.uploaded': { ...PROJECT, verb: 'subió un archivo a' },
  'project.file.deleted': { ...PROJECT, verb: 'eliminó un archivo de' },
  'project.meeting.created': { ...PROJECT, verb: 'agendó una reunión en' },
  'project.meeting.updated': { ...PROJECT, verb: 'modificó una reunión de' },
  'project.meeting.deleted': {
    ...PROJECT,
    verb: (m) => (str(m.title) ? `canceló la reunión «${str(m.title)}» de` : 'canceló una reunión de'),
  },
  'project.milestone.created': { ...PROJECT, verb: 'añadió un hito a' },
  'project.milestone.updated': { ...PROJECT, verb: 'actualizó un hito de' },
  'project.note.created': {
    ...PROJECT,
    verb: (m) => (m.isInternal === true ? 'añadió una nota interna a' : 'añadió una nota a'),
  },
  'project.note.updated': { ...PROJECT, verb: 'editó una nota de' },
  'project.note.deleted': { ...PROJECT, verb: 'eliminó una nota de' },
  'project.time.logged': {
    ...PROJECT,
    verb: (m) => (num(m.hours) !== undefined ? `registró ${num(m.hours)} h en` : 'registró horas en'),
  },
  'project.time.updated': { ...PROJECT, verb: 'corrigió un registro de horas de' },
  'project.time.deleted': { ...PROJECT, verb: 'eliminó un registro de horas de' },
  'project.time.billed': {
    verb: (m) =>
      num(m.entries) !== undefined
        ? `facturó ${plural(num(m.entries)!, 'registro', 'registros')} de horas de`
        : 'facturó horas de',
  },
  'project.expenses.billed': {
    verb: (m) =>
      num(m.expenses) !== undefined
        ? `facturó ${plural(num(m.expenses)!, 'gasto', 'gastos')} de`
        : 'facturó gastos de',
  },
  'ticket.created': { verb: 'creó' },
  'ticket.deleted': { verb: 'eliminó', gone: true },

  // Reports
  'report.generated': {
    verb: 'generó',
    object: 'un reporte',
    detail: (m) =>
      label(REPORT_TYPE_LABELS, m.type) ? `(${label(REPORT_TYPE_LABELS, m.type)!.toLowerCase()})` : undefined,
  },
  'report.deleted': { verb: 'eliminó', object: 'un reporte' },

  // Suppliers and purchases (decision 140)
  'supplier.created': { verb: 'creó', of: 'supplier' },
  'supplier.updated': { verb: 'editó', of: 'supplier' },
  'expense.created': {
    verb: 'registró',
    of: 'expense',
    detail: (m) => (str(m.supplierName) ? `de ${str(m.supplierName)}` : undefined),
  },
  'expense.updated': { verb: 'editó', of: 'expense' },
  'expense.completed': {
    verb: 'completó',
    of: 'expense',
    detail: (m) => (str(m.supplierName) ? `(e-CF recibido de ${str(m.supplierName)})` : undefined),
  },
  'expense.deleted': { verb: 'eliminó', of: 'expense', gone: true },
  'expense.receipt_attached': { verb: 'adjuntó el comprobante de', of: 'expense' },
  'expense.receipt_removed': { verb: 'quitó el comprobante de', of: 'expense' },

  // Fiscal and e-CF
  'fiscal.sequence_created': {
    verb: 'creó',
    object: 'una secuencia de NCF',
    detail: (m) =>
      str(m.documentType) && m.rangeFrom !== undefined && m.rangeTo !== undefined
        ? `(${str(m.documentType)}, del ${String(m.rangeFrom)} al ${String(m.rangeTo)})`
        : undefined,
  },
  'fiscal.sequence_updated': {
    verb: (m) => (m.replaced === true ? 'desactivó (reemplazada)' : 'actualizó'),
    object: 'una secuencia de NCF',
  },
  'fiscal.ncf_voided': {
    verb: 'anuló comprobantes sin usar de',
    object: 'una secuencia de NCF',
    detail: (m) => {
      const ncfs = Array.isArray(m.ncfs) ? m.ncfs.filter((n): n is string => typeof n === 'string') : [];
      if (ncfs.length === 0) return undefined;
      return ncfs.length <= 3
        ? `(${ncfs.join(', ')})`
        : `(${ncfs.length} NCF, de ${ncfs[0]} a ${ncfs.at(-1)})`;
    },
  },
  'fiscal.period_closed': { verb: 'cerró', of: 'fiscal_period' },
  'fiscal.period_reopened': { verb: 'reabrió', of: 'fiscal_period', detail: reason },
  'fiscal.certificate_uploaded': {
    verb: 'cargó',
    object: 'el certificado digital',
    href: () => '/settings?tab=fiscal',
    detail: (m) => (str(m.subject) ? `de ${str(m.subject)}` : undefined),
  },
  'fiscal.dgii_connection_tested': {
    verb: 'probó la conexión con la DGII',
    noObject: true,
    detail: (m) => (m.ok === true ? '(correcta)' : m.ok === false ? '(falló)' : undefined),
  },
  'fiscal.ecf_mode_changed': {
    verb: 'cambió el modo de facturación electrónica',
    noObject: true,
    detail: (m) => {
      const to = label(ECF_MODE_LABELS, m.to);
      return to ? `a «${to}»` : undefined;
    },
  },
  'fiscal.ecf_received': {
    verb: 'recibió',
    of: 'ecf_received',
    object: 'el e-CF',
    anonymous: { actor: 'El portal' },
    detail: (m) => (str(m.issuerRnc) ? `del emisor RNC ${str(m.issuerRnc)}` : undefined),
  },
  'fiscal.buyer_approval_received': {
    verb: 'recibió la aprobación comercial del comprador para',
    of: 'ecf_buyer_approval',
    object: 'el e-CF',
    anonymous: { actor: 'El portal' },
  },
  'fiscal.received_approved': {
    verb: 'aprobó',
    of: 'ecf_received',
    detail: (m) => (str(m.issuerRnc) ? `del emisor RNC ${str(m.issuerRnc)}` : undefined),
  },
  'fiscal.received_rejected': { verb: 'rechazó', of: 'ecf_received', detail: reason },
  'fiscal.exchange_rate_set': {
    verb: 'registró la tasa de cambio',
    noObject: true,
    detail: (m) =>
      str(m.currency) && m.rate !== undefined && str(m.date)
        ? `del ${str(m.currency)} del ${str(m.date)!.split('-').reverse().join('/')}: RD$${String(m.rate)}`
        : undefined,
  },
  'fiscal.exchange_rates_imported': {
    verb: 'importó las tasas de cambio del Banco Central',
    noObject: true,
    detail: (m) => (typeof m.imported === 'number' ? `(${m.imported} días nuevos)` : undefined),
  },
};

/** The actions' kinds for the audit filter: each category's API filter is its prefixes joined by ",". */
export const AUDIT_CATEGORIES: { label: string; prefixes: string[] }[] = [
  { label: 'Facturación', prefixes: ['invoice.', 'recurring_invoice.', 'share_link.'] },
  { label: 'Cotizaciones', prefixes: ['quote.'] },
  { label: 'Solicitudes', prefixes: ['quote_request.', 'access_request.', 'registration_link.'] },
  { label: 'Clientes', prefixes: ['client.'] },
  { label: 'Proyectos', prefixes: ['project.'] },
  { label: 'Tickets', prefixes: ['ticket.'] },
  { label: 'Fiscal', prefixes: ['fiscal.'] },
  { label: 'Compras y gastos', prefixes: ['supplier.', 'expense.'] },
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
