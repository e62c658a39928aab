import { expect, signInAs, test } from './fixtures.js';
import { notification } from './support/shell.js';

/*
 * The public site's forms: the quote request, the login page and the six-step access request
 * (the landing, portfolio and pre-rendered pages are in public.spec.ts).
 */

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

    // Hold the request until the page's clock is paused, so the sending state is observable and the
    // 3 s redirect timer (started by the answer) runs on the paused clock: only our steps advance it.
    // pauseAt() only moves forward; the target is 2 s ahead so a loaded CI machine cannot overtake it
    // between reading the time and pausing (no page timer is due before the answer arrives).
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/public/quote-requests', async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Enviar Solicitud de Cotización' }).click();
    await expect(page.getByRole('button', { name: 'Enviando Cotización...' })).toBeVisible();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
    release();
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
    // Ends on a confirmation with the reference, not a passing toast (issue 32).
    await expect(modal.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible();
    await expect(modal).toContainText('Te contactaremos dentro de 24 horas para comenzar tu proyecto');
    await expect(modal.getByTestId('access-reference')).toHaveText(/^SA-[0-9A-F]{8}$/);
    await modal.getByRole('button', { name: 'Entendido' }).click();
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
