import { test as base, expect, type Page } from '@playwright/test';

/** Demo accounts seeded on a fresh DATA_DIR (README "Demo accounts"); keys name the role in Spanish. */
export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_USERS = {
  admin: { email: 'admin@demo.do' },
  empleado: { email: 'empleado@demo.do' },
  cliente: { email: 'cliente@demo.do' },
  cliente2: { email: 'cliente2@demo.do' },
} as const;
export type DemoRole = keyof typeof DEMO_USERS;

/** localStorage keys of the web app (packages/shared STORAGE_KEYS). */
export const STORAGE = { session: 'agencia-rd-session', theme: 'agencia-rd-theme' } as const;

/** Navigation rail labels (spec doc 1 §2), which are also the links' accessible names. */
export const NAV = {
  admin: [
    'Dashboard',
    'Proyectos',
    'Mis tareas',
    'Tickets',
    'Calendario',
    'Clientes',
    'Prospectos',
    'Facturación',
    'Gastos',
    'Suplidores',
    'Reportes',
    'Configuración',
    'Usuarios',
  ],
  member: ['Dashboard', 'Mis Proyectos', 'Soporte', 'Calendario', 'Configuración'],
  /** Read-only invoices entry inserted before Configuración (decision 056). */
  /** …and the expenses of their projects (decision 140). */
  empleado: [
    'Dashboard',
    'Mis Proyectos',
    'Mis tareas',
    'Soporte',
    'Calendario',
    'Facturación',
    'Gastos',
    'Configuración',
  ],
  cliente: ['Dashboard', 'Mis Proyectos', 'Soporte', 'Calendario', 'Mis Facturas', 'Configuración'],
} as const;

export interface SignedIn {
  user: { _id: string; firstName: string; lastName: string; email: string; role: string };
  token: string;
}

/**
 * Signs in through `POST /api/auth/login` (not the form: only auth.spec.ts uses the form) and
 * stores the session the way the web app persists it (zustand `persist`, see
 * apps/web/src/stores/session-store.ts). The refresh-token cookie lands in the page's context
 * because `page.request` shares its cookie jar. Call before navigating to a portal page.
 */
export async function signInAs(page: Page, role: DemoRole): Promise<SignedIn> {
  const response = await page.request.post('/api/auth/login', {
    data: { email: DEMO_USERS[role].email, password: DEMO_PASSWORD },
    // A distinct client address per sign-in keeps a long suite under the per-IP login cap
    // (the e2e server trusts X-Forwarded-For; see support/server.ts).
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  expect(response.status(), `login as ${role}: ${await response.text()}`).toBe(200);
  const { data } = (await response.json()) as { data: SignedIn };
  const session = JSON.stringify({
    state: { user: data.user, token: data.token, isAuthenticated: true },
    version: 0,
  });
  // localStorage needs a document of the app's origin; /api/health is same-origin and cheap.
  await page.goto('/api/health');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [STORAGE.session, session],
  );
  return data;
}

let signIns = 0;
/** 198.18.0.0/15 is reserved for benchmarking; one address per sign-in, per worker. */
function nextClientAddress(): string {
  signIns += 1;
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 256;
  return `198.18.${worker}.${(signIns % 250) + 1}`;
}

interface Fixtures {
  /**
   * Console errors matching one of these patterns do not fail the test (e.g. the browser's
   * "Failed to load resource: … 401" line on a wrong password). A fresh list per test: take the
   * fixture and push patterns to it.
   */
  allowedConsoleErrors: RegExp[];
  /** Auto fixture: any other `console.error` or uncaught page error fails the test. */
  failOnConsoleErrors: undefined;
}

/**
 * `/` and `/portfolio` arrive pre-rendered and the app replaces that markup once its JavaScript
 * has run (decision 027); `<html data-app-ready>` marks that moment. Waiting for it keeps a test
 * from clicking a button of the static markup, which has no handlers yet.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const isDocument = response?.headers()['content-type']?.startsWith('text/html') ?? false;
      if (isDocument && (options?.waitUntil ?? 'load') !== 'commit') await waitForApp(page);
      return response;
    };
    await use(page);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  allowedConsoleErrors: async ({}, use) => {
    await use([]);
  },
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use, testInfo) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
        const where = message.location().url;
        problems.push(`console.error: ${text}${where ? ` (${where})` : ''}`);
      });
      page.on('pageerror', (error) => {
        problems.push(`page error: ${error.stack ?? error.message}`);
      });
      await use(undefined);
      if (problems.length > 0 && testInfo.status === testInfo.expectedStatus) {
        await testInfo.attach('console-errors', { body: problems.join('\n'), contentType: 'text/plain' });
        throw new Error(`Unexpected errors in the browser:\n${problems.join('\n')}`);
      }
    },
    { auto: true },
  ],
});

export { expect };
