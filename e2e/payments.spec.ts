import type { APIRequestContext, Browser } from '@playwright/test';
import { FAKE_AZUL_AUTH_KEY } from '../apps/api/test/fake-azul.js';
import { expect, type SignedIn, signInAs, test } from './fixtures.js';

/*
 * Paying from the portal (decision 147): a client pays an invoice by card through the fake Azul
 * Payment Page (started by the global setup, AZUL_PAYMENT_PAGE_URL) and sees it paid with its
 * receipt; a client reports a transfer with a receipt image, the admin confirms it and the client
 * sees the invoice paid. The Azul set-up is one row for the whole company: serial.
 */
test.describe.configure({ mode: 'serial' });

/** A 1×1 PNG: the "screenshot" of the bank transfer. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const auth = (s: SignedIn) => ({ authorization: `Bearer ${s.token}` });

/** An invoice of the demo client, created and sent by the admin (issued today, all of it owed). */
async function openInvoice(
  request: APIRequestContext,
  admin: SignedIn,
  clientId: string,
  description: string,
) {
  const created = await request.post('/api/invoices', {
    headers: auth(admin),
    data: {
      clientId,
      issueDate: '2026-01-10',
      dueDate: '2026-02-09',
      items: [{ description, quantity: 1, unitPrice: 2500 }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { invoice } = (await created.json()).data as { invoice: { _id: string } };
  const sent = await request.post(`/api/invoices/${invoice._id}/send`, { headers: auth(admin) });
  expect(sent.status(), await sent.text()).toBe(200);
  return (await sent.json()).data.invoice as { _id: string; invoiceNumber: string; balance: number };
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'es-DO',
    timezoneId: 'America/Santo_Domingo',
  });
  return { context, page: await context.newPage() };
}

test('a client pays an invoice by card through Azul and sees it paid with its receipt', async ({
  page,
  browser,
}) => {
  const client = await signInAs(page, 'cliente');
  const clientId = (client.user as SignedIn['user'] & { clientId: string }).clientId;
  const { context, page: adminPage } = await newPage(browser);
  const admin = await signInAs(adminPage, 'admin');
  const saved = await adminPage.request.put('/api/settings/online-payments', {
    headers: auth(admin),
    data: {
      azul: {
        enabled: true,
        environment: 'pruebas',
        merchantId: '39038540035',
        merchantName: 'Agencia Digital RD',
        merchantType: 'ECommerce',
        authKey: FAKE_AZUL_AUTH_KEY,
        currencies: ['DOP'],
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const invoice = await openInvoice(
    adminPage.request,
    admin,
    clientId,
    'Campaña en redes (pago con tarjeta)',
  );
  await context.close();

  await page.goto(`/billing/${invoice._id}`);
  await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
  const dialog = page.getByRole('dialog', { name: /Pagar con tarjeta/ });
  await expect(dialog.getByLabel('Monto a pagar')).toHaveValue(/2,950/);
  await dialog.getByRole('button', { name: 'Continuar a Azul' }).click();

  // Azul's page (the fake): the sale as Azul shows it, then "Aprobar".
  await expect(page.getByRole('heading', { name: 'Página de Pagos AZUL' })).toBeVisible();
  await expect(page.getByText(`Factura: ${invoice.invoiceNumber}`)).toBeVisible();
  await expect(page.getByText('Monto: $2950.00')).toBeVisible();
  await page.getByRole('link', { name: 'Aprobar' }).click();

  await expect(page).toHaveURL(new RegExp(`/billing/${invoice._id}\\?pago=aprobado$`));
  await expect(page.getByRole('status').filter({ hasText: 'Pago con tarjeta aprobado' })).toBeVisible();
  await expect(page.getByText('Pagada').first()).toBeVisible();
  await expect(page.getByText('Tarjeta de crédito').first()).toBeVisible();
  const receipt = page.getByRole('button', { name: /^Descargar recibo REC-\d{4}-\d{4}$/ }).first();
  await expect(receipt).toBeVisible();
  const download = page.waitForEvent('download');
  await receipt.click();
  expect((await download).suggestedFilename()).toMatch(/^Recibo-REC-\d{4}-\d{4}\.pdf$/);
});

test('a client reports a transfer with its receipt, the admin confirms it, the client sees the invoice paid', async ({
  page,
  browser,
}) => {
  const client = await signInAs(page, 'cliente');
  const clientId = (client.user as SignedIn['user'] & { clientId: string }).clientId;
  const { context, page: adminPage } = await newPage(browser);
  const admin = await signInAs(adminPage, 'admin');
  const invoice = await openInvoice(adminPage.request, admin, clientId, 'Mantenimiento web (transferencia)');

  await page.goto(`/billing/${invoice._id}`);
  await page.getByRole('button', { name: 'Reportar pago' }).click();
  const dialog = page.getByRole('dialog', { name: /Reportar pago/ });
  await dialog.getByRole('combobox', { name: /Banco/ }).fill('Banco BHD');
  await dialog.getByRole('textbox', { name: 'Número de referencia' }).fill('BHD-558120');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'transferencia.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Reportar pago' }).click();
  await expect(dialog).toBeHidden();
  const reports = page.getByRole('region', { name: 'Transferencias reportadas' });
  await expect(reports.getByText('Pendiente de revisión')).toBeVisible();
  await expect(reports.getByText(/Banco BHD · Ref\. BHD-558120/)).toBeVisible();

  // The admin sees it in Facturación and confirms it on the invoice.
  await adminPage.goto('/billing');
  const pending = adminPage.getByRole('region', { name: 'Pagos reportados por revisar' });
  await expect(pending.getByRole('link', { name: `Factura ${invoice.invoiceNumber}` })).toBeVisible();
  await pending.getByRole('link', { name: `Factura ${invoice.invoiceNumber}` }).click();
  const onInvoice = adminPage.getByRole('region', { name: 'Transferencias reportadas' });
  // Confirming opens the payment form pre-filled from the report (decision 163): nothing is
  // recorded until the admin checks it and confirms there.
  await onInvoice.getByRole('button', { name: 'Revisar y confirmar' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Confirmar transferencia reportada' });
  await expect(confirm.getByRole('textbox', { name: 'Referencia' })).toHaveValue(
    'Banco BHD · Ref. BHD-558120',
  );
  await confirm.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(confirm).toBeHidden();
  await expect(onInvoice.getByText('Confirmado')).toBeVisible();
  await context.close();

  await page.reload();
  await expect(page.getByText('Pagada').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Transferencias reportadas' }).getByText('Confirmado'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Descargar recibo REC-/ }).first()).toBeVisible();
  await expect(page.getByText('Banco BHD · Ref. BHD-558120').first()).toBeVisible();
});
