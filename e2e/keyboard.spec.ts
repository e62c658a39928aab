import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, expect, signInAs, test } from './fixtures.js';

/*
 * Issue 17 / decision 108: each role does its main journey with the keyboard alone — no click,
 * no `locator.fill`: Tab to a control (at most `MAX_TABS` presses), type, Enter. Every control
 * the journey stops on must show a visible focus indicator (WCAG 2.4.7).
 */

const MAX_TABS = 120;

/** True when `target` is the focused element. */
function isFocused(target: Locator) {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/**
 * Presses Tab until `target` has the focus, then checks the focus is visible: an outline, a
 * box-shadow ring or (text fields) a primary-colour border, drawn by `:focus-visible`. Fails after `MAX_TABS` presses (not reachable).
 */
async function tabTo(page: Page, target: Locator, what: string) {
  await expect(target, `${what} is on the page`).toBeVisible();
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await isFocused(target)) {
      // Polled: Mantine fades the border colour in (100 ms transition).
      const ring = () =>
        target.evaluate((element) => {
          const style = getComputedStyle(element);
          const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
          // Mantine's text fields show focus by turning their border the primary colour.
          const probe = document.createElement('span');
          probe.style.color = 'var(--mantine-primary-color-filled)';
          document.body.append(probe);
          const primary = getComputedStyle(probe).color;
          probe.remove();
          return {
            outline,
            shadow: style.boxShadow !== 'none',
            // The field itself, or the box around it (PasswordInput's input sits inside a bordered box).
            border: [element, element.parentElement, element.parentElement?.parentElement].some((box) => {
              if (!box) return false;
              const boxStyle = getComputedStyle(box);
              return boxStyle.borderTopColor === primary && Number.parseFloat(boxStyle.borderTopWidth) > 0;
            }),
            visible: element.matches(':focus-visible'),
          };
        });
      await expect
        .poll(
          async () => {
            const r = await ring();
            return r.visible && (r.outline || r.shadow || r.border) ? 'visible' : JSON.stringify(r);
          },
          { message: `${what}: visible focus`, timeout: 3000 },
        )
        .toBe('visible');
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`${what}: not reached with ${MAX_TABS} Tab presses`);
}

/** Types `text` into the focused field. */
async function type(page: Page, text: string) {
  await page.keyboard.type(text);
}

/** The first link of `main` to a detail page under `prefix` ("/projects/…", not "/projects/new"). */
function firstDetailLink(page: Page, prefix: string) {
  // Detail pages only: not the list's own sub-pages (new, requests, retainers, quotes, received).
  const others = ['new', 'requests', 'retainers', 'quotes', 'received', 'reconciliation']
    .map((p) => `:not([href="${prefix}${p}"])`)
    .join('');
  return page.locator(`main a[href^="${prefix}"]${others}`).first();
}

/** A navigation rail link by its label (its accessible name starts with it). */
function navLink(page: Page, label: string) {
  return page.getByRole('navigation').getByRole('link', { name: new RegExp(`^${label}`) });
}

const JOURNEYS = [
  { role: 'admin', projects: 'Proyectos', tickets: 'Tickets', billing: 'Facturación' },
  {
    role: 'empleado',
    projects: 'Mis Proyectos',
    tickets: 'Soporte',
    billing: 'Facturación',
  },
  { role: 'cliente', projects: 'Mis Proyectos', tickets: 'Soporte', billing: 'Mis Facturas' },
] as const;

for (const journey of JOURNEYS) {
  test(`keyboard only, ${journey.role}: sign in, open a project, reply to a ticket, download an invoice PDF, sign out`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Sign in through the form.
    await page.goto('/login');
    await tabTo(page, page.getByLabel('Email'), 'Email');
    await type(page, DEMO_USERS[journey.role].email);
    await tabTo(page, page.locator('input[type="password"]'), 'Contraseña');
    await type(page, DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

    // Open a project.
    await tabTo(page, navLink(page, journey.projects), `enlace ${journey.projects}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/projects$/);
    const project = firstDetailLink(page, '/projects/');
    await tabTo(page, project, 'primer proyecto');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/projects\/[^/]+$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

    // Reply to a ticket.
    await tabTo(page, navLink(page, journey.tickets), `enlace ${journey.tickets}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tickets$/);
    await tabTo(page, firstDetailLink(page, '/tickets/'), 'primer ticket');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tickets\/[^/]+$/);
    const reply = `Respuesta con teclado (${journey.role}) ${Date.now()}`;
    await tabTo(page, page.getByRole('textbox', { name: 'Agregar comentario' }), 'Agregar comentario');
    await type(page, reply);
    await tabTo(page, page.getByRole('button', { name: 'Agregar comentario' }), 'botón Agregar comentario');
    await page.keyboard.press('Enter');
    await expect(page.getByText(reply)).toBeVisible();

    // Download an invoice PDF (employees read every invoice, decision 056).
    await tabTo(page, navLink(page, journey.billing), `enlace ${journey.billing}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/billing$/);
    if (journey.role === 'cliente') {
      // A client's cards speak from the client's side (issue 17).
      await expect(page.getByText('Total pagado', { exact: true })).toBeVisible();
      await expect(page.getByText('Pendiente de pago', { exact: true })).toBeVisible();
      await expect(page.getByText('Ingresos totales')).toHaveCount(0);
    }
    await tabTo(page, firstDetailLink(page, '/billing/'), 'primera factura');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/billing\/[^/]+$/);
    await tabTo(page, page.getByRole('button', { name: 'Descargar PDF' }), 'Descargar PDF');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    // Sign out from the user menu: Enter opens it, the arrow keys move, Enter chooses.
    await tabTo(page, page.getByRole('button', { name: /\(menú de usuario\)$/ }), 'menú de usuario');
    await page.keyboard.press('Enter');
    const signOut = page.getByRole('menuitem', { name: 'Cerrar sesión' });
    await expect(signOut).toBeVisible();
    for (let presses = 0; presses < 5 && !(await isFocused(signOut)); presses += 1) {
      await page.keyboard.press('ArrowUp');
    }
    await expect(signOut).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
  });
}

test('keyboard only: a modal traps the focus, names the first error on submit and gives the focus back when closed', async ({
  page,
}) => {
  await signInAs(page, 'cliente');
  await page.goto('/tickets');
  const opener = page.getByRole('main').getByRole('button', { name: 'Nuevo Ticket' });
  await tabTo(page, opener, 'Nuevo Ticket');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();

  // Focus trap: twenty Tab presses never leave the dialog.
  for (let presses = 0; presses < 20; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }

  // Submitting the empty form moves the focus to the first invalid field, which names its error.
  await tabTo(page, dialog.getByRole('button', { name: 'Crear Ticket' }), 'Crear Ticket');
  await page.keyboard.press('Enter');
  const title = dialog.getByRole('textbox', { name: /^Título/ });
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  const error = dialog.locator('.mantine-TextInput-error').first();
  await expect(error).toBeVisible();
  const errorId = await error.getAttribute('id');
  const describedBy = ((await title.getAttribute('aria-describedby')) ?? '').split(/\s+/);
  expect(errorId, 'the error message has an id').toBeTruthy();
  expect(describedBy, 'the field is described by its error').toContain(errorId);

  // Escape closes the dialog and the focus returns to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
