import { expect, signInAs, test } from './fixtures.js';

for (const scheme of ['light', 'dark'] as const)
  for (const width of [1440, 390]) {
    test(`screens ${scheme} ${width}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      const me = await signInAs(page, 'admin');
      const tag = `${scheme}-${width}`;
      const shot = async (name: string) => {
        await page.waitForTimeout(600);
        await page.screenshot({ path: `/tmp/shots/${name}-${tag}.png`, fullPage: true });
      };
      await page.goto('/clients');
      await expect(page.getByText('Total de clientes')).toBeVisible();
      await shot('clients');
      await page.getByRole('article').first().click();
      await expect(page.getByText('Volver a Clientes')).toBeVisible();
      await shot('client-detail');
      await page.goto('/billing');
      await expect(page.getByText('Ingresos totales')).toBeVisible();
      await shot('billing');
      await page.getByRole('button', { name: 'Nueva Factura' }).click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/shots/invoice-form-${tag}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('row').nth(1).click();
      await expect(page.getByText('Información de pago')).toBeVisible();
      await shot('invoice');
      await page.goto('/reports');
      await expect(page.getByRole('heading', { name: 'Ingresos por mes' })).toBeVisible();
      await shot('reports');
      const res = await page.request.post('/api/auth/generate-registration-link', {
        headers: { authorization: `Bearer ${me.token}` },
        data: { email: `shot${Date.now()}${width}${scheme}@x.do`, clientType: 'company' },
      });
      const { token } = (await res.json()).data;
      await page.evaluate(() => localStorage.clear());
      await page.goto(`/register/${token}`);
      await expect(page.getByText('Completa tu registro')).toBeVisible();
      await shot('register');
    });
  }
