import { expect, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

/*
 * Issue 17 / decision 112 (WCAG 4.1.3 status messages): the app root keeps one polite and one
 * assertive live region, in the page and empty from the first render, on public pages and in the
 * portal; every toast is written into the matching one, so screen readers read it.
 */

const polite = '[data-live-region="polite"]';
const assertive = '[data-live-region="assertive"]';

test('a public page has both regions, empty, before anything happens', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator(`[role="status"][aria-live="polite"]${polite}`)).toHaveCount(1);
  await expect(page.locator(`[role="alert"][aria-live="assertive"]${assertive}`)).toHaveCount(1);
  await expect(page.locator(polite)).toHaveText('');
  await expect(page.locator(assertive)).toHaveText('');
});

test('a failed sign-in is read assertively: "Error de acceso" goes into the alert region', async ({
  page,
  allowedConsoleErrors,
}) => {
  // Chromium logs the 401 of the login call as "Failed to load resource".
  allowedConsoleErrors.push(/status of 401/);
  await page.goto('/login');
  await page.getByLabel('Email').fill('nadie@demo.do');
  await page.locator('input[type="password"]').fill('NoEsLaClave123!');
  await page.getByRole('button', { name: 'Acceder a Mi Portal' }).click();
  await expect(notification(page, 'Error de acceso')).toBeVisible();
  await expect(page.locator(assertive)).toContainText('Error de acceso.');
  await expect(page.locator(polite)).toHaveText('');
});

test('saving the profile is read politely: the status region holds "Perfil actualizado"', async ({
  page,
}) => {
  await signInAs(page, 'cliente2');
  await page.goto('/profile');
  await expect(page.locator(polite)).toHaveText('');
  await page.getByRole('button', { name: 'Editar perfil' }).click();
  // The same values again: the demo user is shared by parallel tests.
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(notification(page, 'Perfil actualizado')).toBeVisible();
  await expect(page.locator(polite)).toHaveText('Perfil actualizado. Tus datos se guardaron correctamente');
  await expect(page.locator(assertive)).toHaveText('');
});
