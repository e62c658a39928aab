import type { Permission, Role } from '@agencia/shared';
import {
  IconBuildingStore,
  IconCalendar,
  IconChartBar,
  IconChecklist,
  IconFolders,
  IconHeadset,
  IconLayoutDashboard,
  IconReceipt2,
  IconSettings,
  IconShoppingCart,
  IconTargetArrow,
  IconTicket,
  IconUserCog,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** Which live counter a navigation item shows (from GET /nav/badges). */
export type NavBadgeKey = 'projects' | 'tickets';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  badge?: NavBadgeKey;
}

const ADMIN_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/projects', label: 'Proyectos', icon: IconFolders, badge: 'projects' },
  { to: '/tasks', label: 'Mis tareas', icon: IconChecklist },
  { to: '/tickets', label: 'Tickets', icon: IconTicket, badge: 'tickets' },
  { to: '/calendar', label: 'Calendario', icon: IconCalendar },
  { to: '/clients', label: 'Clientes', icon: IconUsers },
  { to: '/leads', label: 'Prospectos', icon: IconTargetArrow },
  { to: '/billing', label: 'Facturación', icon: IconReceipt2 },
  { to: '/expenses', label: 'Gastos', icon: IconShoppingCart },
  { to: '/suppliers', label: 'Suplidores', icon: IconBuildingStore },
  { to: '/reports', label: 'Reportes', icon: IconChartBar },
  { to: '/settings', label: 'Configuración', icon: IconSettings },
  { to: '/users', label: 'Usuarios', icon: IconUserCog },
];

const MEMBER_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/projects', label: 'Mis Proyectos', icon: IconFolders, badge: 'projects' },
  { to: '/tickets', label: 'Soporte', icon: IconHeadset, badge: 'tickets' },
  { to: '/calendar', label: 'Calendario', icon: IconCalendar },
  { to: '/settings', label: 'Configuración', icon: IconSettings },
];

/** Read-only invoices entry (decision 056): clients see their own, employees all. */
const BILLING_ITEM: Record<'employee' | 'client', NavItem> = {
  employee: { to: '/billing', label: 'Facturación', icon: IconReceipt2 },
  client: { to: '/billing', label: 'Mis Facturas', icon: IconReceipt2 },
};

/** "Mis tareas" (decision 165): staff only — clients see tasks inside their projects. */
const MY_TASKS_ITEM: NavItem = { to: '/tasks', label: 'Mis tareas', icon: IconChecklist };

/** Expenses of the employee's projects (decision 140); clients never see expenses. */
const EMPLOYEE_EXPENSES_ITEM: NavItem = { to: '/expenses', label: 'Gastos', icon: IconShoppingCart };

/** The leads pipeline (decision 170): employees see it only once an admin granted `leads.read`. */
const LEADS_ITEM: NavItem = { to: '/leads', label: 'Prospectos', icon: IconTargetArrow };

/** The read permission each area needs (decision 070); areas not listed are always shown. */
const AREA_PERMISSIONS: Record<string, Permission> = {
  '/projects': 'projects.read',
  '/tasks': 'projects.read',
  '/tickets': 'tickets.read',
  '/calendar': 'calendar.read',
  '/clients': 'clients.read',
  '/leads': 'leads.read',
  '/billing': 'invoices.read',
  '/reports': 'reports.read',
  '/users': 'users.read',
};

/**
 * Navigation of spec doc 1 §2 "Application shell": full for admin, reduced for anyone else. With
 * `permissions` (the session user's effective list) an area the user may not read is left out.
 */
export function getNavItems(role: Role | undefined, permissions?: readonly string[]): NavItem[] {
  let items: NavItem[];
  if (role === 'admin') items = ADMIN_ITEMS;
  else if (!role) items = MEMBER_ITEMS;
  else {
    items = [...MEMBER_ITEMS];
    items.splice(4, 0, BILLING_ITEM[role]);
    if (role === 'employee') {
      items.splice(5, 0, EMPLOYEE_EXPENSES_ITEM);
      if (permissions?.includes('leads.read')) items.splice(6, 0, LEADS_ITEM);
      items.splice(2, 0, MY_TASKS_ITEM);
    }
  }
  if (!permissions) return items;
  return items.filter((item) => {
    const needed = AREA_PERMISSIONS[item.to];
    return !needed || permissions.includes(needed);
  });
}
