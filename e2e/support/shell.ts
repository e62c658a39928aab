import { expect, type Page } from '@playwright/test';

/** The portal's navigation rail links (accessible names are the labels, plus " (n)" with a badge). */
export function navLinks(page: Page) {
  return page.getByRole('navigation').getByRole('link');
}

/** Labels of the navigation rail, in order, without badge counts. */
export async function navLabels(page: Page): Promise<string[]> {
  await expect(navLinks(page).first()).toBeVisible();
  const names = await navLinks(page).evaluateAll((links) =>
    links.map((link) => link.getAttribute('aria-label') ?? link.textContent ?? ''),
  );
  return names.map((name) => name.replace(/\s*\(\d+\)$/, '').trim());
}

/** A notification (Mantine toast) whose text includes `title`. */
export function notification(page: Page, title: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: title });
}

/** Opens the user menu in the header (avatar button). */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^Menú de usuario/ }).click();
}
