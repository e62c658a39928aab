import type { Browser, Page } from '@playwright/test';
import { expect, type SignedIn, signInAs, test } from './fixtures.js';

/*
 * Payment instructions (issue 18): the admin adds a bank account in Configuración → Datos de pago
 * and the client sees it in "Cómo pagar" on Mis Facturas and on an invoice with a balance.
 * One list for the whole company: the tests of this file run one after the other.
 */
test.describe.configure({ mode: 'serial' });

const VIEWPORTS = [
  { name: '1440 px', width: 1440, height: 900 },
  { name: '390 px', width: 390, height: 844 },
] as const;

/** Nothing wider than the viewport (no sideways scrolling of the page). */
async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/** The box of `locator` lies inside the viewport horizontally. */
async function expectInsideViewport(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'element has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
}

/** An invoice of the signed-in client that still has a balance (the demo seed has two). */
/**
 * An invoice of the demo client with all of it owed, created and sent by the admin for this test:
 * picking one of the client's invoices raced with payments.spec.ts, which pays the invoices it
 * creates for the same client in another worker.
 */
async function invoiceWithBalance(
  page: Page,
  admin: SignedIn,
  client: SignedIn,
): Promise<{ _id: string; invoiceNumber: string }> {
  const headers = { authorization: `Bearer ${admin.token}` };
  const clientId = (client.user as SignedIn['user'] & { clientId: string }).clientId;
  const created = await page.request.post('/api/invoices', {
    headers,
    data: {
      clientId,
      issueDate: '2026-01-10',
      dueDate: '2026-02-09',
      items: [{ description: 'Instrucciones de pago (prueba)', quantity: 1, unitPrice: 1500 }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { invoice } = (await created.json()).data as { invoice: { _id: string } };
  const sent = await page.request.post(`/api/invoices/${invoice._id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return (await sent.json()).data.invoice as { _id: string; invoiceNumber: string };
}

async function clientPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    viewport,
    locale: 'es-DO',
    timezoneId: 'America/Santo_Domingo',
  });
  const page = await context.newPage();
  const session = await signInAs(page, 'cliente');
  return { page, session, context };
}

for (const [i, viewport] of VIEWPORTS.entries()) {
  test(`admin adds a bank account; the client sees it on Mis Facturas and the invoice (${viewport.name})`, async ({
    page,
    browser,
  }) => {
    const accountNumber = `812-34567${i}-9`;
    await page.setViewportSize(viewport);
    const admin = await signInAs(page, 'admin');
    await page.goto('/settings?tab=payments');
    await expect(page.getByRole('tab', { name: 'Datos de pago' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Cuentas bancarias' })).toBeVisible();

    await page.getByRole('button', { name: 'Agregar cuenta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar cuenta bancaria' });
    // Holder prefilled with the company; a wrong RNC is refused in Spanish before anything is sent.
    await expect(dialog.getByRole('textbox', { name: 'Titular', exact: true })).toHaveValue(
      'Agencia Digital RD',
    );
    await dialog.getByRole('textbox', { name: /RNC o cédula del titular/ }).fill('131855420');
    await dialog.getByRole('button', { name: 'Agregar cuenta' }).click();
    await expect(dialog.getByText('El banco es requerido')).toBeVisible();
    await expect(dialog.getByText(/^RNC o cédula inválido/)).toBeVisible();

    await dialog.getByRole('combobox', { name: /Banco/ }).fill('Popular');
    await page.getByRole('option', { name: 'Banco Popular Dominicano' }).click();
    await dialog.getByText('Ahorros', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Número de cuenta' }).fill(accountNumber);
    await dialog.getByRole('textbox', { name: /RNC o cédula del titular/ }).fill('1-31-85542-3');
    await expectInsideViewport(page, dialog.getByRole('button', { name: 'Agregar cuenta' }));
    await dialog.getByRole('button', { name: 'Agregar cuenta' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('article', { name: new RegExp(accountNumber) });
    await expect(row).toContainText('Banco Popular Dominicano');
    await expect(row).toContainText('Cuenta ahorros · DOP');
    await expect(row).toContainText('Titular: Agencia Digital RD · RNC: 1-31-85542-3');
    await expectInsideViewport(page, row.getByRole('button', { name: `Eliminar cuenta ${accountNumber}` }));
    await expectNoHorizontalOverflow(page);

    // The client, in its own browser context.
    const client = await clientPage(browser, viewport);
    await client.page.goto('/billing');
    await expect(client.page.getByRole('heading', { name: 'Mis Facturas' })).toBeVisible();
    const listCard = client.page.getByRole('region', { name: 'Cómo pagar' });
    await expect(listCard).toContainText('Banco Popular Dominicano');
    await expect(listCard).toContainText(accountNumber);
    await expectNoHorizontalOverflow(client.page);

    const invoice = await invoiceWithBalance(page, admin, client.session);
    await client.page.goto(`/billing/${invoice._id}`);
    const card = client.page.getByRole('region', { name: 'Cómo pagar' });
    await expect(card).toContainText(`e indica la factura ${invoice.invoiceNumber} como referencia`);
    await expect(card).toContainText(accountNumber);
    await expect(card).toContainText('Titular: Agencia Digital RD · RNC: 1-31-85542-3');
    await card.scrollIntoViewIfNeeded();
    await expectInsideViewport(client.page, card.getByText(accountNumber));
    await expectNoHorizontalOverflow(client.page);
    await client.context.close();

    // Removing asks first, then the account is gone for everyone.
    await page.getByRole('button', { name: `Eliminar cuenta ${accountNumber}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar cuenta bancaria' });
    await expect(confirm).toContainText(`¿Eliminar la cuenta ${accountNumber} de Banco Popular Dominicano?`);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(row).toHaveCount(0);
  });
}
