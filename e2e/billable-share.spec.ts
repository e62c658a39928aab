import { expect, signInAs, test } from './fixtures.js';

/** Issue 16: "Facturar horas" (decision 115) and signed share links (decision 116). */
test.describe('billable time and share links', () => {
  test("admin bills a project's hours: the draft invoice has the lines and the entries show 'Facturada'", async ({
    page,
  }) => {
    const admin = await signInAs(page, 'admin');
    const auth = { authorization: `Bearer ${admin.token}` };
    const clients = await page.request.get('/api/clients?search=Cibao', { headers: auth });
    const clientId = (await clients.json()).data.clients[0]._id as string;
    const title = `Horas facturables ${Date.now()}`;
    const created = await page.request.post('/api/projects', {
      headers: auth,
      data: { title, clientId, status: 'in_progress', team: [{ userId: admin.user._id, role: 'Líder' }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const projectId = (await created.json()).data.project._id as string;
    for (const entry of [
      { hours: 2, description: 'Maquetación' },
      { hours: 1.5, description: 'Ajustes de diseño' },
      { hours: 3, description: 'Reunión interna', billable: false },
    ]) {
      const res = await page.request.post(`/api/projects/${projectId}/time-entries`, {
        headers: auth,
        data: entry,
      });
      expect(res.status()).toBe(201);
    }

    await page.goto(`/projects/${projectId}?tab=tiempo`);
    await page.getByRole('button', { name: 'Facturar horas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Facturar horas' });
    const lines = dialog.getByRole('table', { name: 'Líneas de la factura' });
    await expect(lines.getByRole('row', { name: /Horas de Laura Céspedes/ })).toContainText('3.5 h');
    await dialog.getByText('Tarea', { exact: true }).click();
    await expect(lines.getByRole('row', { name: /Maquetación/ })).toContainText('2 h');
    await expect(lines.getByRole('row', { name: /Reunión interna/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Crear factura' }).click();

    await expect(page).toHaveURL(/\/billing\/[0-9a-f-]{36}$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(/FAC-\d{4}-\d{4}/);
    const invoiceNumber = (await heading.textContent())!.match(/FAC-\d{4}-\d{4}/)![0];
    // 2 h and 1.5 h at the company's default rate (the demo admin has no rate of her own).
    await expect(page.getByRole('row', { name: /Maquetación/ })).toContainText('2');
    await expect(page.getByRole('row', { name: /Ajustes de diseño/ })).toContainText('1.5');

    await page.goto(`/projects/${projectId}?tab=tiempo`);
    const billed = page.getByTestId('time-entry').filter({ hasText: 'Maquetación' });
    await expect(billed).toContainText('Facturada');
    await expect(billed.getByRole('link', { name: invoiceNumber })).toBeVisible();
    await expect(page.getByTestId('time-entry').filter({ hasText: 'Reunión interna' })).toContainText(
      'Interno',
    );
  });

  test('admin shares an invoice: the link opens without signing in and stops working once revoked', async ({
    page,
    browser,
  }) => {
    const admin = await signInAs(page, 'admin');
    const sent = await page.request.get('/api/invoices?status=sent&limit=1', {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const invoice = (await sent.json()).data.invoices[0] as { _id: string; invoiceNumber: string };

    await page.goto(`/billing/${invoice._id}`);
    await page.getByRole('button', { name: 'Compartir por WhatsApp' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compartir por WhatsApp' });
    await dialog.getByRole('button', { name: 'Crear enlace' }).click();
    const link = await dialog.getByRole('textbox', { name: 'Enlace' }).inputValue();
    expect(link).toMatch(/\/compartido\/[A-Za-z0-9_-]{43}$/);
    const whatsapp = await dialog.getByRole('link', { name: 'Abrir WhatsApp' }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\d*\?text=/);
    expect(decodeURIComponent(whatsapp!.split('?text=')[1]!)).toContain(link);
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();

    // A fresh browser: no session, no storage.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const visitor = await context.newPage();
    const path = new URL(link).pathname;
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { name: `Factura ${invoice.invoiceNumber}` })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Descargar PDF' })).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    await page.getByRole('button', { name: 'Enlaces compartidos' }).click();
    const list = page.getByRole('dialog', { name: 'Enlaces compartidos' });
    await list.getByRole('button', { name: 'Revocar' }).first().click();
    await expect(list.getByText('Revocado').first()).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByText('Este enlace venció o fue revocado')).toBeVisible();
    await context.close();
  });

  test("the reminder opt-out: the admin switches it on the client's detail, the client sees and changes it in Configuración", async ({
    page,
    browser,
  }) => {
    const admin = await signInAs(page, 'admin');
    const auth = { authorization: `Bearer ${admin.token}` };
    const clients = await page.request.get('/api/clients?search=Cibao', { headers: auth });
    const clientId = (await clients.json()).data.clients[0]._id as string;
    const optOut = async () =>
      (await (await page.request.get(`/api/clients/${clientId}/reminders`, { headers: auth })).json()).data
        .optOut;

    await page.goto(`/clients/${clientId}`);
    const adminSwitch = page.getByRole('switch', { name: 'Recordatorios de pago automáticos' });
    await expect(adminSwitch).toBeChecked();
    await adminSwitch.click({ force: true });
    await expect(adminSwitch).not.toBeChecked();
    await expect.poll(optOut).toBe(true);

    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const client = await context.newPage();
    await signInAs(client, 'cliente');
    await client.goto('/settings');
    const mine = client.getByRole('switch', { name: 'Recordatorios de pago automáticos' });
    await expect(mine).not.toBeChecked();
    await expect(mine).toBeEnabled();
    await mine.click({ force: true });
    await expect(mine).toBeChecked();
    await expect.poll(optOut).toBe(false);
    await context.close();
  });
});
