import { z } from 'zod';

/** Portal roles (spec doc 2 §1). */
export const ROLES = ['admin', 'employee', 'client'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Spanish role labels shown in the user menu and user screens. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  employee: 'Empleado',
  client: 'Cliente',
};

/** User account status (spec doc 2 §4). */
export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Activo',
  inactive: 'Inactivo',
  pending: 'Pendiente',
};
export const USER_STATUS_COLORS: Record<UserStatus, string> = {
  active: 'green',
  inactive: 'gray',
  pending: 'yellow',
};

/** True for agency staff (admin or employee). */
export function isStaff(role: Role): boolean {
  return role === 'admin' || role === 'employee';
}
