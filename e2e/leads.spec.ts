import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

/*
 * The leads pipeline (decision 170): a quote request from the public form becomes a lead; the
 * admin drags it with the mouse, then moves it with the keyboard through the stages to "Ganado",
 * and converts it into a client.
 */

/** The column (stage section) named `stage` on the board. */
const column = (page: Page, stage: string) =>
  page.locator('[data-column]').filter({ has: page.getByRole('heading', { name: stage, exact: true }) });

test('a quote request becomes a lead that the admin drags, moves by keyboard to Ganado and converts', async ({
  page,
}) => {
  const stamp = Date.now();
  const name = `Prospecto E2E ${stamp}`;
  const email = `prospecto.${stamp}@ejemplo.do`;

  await page.goto('/quote');
  await page.getByRole('combobox', { name: 'Servicio', exact: true }).click();
  await page.getByRole('option', { name: 'Branding e Identidad Visual' }).click();
  await page.getByLabel('Nombre Completo').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Teléfono').fill('809-555-0101');
  await page.getByRole('combobox', { name: 'Presupuesto' }).click();
  await page.getByRole('option', { name: '$1,000 - $3,000' }).click();
  await page.getByRole('combobox', { name: 'Tiempo de entrega' }).click();
  await page.getByRole('option', { name: '3-4 semanas' }).click();
  await page.getByLabel('Descripción del Proyecto').fill('Tienda de repuestos con envíos a todo el país.');
  await page.getByRole('button', { name: 'Enviar Solicitud de Cotización' }).click();
  await expect(page.getByRole('heading', { name: '¡Cotización Enviada Exitosamente!' })).toBeVisible();

  const admin = await signInAs(page, 'admin');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/leads?view=board&q=${encodeURIComponent(name)}`);
  const card = page.getByTestId('lead-card').filter({ hasText: name });
  await expect(column(page, 'Nuevo').getByTestId('lead-card').filter({ hasText: name })).toBeVisible();
  await expect(card).toContainText('US$1,000');
  await expect(card).toContainText('Formulario de cotización');
  await expect(column(page, 'Nuevo').getByTestId('column-total')).toHaveText('1 en total · US$1,000');

  // Mouse: drag the card by its handle into "Contactado".
  const handle = card.getByRole('button', { name: /^Mover / });
  const from = (await handle.boundingBox())!;
  const to = (await column(page, 'Contactado').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 15 });
  await page.mouse.up();
  await expect(notification(page, `${name} → Contactado`)).toBeVisible();
  await expect(column(page, 'Contactado').getByTestId('lead-card').filter({ hasText: name })).toBeVisible();
  await expect(column(page, 'Contactado').getByTestId('column-total')).toHaveText('1 en total · US$1,000');

  // Keyboard: Space lifts the card, → carries it to the next stage, Space drops it.
  for (const stage of ['Propuesta enviada', 'Negociación', 'Ganado']) {
    const movable = page
      .getByTestId('lead-card')
      .filter({ hasText: name })
      .getByRole('button', { name: /^Mover / });
    // The board takes the server's answer to the previous move between keystrokes; a lift that
    // lands in that moment is cancelled (Escape) and tried again.
    await expect(async () => {
      await page.keyboard.press('Escape');
      await movable.focus();
      await page.keyboard.press('Space');
      await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('Tomó', { timeout: 2_000 });
      await page.keyboard.press('ArrowRight');
      await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(`está ahora en la columna ${stage}`, {
        timeout: 3_000,
      });
    }).toPass({ timeout: 30_000 });
    await page.keyboard.press('Space');
    await expect(column(page, stage).getByTestId('lead-card').filter({ hasText: name })).toBeVisible();
    await expect(notification(page, `${name} → ${stage}`).last()).toBeVisible();
  }

  const list = await page.request.get(`/api/leads?q=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const [lead] = (await list.json()).data.leads;
  expect(lead).toMatchObject({ source: 'quote_request', email, stage: { name: 'Ganado', kind: 'won' } });

  // Convert it into a client (after confirming).
  await column(page, 'Ganado').getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Creado desde formulario de cotización')).toBeVisible();
  await page.getByRole('button', { name: 'Convertir en cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convertir en cliente' });
  await dialog.getByRole('button', { name: 'Convertir en cliente' }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  const clientId = page.url().split('/').pop();
  const detail = await page.request.get(`/api/leads/${lead._id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect((await detail.json()).data.lead.clientId).toBe(clientId);
});
