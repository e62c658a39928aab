import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { buildTestSetWorkbook } from '../apps/api/test/certification-workbook.js';
import { makeTestPkcs12 } from '../apps/api/test/ecf-test-certificate.js';
import { expect, signInAs, test } from './fixtures.js';

// One worker runs this file's journeys in order: the certification journey signs with the
// certificate the first journey loads (loading another one in parallel would change the key under
// the first journey's feet).
test.describe.configure({ mode: 'serial' });

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

/**
 * Issue 41 journey: Configuración → Fiscal → Certificación DGII. The admin opens the wizard from the
 * e-CF card, checks step 1 off, imports a DGII-like test workbook (the agency's RNC as RNCEmisor),
 * sends it, and watches every case reach "Aceptado" live; then downloads one case's signed XML;
 * issues one simulation E31 and downloads the ZIP of printed representations with its PDF (in
 * TesteCF the wizard counts TesteCF documents: a rehearsal before CerteCF).
 */
test('DGII certification wizard: step checked off, a test set imported and sent to "Aceptado", XML and printed representations downloaded', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { token } = await signInAs(page, 'admin');
  const auth = { authorization: `Bearer ${token}` };
  const settings = await (await page.request.get('/api/settings', { headers: auth })).json();
  const rnc = settings.data.settings.taxId as string;
  expect(rnc).toMatch(/^\d{9}$/);
  // e-NCF of the workbook are its own; a sequence far from the demo ranges and unique per run.
  const workbook = await buildTestSetWorkbook({
    issuerRnc: rnc,
    sequenceStart: 5_000_000 + (Date.now() % 1_000_000) * 10,
  });

  await page.goto('/settings?tab=fiscal');
  await page
    .getByRole('link', { name: /Certificación DGII/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Certificación DGII' })).toBeVisible();
  const steps = page.getByRole('region', { name: 'Pasos de la DGII' });

  // Step 1 is done on the DGII's portal: checked off here with today's date and a note.
  await steps.getByRole('button', { name: /^Paso 1 · Registrado/ }).click();
  const step1 = page.getByRole('region', { name: /^Paso 1 · Registrado/ });
  await step1.getByLabel('Nota').fill('Postulación firmada y enviada');
  await step1.getByRole('button', { name: 'Marcar como hecho' }).click();
  await expect(step1).toContainText('Postulación firmada y enviada');

  // Step 2: import the workbook and send it.
  await steps.getByRole('button', { name: /^Paso 2 · Pruebas de Datos e-CF/ }).click();
  const step2 = page.getByRole('region', { name: /^Paso 2 · Pruebas de Datos e-CF/ });
  await step2.locator('input[type=file]').first().setInputFiles({
    name: 'SetPruebas_e2e.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook,
  });
  await step2.getByRole('button', { name: 'Importar set de pruebas' }).click();
  const set = page.getByRole('region', { name: 'SetPruebas_e2e.xlsx' });
  await expect(set).toContainText('Listo para enviar');
  await set.getByRole('button', { name: 'Enviar a la DGII' }).click();
  await page
    .getByRole('dialog', { name: '¿Enviar el set a la DGII?' })
    .getByRole('button', { name: /Enviar/ })
    .click();
  // Live progress: the set polls while sending, then every case shows "Aceptado".
  await expect(set).toContainText('Completado', { timeout: 120_000 });
  const rows = set.getByRole('row');
  const count = (await rows.count()) - 1;
  expect(count).toBeGreaterThanOrEqual(10);
  await expect(set.getByText('Aceptado', { exact: true })).toHaveCount(count);

  // The signed XML of the first case, as sent.
  const [xml] = await Promise.all([
    page.waitForEvent('download'),
    set
      .getByRole('button', { name: /^Descargar XML de E31/ })
      .first()
      .click(),
  ]);
  const body = (await readFile((await xml.path())!)).toString('utf8');
  expect(body).toContain(`<RNCEmisor>${rnc}</RNCEmisor>`);
  expect(body).toContain('<SignatureValue>');

  // A simulation document issued from a real operation after the first journey's rejection (a
  // rejection resets the DGII's counters): an E31 in direct mode, accepted by the DGII.
  const clients = await (await page.request.get('/api/clients?search=Cibao', { headers: auth })).json();
  const direct = await page.request.put('/api/fiscal/settings', {
    headers: auth,
    data: { ecfMode: 'direct' },
  });
  expect(direct.status(), await direct.text()).toBe(200);
  let encf: string;
  try {
    const draft = await page.request.post('/api/invoices', {
      headers: auth,
      data: {
        clientId: clients.data.clients[0]._id,
        documentType: 'E31',
        issueDate: '2026-11-02',
        dueDate: '2026-12-02',
        items: [{ description: 'Simulación: hosting anual', quantity: 1, unitPrice: 18000 }],
      },
    });
    expect(draft.status(), await draft.text()).toBe(200);
    const invoiceId = (await draft.json()).data.invoice._id as string;
    const issued = await page.request.post(`/api/invoices/${invoiceId}/issue`, { headers: auth });
    expect(issued.status(), await issued.text()).toBe(200);
    encf = (await issued.json()).data.invoice.ncf as string;
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`/api/invoices/${invoiceId}/ecf`, { headers: auth })).json()).data
            .submission?.status,
        { timeout: 60_000 },
      )
      .toBe('accepted');
  } finally {
    await page.request.put('/api/fiscal/settings', { headers: auth, data: { ecfMode: 'provider' } });
  }

  // Step 5: the printed representations' ZIP.
  await page.reload();
  await steps.getByRole('button', { name: /^Paso 5 · / }).click();
  const step5 = page.getByRole('region', { name: /^Paso 5 · / });
  await expect(step5.getByRole('row').nth(1)).toBeVisible();
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    step5.getByRole('button', { name: 'Descargar ZIP' }).click(),
  ]);
  const archive = await JSZip.loadAsync(await readFile((await zip.path())!));
  const pdfs = Object.keys(archive.files).filter((name) => name.endsWith('.pdf'));
  expect(pdfs).toContain(`${rnc}${encf}.pdf`);
  const first = await archive.file(`${rnc}${encf}.pdf`)!.async('nodebuffer');
  expect(first.subarray(0, 5).toString()).toBe('%PDF-');
});
