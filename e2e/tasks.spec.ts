import type { APIRequestContext, Page } from '@playwright/test';
import { expect, type SignedIn, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

/*
 * Project tasks (decision 165): the board with the mouse and the keyboard, a timer started in one
 * tab and stopped in another (its time entry lands in the project's time), a client commenting a
 * visible task, and the board on a phone.
 */

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

/** The first project of cliente@demo.do (so the client can see the visible tasks). */
async function clientProjectId(page: Page): Promise<string> {
  const client = await signInAs(page, 'cliente');
  const response = await page.request.get('/api/projects?limit=1', {
    headers: { authorization: `Bearer ${client.token}` },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { projects: { _id: string }[] } };
  const id = body.data.projects[0]?._id;
  if (!id) throw new Error('cliente@demo.do has no project');
  return id;
}

async function createTask(
  request: APIRequestContext,
  admin: SignedIn,
  projectId: string,
  body: Record<string, unknown>,
): Promise<string> {
  const response = await request.post(`/api/projects/${projectId}/tasks`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { task: { _id: string } } }).data.task._id;
}

async function taskStatus(request: APIRequestContext, admin: SignedIn, taskId: string): Promise<string> {
  const response = await request.get(`/api/tasks/${taskId}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  return ((await response.json()) as { data: { task: { status: string } } }).data.task.status;
}

const column = (page: Page, title: string) => page.getByRole('list', { name: title, exact: true });

test.describe('tasks: the board', () => {
  test('moves a card to another column with the mouse and with the keyboard', async ({ page }) => {
    const projectId = await clientProjectId(page);
    const admin = await signInAs(page, 'admin');
    const mouseTitle = `Arrastrar con ratón ${unique()}`;
    const keyTitle = `Mover con teclado ${unique()}`;
    const mouseId = await createTask(page.request, admin, projectId, { title: mouseTitle });
    const keyId = await createTask(page.request, admin, projectId, { title: keyTitle });

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/projects/${projectId}?tab=tareas&vista=tablero`);
    await expect(column(page, 'Por hacer').getByText(mouseTitle)).toBeVisible();

    // Mouse: press the handle, travel to "En progreso", release.
    const handle = page.getByRole('button', { name: `Mover ${mouseTitle}` });
    const target = column(page, 'En progreso');
    await handle.scrollIntoViewIfNeeded();
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('board not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 15 });
    await page.mouse.up();
    await expect(column(page, 'En progreso').getByText(mouseTitle)).toBeVisible();
    await expect.poll(() => taskStatus(page.request, admin, mouseId)).toBe('in_progress');

    // Keyboard: Space lifts, → moves a column, Space drops; announced in Spanish.
    const keyHandle = page.getByRole('button', { name: `Mover ${keyTitle}` });
    await keyHandle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText(`Tomó ${keyTitle}`)).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect(column(page, 'En progreso').getByText(keyTitle)).toBeVisible();
    await expect.poll(() => taskStatus(page.request, admin, keyId)).toBe('in_progress');

    // After a reload the board shows what the server holds.
    await page.reload();
    await expect(column(page, 'En progreso').getByText(keyTitle)).toBeVisible();
    await expect(column(page, 'En progreso').getByText(mouseTitle)).toBeVisible();
  });

  test('on a phone the list is the default and the board scrolls column by column', async ({ page }) => {
    const projectId = await clientProjectId(page);
    const admin = await signInAs(page, 'admin');
    const title = `Tarea en el teléfono ${unique()}`;
    await createTask(page.request, admin, projectId, { title });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/projects/${projectId}?tab=tareas`);
    await expect(page.locator('[data-task-list]')).toBeVisible();
    await expect(page.getByText(title)).toBeVisible();

    await page.locator('label', { hasText: 'Tablero' }).click();
    const board = page.locator('[data-board]');
    await expect(board).toBeVisible();
    expect(await board.evaluate((el) => getComputedStyle(el).scrollSnapType)).toContain('x');
    // One column nearly fills the screen; the page itself never scrolls sideways.
    const first = await page.locator('[data-column]').first().boundingBox();
    expect(first?.width ?? 0).toBeGreaterThan(390 * 0.6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('tasks: timer across tabs', () => {
  test('a timer started in one tab is stopped in another and its time lands in the project', async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    const projectId = await clientProjectId(page);
    const admin = await signInAs(page, 'admin');
    const title = `Cronometrar ${unique()}`;
    await createTask(page.request, admin, projectId, { title });

    await page.goto(`/projects/${projectId}?tab=tareas&vista=tablero`);
    await page.getByRole('button', { name: `Iniciar temporizador en ${title}` }).click();
    const header = page.locator('[data-header-timer]');
    await expect(header.getByRole('link', { name: title })).toBeVisible();

    // A second tab of the same session: the running timer comes from the server.
    const second = await context.newPage();
    await second.goto('/dashboard');
    const secondHeader = second.locator('[data-header-timer]');
    await expect(secondHeader.getByRole('link', { name: title })).toBeVisible();
    // Time entries start at one minute: wait until the header's clock says so.
    await expect(secondHeader.getByText(/^0:01:\d\d$/)).toBeVisible({ timeout: 90_000 });
    await secondHeader.getByRole('button', { name: 'Detener' }).click();
    await expect(notification(second, 'Tiempo registrado')).toBeVisible();
    await expect(secondHeader).toHaveCount(0);
    // The first tab hears it live.
    await expect(header).toHaveCount(0);

    await page.goto(`/projects/${projectId}?tab=tiempo`);
    await expect(page.getByText(`Tarea: ${title}`)).toBeVisible();
  });
});

test.describe('tasks: the client', () => {
  test('a client sees a visible task read-only and comments on it', async ({ page }) => {
    const projectId = await clientProjectId(page);
    const admin = await signInAs(page, 'admin');
    const visible = `Revisión de textos ${unique()}`;
    const hidden = `Interna ${unique()}`;
    await createTask(page.request, admin, projectId, { title: visible, visibleToClient: true });
    await createTask(page.request, admin, projectId, { title: hidden });

    await signInAs(page, 'cliente');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/projects/${projectId}?tab=tareas&vista=tablero`);
    await expect(page.getByText(visible)).toBeVisible();
    await expect(page.getByText(hidden)).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Mover ${visible}` })).toHaveCount(0);

    await page.getByRole('link', { name: visible }).click();
    await expect(page).toHaveURL(/tarea=/);
    const drawer = page.getByRole('dialog', { name: visible });
    await expect(drawer).toBeVisible();
    await drawer.getByLabel('Nuevo comentario').fill('¿Pueden usar un tono más formal?');
    await drawer.getByRole('button', { name: 'Comentar' }).click();
    await expect(drawer.getByText('¿Pueden usar un tono más formal?')).toBeVisible();
    // Deep link: the same URL opens the same drawer after a reload.
    await page.reload();
    await expect(
      page.getByRole('dialog', { name: visible }).getByText('¿Pueden usar un tono más formal?'),
    ).toBeVisible();
  });
});
