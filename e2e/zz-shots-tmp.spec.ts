import { signInAs, test, expect } from './fixtures.js';
import { audit, useScheme } from './support/axe.js';

test('screenshots (temporary)', async ({ page }) => {
  test.setTimeout(300_000);
  const admin = await signInAs(page, 'admin');
  const auth = { authorization: `Bearer ${admin.token}` };
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { headers: auth, data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).data;
  };
  const stamp = Date.now();
  const clients = await page.request.get('/api/clients?search=Cibao', { headers: auth });
  const clientId = (await clients.json()).data.clients[0]._id as string;
  const { project } = await post('/api/projects', { title: `Rediseño tienda ${stamp}`, clientId, status: 'in_progress', team: [{ userId: admin.user._id, role: 'Líder' }] });
  await page.request.put(`/api/users/${admin.user._id}/cost-rate`, { headers: auth, data: { costRate: 800 } });
  await post(`/api/projects/${project._id}/time-entries`, { hours: 6, description: 'Diseño' });
  const { supplier } = await post('/api/suppliers', { name: `Estudio Foto Caribe`, taxIdType: 'foreign', taxId: `EXT-${stamp}`, taxpayerType: 'persona_juridica', country: 'US' });
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santo_Domingo' });
  for (const [i, d, amt] of [[1, 'Sesión de fotos de producto', 2500], [2, 'Impresión de catálogos con un nombre largo para ver el ajuste', 18_450.5], [3, 'Licencia de tipografías', 3200]] as const)
    await post('/api/expenses', { supplierId: supplier._id, documentType: 'B01', ncf: `B01${String(stamp + i).slice(-8)}`, issueDate: today, expenseType: '02', paymentMethod: '02', servicesAmount: amt, projectId: project._id, billable: i !== 3, description: d });
  const inv = await page.request.post('/api/invoices', { headers: auth, data: { clientId, projectId: project._id, issueDate: today, dueDate: today, items: [{ description: 'Diseño', quantity: 1, unitPrice: 45000 }] } });
  const invId = (await inv.json()).data.invoice._id;
  await page.request.post(`/api/invoices/${invId}/issue`, { headers: auth });

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.goto(`/projects/${project._id}?tab=finanzas`);
      await useScheme(page, scheme);
      await expect(page.getByRole('table', { name: 'Gastos del proyecto' })).toBeVisible();
      await page.screenshot({ path: `/tmp/expprofit-shots/finanzas-${width}-${scheme}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Facturar gastos' }).click();
      await expect(page.getByRole('dialog', { name: 'Facturar gastos' }).getByTestId('bill-expense-line').first()).toBeVisible();
      await page.screenshot({ path: `/tmp/expprofit-shots/modal-${width}-${scheme}.png` });
      await page.keyboard.press('Escape');
      await page.goto('/reports');
      await useScheme(page, scheme);
      await expect(page.getByTestId('profitability-table')).toBeVisible();
      await page.getByRole('heading', { name: 'Rentabilidad' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/expprofit-shots/reports-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/projects/${project._id}?tab=finanzas`);
  await expect(page.getByRole('table', { name: 'Gastos del proyecto' })).toBeVisible();
  const a = await audit(page, 'finanzas', { dark: true } as never).catch((e) => String(e));
  console.log('AUDIT finanzas', JSON.stringify(a).slice(0, 3000));
  await page.goto('/reports');
  await expect(page.getByTestId('profitability-table')).toBeVisible();
  const b = await audit(page, 'reportes', { dark: true } as never).catch((e) => String(e));
  console.log('AUDIT reportes', JSON.stringify(b).slice(0, 3000));
});
