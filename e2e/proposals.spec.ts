import type { APIRequestContext, Page } from '@playwright/test';
import { expect, type SignedIn, signInAs, test } from './fixtures.js';
import { audit, axeReport } from './support/axe.js';

/*
 * Proposals signed online (decisions 171 and 173): a quote request from the public form becomes a
 * lead; the admin writes a template, makes a proposal for the lead from it and sends it; the
 * recipient opens the link on a 390 px phone, draws a signature, gets the one-time code by e-mail
 * and signs; the admin countersigns (same steps) and turns it into a project; the lead is "Ganado".
 * Without SMTP the e2e server keeps mail in the outbox (decision 098): the codes are read there.
 * The signing page on the phone and the verification page with a result are audited with axe here.
 */

const auth = (s: SignedIn) => ({ authorization: `Bearer ${s.token}` });
// Valid cédulas (JCE Luhn check digit).
const RECIPIENT_ID = '001-1234567-3';
const ADMIN_ID = '402-0012345-9';

/** The newest queued "Código de firma: NNNNNN" e-mail to `to`, waited for. */
async function codeFor(request: APIRequestContext, admin: SignedIn, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get('/api/mail/outbox?status=queued&limit=100', { headers: auth(admin) });
      const messages = (await res.json()).data.messages as Array<{
        to: string;
        subject: string;
        createdAt: string;
      }>;
      const mine = messages
        .filter((m) => m.to === to && m.subject.startsWith('Código de firma'))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      code = mine[0]?.subject.match(/\d{6}/)?.[0] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Draws a stroke across the signature canvas with the pointer (as a finger or a mouse would). */
async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 12), y + (i % 2 === 0 ? -25 : 25), {
      steps: 2,
    });
  }
  await page.mouse.up();
}

async function auditHere(page: Page, where: string) {
  const { problems } = await audit(page, where, { dark: true });
  expect(problems, axeReport(problems)).toEqual([]);
}

test('a lead from the quote form is won through a proposal signed on a phone with a drawn signature', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const name = `Propuesta E2E ${stamp}`;
  const email = `firma.${stamp}@ejemplo.do`;
  const templateName = `Plantilla E2E ${stamp}`;

  // 1. The quote request (public form) → a lead.
  await page.goto('/quote');
  await page.getByRole('combobox', { name: 'Servicio', exact: true }).click();
  await page.getByRole('option', { name: 'Sitios Web Profesionales' }).click();
  await page.getByLabel('Nombre Completo').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Teléfono').fill('809-555-0101');
  await page.getByRole('combobox', { name: 'Presupuesto' }).click();
  await page.getByRole('option', { name: '$1,000 - $3,000' }).click();
  await page.getByRole('combobox', { name: 'Tiempo de entrega' }).click();
  await page.getByRole('option', { name: '3-4 semanas' }).click();
  await page.getByLabel('Descripción del Proyecto').fill('Sitio con catálogo y formulario de contacto.');
  await page.getByRole('button', { name: 'Enviar Solicitud de Cotización' }).click();
  await expect(page.getByRole('heading', { name: '¡Cotización Enviada Exitosamente!' })).toBeVisible();

  const admin = await signInAs(page, 'admin');
  await page.setViewportSize({ width: 1440, height: 900 });
  const leads = await page.request.get(`/api/leads?q=${encodeURIComponent(name)}`, { headers: auth(admin) });
  const lead = (await leads.json()).data.leads[0] as { _id: string; title: string };
  expect(lead).toBeTruthy();

  // 2. Configuración → Plantillas: a proposal template with a catalogue line, countersigned.
  await page.goto('/settings?tab=templates');
  await page.getByRole('button', { name: 'Nueva plantilla' }).click();
  const editor = page.getByRole('dialog', { name: 'Nueva plantilla' });
  await editor.getByLabel('Nombre').fill(templateName);
  await editor.getByRole('button', { name: 'Insertar campo' }).click();
  await page.getByRole('menuitem', { name: /\{\{cliente\.rnc\}\}/ }).click();
  await expect(editor.getByRole('region', { name: 'Vista previa' })).toContainText(
    'Propuesta para Comercial Pérez SRL',
  );
  await editor.getByRole('button', { name: 'Agregar línea' }).click();
  await editor.getByRole('combobox', { name: 'Servicio del catálogo (línea 1)' }).click();
  await page.getByRole('option', { name: 'Sitios Web Profesionales' }).click();
  await expect(editor.getByLabel('Descripción')).toHaveValue('Sitios Web Profesionales');
  await editor.getByLabel('Precio unitario').fill('45000');
  await editor.getByLabel('Hito (opcional)').fill('Diseño y desarrollo');
  await expect(editor.getByTestId('price-table-total')).toContainText('45,000.00');
  await editor.getByRole('button', { name: 'Guardar plantilla' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Plantillas' }).getByText(templateName)).toBeVisible();

  // 3. The lead's page → "Nueva propuesta" from the template → the editor → "Enviar".
  await page.goto(`/leads/${lead._id}`);
  await page.getByRole('button', { name: 'Nueva propuesta' }).click();
  const create = page.getByRole('dialog', { name: 'Nueva propuesta' });
  await expect(create.getByLabel('Título')).toHaveValue(lead.title);
  await create.getByRole('combobox', { name: 'Plantilla' }).click();
  await page.getByRole('option', { name: templateName }).click();
  await create.getByRole('button', { name: 'Crear' }).click();
  await expect(page).toHaveURL(/\/proposals\/[0-9a-f-]{36}$/);
  const proposalId = page.url().split('/').pop()!;
  await expect(page.getByRole('region', { name: 'Vista previa' })).toContainText(`Propuesta para ${name}`);
  await page.getByRole('tab', { name: 'Vista previa PDF' }).click();
  await expect(page.getByRole('link', { name: 'Descargar PDF' })).toBeVisible();
  await page.getByRole('tab', { name: 'Contenido' }).click();

  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  const send = page.getByRole('dialog', { name: 'Enviar para firma' });
  await expect(send.getByLabel('Correo del destinatario')).toHaveValue(email);
  await send.getByRole('button', { name: 'Enviar', exact: true }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Enlace de firma' });
  const link = await linkDialog.getByRole('textbox', { name: 'Enlace de firma' }).inputValue();
  expect(link).toMatch(/\/firmar\/[A-Za-z0-9_-]{20,}$/);
  const whatsapp = await linkDialog.getByRole('link', { name: 'Enviar por WhatsApp' }).getAttribute('href');
  expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
  expect(decodeURIComponent(whatsapp!.split('?text=')[1]!)).toContain(link);
  await linkDialog.getByRole('button', { name: 'Cerrar' }).first().click();

  // 4. The recipient, on a 390 px phone without a session: reads, draws, gets the code, signs.
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const visitor = await phone.newPage();
  await visitor.goto(new URL(link).pathname);
  await expect(visitor.getByRole('heading', { name: lead.title, level: 1 })).toBeVisible();
  await expect(visitor.getByText(`Propuesta para ${name}`)).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await visitor.getByRole('button', { name: 'Aceptar y firmar' }).click();
  await visitor.getByLabel('Nombre completo').fill(name);
  await visitor.getByLabel('Cédula o RNC').fill(RECIPIENT_ID);
  await expect(visitor.getByText('Cédula válida')).toBeVisible();
  await drawSignature(visitor);
  await expect(visitor.getByText('Firma dibujada', { exact: true })).toBeVisible();
  await visitor.getByLabel('He leído y acepto el texto anterior').check();
  await auditHere(visitor, 'firma pública (390 px)');
  await visitor.getByRole('button', { name: 'Enviar código' }).click();
  await expect(visitor.getByText(/Enviamos un código de 6 dígitos/)).toBeVisible();
  const code = await codeFor(page.request, admin, email);
  // A wrong code first: the API's message shows and nothing typed is lost.
  await visitor.getByLabel('Código de verificación').fill(code === '000000' ? '111111' : '000000');
  await visitor.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(visitor.getByRole('alert').filter({ hasText: /código/i })).toBeVisible();
  await expect(visitor.getByLabel('Cédula o RNC')).toHaveValue(RECIPIENT_ID);
  await visitor.getByLabel('Código de verificación').fill(code);
  await visitor.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(visitor.getByText('¡Documento firmado!')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Descargar PDF firmado' })).toBeVisible();

  // The verification page (the certificate's QR): a file that is not the signed PDF does not match.
  await visitor.goto('/verificar');
  await visitor.locator('input[type="file"]').setInputFiles({
    name: 'otro.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% no es el documento firmado\n%%EOF\n'),
  });
  await visitor.getByRole('button', { name: 'Verificar' }).click();
  await expect(visitor.getByText('No coincide con ningún documento firmado')).toBeVisible();
  await auditHere(visitor, 'verificación (390 px)');
  await phone.close();

  // 5. The admin countersigns: the same steps, the code to the admin's own e-mail.
  await page.reload();
  await expect(page.getByText('Falta la contrafirma de un administrador')).toBeVisible();
  await page.getByRole('button', { name: 'Contrafirmar' }).click();
  const counter = page.getByRole('dialog', { name: 'Contrafirmar' });
  await counter.getByLabel('Cédula o RNC').fill(ADMIN_ID);
  await counter.getByLabel('He leído y acepto el texto anterior').check();
  await counter.getByRole('button', { name: 'Enviar código' }).click();
  await expect(counter.getByText(/Enviamos un código de 6 dígitos/)).toBeVisible();
  await counter
    .getByLabel('Código de verificación')
    .fill(await codeFor(page.request, admin, admin.user.email));
  await counter.getByRole('button', { name: 'Contrafirmar' }).click();
  await expect(page.getByText('Firmado por ambas partes').first()).toBeVisible();

  // 6. "Crear proyecto" (after confirming) → the project; the lead is "Ganado".
  await page.getByRole('button', { name: 'Crear proyecto' }).click();
  const confirm = page.getByRole('dialog', { name: 'Crear proyecto' });
  await confirm.getByRole('button', { name: 'Crear proyecto' }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  const detail = await page.request.get(`/api/proposals/${proposalId}`, { headers: auth(admin) });
  const proposal = (await detail.json()).data.document;
  expect(proposal).toMatchObject({ status: 'countersigned', conversion: { target: 'project' } });
  expect(proposal.signatures.map((s: { role: string }) => s.role)).toEqual(['recipient', 'agency']);
  expect(proposal.signatures[0]).toMatchObject({ name, email, hasSignatureImage: true });
  const after = await page.request.get(`/api/leads/${lead._id}`, { headers: auth(admin) });
  expect((await after.json()).data.lead.stage).toMatchObject({ name: 'Ganado', kind: 'won' });
});

test('a client signs its sent proposal inside the portal, with the same steps as the link (decision 174)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const title = `Propuesta en el portal ${stamp}`;
  const admin = await signInAs(page, 'admin');

  // The client, signed in on a 390 px phone.
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const portal = await phone.newPage();
  const client = await signInAs(portal, 'cliente');
  const clientId = (client.user as SignedIn['user'] & { clientId: string }).clientId;
  expect(clientId).toBeTruthy();

  // The agency sends it a proposal (through the API: the staff screens are covered above).
  const created = await page.request.post('/api/proposals', {
    headers: auth(admin),
    data: {
      clientId,
      title,
      content: '# Propuesta para {{cliente.nombre}}\n\nMantenimiento mensual del sitio. Total: {{total}}.',
      requiresCountersign: false,
      items: [{ description: 'Mantenimiento', quantity: 3, unitPrice: 12000 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.document._id as string;
  const sent = await page.request.post(`/api/proposals/${id}/send`, { headers: auth(admin), data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  const recipientEmail = (await sent.json()).data.document.recipient.email as string;

  // The dashboard lists it as waiting for a signature; it opens the proposal's page.
  await portal.goto('/dashboard');
  const panel = portal.getByRole('region', { name: 'Propuestas y contratos' });
  await expect(panel.getByText(/por firmar/)).toBeVisible();
  await panel.getByRole('link', { name: title }).click();
  await expect(portal).toHaveURL(new RegExp(`/proposals/${id}$`));
  await expect(portal.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(portal.getByText('Mantenimiento mensual del sitio.')).toBeVisible();
  // The exact PDF, fetched with the session.
  await portal.getByRole('tab', { name: 'PDF' }).click();
  await expect(portal.getByRole('link', { name: 'Descargar PDF' })).toBeVisible();
  await portal.getByRole('tab', { name: 'Documento' }).click();

  // The same panel and form as /firmar/{token}: name, cédula, consent, the code from the e-mail.
  await portal.getByRole('button', { name: 'Aceptar y firmar' }).click();
  await expect(portal.getByLabel('Nombre completo')).toHaveValue(
    `${client.user.firstName} ${client.user.lastName}`,
  );
  await portal.getByLabel('Cédula o RNC').fill(RECIPIENT_ID);
  await expect(portal.getByText('Cédula válida')).toBeVisible();
  await portal.getByLabel('He leído y acepto el texto anterior').check();
  await auditHere(portal, 'firma en el portal (390 px)');
  await portal.getByRole('button', { name: 'Enviar código' }).click();
  await expect(portal.getByText(/Enviamos un código de 6 dígitos/)).toBeVisible();
  await portal.getByLabel('Código de verificación').fill(await codeFor(page.request, admin, recipientEmail));
  await portal.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(portal.getByText('¡Documento firmado!')).toBeVisible();
  await expect(portal.getByRole('button', { name: 'Descargar PDF firmado' })).toBeVisible();
  await expect(portal.getByRole('button', { name: 'Aceptar y firmar' })).toHaveCount(0);
  await auditHere(portal, 'propuesta firmada en el portal (390 px)');

  // The trail says who signed, from the portal session of the client's user.
  const detail = await page.request.get(`/api/proposals/${id}`, { headers: auth(admin) });
  const { document, events } = (await detail.json()).data as {
    document: { status: string; signatures: Array<{ role: string; email: string; idNumber: string }> };
    events: Array<{ kind: string; event: string; actor: string | null }>;
  };
  expect(document.status).toBe('signed');
  expect(document.signatures).toMatchObject([
    { role: 'recipient', email: recipientEmail, idNumber: RECIPIENT_ID.replace(/\D/g, '') },
  ]);
  const signed = events.find((e) => e.kind === 'signed');
  expect(signed?.event).toMatch(/^Firmado en el portal por /);
  expect(signed?.actor).toContain(`sesión del portal de ${client.user.firstName} ${client.user.lastName}`);
  await phone.close();
});
