import { expect, STORAGE, signInAs, test } from './fixtures.js';
import { openThemeMenu, themeOption, themeOptions } from './support/shell.js';

const VARIANTS = [
  'Predeterminado',
  'Moderno',
  'Minimalista',
  'Vibrante',
  'Corporativo',
  'Océano',
  'Atardecer',
  'Bosque',
  'Real',
  'Neón',
];

test.describe('theme customiser', () => {
  test('a chosen variant persists across a reload', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/dashboard');

    await openThemeMenu(page);
    await themeOption(page, 'Océano').click();

    const storedVariant = async () =>
      JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE.theme)) ?? '{}')?.state
        ?.variant;
    await expect.poll(storedVariant).toBe('ocean');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Panel de Administración', exact: true })).toBeVisible();
    expect(await storedVariant()).toBe('ocean');
    await openThemeMenu(page);
    await expect(themeOption(page, 'Océano')).toHaveAttribute('aria-checked', 'true');
    await expect(themeOption(page, 'Predeterminado')).toHaveAttribute('aria-checked', 'false');
  });

  test('lists the ten variants after the appearance options', async ({ page }) => {
    await signInAs(page, 'cliente');
    await page.goto('/dashboard');
    const menu = await openThemeMenu(page);
    await expect(menu.getByText('Modo oscuro')).toBeVisible();
    await expect(menu.getByText('Usar configuración del sistema')).toBeVisible();
    await expect(themeOptions(page)).toHaveText([
      'Modo oscuro',
      'Usar configuración del sistema',
      ...VARIANTS,
    ]);
  });
});

test.describe('unknown paths and roles', () => {
  test('signed in: an unknown path shows the 404 page and Ir al Dashboard works', async ({ page }) => {
    await signInAs(page, 'empleado');
    await page.goto('/esta-ruta-no-existe');

    await expect(page.getByRole('heading', { name: 'Página no encontrada', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Volver atrás', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Ir al Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Mi Dashboard', exact: true })).toBeVisible();
  });

  test('signed in: Volver atrás returns to the previous page', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Panel de Administración', exact: true })).toBeVisible();
    await page.goto('/proyectos-viejos/123');
    await expect(page.getByRole('heading', { name: 'Página no encontrada', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Volver atrás', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('signed out: an unknown path shows the landing page, not the 404 page', async ({ page }) => {
    const response = await page.goto('/esta-ruta-no-existe');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.locator('a[href="/login"]').first()).toBeVisible();
    await expect(page.getByText('Página no encontrada')).toHaveCount(0);
  });
});
