#!/usr/bin/env node
// `npm run bench:dashboard`: how long the admin's first dashboard load takes to show its figures
// (issue 32: "within 1.5 s"), in a real browser against the production build.
//   The production server starts on a free port with a fresh DATA_DIR and the demo seed. For each
//   run a new browser context (empty HTTP cache, no service worker) signs the admin in through
//   `POST /api/auth/login` and stores the session as the web app does, on /api/health (so none of
//   the app's assets are cached yet); then it navigates to /dashboard and records the time from the
//   navigation start to the moment the four stat figures are on screen (`[data-stat-value]` with
//   text, the "Proyectos", "Tickets", "Clientes" and "Presupuesto" cards).
// Prints every run and the median (a number, not a pass/fail). Options: --runs=5.
// The browser: CHROME_PATH, else Debian's Chromium (never a downloaded one).
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { ensureBuilt } from './lib/build-check.mjs';
import { ensureNodeRuntime } from './lib/node-runtime.mjs';
import { ROOT, startServer } from './lib/proc.mjs';

await ensureNodeRuntime();

const runsArg = process.argv.find((a) => a.startsWith('--runs='));
const RUNS = Math.max(1, Number(runsArg?.split('=')[1] ?? 5) || 5);
const CHROME_PATH =
  process.env.CHROME_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
const STATS = 4;

if (!(await ensureBuilt(ROOT))) process.exit(1);

const server = await startServer({ env: { RATE_LIMIT_MAX: '1000000' } });
const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});
const samples = [];
try {
  // Warm the server once (its first queries plan and cache), not the browser: each run below uses
  // a new context with an empty cache.
  await fetch(`${server.baseURL}/api/health`);
  for (let run = 1; run <= RUNS; run += 1) {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 1440, height: 900 },
      locale: 'es-DO',
      timezoneId: 'America/Santo_Domingo',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const login = await page.request.post('/api/auth/login', {
      data: { email: 'admin@demo.do', password: 'Demo1234!' },
    });
    if (login.status() !== 200) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
    const { data } = await login.json();
    await page.goto('/api/health');
    await page.evaluate(
      (session) => localStorage.setItem('agencia-rd-session', session),
      JSON.stringify({ state: { user: data.user, token: data.token, isAuthenticated: true }, version: 0 }),
    );
    await page.goto('/dashboard', { waitUntil: 'commit' });
    // Evaluated on every animation frame: the first frame with the figures gives the time since
    // the navigation started (performance.now() is measured from it).
    const handle = await page.waitForFunction(
      (count) => {
        const values = [...document.querySelectorAll('[data-stat-value]')].filter(
          (el) => el.textContent?.trim() && el.getBoundingClientRect().height > 0,
        );
        return values.length >= count ? performance.now() : false;
      },
      STATS,
      { polling: 'raf', timeout: 30_000 },
    );
    const ms = await handle.jsonValue();
    samples.push(ms);
    console.info(`run ${run}: stat figures visible ${(ms / 1000).toFixed(2)} s after navigation`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
const sorted = [...samples].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.info(
  `\n/dashboard (admin, cold cache, 1440×900): median ${(median / 1000).toFixed(2)} s over ${RUNS} runs ` +
    `(min ${(sorted[0] / 1000).toFixed(2)} s, max ${(sorted.at(-1) / 1000).toFixed(2)} s); target 1.5 s`,
);
