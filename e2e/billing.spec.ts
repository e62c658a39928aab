import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

/** Waits for a toast (4 s) to close, so the next toast assertion cannot match the previous one. */
async function dismissToast(page: Page, title: string) {
  // Mantine pauses auto-close while the pointer is over a toast, and the last click may have left
  // it exactly there: move the pointer away first.
  await page.mouse.move(5, (page.viewportSize()?.height ?? 800) - 5);
  await expect(notification(page, title)).toHaveCount(0, { timeout: 10_000 });
}

// Valid check digits (JCE Luhn / DGII mod 11).
const CEDULA = '001-2345678-2';

test.describe('client onboarding', () => {
  test('admin generates a registration link; the invitee registers and lands in an empty portal', async ({
    page,
    browser,
  }) => {
    await signInAs(page, 'admin');
    await page.goto('/clients');
    await expect(page.getByRole('heading', { name: 'Clientes', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generar Link de Registro' });
    const email = `invitado.${Date.now()}@correo.do`;
    await dialog.getByRole('textbox', { name: 'Email del cliente' }).fill(email);
    await dialog.getByRole('combobox', { name: 'Tipo de cliente' }).click();
    await page.getByRole('option', { name: 'Persona física' }).click();
    await dialog.getByRole('button', { name: 'Generar Link' }).click();
    await expect(notification(page, 'Link generado')).toContainText(
      'Se ha enviado el link de registro al cliente',
    );
    const link = await dialog.getByRole('textbox', { name: 'Link de registro' }).inputValue();
    const token = link.split('/register/')[1];
    expect(token).toMatch(/^[\w-]{43}$/);

    // The invitee, in a fresh browser context (signed out).
    const context = await browser.newContext();
    const invitee = await context.newPage();
    await invitee.goto(`/register/${token}`);
    await expect(invitee.getByRole('heading', { name: 'Completa tu registro' })).toBeVisible();
    await expect(invitee.getByText(email)).toBeVisible();
    await invitee.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Marta');
    await invitee.getByRole('textbox', { name: 'Apellido', exact: true }).fill('Guzmán');
    await invitee.getByRole('textbox', { name: 'Teléfono' }).fill('809-555-4455');
    await invitee.getByRole('textbox', { name: 'Cédula' }).fill('001-2345678-3');
    await invitee.getByLabel(/^Contraseña/).fill('Segura123');
    await invitee.getByLabel(/^Confirmar contraseña/).fill('Segura123');
    await invitee.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await expect(invitee.getByText(/Cédula inválida/)).toBeVisible();
    await invitee.getByRole('textbox', { name: 'Cédula' }).fill(CEDULA);
    await invitee.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await expect(invitee).toHaveURL(/\/dashboard$/);
    await expect(invitee.getByRole('heading', { name: 'Mi Dashboard' })).toBeVisible();
    await invitee.getByRole('link', { name: 'Mis Facturas' }).click();
    await expect(invitee.getByText('No hay facturas')).toBeVisible();

    // The link is single use.
    await invitee.goto(`/register/${token}`);
    await expect(invitee.getByText('Este link de registro ya fue utilizado')).toBeVisible();
    await context.close();
  });
});

test.describe('invoicing', () => {
  test('admin creates an invoice with three items, sends it, records a payment and downloads the PDF; the client sees it paid', async ({
    page,
    browser,
  }) => {
    await signInAs(page, 'admin');
    await page.goto('/billing');
    await expect(page.getByRole('heading', { name: 'Facturación', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Nueva Factura' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva Factura' });
    await dialog.getByRole('combobox', { name: 'Cliente' }).click();
    await page.getByRole('option', { name: /Café Cibao/ }).click();
    const items = [
      ['Diseño de logotipo', '1', '15000'],
      ['Hosting anual', '2', '333.33'],
      ['Horas de soporte', '1.5', '1000'],
    ];
    for (let i = 0; i < items.length; i++) {
      if (i > 0) await dialog.getByRole('button', { name: 'Agregar ítem' }).click();
      const [description, qty, price] = items[i]!;
      await dialog.getByRole('textbox', { name: 'Descripción' }).nth(i).fill(description!);
      await dialog.getByRole('textbox', { name: 'Cantidad' }).nth(i).fill(qty!);
      await dialog.getByRole('textbox', { name: 'Tarifa' }).nth(i).fill(price!);
    }
    // 15000 + 666.66 + 1500 = 17166.66; ITBIS 18 % = 3090.00 (3089.9988); total 20256.66
    await expect(dialog.getByTestId('invoice-form-total')).toContainText('20,256.66');
    await dialog.getByRole('button', { name: 'Crear Factura' }).click();
    await expect(notification(page, 'Factura creada')).toBeVisible();
    await dismissToast(page, 'Factura creada');
    // The new invoice opens (issue 18).
    await expect(page).toHaveURL(/\/billing\/[0-9a-f-]{36}$/);
    // The URL changes before the lazily loaded detail page replaces the list's heading.
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText(/^Factura FAC-/);
    const number = (await title.textContent())!.replace('Factura ', '').trim();
    await expect(page.getByText('Borrador').first()).toBeVisible();
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(notification(page, 'Factura enviada')).toBeVisible();
    await dismissToast(page, 'Factura enviada');
    await expect(page.getByText('Enviada').first()).toBeVisible();

    // A partial payment first: the invoice reads 'Pago parcial' with its last payment and balance.
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const partial = page.getByRole('dialog', { name: 'Registrar pago' });
    await partial.getByRole('combobox', { name: 'Retenciones' }).click();
    await page.getByRole('option', { name: 'Sin retenciones' }).click();
    await partial.getByRole('textbox', { name: 'Monto recibido' }).fill('5000');
    await partial.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(notification(page, 'Pago registrado')).toBeVisible();
    await dismissToast(page, 'Pago registrado');
    await expect(page.getByText('Pago parcial').first()).toBeVisible();
    const paymentInfo = page.getByRole('heading', { name: 'Información de pago' }).locator('..');
    await expect(paymentInfo).toContainText('Último pago');
    await expect(paymentInfo).toContainText('Saldo pendiente');
    await expect(paymentInfo).toContainText('15,256.66');

    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const pay = page.getByRole('dialog', { name: 'Registrar pago' });
    await pay.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(notification(page, 'Factura marcada como pagada')).toBeVisible();
    await dismissToast(page, 'Factura marcada como pagada');
    await expect(page.getByText('Pagada').first()).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Factura-${number}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The client sees its paid invoice, read-only.
    const context = await browser.newContext();
    const client = await context.newPage();
    await signInAs(client, 'cliente');
    await client.goto('/billing');
    await expect(client.getByRole('heading', { name: 'Mis Facturas' })).toBeVisible();
    await expect(client.getByRole('button', { name: 'Nueva Factura' })).toHaveCount(0);
    const clientRow = client.getByRole('row', { name: `Factura ${number}` });
    await expect(clientRow).toContainText('Pagada');
    // Rows are real links (open in a new tab works).
    await expect(clientRow.getByRole('link', { name: number })).toHaveAttribute(
      'href',
      /^\/billing\/[0-9a-f-]{36}$/,
    );
    await clientRow.click();
    await expect(client.getByRole('heading', { name: `Factura ${number}` })).toBeVisible();
    await expect(client.getByRole('button', { name: 'Registrar pago' })).toHaveCount(0);
    await context.close();
  });
});

test('reports show the period cards and charts and export CSV', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/reports');
  await expect(page.getByText('Ingresos totales')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ingresos por mes' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^reporte-6m-.*\.csv$/);
});
