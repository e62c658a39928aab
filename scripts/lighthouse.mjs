#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile, default simulated throttling) against the production
// build started on a free port with a temporary DATA_DIR, in Debian's Chromium.
// Each page is measured LIGHTHOUSE_RUNS times (default 5, Lighthouse's own advice for variance)
// and the median run by performance score is reported: performance, accessibility,
// best-practices and SEO for `/` and `/portfolio`, every run's performance score, and the total
// gzip size of the JavaScript that `/` loads. Full reports of the median runs: .tmp/lighthouse-*.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuilt } from './lib/build-check.mjs';
import { ensureNodeRuntime } from './lib/node-runtime.mjs';
import { ROOT, startServer } from './lib/proc.mjs';

await ensureNodeRuntime();

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// LIGHTHOUSE_PAGES=/portfolio measures one page (comma-separated paths).
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/portfolio'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5) || 5);

if (!(await ensureBuilt(ROOT))) process.exit(1);
mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });

const server = await startServer();
const rows = [];
let landingScripts = [];
try {
  for (const page of PAGES) {
    const url = server.baseURL + page;
    process.stdout.write(`lighthouse ${page} (${RUNS} runs) … `);
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      // A fresh Chrome per run (as Lighthouse CI does): a reused one now and then yields a
      // trace without a navigation start (NO_NAVSTART). A run that still fails is retried twice.
      let outcome;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const chrome = await chromeLauncher.launch({
          chromePath: CHROME_PATH,
          chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
        });
        try {
          outcome = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: CATEGORIES,
          });
        } finally {
          await chrome.kill();
        }
        if (!outcome) throw new Error(`no result for ${url}`);
        if (!outcome.lhr.runtimeError) break;
      }
      runs.push(outcome);
      const problem = outcome.lhr.runtimeError?.code ?? outcome.lhr.runWarnings?.[0];
      process.stdout.write(
        `${Math.round((outcome.lhr.categories.performance?.score ?? 0) * 100)}/${Math.round(outcome.lhr.audits['total-blocking-time']?.numericValue ?? 0)}ms${problem ? ` (${problem})` : ''} `,
      );
    }
    runs.sort(
      (a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
    );
    const result = runs[Math.floor((runs.length - 1) / 2)];
    if (!result) throw new Error(`no result for ${url}`);
    const { lhr } = result;
    process.stdout.write(`→ median ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}\n`);
    const file = path.join(
      ROOT,
      '.tmp',
      `lighthouse-${page === '/' ? 'landing' : page.slice(1).replaceAll('/', '-')}.json`,
    );
    writeFileSync(file, JSON.stringify(lhr));
    if (lhr.runtimeError)
      console.warn(`  runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const failing = Object.values(lhr.audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
      )
      .map((audit) => audit.id);
    rows.push({ page, scores: CATEGORIES.map((id) => lhr.categories[id]?.score ?? null), failing, lhr });
    if (page === '/') {
      const items = lhr.audits['network-requests']?.details?.items ?? [];
      landingScripts = items
        .filter((item) => item.resourceType === 'Script' && item.url.startsWith(server.baseURL))
        .map((item) => ({ url: item.url, transferSize: item.transferSize ?? 0 }));
    }
  }

  // gzip size of the landing page's JavaScript: the raw files compressed like the build does (level 9).
  let raw = 0;
  let gzip = 0;
  let transferred = 0;
  for (const script of landingScripts) {
    const response = await fetch(script.url, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await response.arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    transferred += script.transferSize;
  }

  const pct = (score) => (score === null ? '  n/a' : String(Math.round(score * 100)).padStart(5));
  console.info(`\n${'page'.padEnd(14)}${CATEGORIES.map((c) => c.padStart(16)).join('')}`);
  for (const row of rows) {
    console.info(`${row.page.padEnd(14)}${row.scores.map((s) => pct(s).padStart(16)).join('')}`);
  }
  for (const row of rows) {
    const m = (id) => row.lhr.audits[id]?.displayValue ?? 'n/a';
    console.info(
      `\n${row.page}: FCP ${m('first-contentful-paint')}, LCP ${m('largest-contentful-paint')}, TBT ${m('total-blocking-time')}, CLS ${m('cumulative-layout-shift')}`,
    );
    if (row.failing.length) console.info(`  audits below 0.9: ${row.failing.join(', ')}`);
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.info(
    `\nJS loaded by /: ${landingScripts.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip (level 9), ${kb(transferred)} transferred (as served)`,
  );
  for (const script of landingScripts) console.info(`  ${script.url.replace(server.baseURL, '')}`);
} finally {
  await server.stop();
}
