import { readFile } from 'node:fs/promises';
import { expect, signInAs, test } from './fixtures';

/** Today in the agency's zone, YYYY-MM-DD. */
const businessDay = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santo_Domingo' }).format(new Date());

/** The 3rd of the month before `day`'s, and that month as YYYYMM. */
function previousMonth(day: string): { day: string; period: string } {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
  const mm = String(pm).padStart(2, '0');
  return { day: `${py}-${mm}-03`, period: `${py}${mm}` };
}

/**
 * Decision 141: the admin records a purchase of last month (through the API), opens Reportes →
 * Cierre del mes, downloads that month's 606 with the purchase's line, and reads the month's IT-1
 * figures down to the purchase, the IR-17 and the filing deadlines.
 */
test('admin downloads the 606 and sees the month’s summary in Cierre del mes', async ({ page }) => {
  const { token } = await signInAs(page, 'admin');
  const auth = { authorization: `Bearer ${token}` };
  const last = previousMonth(businessDay());

  // A demo supplier with an RNC, and a purchase from it dated last month, paid by transfer.
  const suppliers = await (
    await page.request.get('/api/suppliers?search=Imprenta', { headers: auth })
  ).json();
  const supplier = suppliers.data.suppliers[0] as { _id: string; taxId: string; name: string };
  const ncf = `B01${String(Date.now()).slice(-8)}`;
  const created = await page.request.post('/api/expenses', {
    headers: auth,
    data: {
      supplierId: supplier._id,
      documentType: 'B01',
      ncf,
      issueDate: last.day,
      paymentDate: last.day,
      expenseType: '02',
      servicesAmount: 12_345.67,
      itbis: 2_222.22,
      itbisWithheld: 0,
      isrWithheld: 0,
      isrWithholdingType: null,
      paymentMethod: '02',
      description: 'Impresión de brochures (e2e cierre del mes)',
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/reports');
  await page.getByRole('link', { name: /Cierre del mes/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cierre del mes' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Período' })).toHaveValue(/\d{4}/);

  // The 606 of last month (the default period) holds the purchase's line.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar 606 (compras)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^DGII_F_606_\\d+_${last.period}\\.txt$`));
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).toMatch(new RegExp(`^606\\|\\d+\\|${last.period}\\|\\d+\\r\\n`));
  const dmy = last.day.replaceAll('-', '');
  expect(text).toContain(`${supplier.taxId}|1|02|${ncf}||${dmy}|${dmy}|12345.67|0.00|12345.67|2222.22|0.00|`);

  // IT-1: the ITBIS paid opens onto the purchase; IR-17 and the deadlines are there.
  const it1 = page.getByRole('region', { name: 'IT-1 · ITBIS del mes' });
  await it1.getByRole('button', { name: /ITBIS pagado en compras/ }).click();
  const row = it1.getByRole('row', { name: new RegExp(ncf) });
  await expect(row).toContainText(supplier.name);
  await expect(row).toContainText('RD$2,222.22');
  await expect(it1).toContainText('Total a pagar con el IT-1');
  await expect(page.getByRole('region', { name: 'IR-17 · Retenciones de ISR' })).toContainText(
    'Total a pagar con el IR-17',
  );
  const deadlines = page.getByRole('region', { name: 'Fechas límite' });
  await expect(deadlines.getByRole('listitem')).toHaveCount(5);
  await expect(deadlines).toContainText('IT-1 (ITBIS)');
  await expect(deadlines.getByText(/^(Vence (hoy|mañana|en \d+ días)|Vencido)$/)).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Cerrar mes' })).toBeEnabled();
});
