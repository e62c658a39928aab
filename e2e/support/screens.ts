import { expect, type Page } from '@playwright/test';

/*
 * The portal screens of each role, walked by the screen walk (a11y.spec.ts: axe, reflow, text
 * resize on one visit per screen): a new screen is added here once.
 */

/** A dialog opened from a screen: the button (or link) that opens it, or `menu` then its item. */
export interface Dialog {
  name: string;
  open: string;
  /** The menu button whose item `open` opens the dialog (the ticket's "Más acciones", issue 32). */
  menu?: string;
}

/** One screen: a fixed path, or the first link of a list whose href matches `detailOf`. */
export interface Screen {
  name: string;
  path: string;
  /** Follow the first link to `<prefix>/<id>` found on `path` instead of visiting `path` itself. */
  detailOf?: string;
  /** With `detailOf`: the list opens a detail by clicking this element (a card), not a link. */
  detailCard?: string;
  /** Appended to the followed detail link (e.g. `?tab=tiempo`). */
  query?: string;
  /** A public page outside the portal shell (no header or navigation to check). */
  public?: boolean;
  /**
   * Then open the task drawer of the first task card on the screen (its `?tarea=<id>` link,
   * decision 165) and wait for the task to load in it.
   */
  taskDrawer?: boolean;
  /**
   * Makes the data the screen needs through the API (as the signed-in user of `page`) and
   * answers the path to open instead of `path` (a proposal and its signing link, decision 173).
   */
  prepare?: (page: Page) => Promise<string>;
  dialogs?: Dialog[];
}

/** "Compartir por WhatsApp" and its list (decision 116), in a ticket's "Más acciones" menu. */
const SHARE_DIALOGS: Dialog[] = [
  { name: 'compartir por WhatsApp', open: 'Compartir por WhatsApp', menu: 'Más acciones' },
  { name: 'enlaces compartidos', open: 'Enlaces compartidos', menu: 'Más acciones' },
];

/** A proposal for a new lead, sent, made once per worker: its detail and its signing page. */
let walkProposal: Promise<{ detail: string; sign: string }> | undefined;
function proposalForWalk(page: Page): Promise<{ detail: string; sign: string }> {
  walkProposal ??= (async () => {
    const session = await page.evaluate(() => localStorage.getItem('agencia-rd-session'));
    const token = (JSON.parse(session ?? '{}') as { state?: { token?: string } }).state?.token;
    const headers = { authorization: `Bearer ${token}` };
    const stages = (await (await page.request.get('/api/lead-stages', { headers })).json()).data.stages;
    const lead = await page.request.post('/api/leads', {
      headers,
      data: {
        title: 'Sitio web para el walk',
        contactName: 'Rosa Almonte',
        email: `walk.${Date.now()}@ejemplo.do`,
        source: 'referral',
        stageId: stages[0]._id,
      },
    });
    expect(lead.status(), await lead.text()).toBe(201);
    const created = await page.request.post('/api/proposals', {
      headers,
      data: {
        leadId: (await lead.json()).data.lead._id,
        title: 'Sitio web para el walk',
        content: '# Propuesta para {{cliente.nombre}}\n\nDiseño y desarrollo del sitio. Total: {{total}}.',
        items: [
          { description: 'Sitios Web Profesionales', serviceId: 'sitios-web', quantity: 1, unitPrice: 45000 },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).data.document._id as string;
    const sent = await page.request.post(`/api/proposals/${id}/send`, { headers, data: {} });
    expect(sent.status(), await sent.text()).toBe(200);
    const url = (await sent.json()).data.document.shareUrl as string;
    return { detail: `/proposals/${id}`, sign: new URL(url).pathname };
  })();
  return walkProposal;
}

const ADMIN: Screen[] = [
  { name: 'dashboard', path: '/dashboard' },
  { name: 'proyectos', path: '/projects' },
  { name: 'proyecto', path: '/projects', detailOf: '/projects/' },
  {
    name: 'proyecto: tiempo',
    path: '/projects',
    detailOf: '/projects/',
    query: '?tab=tiempo',
    dialogs: [{ name: 'facturar horas', open: 'Facturar horas' }],
  },
  // Tasks (decision 165): the board with "Nueva tarea", and "Mis tareas".
  {
    name: 'proyecto: tareas',
    path: '/projects',
    detailOf: '/projects/',
    query: '?tab=tareas&vista=tablero',
    dialogs: [{ name: 'nueva tarea', open: 'Nueva tarea' }],
  },
  // The task drawer (?tarea=<id>) of the first card: fields, checklist, comments, files, time.
  {
    name: 'proyecto: tarea (panel)',
    // An active project: every one of the demo has a board.
    path: '/projects?status=in_progress',
    detailOf: '/projects/',
    query: '?tab=tareas&vista=tablero',
    taskDrawer: true,
  },
  { name: 'mis tareas', path: '/tasks' },
  { name: 'nuevo proyecto', path: '/projects/new' },
  { name: 'tickets', path: '/tickets', dialogs: [{ name: 'nuevo ticket', open: 'Nuevo Ticket' }] },
  { name: 'ticket', path: '/tickets', detailOf: '/tickets/', dialogs: SHARE_DIALOGS },
  { name: 'calendario', path: '/calendar', dialogs: [{ name: 'nuevo evento', open: 'Nuevo Evento' }] },
  { name: 'clientes', path: '/clients' },
  // Client cards are links since issue 32: the walk follows the first one like any list row.
  { name: 'cliente', path: '/clients', detailOf: '/clients/' },
  // Leads pipeline (decision 170): the board (list on phones) and one lead with its timeline.
  { name: 'prospectos', path: '/leads', dialogs: [{ name: 'nuevo prospecto', open: 'Nuevo prospecto' }] },
  { name: 'prospectos: lista', path: '/leads?view=list' },
  { name: 'prospecto', path: '/leads?view=list', detailOf: '/leads/' },
  { name: 'solicitudes', path: '/clients/requests' },
  { name: 'facturación', path: '/billing', dialogs: [{ name: 'nueva factura', open: 'Nueva Factura' }] },
  { name: 'factura', path: '/billing', detailOf: '/billing/' },
  {
    name: 'cotizaciones',
    path: '/billing/quotes',
    dialogs: [{ name: 'nueva cotización', open: 'Nueva cotización' }],
  },
  { name: 'cotización', path: '/billing/quotes', detailOf: '/billing/quotes/' },
  { name: 'igualas', path: '/billing/retainers', dialogs: [{ name: 'nueva iguala', open: 'Nueva iguala' }] },
  // Bank reconciliation (decision 167): the page (its empty state until an account exists) and the accounts tab.
  { name: 'conciliación bancaria', path: '/billing/reconciliation' },
  { name: 'gastos', path: '/expenses', dialogs: [{ name: 'nuevo gasto', open: 'Nuevo gasto' }] },
  { name: 'suplidores', path: '/suppliers', dialogs: [{ name: 'nuevo suplidor', open: 'Nuevo suplidor' }] },
  { name: 'reportes', path: '/reports' },
  {
    name: 'cierre del mes',
    path: '/reports/month-close',
    dialogs: [{ name: 'cerrar mes', open: 'Cerrar mes' }],
  },
  { name: 'configuración', path: '/settings' },
  {
    name: 'configuración: cuentas bancarias',
    path: '/settings?tab=bank-accounts',
    dialogs: [{ name: 'agregar cuenta bancaria', open: 'Agregar cuenta' }],
  },
  // Decision 168: Configuración → Correos (receiving status, unassigned list, outbox).
  { name: 'configuración — correos', path: '/settings?tab=mail' },
  // Issue 41: the DGII certification wizard, with step 2 (test sets) open.
  { name: 'certificación DGII', path: '/settings/certification?paso=2' },
  { name: 'perfil', path: '/profile' },
  { name: 'usuarios', path: '/users', dialogs: [{ name: 'formulario de usuario', open: 'Nuevo Usuario' }] },
  // Decision 173, last so that the screens before keep their theme variants and dark audits.
  // Decision 173: Configuración → Plantillas (proposals and contracts) with the template editor.
  {
    name: 'configuración: plantillas',
    path: '/settings?tab=templates',
    dialogs: [{ name: 'nueva plantilla', open: 'Nueva plantilla' }],
  },
  // The public verification page of signed documents (the certificate's QR, decision 173).
  { name: 'verificar documento', path: '/verificar', public: true },
  // Proposals and contracts (decision 173): the list with "Nueva propuesta"; one proposal (made
  // through the API, sent) with its "Reenviar" dialog, and its public signing page.
  {
    name: 'propuestas y contratos',
    path: '/proposals',
    dialogs: [{ name: 'nueva propuesta', open: 'Nueva propuesta' }],
  },
  {
    name: 'propuesta',
    path: '/proposals',
    prepare: async (page) => (await proposalForWalk(page)).detail,
    dialogs: [{ name: 'enviar propuesta', open: 'Reenviar' }],
  },
  // The recipient's signing page (no sign-in needed; opened here from the admin's session).
  {
    name: 'firmar propuesta (pública)',
    path: '/firmar',
    public: true,
    prepare: async (page) => (await proposalForWalk(page)).sign,
  },
];

const EMPLOYEE: Screen[] = [
  { name: 'dashboard', path: '/dashboard' },
  { name: 'proyectos', path: '/projects' },
  { name: 'proyecto', path: '/projects', detailOf: '/projects/' },
  { name: 'proyecto: tareas', path: '/projects', detailOf: '/projects/', query: '?tab=tareas' },
  { name: 'mis tareas', path: '/tasks' },
  { name: 'soporte', path: '/tickets', dialogs: [{ name: 'nuevo ticket', open: 'Nuevo Ticket' }] },
  { name: 'ticket', path: '/tickets', detailOf: '/tickets/' },
  { name: 'calendario', path: '/calendar' },
  { name: 'facturación', path: '/billing' },
  { name: 'factura', path: '/billing', detailOf: '/billing/' },
  { name: 'cotizaciones', path: '/billing/quotes' },
  { name: 'cotización', path: '/billing/quotes', detailOf: '/billing/quotes/' },
  { name: 'gastos', path: '/expenses', dialogs: [{ name: 'nuevo gasto', open: 'Nuevo gasto' }] },
  { name: 'configuración', path: '/settings' },
  { name: 'perfil', path: '/profile' },
];

const CLIENT: Screen[] = [
  { name: 'dashboard', path: '/dashboard' },
  { name: 'proyectos', path: '/projects' },
  { name: 'proyecto', path: '/projects', detailOf: '/projects/' },
  { name: 'proyecto: tareas', path: '/projects', detailOf: '/projects/', query: '?tab=tareas&vista=tablero' },
  // The drawer of a task the team shares with the client (the client's board shows only those).
  {
    name: 'proyecto: tarea (panel)',
    // An active project: every one of the demo has a board.
    path: '/projects?status=in_progress',
    detailOf: '/projects/',
    query: '?tab=tareas&vista=tablero',
    taskDrawer: true,
  },
  { name: 'soporte', path: '/tickets', dialogs: [{ name: 'nuevo ticket', open: 'Nuevo Ticket' }] },
  { name: 'ticket', path: '/tickets', detailOf: '/tickets/', dialogs: SHARE_DIALOGS },
  { name: 'calendario', path: '/calendar' },
  { name: 'mis facturas', path: '/billing' },
  { name: 'factura', path: '/billing', detailOf: '/billing/' },
  { name: 'mis cotizaciones', path: '/billing/quotes' },
  {
    name: 'cotización',
    // A sent quote (the demo seeds one), so "Aceptar" and "Rechazar" are there.
    path: '/billing/quotes?status=sent',
    detailOf: '/billing/quotes/',
    dialogs: [
      { name: 'aceptar cotización', open: 'Aceptar' },
      { name: 'rechazar cotización', open: 'Rechazar' },
    ],
  },
  { name: 'configuración', path: '/settings' },
  { name: 'perfil', path: '/profile' },
  // Issue 46: Perfil → Notificaciones (this device's Web Push and the topics, decision 169).
  { name: 'perfil notificaciones', path: '/profile?tab=notifications' },
  // The public page of a shared document (/compartido/{token}, decision 116) is checked by
  // billable-share.spec.ts: a real link needs a sent invoice, and an unknown token's 410 is a
  // console error here.
];

/** Every portal screen each demo role can open (decision 108). */
export const SCREENS: Record<'admin' | 'empleado' | 'cliente', Screen[]> = {
  admin: ADMIN,
  empleado: EMPLOYEE,
  cliente: CLIENT,
};

/**
 * Opens `screen`: its path, or the first detail link found on it (the list's own sub-pages
 * skipped). With `reload`, or when the page is not yet the app or already on that path, the path
 * is loaded anew (`page.goto`: the app starts again and reads the preferences); otherwise the app
 * moves there itself ({@link navigateInApp}), as a click on a link would — a new start of the app
 * costs about a second of CPU per screen (decision 130). A detail is always reached in the app.
 */
export async function openScreen(page: Page, screen: Screen, options: { reload: boolean }): Promise<void> {
  const path = screen.prepare ? await screen.prepare(page) : screen.path;
  const current = new URL(page.url());
  const target = new URL(path, current);
  const inApp = current.pathname !== '/api/health' && current.pathname !== target.pathname;
  if (options.reload || !inApp) await page.goto(path);
  else await navigateInApp(page, path);
  if (!screen.detailOf) return;
  const prefix = screen.detailOf;
  if (screen.detailCard) {
    // Near the card's top-left corner: its menu button sits top-right.
    await page
      .locator(screen.detailCard)
      .first()
      .click({ position: { x: 8, y: 8 } });
    await expect(page).toHaveURL(new RegExp(`${prefix}[0-9a-f-]{36}$`));
    return;
  }
  // Detail pages only: not the list's own sub-pages (as keyboard.spec.ts's firstDetailLink).
  const others = ['new', 'requests', 'retainers', 'quotes', 'received', 'reconciliation']
    .map((p) => `:not([href="${prefix}${p}"])`)
    .join('');
  const link = page.locator(`main a[href^="${prefix}"]${others}`).first();
  const href = await link.getAttribute('href');
  expect(href, `${screen.name}: a link to ${prefix}… on ${screen.path}`).toBeTruthy();
  await navigateInApp(page, `${href}${screen.query ?? ''}`);
  if (screen.taskDrawer) await openTaskDrawer(page, screen.name);
}

/**
 * Opens the drawer of the first task card on the screen by its title link (`?tarea=<id>`) and
 * waits until the task has loaded in the dialog.
 */
async function openTaskDrawer(page: Page, name: string): Promise<void> {
  const card = page.locator('main a[href*="tarea="]').first();
  await expect(card, `${name}: a task card on the board`).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(/[?&]tarea=[0-9a-f-]{36}/);
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('[data-task-drawer]')).toBeVisible();
  await expect(drawer.locator('.mantine-Loader-root:visible')).toHaveCount(0, { timeout: 10_000 });
  await animationsDone(page);
}

/**
 * Moves the running app to `path` through the History API: a `pushState` and the `popstate` that
 * React Router follows (as it follows the browser's back and forward buttons). Resolves once a
 * heading of the new screen is on it: the headings of the screen left are marked first, since the
 * router keeps the old screen on show while the new one's code loads. For another screen only
 * (another page component draws a new heading); the same path with another query is `page.goto`.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const heading of document.querySelectorAll('main h1')) heading.setAttribute('data-walk-left', '');
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
  await expect(page.locator('main h1:not([data-walk-left])').first()).toBeVisible();
}

/**
 * Waits until no finite animation or transition is running (Mantine's popovers and modals fade in
 * for ≤ 200 ms; a check must not see a half-faded state). Endless ones (a spinner, a skeleton's
 * pulse) are not waited for. A state, not a fixed sleep: under `reducedMotion: 'reduce'` Mantine's
 * transitions last 0 ms and this returns at once.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * Waits until the screen has its heading and, for up to 10 s, until no loader or skeleton shows
 * (a screen may keep one on purpose, e.g. a live section; the check then includes it), then until
 * its animations are done. Hidden ones do not count: a tab panel that is not open keeps its loader
 * until it is opened.
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main .mantine-Loader-root:visible, main .mantine-Skeleton-root:visible'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  await animationsDone(page);
}
