import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

/** Waits for a toast to close (it can sit over the header's buttons); the pointer moves away first. */
async function dismissToast(page: Page, title: string) {
  await page.mouse.move(5, (page.viewportSize()?.height ?? 800) - 5);
  await expect(notification(page, title)).toHaveCount(0, { timeout: 10_000 });
}

/** The Dominican business day (America/Santo_Domingo) as YYYY-MM-DD, `plus` days later. */
function businessDay(plus = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santo_Domingo' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plus);
  return d.toISOString().slice(0, 10);
}
/** YYYY-MM-DD → DD/MM/YYYY, as the portal shows dates by default. */
const dmy = (day: string) => day.split('-').reverse().join('/');

/**
 * Issue 12 journey: the admin loads a new B01 range authorised by the DGII (replacing the active one), issues an invoice to a
 * company client (it takes the range's first NCF and today's date, decision 132), downloads its PDF and issues a credit note;
 * the client sees the NCF and the note in Mis Facturas.
 */
test('admin adds a B01 range, issues an invoice with its NCF, downloads the PDF and issues a credit note; the client sees them', async ({
  page,
  browser,
}) => {
  const { token } = await signInAs(page, 'admin');
  const auth = { authorization: `Bearer ${token}` };
  const today = businessDay();
  const in30 = businessDay(30);

  // Configuración → Fiscal: a new DGII authorisation 501–1000 replaces the demo B01 range in one
  // step (other journeys issue B01 invoices in parallel: there is never a moment without a range).
  await page.goto('/settings?tab=fiscal');
  const ranges = page.getByRole('table', { name: 'Rangos de comprobantes' });
  const oldB01 = ranges.getByRole('row', { name: /^Rango B01 B0100000001/ });
  await expect(oldB01).toContainText('Activo');
  await page.getByRole('button', { name: 'Agregar rango' }).first().click();
  const add = page.getByRole('dialog', { name: 'Agregar rango' });
  await add.getByRole('combobox', { name: 'Tipo de comprobante' }).click();
  await page.getByRole('option', { name: 'B01 · Crédito Fiscal' }).click();
  await add.getByRole('textbox', { name: 'Desde (número)' }).fill('501');
  await add.getByRole('textbox', { name: 'Hasta (número)' }).fill('1000');
  await expect(add.getByTestId('range-preview')).toHaveText('B0100000501 – B0100001000 (500 comprobantes)');
  await add.getByLabel('Vence el').fill('2028-12-31');
  await expect(
    add.getByRole('checkbox', { name: /^Reemplazar el rango activo B0100000001 – B0100000500/ }),
  ).toBeChecked();
  await add.getByRole('button', { name: 'Agregar rango' }).click();
  await expect(add).toBeHidden();
  const newB01 = ranges.getByRole('row', { name: /^Rango B01 B0100000501/ });
  await expect(newB01).toContainText('B0100000501');
  await expect(newB01).toContainText('Activo');
  await expect(oldB01).toContainText('Inactivo');
  await dismissToast(page, 'Rango agregado');

  // A draft for Café Cibao SRL (company, contribuyente → B01), created through the API, dated in
  // the past with 30 days to pay: issuing dates it today and keeps the 30 days (decision 132).
  const clients = await (await page.request.get('/api/clients?search=Cibao', { headers: auth })).json();
  const clientId = clients.data.clients[0]._id as string;
  const created = await page.request.post('/api/invoices', {
    headers: auth,
    data: {
      clientId,
      issueDate: '2026-10-15',
      dueDate: '2026-11-14',
      items: [{ description: 'Campaña de redes sociales', quantity: 1, unitPrice: 10000 }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const invoice = (await created.json()).data.invoice as {
    _id: string;
    invoiceNumber: string;
    documentType: string;
  };
  expect(invoice.documentType).toBe('B01');

  await page.goto(`/billing/${invoice._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Factura ${invoice.invoiceNumber}`);
  await expect(page.getByTestId('invoice-ncf')).toHaveText('B01 · el NCF se asigna al emitir');
  await page.getByRole('button', { name: 'Emitir', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Emitir factura' });
  await expect(confirm).toContainText(`Se fechará hoy, ${dmy(today)}, y vencerá el ${dmy(in30)}`);
  await confirm.getByRole('button', { name: 'Emitir' }).click();
  await expect(page.getByTestId('invoice-ncf')).toHaveText('NCF B0100000501');
  await expect(page.getByText('Fecha de emisión', { exact: true }).locator('..')).toContainText(dmy(today));
  await expect(page.getByRole('region', { name: 'Comprobante fiscal' })).toContainText('31/12/2028');
  await dismissToast(page, 'Factura emitida');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Factura-${invoice.invoiceNumber}.pdf`);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  // Credit note of RD$1,180.00 (ITBIS included).
  await page.getByRole('button', { name: 'Más acciones' }).click();
  await page.getByRole('menuitem', { name: 'Nota de crédito' }).click();
  const noteDialog = page.getByRole('dialog', { name: /^Nota de crédito \(B04\)/ });
  await expect(noteDialog).toContainText('Disponible para acreditar');
  await noteDialog.getByRole('textbox', { name: 'Monto (ITBIS incluido)' }).fill('1180');
  await noteDialog.getByRole('textbox', { name: 'Motivo' }).fill('Descuento acordado después de emitir');
  await noteDialog.getByRole('button', { name: 'Emitir nota de crédito' }).click();
  await expect(noteDialog).toBeHidden();
  const notes = page.getByRole('region', { name: 'Notas de crédito' });
  await expect(notes).toContainText(/B04\d{8}/);
  const noteNcf = ((await notes.textContent()) ?? '').match(/B04\d{8}/)![0];
  await expect(page.getByText('Saldo pendiente').first()).toBeVisible();

  // The client sees the NCF in Mis Facturas and the credit note on the invoice.
  const context = await browser.newContext();
  const client = await context.newPage();
  await signInAs(client, 'cliente');
  await client.goto('/billing');
  await expect(client.getByRole('heading', { name: 'Mis Facturas' })).toBeVisible();
  const row = client.getByRole('row', { name: `Factura ${invoice.invoiceNumber}` });
  await expect(row).toContainText('NCF B0100000501');
  await row.click();
  await expect(client.getByTestId('invoice-ncf')).toHaveText('NCF B0100000501');
  await expect(client.getByRole('region', { name: 'Notas de crédito' })).toContainText(noteNcf);
  await expect(client.getByRole('button', { name: 'Más acciones' })).toHaveCount(0);
  await context.close();
});
