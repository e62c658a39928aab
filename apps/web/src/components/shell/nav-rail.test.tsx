import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { getNavItems } from './nav-items';
import { NavRail } from './nav-rail';

describe('navigation per role', () => {
  it('gives admins the full navigation', () => {
    expect(getNavItems('admin').map((item) => [item.to, item.label])).toEqual([
      ['/dashboard', 'Dashboard'],
      ['/projects', 'Proyectos'],
      ['/tasks', 'Mis tareas'],
      ['/tickets', 'Tickets'],
      ['/calendar', 'Calendario'],
      ['/clients', 'Clientes'],
      ['/leads', 'Prospectos'],
      ['/billing', 'Facturación'],
      ['/expenses', 'Gastos'],
      ['/suppliers', 'Suplidores'],
      ['/reports', 'Reportes'],
      ['/settings', 'Configuración'],
      ['/users', 'Usuarios'],
    ]);
  });

  it.each([
    ['client', 'Mis Facturas', [], []],
    ['employee', 'Facturación', [['/expenses', 'Gastos']], [['/tasks', 'Mis tareas']]],
  ] as const)(
    'gives %s the reduced navigation with read-only invoices (expenses and Mis tareas: staff only)',
    (role, billing, expenses, tasks) => {
      expect(getNavItems(role).map((item) => [item.to, item.label])).toEqual([
        ['/dashboard', 'Dashboard'],
        ['/projects', 'Mis Proyectos'],
        ...tasks,
        ['/tickets', 'Soporte'],
        ['/calendar', 'Calendario'],
        ['/billing', billing],
        ...expenses,
        ['/settings', 'Configuración'],
      ]);
    },
  );

  it('gives an employee granted leads.read the Prospectos item after Gastos (decision 170)', () => {
    const items = getNavItems('employee', [
      'projects.read',
      'tickets.read',
      'calendar.read',
      'invoices.read',
      'leads.read',
    ]);
    expect(items.map((item) => item.to)).toEqual([
      '/dashboard',
      '/projects',
      '/tasks',
      '/tickets',
      '/calendar',
      '/billing',
      '/expenses',
      '/leads',
      '/settings',
    ]);
  });

  it('marks the current page and shows only positive badges', () => {
    renderWithProviders(
      <nav aria-label="Navegación principal">
        <NavRail items={getNavItems('admin')} badges={{ projects: 8, tickets: 0 }} />
      </nav>,
      '/projects',
    );
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    const projects = within(nav).getByRole('link', { name: /^Proyectos ?, 8 activos$/ });
    expect(projects.getAttribute('aria-current')).toBe('page');
    expect(projects.getAttribute('aria-label')).toBeNull();
    const tickets = within(nav).getByRole('link', { name: 'Tickets' });
    expect(tickets.getAttribute('aria-current')).toBeNull();
    expect(within(nav).getAllByRole('link')).toHaveLength(13);
  });
});

describe('getNavItems with permissions (decision 070)', () => {
  it('leaves out an area the user may not read', () => {
    const employee = getNavItems('employee', ['projects.read', 'tickets.read', 'calendar.read']);
    expect(employee.map((item) => item.label)).toEqual([
      'Dashboard',
      'Mis Proyectos',
      'Mis tareas',
      'Soporte',
      'Calendario',
      // The expenses API checks the role, not a permission (decision 140): the entry stays.
      'Gastos',
      'Configuración',
    ]);
    // The leads pipeline (decision 170) shows only to an employee granted `leads.read`.
    expect(getNavItems('employee', ['projects.read', 'leads.read']).map((item) => item.label)).toContain(
      'Prospectos',
    );
    expect(getNavItems('client', ['leads.read']).map((item) => item.label)).not.toContain('Prospectos');
    const client = getNavItems('client', ['tickets.read', 'invoices.read']);
    expect(client.map((item) => item.label)).toEqual([
      'Dashboard',
      'Soporte',
      'Mis Facturas',
      'Configuración',
    ]);
  });
});
