import { z } from 'zod';
import { PaginationSchema, pageQueryFields } from './pagination.js';
import { isoDateTimeSchema } from './text.js';

/**
 * Spanish labels of the audit actions written by the API (dotted names, see
 * apps/api/src/lib/audit.ts). Unknown actions are shown raw.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.login.succeeded': 'Inicio de sesión',
  'auth.login.failed': 'Inicio de sesión fallido',
  'auth.login.throttled': 'Inicio de sesión bloqueado',
  'auth.login.password_ok': 'Contraseña correcta, falta el segundo factor',
  'auth.login.2fa_failed': 'Código de verificación incorrecto',
  'auth.logout': 'Cierre de sesión',
  'auth.refresh.reuse_detected': 'Reutilización de token detectada',
  'auth.password.changed': 'Contraseña cambiada',
  'auth.session.revoked': 'Sesión cerrada',
  'auth.sessions.revoked_others': 'Otras sesiones cerradas',
  'auth.2fa.enabled': 'Verificación en dos pasos activada',
  'auth.2fa.disabled': 'Verificación en dos pasos desactivada',
  'auth.2fa.recovery_codes_regenerated': 'Códigos de recuperación regenerados',
  'auth.2fa.recovery_code_used': 'Código de recuperación usado',
  'profile.updated': 'Perfil actualizado',
  'profile.preferences_updated': 'Preferencias actualizadas',
  'account.deleted': 'Cuenta eliminada',
  'user.created': 'Usuario creado',
  'user.updated': 'Usuario actualizado',
  'user.deleted': 'Usuario eliminado',
  'user.status_changed': 'Estado de usuario cambiado',
  'user.role_changed': 'Rol de usuario cambiado',
  'user.permissions_changed': 'Permisos cambiados',
  'user.password_reset': 'Contraseña restablecida',
  'settings.updated': 'Configuración actualizada',
  'settings.test_email': 'Correo de prueba enviado',
  'file.uploaded': 'Archivo subido',
};

/** Spanish label of an audit action. */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
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
  /** Exact action, or a prefix ending in "." ("auth." = every auth event). */
  action: z.string().trim().max(60).optional(),
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
