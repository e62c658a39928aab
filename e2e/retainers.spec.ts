import { expect, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

test.describe('retainers (igualas)', () => {
  test('admin creates a retainer with auto-send and generates it now; the client sees the invoice and the retainer', async ({
    page,
    browser,
  }) => {
    await signInAs(page, 'admin');
    await page.goto('/billing');
    await page.getByRole('link', { name: 'Igualas' }).click();
    await expect(page.getByRole('heading', { name: 'Igualas', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Nueva iguala' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva iguala' });
    await dialog.getByRole('combobox', { name: 'Cliente' }).click();
    await page.getByRole('option', { name: /Café Cibao/ }).click();
    const service = `Iguala de redes sociales ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Descripción' }).fill(service);
    await dialog.getByRole('textbox', { name: 'Tarifa', exact: true }).fill('18000');
    // The invoice form's totals: 18,000 + 18 % ITBIS (issue 32 point 6).
    await expect(dialog.getByTestId('retainer-form-total')).toHaveText('RD$21,240.00');
    await dialog.getByRole('switch', { name: /Emitir y enviar por correo/ }).check();
    await dialog.getByRole('button', { name: 'Crear iguala' }).click();
    await expect(notification(page, 'Iguala creada')).toBeVisible();

    const row = page
      .getByRole('row', { name: /Café Cibao/ })
      .filter({ hasText: 'RD$21,240.00' })
      .first();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Generar ahora' }).click();
    await expect(notification(page, 'Factura generada')).toBeVisible();
    await expect(page).toHaveURL(/\/billing\/[0-9a-f-]{36}$/);
    // The URL changes before the invoice has loaded: wait for its heading, then read the number.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Factura FAC-\d{4}-\d{4}$/);
    const invoiceNumber = (await page.getByRole('heading', { level: 1 }).textContent())?.match(
      /FAC-\d{4}-\d{4}/,
    )?.[0];
    expect(invoiceNumber).toBeTruthy();

    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const client = await context.newPage();
    await signInAs(client, 'cliente');
    await client.goto('/billing');
    await expect(client.getByRole('heading', { name: 'Mis Facturas' })).toBeVisible();
    await expect(client.getByRole('heading', { name: 'Mis igualas' })).toBeVisible();
    await expect(client.getByRole('cell', { name: service })).toBeVisible();
    await client.getByRole('textbox', { name: /Buscar/ }).fill(invoiceNumber!);
    await expect(client.getByText(invoiceNumber!).first()).toBeVisible();
    await context.close();
  });
});
