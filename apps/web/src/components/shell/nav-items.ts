import type { Role } from '@agencia/shared';
import {
  IconCalendar,
  IconChartBar,
  IconFolders,
  IconHeadset,
  IconLayoutDashboard,
  IconReceipt2,
  IconSettings,
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
  { to: '/tickets', label: 'Tickets', icon: IconTicket, badge: 'tickets' },
  { to: '/calendar', label: 'Calendario', icon: IconCalendar },
  { to: '/clients', label: 'Clientes', icon: IconUsers },
  { to: '/billing', label: 'Facturación', icon: IconReceipt2 },
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

/** Navigation of spec doc 1 §2 "Application shell": full for admin, reduced for anyone else. */
export function getNavItems(role: Role | undefined): NavItem[] {
  if (role === 'admin') return ADMIN_ITEMS;
  if (!role) return MEMBER_ITEMS;
  const items = [...MEMBER_ITEMS];
  items.splice(4, 0, BILLING_ITEM[role]);
  return items;
}
