import { expect, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

/**
 * Quotes (issue 16, decision 114): the admin creates and sends a quote, the client accepts it in
 * the portal with its typed name, and the draft invoice it created appears for the admin.
 */
test('admin sends a quote, the client accepts it in the portal, the draft invoice appears', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/billing');
  await page.getByRole('link', { name: 'Cotizaciones' }).click();
  await expect(page.getByRole('heading', { name: 'Cotizaciones', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva cotización' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva cotización' });
  await dialog.getByRole('combobox', { name: 'Cliente' }).click();
  await page.getByRole('option', { name: /Café Cibao/ }).click();
  const description = `Tienda en línea ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Descripción' }).fill(description);
  await dialog.getByRole('textbox', { name: 'Cantidad' }).fill('2');
  await dialog.getByRole('textbox', { name: 'Tarifa' }).fill('12500.50');
  // 25,001.00 + ITBIS 18 % 4,500.18 = 29,501.18
  await expect(dialog.getByTestId('quote-form-total')).toContainText('29,501.18');
  await dialog.getByRole('button', { name: 'Crear cotización' }).click();
  await expect(notification(page, 'Cotización creada')).toBeVisible();
  await expect(page).toHaveURL(/\/billing\/quotes\/[0-9a-f-]{36}$/);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(/^Cotización COT-\d{4}-\d{4}$/);
  const number = (await title.textContent())!.replace('Cotización ', '').trim();
  const quoteUrl = page.url();
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(notification(page, 'Cotización enviada')).toBeVisible();
  await expect(page.getByText('Enviada', { exact: true }).first()).toBeVisible();

  // The client, in its own browser context, finds it under Mis Facturas → Mis cotizaciones.
  const context = await browser.newContext();
  const client = await context.newPage();
  await signInAs(client, 'cliente');
  await client.goto('/billing');
  await client.getByRole('link', { name: 'Mis cotizaciones' }).click();
  await expect(client.getByRole('heading', { name: 'Mis cotizaciones' })).toBeVisible();
  await client.getByRole('link', { name: number }).first().click();
  await expect(client.getByRole('heading', { level: 1 })).toHaveText(`Cotización ${number}`);
  await expect(client.getByTestId('quote-total')).toContainText('29,501.18');
  await client.getByRole('button', { name: 'Aceptar', exact: true }).click();
  const accept = client.getByRole('dialog', { name: `Aceptar la cotización ${number}` });
  await accept.getByRole('button', { name: 'Aceptar cotización' }).click();
  await expect(accept.getByText('Escribe tu nombre completo')).toBeVisible();
  await accept.getByRole('textbox', { name: 'Nombre completo' }).fill('María Fernández');
  await accept.getByRole('checkbox', { name: /^Acepto la cotización/ }).check();
  await accept.getByRole('button', { name: 'Aceptar cotización' }).click();
  await expect(notification(client, 'Cotización aceptada')).toBeVisible();
  const done = client.getByRole('status', { name: 'Cotización aceptada', exact: true });
  // The client reads what happens next in its own words (issue 32), not the draft's number.
  await expect(done).toContainText('Estamos preparando tu factura');
  await expect(client.getByText('Aceptada', { exact: true }).first()).toBeVisible();
  await context.close();

  // The admin sees the acceptance and opens the draft invoice with the quote's line.
  await page.goto(quoteUrl);
  await expect(page.getByText('Firmada por María Fernández', { exact: false })).toBeVisible();
  const invoiceLink = page.getByRole('link', { name: /FAC-\d{4}-\d{4}/ }).first();
  const invoiceNumber = ((await invoiceLink.textContent()) ?? '').match(/FAC-\d{4}-\d{4}/)![0];
  await invoiceLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Factura ${invoiceNumber}`);
  await expect(page.getByText('Borrador').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: description })).toBeVisible();
});
