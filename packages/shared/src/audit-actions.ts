import {
  type AuditActionText,
  fromTo,
  LOGIN_FAILURE_REASONS,
  label,
  num,
  PROJECT,
  plural,
  REQUEST_STATUS,
  reason,
  str,
} from './audit-text.js';
import { ECF_MODE_LABELS } from './ecf.js';
import { LEAD_ACTIVITY_TYPE_LABELS, LEAD_SOURCE_LABELS } from './leads.js';
import { REPORT_TYPE_LABELS } from './reports.js';
import { ROLE_LABELS, USER_STATUS_LABELS } from './roles.js';

/*
 * How the audit log reads (issue 32): every action the API writes (dotted names, see
 * apps/api/src/lib/audit.ts) is a Spanish sentence that follows the actor — "Laura Céspedes
 * creó la factura FAC-2026-0042" — with its object linked to its screen when it has one.
 * `audit.test.ts` scans the API's `audit(` calls: an action written without a sentence here
 * fails it.
 */

/** «Title» of the task an entry names (metadata `taskTitle`). */
const taskTitle = (m: Record<string, unknown>) => (str(m.taskTitle) ? `«${str(m.taskTitle)}»` : undefined);

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
  'profile.push_subscribed': { verb: 'activó las notificaciones en un dispositivo', noObject: true },
  'profile.push_unsubscribed': { verb: 'desactivó las notificaciones en un dispositivo', noObject: true },
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
  'settings.online_payments_updated': {
    verb: 'actualizó',
    object: 'los pagos en línea (Azul)',
    href: () => '/settings?tab=payments',
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
  'mail.inbound.assigned': {
    verb: 'asignó',
    object: 'un correo recibido',
    detail: (m) => (str(m.ticket) ? `al ticket ${str(m.ticket)}` : undefined),
    href: () => '/settings?tab=mail',
  },
  'mail.inbound.ticket_created': {
    verb: 'creó un ticket desde',
    object: 'un correo recibido',
    detail: (m) => (str(m.ticket) ? `(${str(m.ticket)})` : undefined),
    href: () => '/settings?tab=mail',
  },
  'mail.inbound.discarded': {
    verb: 'descartó',
    object: 'un correo recibido',
    detail: (m) => (str(m.from) ? `de ${str(m.from)}` : undefined),
    href: () => '/settings?tab=mail',
  },
  'file.uploaded': { verb: 'subió', object: 'un archivo' },

  // Leads pipeline (decision 170)
  'lead.created': {
    verb: 'creó',
    anonymous: { actor: 'El portal', verb: 'creó' },
    detail: (m) =>
      str(m.source) ? `desde ${label(LEAD_SOURCE_LABELS, m.source)!.toLowerCase()}` : undefined,
  },
  'lead.updated': { verb: 'editó' },
  'lead.moved': {
    verb: 'movió',
    detail: (m) => {
      const from = str(m.fromStage);
      const to = str(m.toStage);
      const move = from && to ? `de ${from} a ${to}` : to ? `a ${to}` : undefined;
      const why = reason(m);
      return [move, why].filter(Boolean).join(' ') || undefined;
    },
  },
  'lead.note_added': { verb: 'agregó una nota a' },
  'lead.activity_added': {
    verb: (m) =>
      str(m.type)
        ? `registró una ${label(LEAD_ACTIVITY_TYPE_LABELS, m.type)!.toLowerCase()} en`
        : 'registró una actividad en',
  },
  'lead.converted': { verb: 'convirtió en cliente' },
  'lead_stage.created': { verb: 'creó' },
  'lead_stage.updated': { verb: 'editó' },
  'lead_stage.deleted': { verb: 'eliminó', gone: true },

  // Proposals and contracts (decision 171)
  'proposal.created': { verb: 'creó' },
  'proposal.updated': { verb: 'editó' },
  'proposal.sent': { verb: 'envió para firma', detail: (m) => (str(m.to) ? `a ${str(m.to)}` : undefined) },
  'proposal.new_version': {
    verb: 'creó una nueva versión de',
    detail: (m) => (num(m.version) ? `(versión ${num(m.version)})` : undefined),
  },
  'proposal.signed': {
    verb: 'registró la firma de',
    anonymous: { actor: 'El destinatario', verb: 'firmó' },
    detail: (m) =>
      str(m.signer) ? `(${str(m.signer)}${m.via === 'portal' ? ', en el portal' : ''})` : undefined,
  },
  'proposal.declined': {
    verb: 'registró el rechazo de',
    anonymous: { actor: 'El destinatario', verb: 'rechazó' },
    detail: reason,
  },
  'proposal.countersigned': { verb: 'firmó por la agencia' },
  'proposal.deleted': {
    verb: 'eliminó el borrador de',
    gone: true,
    detail: (m) => (num(m.version) ? `(versión ${num(m.version)})` : undefined),
  },
  'contract.created': { verb: 'creó' },
  'contract.updated': { verb: 'editó' },
  'contract.sent': { verb: 'envió para firma', detail: (m) => (str(m.to) ? `a ${str(m.to)}` : undefined) },
  'contract.new_version': {
    verb: 'creó una nueva versión de',
    detail: (m) => (num(m.version) ? `(versión ${num(m.version)})` : undefined),
  },
  'contract.signed': {
    verb: 'registró la firma de',
    anonymous: { actor: 'El destinatario', verb: 'firmó' },
    detail: (m) =>
      str(m.signer) ? `(${str(m.signer)}${m.via === 'portal' ? ', en el portal' : ''})` : undefined,
  },
  'contract.declined': {
    verb: 'registró el rechazo de',
    anonymous: { actor: 'El destinatario', verb: 'rechazó' },
    detail: reason,
  },
  'contract.countersigned': { verb: 'firmó por la agencia' },
  'contract.deleted': {
    verb: 'eliminó el borrador de',
    gone: true,
    detail: (m) => (num(m.version) ? `(versión ${num(m.version)})` : undefined),
  },
  'proposal.converted': {
    verb: 'convirtió',
    detail: (m) =>
      m.target === 'project'
        ? 'en proyecto'
        : m.target === 'retainer'
          ? 'en iguala'
          : m.target === 'invoice'
            ? 'en factura'
            : undefined,
  },
  'document_template.created': { verb: 'creó' },
  'document_template.updated': { verb: 'editó' },
  'document_template.deleted': { verb: 'eliminó', gone: true },

  // Clients and requests
  'client.created': { verb: 'creó' },
  'client.updated': { verb: 'editó' },
  'client.archived': { verb: 'archivó' },
  'client.email_failing_cleared': {
    verb: (m) =>
      m.why === 'email_changed' ? 'cambió el correo que rebotaba de' : 'quitó el aviso de correo rebotado de',
  },
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
  'invoice.payment_voided': { verb: 'anuló un pago de', detail: reason },
  'invoice.payment_reported': { verb: 'reportó una transferencia en' },
  'invoice.payment_report_confirmed': { verb: 'confirmó la transferencia reportada en' },
  'invoice.payment_report_rejected': { verb: 'rechazó la transferencia reportada en', detail: reason },
  'invoice.card_payment_started': { verb: 'inició un pago con tarjeta de' },
  'invoice.card_payment_answered': {
    verb: (m) =>
      m.status === 'approved' ? 'recibió la aprobación de Azul para' : 'recibió la respuesta de Azul para',
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
  // Project tasks (issue 45): the project links, the task's title in the detail.
  'task.created': { ...PROJECT, verb: 'creó una tarea en', detail: (m) => taskTitle(m) },
  'task.requested': { ...PROJECT, verb: 'solicitó una tarea en', detail: (m) => taskTitle(m) },
  'task.updated': { ...PROJECT, verb: 'editó una tarea de', detail: (m) => taskTitle(m) },
  'task.moved': { ...PROJECT, verb: 'movió una tarea de', detail: (m) => taskTitle(m) },
  'task.deleted': { ...PROJECT, verb: 'eliminó una tarea de', detail: (m) => taskTitle(m) },
  'task.comment.created': {
    ...PROJECT,
    verb: (m) => (m.isInternal === true ? 'comentó (interno) una tarea de' : 'comentó una tarea de'),
    detail: (m) => taskTitle(m),
  },
  'task.file.uploaded': { ...PROJECT, verb: 'subió un archivo a una tarea de' },
  'task.file.deleted': { ...PROJECT, verb: 'eliminó un archivo de una tarea de' },
  'task.settings.updated': { ...PROJECT, verb: 'cambió la configuración de tareas de' },
  'task.timer.discarded': { ...PROJECT, verb: 'descartó un temporizador de', detail: (m) => taskTitle(m) },
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

  // Bank reconciliation (issue 48, decision 166)
  'bank.account_created': {
    verb: 'creó',
    object: 'una cuenta bancaria',
    detail: (m) =>
      str(m.bank) ? `(${str(m.bank)} ${str(m.accountNumber) ?? ''})`.replace(' )', ')') : undefined,
  },
  'bank.account_updated': { verb: 'editó', object: 'una cuenta bancaria' },
  'bank.statement_imported': {
    verb: 'importó',
    object: 'un estado de cuenta',
    detail: (m) =>
      m.imported !== undefined ? `(${String(m.imported)} de ${String(m.lines)} líneas nuevas)` : undefined,
  },
  'bank.line_matched': { verb: 'concilió', object: 'una línea del banco' },
  'bank.line_unmatched': { verb: 'deshizo la conciliación de', object: 'una línea del banco' },
  'bank.line_ignored': { verb: 'ignoró', object: 'una línea del banco', detail: (m) => reason(m) },
  'bank.line_unignored': { verb: 'volvió a considerar', object: 'una línea del banco' },
  'bank.rule_created': {
    verb: 'creó',
    object: 'una regla bancaria',
    detail: (m) => (str(m.name) ? `«${str(m.name)}»` : undefined),
  },
  'bank.rule_updated': {
    verb: 'editó',
    object: 'una regla bancaria',
    detail: (m) => (str(m.name) ? `«${str(m.name)}»` : undefined),
  },
  'bank.rule_deleted': {
    verb: 'eliminó',
    object: 'una regla bancaria',
    gone: true,
    detail: (m) => (str(m.name) ? `«${str(m.name)}»` : undefined),
  },

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
  'fiscal.received_verified': {
    verb: 'verificó con la DGII',
    of: 'ecf_received',
    object: 'el e-CF',
    anonymous: { actor: 'El portal' },
    detail: (m) => (str(m.outcome) ? `(${str(m.outcome)})` : undefined),
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
  // DGII certification wizard (issue 41, decision 159)
  'fiscal.certification_step_completed': {
    verb: 'marcó como completado',
    object: 'un paso de la certificación DGII',
    href: () => '/settings/certification',
    detail: (m) =>
      num(m.step) !== undefined && str(m.title) ? `(paso ${num(m.step)}: ${str(m.title)})` : undefined,
  },
  'fiscal.certification_step_undone': {
    verb: 'desmarcó',
    object: 'un paso de la certificación DGII',
    href: () => '/settings/certification',
    detail: (m) =>
      num(m.step) !== undefined && str(m.title) ? `(paso ${num(m.step)}: ${str(m.title)})` : undefined,
  },
  'fiscal.certified_elsewhere': {
    verb: 'confirmó que la empresa ya está certificada por la DGII como emisor electrónico',
    noObject: true,
  },
  'fiscal.certification_set_imported': {
    verb: 'importó',
    object: 'un set de pruebas de la certificación DGII',
    href: () => '/settings/certification?paso=2',
    detail: (m) => (str(m.fileName) ? `(${str(m.fileName)}, ${num(m.cases) ?? 0} casos)` : undefined),
  },
  'fiscal.certification_approvals_imported': {
    verb: 'importó y envió',
    object: 'las aprobaciones comerciales de la certificación DGII',
    href: () => '/settings/certification?paso=3',
    detail: (m) => (str(m.fileName) ? `(${str(m.fileName)}, ${num(m.cases) ?? 0} casos)` : undefined),
  },
  'fiscal.certification_set_sent': {
    verb: 'envió a la DGII',
    object: 'un set de pruebas de la certificación DGII',
    href: () => '/settings/certification?paso=2',
    detail: (m) => (str(m.fileName) ? `(${str(m.fileName)})` : undefined),
  },
  'fiscal.certification_file_signed': {
    verb: 'firmó con el certificado digital',
    object: 'un archivo XML de la certificación DGII',
    detail: (m) => (str(m.fileName) ? `(${str(m.fileName)})` : undefined),
  },
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
