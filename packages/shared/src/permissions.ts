import { z } from 'zod';
import type { Role } from './roles.js';

/**
 * Permission strings `<resource>.<read|write>` (decision record 061). The server checks them with
 * `app.requirePermission('x.write')` next to the role check; the users screen edits them.
 */
export const PERMISSIONS = [
  'projects.read',
  'projects.write',
  'tickets.read',
  'tickets.write',
  'calendar.read',
  'calendar.write',
  'clients.read',
  'clients.write',
  'invoices.read',
  'invoices.write',
  'leads.read',
  'leads.write',
  'proposals.read',
  'proposals.write',
  'reports.read',
  'users.read',
  'users.write',
  'settings.write',
  'audit.read',
] as const;
export const PermissionSchema = z.enum(PERMISSIONS, { error: 'Permiso desconocido' });
export type Permission = z.infer<typeof PermissionSchema>;

type PermissionGroup = { label: string; permissions: { value: Permission; label: string }[] };

/** A group with the read and write permission of one resource. */
function readWriteGroup(
  label: string,
  resource: 'projects' | 'tickets' | 'calendar' | 'clients' | 'invoices' | 'leads' | 'proposals',
  readLabel: string,
  writeLabel: string,
): PermissionGroup {
  return {
    label,
    permissions: [
      { value: `${resource}.read`, label: readLabel },
      { value: `${resource}.write`, label: writeLabel },
    ],
  };
}

/** Spanish labels of the permissions tab, grouped by resource. */
export const PERMISSION_GROUPS: PermissionGroup[] = [
  readWriteGroup('Proyectos', 'projects', 'Ver proyectos', 'Crear y editar proyectos'),
  readWriteGroup('Tickets', 'tickets', 'Ver tickets', 'Crear y responder tickets'),
  readWriteGroup('Calendario', 'calendar', 'Ver eventos', 'Crear y editar eventos'),
  readWriteGroup('Clientes', 'clients', 'Ver clientes', 'Crear y editar clientes'),
  readWriteGroup('Facturación', 'invoices', 'Ver facturas', 'Crear facturas y registrar pagos'),
  readWriteGroup('Prospectos', 'leads', 'Ver prospectos', 'Crear, mover y dar seguimiento a prospectos'),
  readWriteGroup(
    'Propuestas y contratos',
    'proposals',
    'Ver propuestas y contratos',
    'Crear, editar y enviar propuestas y contratos',
  ),
  { label: 'Reportes', permissions: [{ value: 'reports.read', label: 'Ver reportes' }] },
  {
    label: 'Administración',
    permissions: [
      { value: 'users.read', label: 'Ver usuarios' },
      { value: 'users.write', label: 'Gestionar usuarios' },
      { value: 'settings.write', label: 'Editar la configuración de la empresa' },
      { value: 'audit.read', label: 'Ver el registro de auditoría' },
    ],
  },
];

/** Label of one permission ("Ver proyectos"), or the raw string when unknown. */
export function permissionLabel(permission: string): string {
  for (const group of PERMISSION_GROUPS) {
    const found = group.permissions.find((p) => p.value === permission);
    if (found) return found.label;
  }
  return permission;
}

/** What a new employee gets: its modules, with clients and invoices read-only. */
const EMPLOYEE_DEFAULTS = [
  'projects.read',
  'projects.write',
  'tickets.read',
  'tickets.write',
  'calendar.read',
  'calendar.write',
  'clients.read',
  'invoices.read',
] as const satisfies readonly Permission[];
/** A client's permissions: both its default and its ceiling. */
const CLIENT_PERMISSIONS = [
  'projects.read',
  'tickets.read',
  'tickets.write',
  'calendar.read',
  'invoices.read',
] as const satisfies readonly Permission[];

/**
 * The most a role may ever hold: a permission outside this set cannot be granted to a user of
 * that role (400 on `PUT /users/{id}`), so the role stays the outer bound.
 */
export const ROLE_PERMISSION_CEILING: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  // Mirrors what the modules let an employee do at all (decisions 050 and 070): clients and
  // invoices are read-only for employees and reports are admin-only, so `clients.write`,
  // `invoices.write` and `reports.read` are not offered (a toggle the server never honours).
  // `users.read` may be granted but is not a default; so may the leads pipeline (decision 170):
  // an admin gives `leads.read` / `leads.write` to the employees who sell, and likewise
  // `proposals.read` / `proposals.write` (decision 171).
  employee: [
    ...EMPLOYEE_DEFAULTS,
    'users.read',
    'leads.read',
    'leads.write',
    'proposals.read',
    'proposals.write',
  ],
  client: CLIENT_PERMISSIONS,
};

/** What a new user of each role gets (and what `permissions: null` means). */
export const ROLE_DEFAULT_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  employee: EMPLOYEE_DEFAULTS,
  client: CLIENT_PERMISSIONS,
};

/**
 * The permissions a user really has: admins always hold every permission (so an admin can never
 * lock the agency out); others hold their stored list (or the role default when none is stored),
 * cut down to the role's ceiling.
 */
export function effectivePermissions(user: {
  role: Role;
  permissions: readonly string[] | null;
}): Permission[] {
  if (user.role === 'admin') return [...PERMISSIONS];
  const ceiling = ROLE_PERMISSION_CEILING[user.role];
  const list = user.permissions ?? ROLE_DEFAULT_PERMISSIONS[user.role];
  return ceiling.filter((p) => list.includes(p));
}

/** True when the user holds `permission` (role ceiling and stored list both apply). */
export function hasPermission(
  user: { role: Role; permissions: readonly string[] | null },
  permission: Permission,
): boolean {
  return effectivePermissions(user).includes(permission);
}
