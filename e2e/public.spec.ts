import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, signInAs, test, waitForApp } from './fixtures.js';
import { openUserMenu } from './support/shell.js';

const SECTION_IDS = ['hero', 'services', 'features', 'stats', 'testimonials', 'urgency', 'cta', 'footer'];

/** The section is at the top under the bar, or — for the last one — the page is scrolled to the end. */
/**
 * Records every scroll position from the next document on (`window.__scrolls`, `[ms, scrollY]`),
 * so a test can tell a smooth scroll (many steps, starting near the top) from a jump (one step).
 */
async function recordScrolls(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __scrolls: [number, number][]; __readyAt?: number };
    w.__scrolls = [];
    // When the app marks itself ready (`<html data-app-ready>`), in page time.
    new MutationObserver(() => {
      if (document.documentElement?.dataset.appReady && w.__readyAt === undefined)
        w.__readyAt = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] });
    window.addEventListener('scroll', () => w.__scrolls.push([performance.now(), window.scrollY]), {
      passive: true,
    });
  });
}

/** The scroll positions recorded since `recordScrolls` (or since `from`, a `performance.now()`). */
function scrolls(page: Page, from = 0) {
  return page.evaluate(
    (since) => (window as unknown as { __scrolls: [number, number][] }).__scrolls.filter(([t]) => t >= since),
    from,
  );
}

/**
 * No jump: the first move lands well short of the section, or the scroll passes through at least
 * three positions (a smooth scroll under way: on a busy machine its first frames can come late,
 * already past half way), or, when a busy page stalled the animation, the move comes from
 * `scrollToSection`'s completing scroll 1.5 s after the scroll began (decision 028). A jump is one
 * position. `startedAt` is when the page began handling the section.
 */
function expectNoJump(positions: [number, number][], startedAt: number) {
  const moved = positions.filter(([, y]) => y > 0);
  expect(moved.length).toBeGreaterThan(0);
  const [firstAt, firstY] = moved[0]!;
  const last = moved.at(-1)![1];
  expect(last).toBeGreaterThan(500);
  const steps = new Set(moved.map(([, y]) => Math.round(y))).size;
  if (firstY >= last / 2 && steps < 3) expect(firstAt - startedAt).toBeGreaterThanOrEqual(1400);
}

async function expectScrolledTo(page: Page, id: string) {
  await expect
    .poll(
      () =>
        page.evaluate((sectionId) => {
          const top = document.getElementById(sectionId)?.getBoundingClientRect().top ?? -1;
          const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
          return (top > -10 && top < 80) || (atEnd && top >= 0 && top < window.innerHeight);
        }, id),
      { timeout: 5000 },
    )
    .toBe(true);
}

test.describe('landing', () => {
  test('has the eight sections in order and scrolls to the URL hash', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Hacemos crecer tu negocio en el mundo digital',
    );
    const ids = await page.evaluate(() =>
      [...document.querySelectorAll('[id]')]
        .map((el) => el.id)
        .filter((id) =>
          ['hero', 'services', 'features', 'stats', 'testimonials', 'urgency', 'cta', 'footer'].includes(id),
        ),
    );
    expect(ids).toEqual(SECTION_IDS);
    await expect(page.locator('main')).toHaveCount(1);

    // A section in the URL: the page shows from the top, then scrolls smoothly (spec §2).
    await recordScrolls(page);
    await page.goto('about:blank');
    await page.goto('/#testimonials');
    await expectScrolledTo(page, 'testimonials');
    await expect(page).toHaveURL(/\/#testimonials$/);
    const readyAt = await page.evaluate(() => (window as unknown as { __readyAt: number }).__readyAt);
    const positions = await scrolls(page);
    // Nothing moved before the app was up (no browser or router jump), then no jump either.
    expect(positions.filter(([t, y]) => y > 0 && t < readyAt)).toEqual([]);
    expectNoJump(positions, readyAt);
    await expect(page.locator('#testimonials').getByRole('img', { name: '5 de 5 estrellas' })).toHaveCount(3);
    await expect(page.locator('#testimonials').getByText('MF', { exact: true })).toBeVisible();
  });

  test('desktop dropdown scrolls on / and navigates to /#section elsewhere; the bar turns opaque', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.locator('header').first();
    await expect(header).not.toHaveAttribute('data-scrolled', /.*/);
    await page.getByRole('button', { name: 'Servicios Digitales', exact: true }).click();
    await expect(page.getByText('Información', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Estadísticas', exact: true }).click();
    await expectScrolledTo(page, 'stats');
    await expect(page).toHaveURL(/\/#stats$/);
    await expect(header).toHaveAttribute('data-scrolled', 'true');

    await recordScrolls(page);
    await page.goto('/portfolio');
    await page.getByRole('button', { name: 'Servicios Digitales', exact: true }).click();
    const clickedAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Contacto', exact: true }).click();
    await expect(page).toHaveURL(/\/#footer$/);
    await expectScrolledTo(page, 'footer');
    // The landing shows from the top and scrolls smoothly after ≈100 ms: no jump on arrival.
    const positions = (await scrolls(page, clickedAt)).filter(([, y]) => y > 0);
    expectNoJump(positions, clickedAt);
    expect(positions[0]![0] - clickedAt).toBeGreaterThanOrEqual(90);
  });

  test('hero and cta buttons, footer contact links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Obtener Propuesta Gratis' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('link', { name: 'Ver Portafolio' })).toHaveAttribute('href', '/portfolio');
    await expect(page.locator('#cta').getByRole('link')).toHaveAttribute('href', '/login');
    const whatsapp = page.locator('#footer').getByRole('link', { name: 'Escríbenos por WhatsApp' });
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=Hola/);
    await expect(page.locator('#footer').locator('a[href^="mailto:"]')).toHaveAttribute(
      'href',
      /subject=Consulta%20sobre%20servicios%20digitales$/,
    );
    // The current year in Santo Domingo (issue 32 point 12), not the spec's "© 2025".
    const year = new Intl.DateTimeFormat('en', { timeZone: 'America/Santo_Domingo', year: 'numeric' }).format(
      new Date(),
    );
    await expect(page.locator('#footer')).toContainText(`© ${year}`);
    await expect(page.locator('#footer')).toContainText('República Dominicana');
  });

  test('mobile menu at 390 px lists the eight sections and the login button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Servicios Digitales' })).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menú', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('navigation', { name: 'Secciones' }).getByRole('button')).toHaveText([
      'Inicio',
      'Servicios',
      'Características',
      'Estadísticas',
      'Testimonios',
      '¿Por qué ahora?',
      'Comienza',
      'Contacto',
    ]);
    await expect(menu.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('href', '/login');
    await menu.getByRole('button', { name: 'Testimonios', exact: true }).click();
    await expect(menu).toBeHidden();
    await expectScrolledTo(page, 'testimonials');
  });
});

test.describe('service detail modal', () => {
  test('details, gallery without loop, closing returns to details, WhatsApp message', async ({ page }) => {
    await page.goto('/#services');
    await page.getByRole('button', { name: /^Sitios Web Profesionales/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Sitios Web Profesionales' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('2-4 semanas', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Desde $1,500', { exact: true })).toBeVisible();
    const whatsapp = decodeURIComponent(
      (await dialog.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')) ?? '',
    );
    expect(whatsapp).toContain('Sitios Web Profesionales');
    expect(whatsapp).toContain(
      'Diseño responsive para celulares y tabletas, Optimización SEO básica incluida, Formulario de contacto y botón de WhatsApp.',
    );
    expect(whatsapp).not.toContain('Certificado SSL');
    expect(whatsapp).toContain('cotización personalizada');

    await dialog.getByRole('button', { name: 'Ver galería de Sitios Web Profesionales' }).click();
    const gallery = dialog.getByTestId('image-gallery');
    await expect(gallery.getByText('1 de 3')).toBeVisible();
    await expect(gallery.getByRole('button', { name: 'Imagen anterior' })).toBeDisabled();
    await gallery.getByRole('button', { name: 'Imagen siguiente' }).click();
    await gallery.getByRole('button', { name: 'Imagen siguiente' }).click();
    await expect(gallery.getByText('3 de 3')).toBeVisible();
    await expect(gallery.getByRole('button', { name: 'Imagen siguiente' })).toBeDisabled();
    await gallery.getByRole('button', { name: 'Ir a la imagen 2' }).click();
    await expect(gallery.getByText('2 de 3')).toBeVisible();

    await dialog.getByRole('button', { name: 'Volver a los detalles' }).click();
    await expect(dialog.getByText('Desde $1,500', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();
  });

  test("'Más Información' closes the modal and scrolls to the footer 300 ms later", async ({ page }) => {
    await recordScrolls(page);
    await page.goto('/');
    await page.getByRole('button', { name: /^Posicionamiento SEO/ }).click();
    const moreInfo = page.getByRole('button', { name: 'Más Información' });
    await expect(moreInfo).toBeVisible();
    const clickedAt = await page.evaluate(() => performance.now());
    await moreInfo.click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expectScrolledTo(page, 'footer');
    const positions = await scrolls(page, clickedAt);
    expect(positions.length).toBeGreaterThan(0);
    expect(positions[0]![0] - clickedAt).toBeGreaterThanOrEqual(280);
  });
});

test.describe('portfolio', () => {
  test('filter from Todos, +N badge, detail dialog with gallery and website button', async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Nuestro Portafolio' })).toBeVisible();
    await expect(page.getByText('PROYECTOS PREMIUM')).toBeVisible();
    for (const stat of [
      'Proyectos Completados',
      'Clientes Satisfechos',
      'Años de Experiencia',
      'Tecnologías Dominadas',
    ])
      await expect(page.getByText(stat, { exact: true })).toBeVisible();
    const cards = page.getByTestId('project-grid').locator('[data-project-id]');
    await expect(cards).toHaveCount(5);
    await expect(page.getByRole('radio', { name: 'Todos' })).toBeChecked();

    await page.getByRole('group', { name: 'Filtrar por categoría' }).getByText('Government').click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Ayuntamiento Digital');
    await page.getByRole('group', { name: 'Filtrar por categoría' }).getByText('Todos').click();
    await expect(cards).toHaveCount(5);

    // 1 column on phones, 2 from 768 px (tablet), 3 from 1200 px (spec doc 1 §2, §9).
    const columns = async () =>
      new Set(await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left))))
        .size;
    for (const [width, expected] of [
      [390, 1],
      [767, 1],
      [768, 2],
      [1199, 2],
      [1200, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(columns, { message: `columns at ${width} px` }).toBe(expected);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // A click anywhere on the card opens its dialog.
    await page.locator('[data-project-id="ayuntamiento-digital"]').getByRole('heading').click();
    const townHall = page.getByRole('dialog', { name: 'Ayuntamiento Digital' });
    await expect(townHall).toBeVisible();
    await townHall.getByRole('button', { name: 'Cerrar' }).click();
    await expect(townHall).toBeHidden();

    const ops = page.locator('[data-project-id="operaciones-aeropuerto"]');
    await expect(ops.getByText('+3', { exact: true })).toBeVisible();

    await ops.getByRole('button', { name: 'Ver Detalles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Centro de Operaciones Aeroportuarias' });
    for (const heading of ['Características Principales', 'Tecnologías Utilizadas', 'Métricas del Proyecto'])
      await expect(dialog.getByRole('heading', { name: heading })).toBeVisible();
    for (const label of ['Cliente', 'Industria', 'Duración', 'Año'])
      await expect(dialog.getByText(label, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Visitar Sitio Web' })).toHaveCount(0);
    await dialog.getByRole('button', { name: /^Ver galería de/ }).click();
    await expect(dialog.getByText('1 de 3')).toBeVisible();
    await dialog.getByRole('button', { name: 'Volver a los detalles' }).click();
    await expect(dialog.getByRole('heading', { name: 'Métricas del Proyecto' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Café Cibao Shop: abrir detalles' }).click();
    const cafe = page.getByRole('dialog', { name: 'Café Cibao Shop' });
    await expect(cafe.getByRole('link', { name: 'Visitar Sitio Web' })).toHaveAttribute('target', '_blank');
    await cafe.getByRole('button', { name: 'Cerrar' }).click();

    await expect(page.getByRole('link', { name: 'Solicitar Propuesta Gratis' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('link', { name: 'Contactar Ahora' })).toHaveAttribute('href', '/login');
  });
});

test.describe('pre-rendered pages (decision 027)', () => {
  test('the landing and the portfolio paint from their HTML alone, and their links work without JavaScript', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Hacemos crecer tu negocio en el mundo digital',
    );
    await expect(page).toHaveTitle('Agencia Digital RD · Sitios web, automatización y marketing digital');
    const ids = await page
      .locator('[id]')
      .evaluateAll(
        (elements, wanted) => elements.map((element) => element.id).filter((id) => wanted.includes(id)),
        SECTION_IDS,
      );
    expect(ids).toEqual(SECTION_IDS);
    await expect(page.locator('#services').getByText('Sitios Web Profesionales').first()).toBeVisible();
    // The server puts the company's contact from the settings (demo seed) into the HTML.
    await expect(page.locator('#footer a[href^="https://wa.me/"]').first()).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/18095550142\?/,
    );

    await page.getByRole('link', { name: 'Ver Portafolio' }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuestro Portafolio');
    await expect(page).toHaveTitle('Portafolio · Agencia Digital RD');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^Proyectos de sitios web/,
    );
    await context.close();
  });

  test('a dark-scheme visitor gets the dark theme from the first paint, before the app loads', async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/Failed to load resource/);
    await page.emulateMedia({ colorScheme: 'dark' });
    // The app never starts: what shows is the pre-rendered HTML and its inline colour-scheme script.
    await page.route('**/assets/boot-*.js', (route) => route.abort());
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await expect(page.locator('html')).not.toHaveAttribute('data-app-ready', /.*/);
  });

  test('a category picked on the pre-rendered portfolio before the app takes over is kept, and so is the scroll (decision 134)', async ({
    page,
  }) => {
    // On a phone the filter is below the fold: the visitor scrolls to it, then picks.
    await page.setViewportSize({ width: 390, height: 844 });
    // The app's entry waits until the pick is made: what answers the click is the page's HTML.
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => {
      releaseApp = resolve;
    });
    await page.route('**/assets/index-*.js', async (route) => {
      await appHeld;
      await route.continue();
    });
    await page.goto('/portfolio', { waitUntil: 'commit' });
    const filter = page.getByRole('group', { name: 'Filtrar por categoría' });
    const cards = page.getByTestId('project-grid').locator('[data-project-id]');
    await filter.getByText('Government').click();
    await expect(cards.filter({ visible: true })).toHaveCount(1);
    await expect(cards.filter({ visible: true })).toContainText('Ayuntamiento Digital');
    await expect(page.getByRole('radio', { name: 'Government' })).toBeChecked();
    await expect(page.locator('html')).not.toHaveAttribute('data-app-ready', /.*/);
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);

    releaseApp();
    await waitForApp(page);
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole('radio', { name: 'Government' })).toBeChecked();
    // The swap left the page where the visitor was (React Router scrolls a first render to the top).
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await filter.getByText('Todos').click();
    await expect(cards).toHaveCount(5);
  });

  test("buttons clicked before the app takes over are answered by it: 'Ver Detalles' after a filter pick, a service card, the phone menu (decision 153)", async ({
    page,
  }) => {
    /** Holds the app's entry until the returned function is called: what the visitor sees is the HTML. */
    const holdApp = async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/index-*.js', async (route) => {
        await held;
        await route.continue();
      });
      return release;
    };
    const notReady = () => expect(page.locator('html')).not.toHaveAttribute('data-app-ready', /.*/);

    // The portfolio: the filter answers at once (decision 134), 'Ver Detalles' once the app is up.
    let releaseApp = await holdApp();
    await page.goto('/portfolio', { waitUntil: 'commit' });
    const filter = page.getByRole('group', { name: 'Filtrar por categoría' });
    const cards = page.getByTestId('project-grid').locator('[data-project-id]');
    await filter.getByText('Government').click();
    await expect(cards.filter({ visible: true })).toHaveCount(1);
    const details = cards.filter({ visible: true }).getByRole('button', { name: 'Ver Detalles' });
    await details.click();
    await expect(details).toHaveAttribute('aria-busy', 'true');
    await notReady();
    releaseApp();
    await waitForApp(page);
    const townHall = page.getByRole('dialog', { name: 'Ayuntamiento Digital' });
    await expect(townHall).toBeVisible();
    await expect(townHall.getByRole('heading', { name: 'Métricas del Proyecto' })).toBeVisible();
    await townHall.getByRole('button', { name: 'Cerrar' }).click();
    await expect(townHall).toBeHidden();
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole('radio', { name: 'Government' })).toBeChecked();
    await page.unrouteAll();

    // The landing: a click anywhere on a service card opens its details.
    releaseApp = await holdApp();
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('#services').getByRole('heading', { name: 'Marketing Digital' }).click();
    await notReady();
    releaseApp();
    await waitForApp(page);
    const marketing = page.getByRole('dialog', { name: 'Marketing Digital' });
    await expect(marketing).toBeVisible();
    await marketing.getByRole('button', { name: 'Cerrar' }).click();
    await expect(marketing).toBeHidden();
    await page.unrouteAll();

    // The phone menu.
    await page.setViewportSize({ width: 390, height: 844 });
    releaseApp = await holdApp();
    await page.goto('/portfolio', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Abrir menú', exact: true }).click();
    await notReady();
    releaseApp();
    await waitForApp(page);
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('href', '/login');
  });

  test('the app replaces the pre-rendered markup once (one page, not two) and takes over', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    await expect(page.locator('#root h1')).toHaveCount(1);
    await expect(page.locator('#root main')).toHaveCount(1);
    await page.getByRole('button', { name: /^Sitios Web Profesionales/ }).click();
    await expect(page.getByRole('dialog', { name: 'Sitios Web Profesionales' })).toBeVisible();
  });

  test('a signed-in browser gets the app shell at / and goes to the dashboard; signing out brings the landing back', async ({
    page,
    allowedConsoleErrors,
  }) => {
    // A dashboard request still in flight when the session is revoked answers 401 (Chromium logs
    // it); the app drops that answer without trying to refresh (api-client.ts).
    allowedConsoleErrors.push(/status of 401/);
    await signInAs(page, 'cliente');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Mi Dashboard', exact: true })).toBeVisible();
    const hint = async () =>
      (await page.context().cookies()).find((c) => c.name === 'agencia_signed_in')?.value;
    expect(await hint()).toBe('1');
    const shell = await (await page.request.get('/')).text();
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('Hacemos crecer');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await hint()).toBeUndefined();
    expect(await (await page.request.get('/')).text()).toContain('Hacemos crecer tu negocio');
  });
});

test.describe('JavaScript budget (decisions 020, 134)', () => {
  test('each pre-rendered page loads at most 150 KB of gzip JavaScript', async ({ browser, request }) => {
    for (const path of ['/', '/portfolio']) {
      // A fresh browser each time: what one page loads, none of it from the other's cache.
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.add(r.url());
      });
      await page.goto(path);
      await waitForApp(page);
      await page.waitForLoadState('networkidle');
      let gzip = 0;
      for (const url of scripts) {
        const body = await (await request.get(url, { headers: { 'accept-encoding': 'identity' } })).body();
        gzip += gzipSync(body, { level: 9 }).length;
      }
      const files = [...scripts].map((url) => new URL(url).pathname).join(', ');
      expect(gzip / 1024, `${path} loads ${files}`).toBeLessThanOrEqual(150);
      await context.close();
    }
  });
});

test.describe('content security policy', () => {
  test('the public pages and the sign-in break no CSP rule (zod does not probe eval in the browser)', async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    const violations: string[] = [];
    cdp.on('Audits.issueAdded', ({ issue }) => {
      if (issue.code === 'ContentSecurityPolicyIssue')
        violations.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
    });
    await cdp.send('Audits.enable');
    for (const path of ['/', '/portfolio', '/quote', '/login']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // The login form validates with the shared zod schemas: submitting empty runs them.
    await page.getByRole('button', { name: 'Acceder a Mi Portal' }).click();
    await expect(page.getByText('Email es requerido')).toBeVisible();
    expect(violations).toEqual([]);
  });
});
