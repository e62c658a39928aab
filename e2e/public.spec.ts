import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures.js';
import { notification, openUserMenu } from './support/shell.js';

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
 * No jump: the first move lands well short of the section (a smooth scroll under way), or, when
 * a busy page stalled the animation, comes from `scrollToSection`'s completing scroll 1.5 s after
 * the scroll began (decision 028). `startedAt` is when the page began handling the section.
 */
function expectNoJump(positions: [number, number][], startedAt: number) {
  const moved = positions.filter(([, y]) => y > 0);
  expect(moved.length).toBeGreaterThan(0);
  const [firstAt, firstY] = moved[0]!;
  const last = moved.at(-1)![1];
  expect(last).toBeGreaterThan(500);
  if (firstY >= last / 2) expect(firstAt - startedAt).toBeGreaterThanOrEqual(1400);
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
    await expect(page.locator('#footer')).toContainText('© 2025');
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

test.describe('quote request', () => {
  test('stored service → form → sent; serviceQuote removed, / after 3 s, admin sees it', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: /^Tiendas en Línea/ }).click();
    await page.getByRole('button', { name: 'Solicitar Cotización' }).click();
    await expect(page).toHaveURL(/\/quote$/);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('serviceQuote'))) ?? 'null');
    expect(stored).toMatchObject({
      service: 'Tiendas en Línea (E-commerce)',
      id: 'ecommerce',
      price: '$2,500',
    });

    const summary = page.locator('.mantine-Card-root').filter({ hasText: 'Servicio Seleccionado' });
    await expect(summary).toContainText('Tiendas en Línea (E-commerce)');
    await expect(summary).toContainText('Desde $2,500');
    await expect(summary.getByRole('listitem')).toHaveCount(6);
    await expect(summary).toContainText('Los precios son estimados.');

    const unique = `E2E Cotización ${Date.now()}`;
    await page.getByLabel('Nombre Completo').fill(unique);
    await page.getByLabel('Email').fill('cotizacion.e2e@ejemplo.do');
    await page.getByLabel('Teléfono').fill('809-555-0101');
    await page.getByRole('combobox', { name: 'Presupuesto' }).click();
    await page.getByRole('option', { name: '$1,000 - $3,000' }).click();
    await page.getByRole('combobox', { name: 'Tiempo de entrega' }).click();
    await page.getByRole('option', { name: '3-4 semanas' }).click();
    await page.getByLabel('Descripción del Proyecto').fill('Tienda de repuestos con envíos a todo el país.');

    // Hold the request a moment so the sending state is observable.
    await page.route('**/api/public/quote-requests', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Enviar Solicitud de Cotización' }).click();
    await expect(page.getByRole('button', { name: 'Enviando Cotización...' })).toBeVisible();
    // The redirect comes 3 s after the success screen. Hold the page's clock while the request is
    // still held (600 ms), so the 3 s timer starts on the paused clock and only our steps advance
    // it: pausing after the success screen lost the race on a loaded CI machine.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await expect(page.getByRole('heading', { name: '¡Cotización Enviada Exitosamente!' })).toBeVisible();
    await expect(page.getByText(/dentro de las próximas 24 horas/)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('serviceQuote'))).toBeNull();
    await page.clock.runFor(2000);
    await expect(page).toHaveURL(/\/quote$/);
    await page.clock.runFor(1500);
    await expect(page).toHaveURL(/\/$/);

    const admin = await signInAs(page, 'admin');
    const res = await page.request.get(`/api/requests?kind=quote&search=${encodeURIComponent(unique)}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const { data } = await res.json();
    expect(data.requests).toHaveLength(1);
    expect(data.requests[0]).toMatchObject({ subject: 'Tiendas en Línea (E-commerce)', status: 'new' });
    const detail = await page.request.get(`/api/requests/quote/${data.requests[0]._id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    // The service's first five features (of six) travel with the quote (spec doc 1 §7).
    expect((await detail.json()).data.request).toMatchObject({
      serviceFeatures: [
        'Catálogo de productos ilimitado',
        'Pagos con tarjeta y transferencias',
        'Control de inventario',
        'Cálculo de envíos por zona',
        'Cupones y promociones',
      ],
      budget: '1000-3000',
      timeline: '3-4 semanas',
      name: unique,
    });
  });

  test('without a stored service the visitor picks it; a failure shows a red notice and keeps the form', async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/Failed to load resource.*500/);
    await page.goto('/quote');
    await expect(page.getByText('Aún no has elegido un servicio.')).toBeVisible();
    await page.getByRole('button', { name: 'Enviar Solicitud de Cotización' }).click();
    await expect(page.getByText('Selecciona un servicio')).toBeVisible();
    await expect(page.getByText('Nombre es requerido')).toBeVisible();

    await page.getByRole('combobox', { name: 'Servicio', exact: true }).click();
    await page.getByRole('option', { name: 'Branding e Identidad Visual' }).click();
    await expect(
      page.locator('.mantine-Card-root').filter({ hasText: 'Servicio Seleccionado' }),
    ).toContainText('Desde $1,000');
    await page.getByLabel('Nombre Completo').fill('Ana Fallo');
    await page.getByLabel('Email').fill('ana@ejemplo.do');
    await page.getByLabel('Teléfono').fill('8095550000');
    await page.getByRole('combobox', { name: 'Presupuesto' }).click();
    await page.getByRole('option', { name: '$10,000+' }).click();
    await page.getByRole('combobox', { name: 'Tiempo de entrega' }).click();
    await page.getByRole('option', { name: 'Flexible' }).click();
    await page.getByLabel('Descripción del Proyecto').fill('Logo nuevo');
    await page.route('**/api/public/quote-requests', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          message: 'Error interno del servidor',
          code: 'INTERNAL_ERROR',
        }),
      }),
    );
    await page.getByRole('button', { name: 'Enviar Solicitud de Cotización' }).click();
    await expect(notification(page, 'Error al enviar cotización')).toBeVisible();
    await expect(page.getByLabel('Nombre Completo')).toHaveValue('Ana Fallo');
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

test.describe('login page', () => {
  test('validation messages of spec §5', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Acceder a Mi Portal' }).click();
    await expect(page.getByText('Email es requerido')).toBeVisible();
    await expect(page.getByText('Contraseña es requerida')).toBeVisible();
    await page.getByLabel('Email').fill('no-es-email');
    await page.getByLabel('Contraseña').fill('123');
    await page.getByRole('button', { name: 'Acceder a Mi Portal' }).click();
    await expect(page.getByText('Email inválido')).toBeVisible();
    await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();
    for (const link of ['Términos', 'Privacidad', 'Soporte'])
      await expect(
        page.getByRole('navigation', { name: 'Información legal' }).getByRole('link', { name: link }),
      ).toBeVisible();
  });

  test('carousel shows at ≥ 1024 px, advances every 4 s and has clickable dots; hidden below', async ({
    page,
  }) => {
    await page.clock.install();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    const carousel = page.getByTestId('login-carousel');
    await expect(carousel).toBeVisible();
    const dots = carousel.getByRole('button', { name: /^Ir a la diapositiva/ });
    await expect(dots).toHaveCount(5);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(4000);
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await dots.nth(3).click();
    await expect(dots.nth(3)).toHaveAttribute('aria-current', 'true');
    await expect(carousel).toContainText('Capacitación incluida');

    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.getByTestId('login-carousel')).toBeVisible();
    await page.setViewportSize({ width: 1023, height: 800 });
    await expect(page.getByTestId('login-carousel')).toHaveCount(0);
    // The login claims stay, below the form (returning clients sign in first).
    const claims = page.getByRole('region', { name: 'Por qué elegirnos' });
    await expect(claims.getByText('Entrega en 30 días')).toBeVisible();
    await expect(claims.getByText('Respuesta en 24 horas')).toBeVisible();
    const formBox = await page.getByRole('button', { name: 'Acceder a Mi Portal' }).boundingBox();
    const claimsBox = await claims.boundingBox();
    expect(claimsBox!.y).toBeGreaterThan(formBox!.y);
  });

  test('the legal pages have real content', async ({ page }) => {
    await page.goto('/privacidad');
    await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
    await expect(page.getByText(/Ley 172-13/).first()).toBeVisible();
  });
});

test.describe('access request', () => {
  test('gating per client type, closing resets to step 1', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Solicitar acceso' }).click();
    const modal = page.getByRole('dialog', { name: 'Solicitud de acceso al portal' });
    await expect(modal.getByText('Paso 1 de 6: Identificación y contacto')).toBeVisible();
    await expect(modal.getByText('17%')).toBeVisible();
    const next = modal.getByRole('button', { name: 'Continuar' });
    await expect(next).toBeDisabled();

    await modal.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Pedro');
    await modal.getByRole('textbox', { name: 'Apellido', exact: true }).fill('Santos');
    await modal.getByLabel('Email principal').fill('pedro@ejemplo.do');
    await modal.getByLabel('Teléfono principal').fill('809-555-1111');
    await modal.getByLabel('Cédula').fill('001-1234567-4');
    await modal.getByLabel('Cédula').blur();
    await expect(modal.getByText('Cédula inválida: el dígito verificador no coincide')).toBeVisible();
    await expect(next).toBeDisabled();
    await modal.getByLabel('Cédula').fill('001-1234567-3');
    await expect(next).toBeEnabled();

    await modal.getByText('Empresa', { exact: true }).click();
    await expect(next).toBeDisabled();
    await modal.getByLabel('Nombre de la empresa').fill('Tropical SRL');
    await modal.getByLabel('RNC').fill('12345');
    await modal.getByLabel('RNC').blur();
    await expect(modal.getByText('RNC debe tener 9 dígitos')).toBeVisible();
    await modal.getByLabel('RNC').fill('130123454');
    await modal.getByLabel('Nombre del representante legal').fill('Ana Tropical');
    await expect(next).toBeDisabled();
    await modal.getByLabel('Cédula del representante legal').fill('00112345673');
    await expect(next).toBeEnabled();
    await next.click();

    await expect(modal.getByText('Paso 2 de 6: Tu proyecto')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Continuar' })).toBeDisabled();
    await modal.getByLabel('Descripción del proyecto').fill('corto');
    await modal.getByLabel('Descripción del proyecto').blur();
    await expect(
      modal.getByText('Describe tu proyecto con más detalle (mínimo 30 caracteres)'),
    ).toBeVisible();

    await modal.getByRole('button', { name: 'Cerrar' }).click();
    await expect(modal).toBeHidden();
    await page.getByRole('button', { name: 'Solicitar acceso' }).click();
    await expect(modal.getByText('Paso 1 de 6: Identificación y contacto')).toBeVisible();
    await expect(modal.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue('');
  });

  test('at 390 px each new step starts at its top with focus on its title; empty selects offer no clear button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 640 });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Solicitar acceso' }).click();
    const modal = page.getByRole('dialog', { name: 'Solicitud de acceso al portal' });
    await modal.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Pedro');
    await modal.getByRole('textbox', { name: 'Apellido', exact: true }).fill('Núñez');
    await modal.getByLabel('Email principal').fill('pedro.movil@ejemplo.do');
    await modal.getByLabel('Teléfono principal').fill('809-555-1111');
    await modal.getByLabel('Cédula').fill('00112345673');
    const next = modal.getByRole('button', { name: 'Continuar' });
    await next.scrollIntoViewIfNeeded();
    await expect(modal.getByText('Paso 1 de 6: Identificación y contacto')).not.toBeInViewport();
    await next.click();

    await expect(modal.getByText('Paso 2 de 6: Tu proyecto')).toBeInViewport();
    await expect(modal.getByRole('heading', { name: 'Tu proyecto' })).toBeFocused();
    const projectType = modal.getByRole('combobox', { name: 'Tipo de proyecto' });
    await expect(projectType).toHaveValue('');
    // Mantine's clear button (aria-hidden) sits beside the input, in the same wrapper.
    const clearButton = projectType.locator('xpath=..').locator('button');
    await expect(clearButton).toHaveCount(0);
    await projectType.click();
    await page.getByRole('option', { name: 'Tiendas en Línea' }).click();
    await expect(clearButton).toHaveCount(1);
    await modal.getByRole('combobox', { name: 'Presupuesto estimado' }).click();
    await page.getByRole('option', { name: '$3,000 - $5,000' }).click();

    // A format rule blocks the step that shows the field (the emergency phone is on step 4).
    await modal
      .getByLabel('Descripción del proyecto')
      .fill('Catálogo en línea para mi ferretería en La Vega.');
    await modal.getByRole('button', { name: 'Continuar' }).click();
    await expect(modal.getByRole('heading', { name: 'Dirección' })).toBeFocused();
    await modal.getByRole('textbox', { name: 'Dirección', exact: true }).fill('Calle Duarte 12');
    await modal.getByLabel('Ciudad').fill('La Vega');
    await modal.getByRole('combobox', { name: 'Provincia' }).click();
    await modal.getByRole('combobox', { name: 'Provincia' }).fill('La Vega');
    await page.getByRole('option', { name: 'La Vega' }).click();
    await modal.getByRole('button', { name: 'Continuar' }).click();
    await expect(modal.getByText('Paso 4 de 6')).toBeInViewport();
    const emergencyPhone = modal.getByLabel('Teléfono de emergencia');
    await emergencyPhone.fill('abc');
    await emergencyPhone.blur();
    await expect(modal.getByText('Formato de teléfono inválido')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Continuar' })).toBeDisabled();
    await emergencyPhone.fill('809-555-3333');
    await expect(modal.getByRole('button', { name: 'Continuar' })).toBeEnabled();
  });

  test('a full company submission with a document reaches the admin Solicitudes view', async ({ page }) => {
    const company = `Frutas E2E ${Date.now()} SRL`;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Solicitar acceso' }).click();
    const modal = page.getByRole('dialog', { name: 'Solicitud de acceso al portal' });
    const next = modal.getByRole('button', { name: 'Continuar' });

    await modal.getByText('Empresa', { exact: true }).click();
    await modal.getByLabel('Nombre de la empresa').fill(company);
    await modal.getByLabel('RNC').fill('1-30-12345-4');
    await modal.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Luisa');
    await modal.getByLabel('Nombre del representante legal').fill('Luisa Frutas');
    await modal.getByLabel('Cédula del representante legal').fill('001-1234567-3');
    await modal.getByLabel('Email principal').fill(`frutas${Date.now()}@ejemplo.do`);
    await modal.getByLabel('Teléfono principal').fill('+1 (809) 555-2222');
    await next.click();

    await modal
      .getByLabel('Descripción del proyecto')
      .fill('Tienda en línea para exportar frutas tropicales a Europa.');
    await modal.getByRole('combobox', { name: 'Presupuesto estimado' }).click();
    await page.getByRole('option', { name: '$3,000 - $5,000' }).click();
    await expect(next).toBeEnabled();
    await next.click();

    await expect(modal.getByText('Paso 3 de 6: Dirección')).toBeVisible();
    await expect(modal.getByLabel('País')).toHaveValue('República Dominicana');
    await modal.getByRole('textbox', { name: 'Dirección', exact: true }).fill('Av. 27 de Febrero 100');
    await modal.getByLabel('Ciudad').fill('Santiago');
    await modal.getByRole('combobox', { name: 'Provincia' }).click();
    await modal.getByRole('combobox', { name: 'Provincia' }).fill('Santiago Rod');
    await page.getByRole('option', { name: 'Santiago Rodríguez' }).click();
    await next.click();

    await expect(modal.getByText('Paso 4 de 6')).toBeVisible();
    await modal.getByLabel('Sector del negocio').fill('Agroexportación');
    await next.click();

    await expect(modal.getByText('Paso 5 de 6')).toBeVisible();
    await modal
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: 'rnc.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
      });
    await next.click();

    await expect(modal.getByText('Paso 6 de 6: Revisión y envío')).toBeVisible();
    await expect(modal.getByText('100%')).toBeVisible();
    await expect(modal).toContainText(company);
    const send = modal.getByRole('button', { name: 'Enviar Solicitud' });
    await expect(send).toBeDisabled();
    await modal.getByLabel(/Acepto los/).check();
    await send.click();
    await expect(notification(page, 'Solicitud enviada')).toContainText(
      'Te contactaremos dentro de 24 horas para comenzar tu proyecto',
    );
    await expect(modal).toBeHidden();

    await signInAs(page, 'admin');
    await page.goto('/clients');
    await page.getByRole('link', { name: 'Solicitudes' }).click();
    await expect(page).toHaveURL(/\/clients\/requests$/);
    await page.getByRole('textbox', { name: 'Buscar' }).fill('Frutas E2E');
    const row = page.getByRole('row').filter({ hasText: company });
    await expect(row).toContainText('Solicitud de acceso');
    await expect(row).toContainText('Nueva');
    await row.getByRole('button', { name: company }).click();
    const drawer = page.getByRole('dialog', { name: company });
    await expect(drawer).toContainText('Santiago Rodríguez');
    await expect(drawer).toContainText('rnc.pdf');
    await drawer.getByRole('button', { name: 'Marcar como contactada' }).click();
    await expect(drawer.getByText('Contactada', { exact: true })).toBeVisible();
    const convert = drawer.getByRole('button', { name: 'Convertir' });
    await convert.click();
    await page
      .getByRole('dialog', { name: 'Convertir en cliente' })
      .getByRole('button', { name: 'Convertir' })
      .click();
    await expect(drawer.getByText('Cliente creado')).toBeVisible();
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
  }) => {
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
