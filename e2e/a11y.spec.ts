import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type DemoRole, expect, STORAGE, signInAs, test } from './fixtures.js';
import { openScreen, SCREENS, settle } from './support/screens.js';

/*
 * Issue 17 / decision 108: every portal screen and the main dialogs pass axe-core's WCAG 2.2 AA
 * rules with no serious or critical violation, for each role, at 1440 and 390 px, in light and
 * dark. One test per role × width signs in once and audits its screens one after the other, each
 * screen in light (all rules) and dark (colour contrast), each in the next of the ten theme
 * variants, so every variant is audited on several screens.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);
const WIDTHS = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;
const VARIANTS = [
  'default',
  'modern',
  'minimal',
  'vibrant',
  'corporate',
  'ocean',
  'sunset',
  'forest',
  'royal',
  'neon',
] as const;

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** One blocking (serious or critical) violation of one rule on one element of one screen. */
interface Problem {
  where: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

function blockingProblems(where: string, violations: Violations): Problem[] {
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        where,
        rule: violation.id,
        impact: violation.impact ?? '',
        target: node.target.join(' '),
        summary: node.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? '',
      })),
    );
}

/** Failure message: one line per rule and element, with the screens where it shows. */
function report(problems: Problem[]): string {
  const byKey = new Map<string, { problem: Problem; screens: Set<string> }>();
  for (const problem of problems) {
    const key = `${problem.rule} ${problem.target}`;
    const entry = byKey.get(key) ?? { problem, screens: new Set<string>() };
    entry.screens.add(problem.where);
    byKey.set(key, entry);
  }
  return [...byKey.values()]
    .map(
      ({ problem, screens }) =>
        `${problem.rule} (${problem.impact}) ${problem.target} — ${problem.summary}\n    on: ${[...screens].join(', ')}`,
    )
    .join('\n');
}

/**
 * Serves the user's saved preferences with the scheme on "auto" (so `emulateMedia` picks light or
 * dark) and `theme.variant`, without writing them: the demo users are shared by parallel tests.
 * The app reads them on every load (decision 073), so changing `theme.variant` before a `goto`
 * changes the variant of the next screen.
 */
async function forceTheme(page: Page, theme: { variant: string }) {
  await page.route('**/api/auth/preferences', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = await response.json();
    body.data.preferences = { ...body.data.preferences, colorScheme: 'auto', themeVariant: theme.variant };
    await route.fulfill({ response, json: body });
  });
}

const roles = ['admin', 'empleado', 'cliente'] as const satisfies readonly DemoRole[];

for (const [roleIndex, role] of roles.entries()) {
  for (const width of WIDTHS) {
    test(`axe WCAG 2.2 AA: ${role}, ${width.name} px, light and dark — every screen and dialog`, async ({
      page,
    }) => {
      test.setTimeout(600_000);
      await page.setViewportSize(width.viewport);
      await page.emulateMedia({ colorScheme: 'light' });
      const theme = { variant: 'default' };
      await forceTheme(page, theme);
      await signInAs(page, role);

      const problems: Problem[] = [];
      let audits = 0;
      const variantsSeen = new Set<string>();
      /** Switches the system scheme and waits until Mantine ("auto") has applied it. */
      const scheme = async (value: 'light' | 'dark') => {
        await page.emulateMedia({ colorScheme: value });
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', value);
        await page.waitForTimeout(100);
      };
      /**
       * Light: every WCAG rule. Dark: colour contrast only, the one rule a colour scheme changes
       * (names, roles and structure are the same markup). `scope` limits a dialog's or panel's
       * audit to itself: the screen beneath was audited on its own.
       */
      const audit = async (where: string, scope?: string) => {
        variantsSeen.add(theme.variant);
        await scheme('light');
        const axe = () => (scope ? new AxeBuilder({ page }).include(scope) : new AxeBuilder({ page }));
        const light = await axe().withTags(TAGS).analyze();
        problems.push(...blockingProblems(`${where} [claro, ${theme.variant}]`, light.violations));
        await scheme('dark');
        const dark = await axe().withRules(['color-contrast']).analyze();
        problems.push(...blockingProblems(`${where} [oscuro, ${theme.variant}]`, dark.violations));
        await scheme('light');
        audits += 2;
      };

      // Each screen in another of the ten theme variants (offset per test, so all of them recur).
      let screenIndex = roleIndex * 3 + (width.name === '390' ? 5 : 0);
      const nextVariant = async () => {
        theme.variant = VARIANTS[screenIndex++ % VARIANTS.length] ?? 'default';
        await page.evaluate(
          ([key, variant]) =>
            localStorage.setItem(key as string, JSON.stringify({ state: { variant }, version: 0 })),
          [STORAGE.theme, theme.variant],
        );
      };

      for (const screen of SCREENS[role]) {
        await test.step(screen.name, async () => {
          await nextVariant();
          await openScreen(page, screen);
          await settle(page);
          await audit(screen.name);

          for (const dialog of screen.dialogs ?? []) {
            await page.getByRole('main').getByRole('button', { name: dialog.open }).first().click();
            await expect(page.getByRole('dialog')).toBeVisible();
            await page.waitForTimeout(300);
            await audit(`${screen.name} → ${dialog.name}`, '[role="dialog"]');
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toHaveCount(0);
          }
        });
      }

      await test.step('paneles de la cabecera', async () => {
        await nextVariant();
        await page.goto('/dashboard');
        await settle(page);
        await page.getByRole('button', { name: /^Notificaciones/ }).click();
        await expect(page.getByText('Marcar todas como leídas')).toBeVisible();
        await page.waitForTimeout(250);
        await audit('panel de notificaciones', '.mantine-Popover-dropdown');
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Personalizar tema' }).click();
        const themeMenu = page.getByRole('menu', { name: 'Personalizar tema' });
        await expect(themeMenu).toBeVisible();
        await page.waitForTimeout(250);
        await audit('menú de tema', '[role="menu"]');
        await page.keyboard.press('Escape');
        // One menu at a time: the next audit reads `[role="menu"]`.
        await expect(themeMenu).toBeHidden();
        await page.getByRole('button', { name: /menú de usuario/i }).click();
        const userMenu = page.getByRole('menu').last();
        await expect(userMenu).toBeVisible();
        await page.waitForTimeout(250);
        await audit('menú de usuario', '[role="menu"]');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toHaveCount(0);
        if (width.name === '390') {
          await page.getByRole('button', { name: 'Abrir menú' }).click();
          await expect(page.locator('#portal-navigation')).toBeInViewport();
          await page.waitForTimeout(250);
          await audit('menú de navegación (móvil)', '#portal-navigation');
        }
      });

      // "Rule failures" as issue 17 counts them: each rule once per audited screen.
      const ruleFailures = new Set(problems.map((problem) => `${problem.where} ${problem.rule}`)).size;
      console.info(
        `a11y: ${role}, ${width.name} px: ${audits} audits (light + dark, variants ${[...variantsSeen].join(', ')}), ` +
          `${ruleFailures} rule failures, ${problems.length} serious/critical nodes`,
      );
      expect(problems.length, report(problems)).toBe(0);
    });
  }
}
