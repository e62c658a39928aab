import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './support/server.js';

const CI = Boolean(process.env.CI);

/**
 * End-to-end tests against the production build, in Debian's Chromium.
 * global-setup.ts starts `apps/api/dist/server.js` on a free port with a temporary DATA_DIR and
 * exports its URL as E2E_BASE_URL before the workers start.
 * Run: `npm test -- --only=e2e` (builds first) or `npx playwright test -c e2e/playwright.config.ts`.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: CI,
  workers: 2,
  retries: CI ? 1 : 0,
  // Several flows sign in two or three users and take 30–45 s on a quiet 2-core machine, 1.5× that
  // when it is busy: the test timeout leaves room for that (a timeout only ends a failing test).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '../.tmp/playwright.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'es-DO',
    timezoneId: 'America/Santo_Domingo',
    // A trace only on the retry of a failed test: recording one for every test (`retain-on-failure`)
    // cost 35–40 % of the run's time — a screencast and a DOM snapshot per action (decision 133).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
