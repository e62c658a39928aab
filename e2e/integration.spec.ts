import { DEMO_PASSWORD, DEMO_USERS, expect, STORAGE, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

/** Seams between the portal features (decisions 070-074), against the real server. */
test.describe('integration seams', () => {
  test('the theme saved on the server applies right after signing in through the form', async ({ page }) => {
    const { token } = await signInAs(page, 'cliente2');
    const put = (data: Record<string, string>) =>
      page.request.put('/api/auth/preferences', { data, headers: { authorization: `Bearer ${token}` } });
    expect((await put({ colorScheme: 'dark', themeVariant: 'ocean' })).status()).toBe(200);
    try {
      // A fresh browser profile: nothing local says "dark" or "ocean".
      await page.evaluate(() => localStorage.clear());
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_USERS.cliente2.email);
      await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Acceder a Mi Portal' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expect
        .poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE.theme))
        .toContain('ocean');
      // And on the next start of the app (reload) it stays.
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    } finally {
      await put({ colorScheme: 'auto', themeVariant: 'default' });
    }
  });

  test('Settings → Integraciones: a client generates its iCalendar feed, the URL serves .ics, revoking ends it', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAs(page, 'cliente');
    await page.goto('/settings?tab=integrations');
    await expect(page.getByRole('tab', { name: 'Integraciones' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Correo (SMTP)')).toHaveCount(0);
    const card = page.getByText('Calendario (iCalendar)');
    await expect(card).toBeVisible();
    await page.getByRole('button', { name: /Generar (nuevo )?enlace/ }).click();
    await expect(notification(page, 'Link generado')).toBeVisible();
    const url = await page.getByRole('textbox', { name: /Enlace privado/ }).inputValue();
    expect(url).toMatch(/\/api\/calendar\/feed\/[^/]+\.ics$/);
    await page.getByRole('button', { name: 'Copiar' }).click();
    await expect(page.getByRole('button', { name: 'Copiado' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const ics = await page.request.get(new URL(url).pathname);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');

    // Shown once: after a reload only "active since" is shown, never the URL.
    await page.reload();
    await expect(page.getByText(/Ya tienes un enlace activo/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Enlace privado/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Revocar enlace' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revocar' }).click();
    await expect(notification(page, 'Enlace revocado')).toBeVisible();
    expect((await page.request.get(new URL(url).pathname)).status()).toBe(404);
  });

  test("staff open a ticket for a client they pick; the project list narrows to that client's", async ({
    page,
  }) => {
    const title = `Formulario de cotización caído ${Date.now()}`;
    await signInAs(page, 'admin');
    await page.goto('/tickets');
    await page.getByRole('button', { name: 'Nuevo Ticket' }).click();
    const modal = page.getByRole('dialog', { name: 'Nuevo Ticket' });
    await modal.getByLabel('Título').fill(title);
    await modal.getByLabel('Descripción').fill('El formulario de cotización no envía desde ayer.');
    await modal.getByRole('combobox', { name: 'Cliente' }).click();
    await page.getByRole('option', { name: /Constructora Quisqueya/ }).click();
    await modal.getByRole('combobox', { name: 'Proyecto' }).click();
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    const names = await options.allTextContents();
    // Only Constructora Quisqueya's projects are offered (checked against the API).
    const stored = await page.evaluate((k) => localStorage.getItem(k), STORAGE.session);
    const headers = { authorization: `Bearer ${JSON.parse(stored ?? '{}').state.token}` };
    const found = await (await page.request.get('/api/clients?search=Quisqueya', { headers })).json();
    const clientId = found.data.clients[0]._id as string;
    const listed = await (await page.request.get(`/api/projects?clientId=${clientId}`, { headers })).json();
    const theirs = (listed.data.projects as Array<{ title: string }>).map((p) => p.title);
    expect(theirs.length).toBeGreaterThan(0);
    expect(names.sort()).toEqual(theirs.sort());
    await options.first().click();
    await modal.getByRole('button', { name: 'Crear Ticket' }).click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // The client of that company sees it; the other client does not.
    await signInAs(page, 'cliente2');
    await page.goto('/tickets');
    await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  });

  test("a client's dashboard shows 'Facturas Recientes' from its invoices and 'Mis Facturas' opens billing", async ({
    page,
  }) => {
    await signInAs(page, 'cliente');
    await page.goto('/dashboard');
    const panel = page.getByRole('heading', { name: 'Facturas Recientes' });
    await expect(panel).toBeVisible();
    const rows = page.getByTestId('recent-invoice');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeLessThanOrEqual(5);
    await page
      .getByRole('group', { name: 'Acciones rápidas' })
      .getByRole('button', { name: 'Mis Facturas' })
      .click();
    await expect(page).toHaveURL(/\/billing$/);
  });
});
