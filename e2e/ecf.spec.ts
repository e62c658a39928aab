import { readFile } from 'node:fs/promises';
import { makeTestPkcs12 } from '../apps/api/test/ecf-test-certificate.js';
import { expect, signInAs, test } from './fixtures.js';

/**
 * Issue 26 journey, against the fake DGII that global-setup.ts starts: the admin loads the
 * agency's certificate, tests the connection and switches to direct emission; an E31 issued from
 * the invoice screen is signed by the portal, sent, and shows "Aceptado"; the client downloads its
 * signed XML and the PDF; a document the DGII rejects shows the DGII's messages. The mode goes back
 * to "provider" at the end (other journeys share the server).
 */
test('direct e-CF emission: certificate, direct mode, an E31 accepted by the DGII, XML for the client, a rejection with its messages', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { token } = await signInAs(page, 'admin');
  const auth = { authorization: `Bearer ${token}` };
  const cert = makeTestPkcs12({ password: 'Clave-e2e-2026' });

  // Configuración → Fiscal → Facturación electrónica.
  await page.goto('/settings?tab=fiscal');
  const card = page.getByRole('region', { name: 'Facturación electrónica' });
  await expect(card).toContainText('Pruebas (TesteCF)');
  await card.locator('input[type=file]').setInputFiles({
    name: 'agencia.p12',
    mimeType: 'application/x-pkcs12',
    buffer: cert.p12,
  });
  await card.getByLabel(/Contraseña del certificado/).fill(cert.password);
  await card.getByRole('button', { name: 'Cargar certificado' }).click();
  await expect(card).toContainText(cert.serialNumber);
  await expect(card).toContainText('Vigente');
  await card.getByRole('button', { name: 'Probar conexión' }).click();
  await expect(card).toContainText('Conexión correcta');
  await card.getByRole('radio', { name: /Emisión directa desde el portal/ }).check();
  await card.getByRole('button', { name: 'Guardar modo de emisión' }).click();
  await page
    .getByRole('dialog', { name: '¿Activar la emisión directa?' })
    .getByRole('button', { name: 'Activar emisión directa' })
    .click();
  await expect(card).toContainText('(modo actual)');

  try {
    // An E31 draft for Café Cibao SRL (the demo client's company), issued from its screen.
    const clients = await (await page.request.get('/api/clients?search=Cibao', { headers: auth })).json();
    const clientId = clients.data.clients[0]._id as string;
    const draft = async (description: string) => {
      const res = await page.request.post('/api/invoices', {
        headers: auth,
        data: {
          clientId,
          documentType: 'E31',
          issueDate: '2026-11-01',
          dueDate: '2026-12-01',
          items: [{ description, quantity: 1, unitPrice: 25000 }],
        },
      });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).data.invoice as { _id: string; invoiceNumber: string };
    };
    const invoice = await draft('Rediseño de tienda en línea');
    await page.goto(`/billing/${invoice._id}`);
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Emitir factura' })
      .getByRole('button', { name: 'Emitir' })
      .click();
    const ecf = page.getByRole('region', { name: 'e-CF ante la DGII' });
    await expect(page.getByTestId('invoice-ncf')).toHaveText(/e-NCF E31\d{10}/);
    const encf = ((await page.getByTestId('invoice-ncf').textContent()) ?? '').match(/E31\d{10}/)![0];
    // The sender passes every 2 s: sent, "En Proceso" once, then accepted.
    await expect(ecf.getByText('Aceptado', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(ecf).toContainText(encf);

    // The client downloads the signed XML and the PDF of its invoice.
    const context = await browser.newContext();
    const client = await context.newPage();
    await signInAs(client, 'cliente');
    await client.goto(`/billing/${invoice._id}`);
    const clientEcf = client.getByRole('region', { name: 'e-CF ante la DGII' });
    await expect(clientEcf.getByText('Aceptado', { exact: true })).toBeVisible();
    await expect(clientEcf.getByRole('button', { name: /Reintentar/ })).toHaveCount(0);
    const [xml] = await Promise.all([
      client.waitForEvent('download'),
      clientEcf.getByRole('button', { name: 'Descargar XML' }).click(),
    ]);
    expect(xml.suggestedFilename()).toMatch(new RegExp(`${encf}\\.xml$`));
    const body = (await readFile((await xml.path())!)).toString('utf8');
    expect(body).toContain(`<eNCF>${encf}</eNCF>`);
    expect(body).toContain('<SignatureValue>');
    const [pdf] = await Promise.all([
      client.waitForEvent('download'),
      client.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();

    // A second E31 that the DGII rejects: the invoice shows the DGII's message.
    const rejected = await draft('Mantenimiento mensual');
    await page.goto(`/billing/${rejected._id}`);
    const next = await page.request.get('/api/fiscal/sequences', { headers: auth });
    const e31 = (await next.json()).data.sequences.find(
      (s: { documentType: string; active: boolean }) => s.documentType === 'E31' && s.active,
    );
    const nextEncf = `E31${String(e31.nextNumber).padStart(10, '0')}`;
    const control = await page.request.post(`${process.env.E2E_FAKE_DGII_URL}/__control/reject-next`, {
      data: { encf: nextEncf, codigo: 7, valor: 'El RNC del comprador no está activo en el RNC de la DGII.' },
    });
    expect(control.status()).toBe(204);
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Emitir factura' })
      .getByRole('button', { name: 'Emitir' })
      .click();
    await expect(page.getByTestId('invoice-ncf')).toHaveText(`e-NCF ${nextEncf}`);
    await expect(ecf.getByText('Rechazado', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(ecf).toContainText('El RNC del comprador no está activo en el RNC de la DGII.');
  } finally {
    const back = await page.request.put('/api/fiscal/settings', {
      headers: auth,
      data: { ecfMode: 'provider' },
    });
    expect(back.status()).toBe(200);
  }
});
