import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, expect, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

// Purchases and expenses, "Gastos" (decision 140): the admin records a purchase with its receipt,
// an employee one on a project of theirs, and a client sees none of it.

/** A 1×1 PNG: the receipt the admin attaches (the API sniffs the real type). */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A fresh valid RNC (9 digits): 1 + 7 random digits + the DGII check digit (weights 7 9 8 6 5 4 3 2,
 * python-stdnum `stdnum/do/rnc.py`), so a retry on the same server never meets a taken one.
 */
function freshRnc(): string {
  const body = `1${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const weights = [7, 9, 8, 6, 5, 4, 3, 2];
  const sum = body.split('').reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  return `${body}${((10 - (sum % 11)) % 9) + 1}`;
}

/** The admin's bearer token through the API (not the page's session). */
async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD },
    headers: {
      'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

test.describe('expenses (gastos)', () => {
  test('admin records a supplier’s purchase with its receipt, creating the supplier inline', async ({
    page,
    request,
  }) => {
    await signInAs(page, 'admin');
    await page.goto('/billing');
    await page.getByRole('link', { name: 'Gastos' }).first().click();
    await expect(page.getByRole('heading', { name: 'Gastos', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Nuevo gasto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo gasto' });

    // "Crear suplidor" inline: the RNC is checked as it is typed.
    const stamp = Date.now();
    const supplierName = `Imprenta E2E ${stamp}`;
    await dialog.getByRole('button', { name: 'Crear suplidor' }).click();
    const supplierDialog = page.getByRole('dialog', { name: 'Nuevo suplidor' });
    await supplierDialog.getByRole('textbox', { name: 'Nombre o razón social' }).fill(supplierName);
    const rnc = supplierDialog.getByRole('textbox', { name: 'RNC', exact: true });
    await rnc.fill('101637588');
    await expect(
      supplierDialog.getByText('RNC inválido (9 dígitos con dígito verificador correcto)'),
    ).toBeVisible();
    await rnc.fill(freshRnc());
    await expect(supplierDialog.getByRole('status')).toHaveText('RNC válido');
    await supplierDialog.getByRole('button', { name: 'Crear suplidor' }).click();
    await expect(notification(page, 'Suplidor creado')).toBeVisible();
    await expect(supplierDialog).toBeHidden();
    await expect(dialog.getByRole('combobox', { name: 'Suplidor' })).toHaveValue(supplierName);

    await dialog.getByRole('textbox', { name: 'NCF del suplidor' }).fill('B0100000001');
    await dialog.getByRole('combobox', { name: 'Tipo de gasto' }).click();
    await page.getByRole('option', { name: /^02 · Gastos por trabajos/ }).click();
    await dialog.getByRole('combobox', { name: 'Forma de pago' }).click();
    await page.getByRole('option', { name: /^02 · Cheques/ }).click();
    const description = `Impresión de brochures ${stamp}`;
    await dialog.getByRole('textbox', { name: 'Descripción' }).fill(description);
    await dialog.getByRole('textbox', { name: 'Monto de servicios' }).fill('10000');
    await dialog.getByRole('textbox', { name: 'ITBIS facturado' }).fill('1800');
    await expect(dialog.getByTestId('expense-total')).toHaveText('RD$11,800.00');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'recibo.png',
      mimeType: 'image/png',
      buffer: RECEIPT_PNG,
    });
    await dialog.getByRole('button', { name: 'Registrar gasto' }).click();
    await expect(notification(page, 'Gasto registrado')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(`Gasto ${supplierName}`) });
    await expect(row).toContainText(description);
    await expect(row).toContainText('B0100000001');
    await expect(row).toContainText('RD$11,800.00');
    await expect(row.getByLabel('Con comprobante adjunto')).toBeVisible();

    // What the API stored: the purchase with its receipt.
    const token = await adminToken(request);
    const list = await request.get(`/api/expenses?search=${encodeURIComponent(description)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.status()).toBe(200);
    const [stored] = ((await list.json()) as { data: { expenses: Array<Record<string, unknown>> } }).data
      .expenses;
    expect(stored).toMatchObject({
      ncf: 'B0100000001',
      expenseType: '02',
      paymentMethod: '02',
      servicesAmount: 10000,
      itbis: 1800,
      total: 11800,
      receipt: { filename: 'recibo.png', contentType: 'image/png' },
    });
  });

  test('an employee records an expense on a project of theirs, billable to the client', async ({
    page,
    request,
  }) => {
    // The supplier exists already (employees pick suppliers; only admins create them).
    const token = await adminToken(request);
    const supplierName = `Papelería E2E ${Date.now()}`;
    const created = await request.post('/api/suppliers', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: supplierName, taxIdType: 'rnc', taxId: freshRnc(), taxpayerType: 'persona_juridica' },
    });
    expect(created.status()).toBe(201);

    await signInAs(page, 'empleado');
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Gastos' }).click();
    await expect(page.getByRole('heading', { name: 'Gastos', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Suplidores' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Nuevo gasto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo gasto' });
    await expect(dialog.getByRole('button', { name: 'Crear suplidor' })).toHaveCount(0);

    await dialog.getByRole('combobox', { name: 'Suplidor' }).fill(supplierName.slice(0, 18));
    await page.getByRole('option', { name: supplierName }).click();
    await dialog.getByRole('textbox', { name: 'NCF del suplidor' }).fill('B0100000077');
    await dialog.getByRole('combobox', { name: 'Tipo de gasto' }).click();
    await page.getByRole('option', { name: /^09 · Compras y gastos/ }).click();
    await dialog.getByRole('combobox', { name: 'Forma de pago' }).click();
    await page.getByRole('option', { name: /^03 · Tarjeta/ }).click();
    const description = `Fotos de producto ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Descripción' }).fill(description);
    await dialog.getByRole('textbox', { name: 'Monto de bienes' }).fill('2500');
    await dialog.getByRole('combobox', { name: 'Proyecto' }).click();
    await page.getByRole('option', { name: 'Tienda en línea Café Cibao' }).click();
    await dialog.getByRole('switch', { name: /Facturable al cliente/ }).check();
    await dialog.getByRole('button', { name: 'Registrar gasto' }).click();
    await expect(notification(page, 'Gasto registrado')).toBeVisible();

    const row = page.getByRole('row', { name: new RegExp(`Gasto ${supplierName}`) });
    await expect(row).toContainText(description);
    await expect(row).toContainText('Tienda en línea Café Cibao');
    await expect(row).toContainText('Facturable');
    await expect(row).toContainText('RD$2,500.00');
  });

  test('a client sees none of it: no entry, the screens refused, the API 403', async ({ page }) => {
    const { token } = await signInAs(page, 'cliente');
    await page.goto('/billing');
    await expect(page.getByRole('heading', { name: 'Mis Facturas' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Gastos' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Suplidores' })).toHaveCount(0);

    for (const path of ['/expenses', '/suppliers']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Gastos' })).toHaveCount(0);
    }

    const auth = { authorization: `Bearer ${token}` };
    for (const path of ['/api/expenses', '/api/suppliers', '/api/suppliers/options']) {
      const response = await page.request.get(path, { headers: auth });
      expect(response.status(), path).toBe(403);
    }
  });
});
