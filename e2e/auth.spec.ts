import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  type DemoRole,
  expect,
  NAV,
  STORAGE,
  signInAs,
  test,
} from './fixtures.js';
import { navLabels, notification, openUserMenu } from './support/shell.js';

// The one spec that signs in through the form (every other spec uses the API fixture).

const ROLES: { role: DemoRole; title: string; nav: readonly string[] }[] = [
  { role: 'admin', title: 'Panel de Administración', nav: NAV.admin },
  { role: 'empleado', title: 'Mi Dashboard', nav: NAV.empleado },
  { role: 'cliente', title: 'Mi Dashboard', nav: NAV.cliente },
];

async function fillLoginForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Portal de Acceso', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acceder a Mi Portal' }).click();
}

test.describe('sign in through the form', () => {
  for (const { role, title, nav } of ROLES) {
    test(`${role} lands on the dashboard and sees the right navigation`, async ({ page }) => {
      await fillLoginForm(page, DEMO_USERS[role].email, DEMO_PASSWORD);

      await expect(notification(page, 'Bienvenido de vuelta')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
      expect(await navLabels(page)).toEqual(nav);

      // The session is persisted under the product key, and the refresh token is not in it.
      const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE.session);
      expect(stored).toContain(DEMO_USERS[role].email);
      expect(stored).not.toMatch(/refreshToken/);
    });
  }

  test('client sees Mis Proyectos and Soporte, not the admin areas', async ({ page }) => {
    await fillLoginForm(page, DEMO_USERS.cliente.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    const labels = await navLabels(page);
    expect(labels).toEqual(expect.arrayContaining(['Mis Proyectos', 'Soporte']));
    for (const adminOnly of ['Usuarios', 'Clientes', 'Facturación', 'Reportes'])
      expect(labels).not.toContain(adminOnly);
  });

  test('a wrong password shows Error de acceso and stays on /login', async ({
    page,
    allowedConsoleErrors,
  }) => {
    // Chromium logs the 401 of the login call as "Failed to load resource".
    allowedConsoleErrors.push(/status of 401/);
    await fillLoginForm(page, DEMO_USERS.cliente2.email, 'NoEsLaClave123!');

    const notice = notification(page, 'Error de acceso');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(/credenciales/i);
    await expect(page).toHaveURL(/\/login$/);
    const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE.session);
    expect(stored ?? '').not.toContain('"isAuthenticated":true');
  });

  test('the form explains empty fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Acceder a Mi Portal' }).click();
    await expect(page.getByText('Email es requerido')).toBeVisible();
    await expect(page.getByText('Contraseña es requerida')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('sign out and guarded routes', () => {
  test('logout shows Sesión cerrada, clears the session and guards the portal again', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Panel de Administración', exact: true })).toBeVisible();

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();

    const notice = notification(page, 'Sesión cerrada');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Has cerrado sesión correctamente');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE.session)).toBeNull();

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('visiting /dashboard signed out lands on /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Portal de Acceso', exact: true })).toBeVisible();
  });

  test('a signed-in session survives a reload', async ({ page }) => {
    await signInAs(page, 'empleado');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Mi Dashboard', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mi Dashboard', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
