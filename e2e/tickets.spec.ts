import { expect, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

test.describe('support tickets, live', () => {
  test('a client opens a ticket, the admin sees it appear and replies, the client sees the reply', async ({
    page,
    browser,
  }) => {
    const title = `Error al pagar con tarjeta ${Date.now()}`;

    // Admin watches the list in another browser.
    const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const admin = await adminContext.newPage();
    await signInAs(admin, 'admin');
    await admin.goto('/tickets');
    await expect(admin.getByRole('heading', { name: 'Tickets de Soporte' })).toBeVisible();
    // Some card of the first page (other tests add tickets in parallel, so not a fixed one).
    await expect(admin.getByRole('link', { name: /^TK-\d+ / }).first()).toBeVisible();

    // Client creates the ticket through the 'Nuevo Ticket' modal.
    await signInAs(page, 'cliente');
    await page.goto('/tickets');
    await page.getByRole('button', { name: 'Nuevo Ticket' }).click();
    const modal = page.getByRole('dialog', { name: 'Nuevo Ticket' });
    await modal.getByRole('button', { name: 'Crear Ticket' }).click();
    await expect(modal.getByText('El título es requerido')).toBeVisible();
    await modal.getByLabel('Título').fill(title);
    await modal
      .getByLabel('Descripción')
      .fill('Al pagar con Visa la página muestra un error 500 y no se cobra.');
    await modal.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Error' }).click();
    await modal.getByRole('button', { name: 'Crear Ticket' }).click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // The admin's list shows it without reloading.
    const card = admin.getByRole('link', { name: new RegExp(title) });
    await expect(card).toBeVisible();
    await card.click();
    await expect(admin.getByRole('heading', { name: title })).toBeVisible();

    // Add-comment button is disabled while empty; the admin replies.
    const add = admin.getByRole('button', { name: 'Agregar comentario' });
    await expect(add).toBeDisabled();
    await admin.getByLabel('Agregar comentario').fill('Hola, ya estamos revisando el cobro.');
    await add.click();
    await expect(notification(admin, 'Tu comentario ha sido agregado al ticket')).toBeVisible();

    // The client sees the reply live (no reload), with a notification toast from the socket.
    await expect(page.getByText('Hola, ya estamos revisando el cobro.', { exact: true })).toBeVisible();
    // The pushed notification: as a toast, or — when other tests' pushes queue ahead of it in a
    // parallel run (five toasts at a time) — in the bell, which the same push refreshed.
    const pushed = notification(page, 'Nueva respuesta en TK-').first();
    const toasted = await pushed.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (!toasted) {
      await page.getByRole('button', { name: /^Notificaciones/ }).click();
      await expect(
        page
          .locator('.mantine-Popover-dropdown')
          .getByText(/^Nueva respuesta en TK-/)
          .first(),
      ).toBeVisible();
      await page.keyboard.press('Escape');
    }

    // An internal note never reaches the client (checked below, after it is posted).
    await admin.getByLabel('Agregar comentario').fill('Nota interna: revisar la pasarela');
    await admin.getByRole('switch', { name: 'Nota interna (no visible para el cliente)' }).click();
    await admin.getByRole('button', { name: 'Agregar comentario' }).click();
    await expect(admin.getByText('Nota interna: revisar la pasarela')).toBeVisible();

    await expect(page.getByText('Nota interna: revisar la pasarela')).toHaveCount(0);

    // Admin marks it in progress from the menu; the client's badge follows.
    await admin.getByRole('button', { name: 'Más acciones' }).click();
    await admin.getByRole('menuitem', { name: 'Marcar en progreso' }).click();
    await expect(page.getByText('En Progreso').first()).toBeVisible();

    await adminContext.close();
  });
});
