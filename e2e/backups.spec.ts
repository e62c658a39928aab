import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

/*
 * Configuración → Copias de seguridad (issue 29, decision 143): the admin creates a backup from
 * the screen, sees it in the list, downloads it, and the dashboard shows it as the last good
 * backup. The list is shared by the whole run: the tests of this file run one after the other.
 */
test.describe.configure({ mode: 'serial' });

/** Nothing wider than the viewport (no sideways scrolling of the page). */
async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test('the admin creates a backup now, downloads it and the dashboard shows it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin');
  await page.goto('/settings?tab=backups');
  await expect(page.getByRole('tab', { name: 'Copias de seguridad' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('Una copia es tan sensible como la base de datos')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cómo restaurar una copia' })).toBeVisible();
  const table = page.getByRole('table');
  const before = await table.getByRole('button', { name: /^Descargar / }).count();

  await page.getByRole('button', { name: 'Crear copia ahora' }).click();
  await expect(notification(page, 'Copia creada')).toBeVisible({ timeout: 60_000 });
  const downloads = table.getByRole('button', { name: /^Descargar / });
  await expect(downloads).toHaveCount(before + 1);
  const row = table.getByRole('row').filter({ hasText: 'Manual' }).first();
  await expect(row).toContainText(/agencia-backup-.*\.tar\.gz/);
  await expect(row).toContainText(/\d+(,\d)? (KB|MB)/);

  const name = ((await row.locator('td').nth(3).textContent()) ?? '').trim();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Descargar ${name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(name);
  const bytes = readFileSync((await download.path())!);
  // A gzip stream (not an HTML error page or an empty file).
  expect(bytes.subarray(0, 2).toString('hex')).toBe('1f8b');
  expect(bytes.length).toBeGreaterThan(1024);

  await page.goto('/dashboard');
  await expect(page.getByText(/Última copia de seguridad:/)).toBeVisible();
});

test('the backups screen reads at 390 px without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin');
  await page.goto('/settings?tab=backups');
  await expect(page.getByRole('button', { name: 'Crear copia ahora' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Descargar / }).first()).toBeAttached();
  await expectNoHorizontalOverflow(page);
});

test('a client has no backups tab and the API refuses the list', async ({ page }) => {
  const session = await signInAs(page, 'cliente');
  await page.goto('/settings?tab=backups');
  await expect(page.getByRole('tab', { name: 'Notificaciones' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Copias de seguridad' })).toHaveCount(0);
  const res = await page.request.get('/api/backups', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.status()).toBe(403);
});
