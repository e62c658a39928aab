import type { Locator, Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

/**
 * Issue 18 at both widths the product supports: toasts never over the page's primary actions
 * (decision 093), tables never cut a cell off screen without a scroll container, the partial
 * payment state, the new invoice opening after "Crear Factura", and list rows that are links.
 */
const WIDTHS = [
  { name: '1440 px', viewport: { width: 1440, height: 900 } },
  { name: '390 px', viewport: { width: 390, height: 844 } },
] as const;

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast's box once its entry transition has ended: two equal readings in a row, polled. */
async function settledBox(toast: Locator): Promise<Box> {
  await expect(toast).toBeVisible();
  let previous = '';
  let box: Box | null = null;
  await expect
    .poll(
      async () => {
        box = await toast.boundingBox();
        const current = JSON.stringify(box);
        const still = box !== null && current === previous;
        previous = current;
        return still;
      },
      { message: 'the toast comes to rest', intervals: [50], timeout: 5_000 },
    )
    .toBe(true);
  return box!;
}

/** Fails when the toast's box meets the box of any of `actions` (each must be on screen). */
async function expectClearOf(toast: Locator, actions: Locator[]) {
  const toastBox = await settledBox(toast);
  for (const action of actions) {
    await expect(action).toBeVisible();
    const box = await action.boundingBox();
    expect(box, `box of ${action}`).not.toBeNull();
    expect(overlaps(toastBox, box!), `the toast covers ${action}`).toBe(false);
  }
}

/**
 * Texts of table cells that reach past the viewport's sides without sitting in a horizontal
 * scroll container (Table.ScrollContainer) — what a phone user could not see nor reach.
 */
async function cutCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const cut: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('main td, main th')) {
      const rect = cell.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.left >= -1 && rect.right <= width + 1) continue;
      let scrolls = false;
      for (let el = cell.parentElement; el && el !== document.body; el = el.parentElement) {
        const overflow = getComputedStyle(el).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth) {
          scrolls = true;
          break;
        }
      }
      if (!scrolls) cut.push((cell.textContent ?? '').trim().slice(0, 40));
    }
    return cut;
  });
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`everyday polish at ${name}`, () => {
    test.use({ viewport });

    test('a new invoice opens; toasts stay clear of its actions; a partial payment reads Pago parcial; the row links to it', async ({
      page,
    }) => {
      await signInAs(page, 'admin');
      await page.goto('/billing');
      await page.getByRole('button', { name: 'Nueva Factura' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva Factura' });
      await dialog.getByRole('combobox', { name: 'Cliente' }).click();
      await page.getByRole('option', { name: /Café Cibao/ }).click();
      await dialog.getByRole('textbox', { name: 'Descripción' }).fill(`Soporte ${name}`);
      await dialog.getByRole('textbox', { name: 'Cantidad' }).fill('2');
      await dialog.getByRole('textbox', { name: 'Tarifa' }).fill('5000');
      await dialog.getByRole('button', { name: 'Crear Factura' }).click();

      // The new invoice opens, and the toast leaves its actions free.
      await expect(page).toHaveURL(/\/billing\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').at(-1)!;
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toHaveText(/^Factura FAC-/);
      const number = (await title.textContent())!.replace('Factura ', '').trim();
      const send = page.getByRole('button', { name: 'Enviar', exact: true });
      await expectClearOf(notification(page, 'Factura creada'), [
        send,
        page.getByRole('button', { name: 'Descargar PDF' }),
        page.getByRole('button', { name: 'Más acciones' }),
      ]);

      // No waiting for toasts to close: the next action is clickable while they show.
      await send.click();
      const pay = page.getByRole('button', { name: 'Registrar pago' });
      await expectClearOf(notification(page, 'Factura enviada'), [
        pay,
        page.getByRole('button', { name: 'Descargar PDF' }),
        page.getByRole('button', { name: 'Más acciones' }),
      ]);
      await pay.click();
      const dialogPay = page.getByRole('dialog', { name: 'Registrar pago' });
      await dialogPay.getByRole('combobox', { name: 'Retenciones' }).click();
      await page.getByRole('option', { name: 'Sin retenciones' }).click();
      await dialogPay.getByRole('textbox', { name: 'Monto recibido' }).fill('4000');
      await dialogPay.getByRole('button', { name: 'Registrar pago' }).click();
      await expectClearOf(notification(page, 'Pago registrado'), [pay]);

      // 2 × 5,000 + 18 % = 11,800; 4,000 received leaves 7,800.
      await expect(page.getByText('Pago parcial').first()).toBeVisible();
      const paymentInfo = page.getByRole('heading', { name: 'Información de pago' }).locator('..');
      await expect(paymentInfo).toContainText('Último pago');
      await expect(paymentInfo).toContainText('Saldo pendiente');
      await expect(paymentInfo).toContainText('7,800.00');
      // Items, totals and payments: every cell on screen or in a scroll container.
      await expect(page.getByRole('heading', { name: 'Pagos' })).toBeVisible();
      expect(await cutCells(page)).toEqual([]);

      // The list: the row carries a real link to the invoice, with the partial state.
      await page.goto(`/billing?search=${number}`);
      const link = page.getByRole('link', { name: number, exact: true });
      await expect(link).toHaveAttribute('href', `/billing/${id}`);
      await expect(page.getByText('Pago parcial').first()).toBeVisible();
      expect(await cutCells(page)).toEqual([]);
    });

    test('the toast after a ticket comment leaves the comment box and its button free', async ({ page }) => {
      const admin = await signInAs(page, 'admin');
      const list = await page.request.get('/api/tickets?limit=1', {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      const ticketId = ((await list.json()) as { data: { tickets: { _id: string }[] } }).data.tickets[0]!._id;
      await page.goto(`/tickets/${ticketId}`);
      const box = page.getByRole('textbox', { name: 'Agregar comentario' });
      const text = `Revisado desde ${name} a las ${Date.now()}`;
      await box.fill(text);
      const add = page.getByRole('button', { name: 'Agregar comentario' });
      await add.click();
      await expectClearOf(notification(page, 'Comentario agregado'), [add, box]);
      await expect(page.getByText(text)).toBeVisible();
    });

    test('project time entries show every cell on screen or in a scroll container', async ({ page }) => {
      const admin = await signInAs(page, 'admin');
      const list = await page.request.get(`/api/projects?search=${encodeURIComponent('Café Cibao')}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      const projects = ((await list.json()) as { data: { projects: { _id: string; title: string }[] } }).data
        .projects;
      const project = projects.find((p) => p.title === 'Tienda en línea Café Cibao')!;
      await page.goto(`/projects/${project._id}?tab=tiempo`);
      await expect(page.getByRole('tab', { name: /Tiempo/, selected: true })).toBeVisible();
      await expect(page.getByText(/\d+(\.\d+)? ?h/).first()).toBeVisible();
      expect(await cutCells(page)).toEqual([]);
    });
  });
}
