import { expect, signInAs, test } from './fixtures.js';

/**
 * Billable expenses and project profitability (decision 142): the admin bills a project's
 * billable purchase to its client ("Facturar gastos") and reads the project's "Finanzas" tab;
 * the client never gets that tab.
 */
test.describe('project finances', () => {
  test("admin bills a billable expense on a draft invoice and reads the project's Finanzas; the client has no such tab", async ({
    page,
    browser,
  }) => {
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
    const title = `Rentabilidad ${stamp}`;
    const { project } = await post('/api/projects', {
      title,
      clientId,
      status: 'in_progress',
      team: [{ userId: admin.user._id, role: 'Líder' }],
    });
    const rate = await page.request.put(`/api/users/${admin.user._id}/cost-rate`, {
      headers: auth,
      data: { costRate: 800 },
    });
    expect(rate.status()).toBe(200);
    await post(`/api/projects/${project._id}/time-entries`, { hours: 2, description: 'Edición de fotos' });
    const { supplier } = await post('/api/suppliers', {
      name: `Estudio Foto ${stamp}`,
      taxIdType: 'foreign',
      taxId: `EXT-${stamp}`,
      taxpayerType: 'persona_juridica',
      country: 'US',
    });
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santo_Domingo' });
    await post('/api/expenses', {
      supplierId: supplier._id,
      documentType: 'B01',
      ncf: `B01${String(stamp).slice(-8)}`,
      issueDate: today,
      expenseType: '02',
      paymentMethod: '02',
      servicesAmount: 2500,
      projectId: project._id,
      billable: true,
      description: 'Sesión de fotos de producto',
    });
    const line = `Estudio Foto ${stamp} — Sesión de fotos de producto`;

    // Finanzas before billing: the expense waits to be billed; 2 h × RD$800 of time cost.
    await page.goto(`/projects/${project._id}?tab=finanzas`);
    await expect(page.getByRole('tab', { name: 'Finanzas', selected: true })).toBeVisible();
    const expenses = page.getByRole('table', { name: 'Gastos del proyecto' });
    await expect(expenses.getByRole('row', { name: /Sesión de fotos de producto/ })).toContainText(
      'Por facturar',
    );
    await expect(page.getByTestId('stat-card').filter({ hasText: 'Costo del tiempo' })).toContainText(
      'RD$1,600.00',
    );
    await page.getByRole('button', { name: 'Facturar gastos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Facturar gastos' });
    const row = dialog.getByRole('row', { name: new RegExp(line) });
    await expect(row).toContainText('RD$2,500.00');
    await expect(row.getByRole('checkbox')).toBeChecked();
    await dialog.getByRole('button', { name: 'Crear factura' }).click();

    // The draft invoice for Café Cibao has the expense as a line at cost.
    await expect(page).toHaveURL(/\/billing\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/FAC-\d{4}-\d{4}/);
    await expect(page.getByRole('row', { name: new RegExp(line) })).toContainText('2,500.00');

    // Back on Finanzas: billed, nothing left to bill; no revenue yet (a draft), so the margin is
    // −(2,500 + 1,600).
    await page.goto(`/projects/${project._id}?tab=finanzas`);
    await expect(expenses.getByRole('row', { name: /Sesión de fotos de producto/ })).toContainText(
      'Facturado',
    );
    await expect(page.getByRole('button', { name: 'Facturar gastos' })).toHaveCount(0);
    const margin = page.getByTestId('stat-card').filter({ hasText: 'Margen' });
    await expect(margin).toContainText('-RD$4,100.00');
    await expect(margin).toContainText('Sin ingresos aún');

    // The client opens the same project: no Finanzas tab, and ?tab=finanzas shows the summary.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const clientPage = await context.newPage();
    await signInAs(clientPage, 'cliente');
    await clientPage.goto(`/projects/${project._id}?tab=finanzas`);
    await expect(clientPage.getByRole('tab', { name: 'Resumen', selected: true })).toBeVisible();
    await expect(clientPage.getByRole('tab', { name: 'Finanzas' })).toHaveCount(0);
    await expect(clientPage.getByText('Sesión de fotos de producto')).toHaveCount(0);
    await context.close();
  });
});
