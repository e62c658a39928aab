import { expect, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

test.describe('calendar', () => {
  test('an admin creates an event by clicking a date and a client attendee accepts it', async ({
    page,
    browser,
  }) => {
    const title = `Revisión de diseño ${Date.now()}`;
    await signInAs(page, 'admin');
    await page.goto('/calendar');
    await expect(page.getByRole('tab', { name: 'Mes (vista mensual)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // Click the 20th of the shown month (the empty part of the day cell, not its number link).
    const day = page.getByRole('cell', { name: /^20 de / });
    await day.click({ position: { x: 20, y: 60 } });
    const modal = page.getByRole('dialog', { name: 'Nuevo Evento' });
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Inicio')).toContainText(/^20\//);
    await modal.getByLabel('Título').fill(title);
    await modal.getByLabel('Asistentes').click();
    await page.getByRole('option', { name: /cliente@demo\.do/ }).click();
    await page.keyboard.press('Escape');
    await modal.getByRole('button', { name: 'Crear Evento' }).click();
    await expect(modal).toBeHidden();
    const event = page.getByText(title).first();
    await expect(event).toBeVisible();
    await event.click();
    await expect(page).toHaveURL(/\/calendar\/[0-9a-f-]{36}$/);
    const eventUrl = new URL(page.url()).pathname;

    // The invited client accepts on the event page.
    const clientContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const client = await clientContext.newPage();
    await signInAs(client, 'cliente');
    await client.goto(eventUrl);
    await expect(client.getByRole('heading', { name: title })).toBeVisible();
    await client.getByText('Aceptar', { exact: true }).click();
    await expect(notification(client, 'Asistencia actualizada')).toBeVisible();

    // The organizer sees the answer.
    await page.reload();
    await expect(page.getByText('Aceptado')).toBeVisible();
    await clientContext.close();
  });
});
