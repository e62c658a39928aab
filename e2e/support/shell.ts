import { expect, type Page } from '@playwright/test';

/** The portal's navigation rail links (accessible names are the labels, plus ", n activos" with a badge). */
export function navLinks(page: Page) {
  return page.getByRole('navigation').getByRole('link');
}

/** Labels of the navigation rail, in order, without badge counts. */
export async function navLabels(page: Page): Promise<string[]> {
  await expect(navLinks(page).first()).toBeVisible();
  const names = await navLinks(page).evaluateAll((links) =>
    links.map((link) => link.querySelector('[data-nav-label]')?.textContent ?? ''),
  );
  return names.map((name) => name.trim());
}

/** A notification (Mantine toast) whose text includes `title`. */
export function notification(page: Page, title: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: title });
}

/** Opens the user menu in the header (avatar button named "<name> <role> (menú de usuario)"). */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /\(menú de usuario\)$/ }).click();
}

/** Opens the theme customiser in the header. */
export async function openThemeMenu(page: Page) {
  await page.getByRole('button', { name: 'Personalizar tema', exact: true }).click();
  return page.getByRole('menu', { name: 'Personalizar tema' });
}

/** Items of the open theme customiser: checkbox items (scheme), then radio items (variants). */
export function themeOptions(page: Page) {
  return page
    .getByRole('menu', { name: 'Personalizar tema' })
    .locator('[role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]');
}

/** One theme variant of the open customiser, by its Spanish label. */
export function themeOption(page: Page, label: string) {
  return themeOptions(page).filter({ hasText: new RegExp(`^\\s*${label}\\s*$`) });
}
