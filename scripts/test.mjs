#!/usr/bin/env node
// `npm test`: everything CI runs, in one command.
//   deps → Chromium, Caddy → lint → typecheck → unit + API (PGlite) → API (PostgreSQL, when
//   TEST_DATABASE_URL is set) → build → HTTPS behind Caddy (Debian's caddy, decision 144) →
//   end to end (Playwright + Debian's chromium-headless-shell).
// Every step runs even when an earlier one failed; a summary table follows and the last line is
// exactly `N passed, N failed` (tests summed over every suite; lint, boundaries, typecheck and build count as
// one check each). Exit code 1 when anything failed.
//
// Developer options:  npm test -- --only=unit,e2e   (steps: lint, typecheck, unit, pg, load, https, e2e)
//                     npm test -- --skip=e2e
//                     npm test -- --rebuild          (build even when the build looks current)
//                     npm test -- --grep "login"      (passed to Playwright)
//                     npm test -- --changed          (quick loop: only what the uncommitted change
//                                                      touches; --changed=<ref> compares with a commit)
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt } from './lib/build-check.mjs';
import { ensureCaddy } from './lib/caddy.mjs';
import { changedFiles, E2E_SOURCES, LINTABLE } from './lib/changed.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureDeps } from './lib/deps.mjs';
import { ensureDovecot } from './lib/dovecot.mjs';
import { runHttpsCheck } from './lib/https-check.mjs';
import { ensureNodeRuntime } from './lib/node-runtime.mjs';
import { ensurePdfTools } from './lib/pdf-tools.mjs';
import { ROOT, run } from './lib/proc.mjs';

const STEP_NAMES = ['lint', 'typecheck', 'unit', 'pg', 'load', 'https', 'e2e'];

const options = parseArgs(process.argv.slice(2));
const selected = (name) => options.only.has(name) && !options.skip.has(name);
const TMP = path.join(ROOT, '.tmp');
mkdirSync(TMP, { recursive: true });

/** @type {{ name: string, passed: number, failed: number, ms: number, note?: string }[]} */
const results = [];
const runStarted = performance.now();

const COLOR = process.stdout.isTTY || Boolean(process.env.FORCE_COLOR);
const bold = (text) => (COLOR ? `\x1b[1m${text}\x1b[0m` : text);
const red = (text) => (COLOR ? `\x1b[31m${text}\x1b[0m` : text);

function banner(title) {
  console.info(`\n${bold(`━━ ${title} ${'━'.repeat(Math.max(3, 70 - title.length))}`)}`);
}

async function step(name, fn) {
  banner(name);
  const started = performance.now();
  let outcome;
  try {
    outcome = await fn();
  } catch (error) {
    console.error(`✗ ${name}: ${error instanceof Error ? error.stack : error}`);
    outcome = { passed: 0, failed: 1, note: 'crashed' };
  }
  const result = { name, ms: performance.now() - started, ...outcome };
  results.push(result);
  const mark = result.failed > 0 ? '✗' : '✓';
  console.info(`${mark} ${name}: ${result.passed} passed, ${result.failed} failed (${seconds(result.ms)})`);
  return result;
}

const check = async (command, args, env) => {
  const code = await run(command, args, { env: { ...process.env, ...env } });
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `exit ${code}` };
};

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

async function vitest(args, outputFile, env = process.env) {
  rmSync(outputFile, { force: true });
  // --changed: the test files whose module graph reaches a changed file (Vitest's own --changed).
  const changedArgs = options.changed ? [`--changed=${options.changed}`, '--passWithNoTests'] : [];
  const code = await run(
    'npx',
    [
      'vitest',
      'run',
      ...args,
      ...changedArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${outputFile}`,
    ],
    { env },
  );
  const report = readJson(outputFile);
  if (!report) return { passed: 0, failed: 1, note: `no report (exit ${code})` };
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  let note = `${report.numTotalTestSuites ?? '?'} suites`;
  if (code !== 0 && failed === 0) {
    // A file that fails to load, or an unhandled error, fails the run without failing a test.
    failed = 1;
    note = `exit ${code} (failed suites: ${report.numFailedTestSuites ?? '?'})`;
  }
  return { passed, failed, note };
}

await ensureNodeRuntime();

// ── a. dependencies and browser ─────────────────────────────────────────────────────────────
banner('setup');
console.info(`• Node ${process.versions.node}`);
if (!(await ensureDeps(ROOT))) {
  results.push({
    name: 'dependencies (npm install)',
    passed: 0,
    failed: 1,
    ms: 0,
    note: 'npm install failed',
  });
  finish();
}
let chromium = { ok: true };
if (selected('e2e')) {
  chromium = await ensureChromium();
  if (chromium.ok) console.info(`• Chromium: ${chromium.path}`);
}
// The HTTPS check needs Caddy: installed like Chromium when missing; a machine without it fails
// that step (it is never skipped silently).
let caddy = { ok: true };
if (selected('https')) {
  caddy = await ensureCaddy();
  if (caddy.ok) console.info(`• Caddy: ${caddy.path}`);
}

// The IMAP tests of tickets by e-mail start their own Dovecot (decision 168): installed like Caddy;
// a machine without it fails those tests (never skipped), and DOVECOT_PATH reaches them.
if (selected('unit') || selected('pg')) {
  const dovecot = await ensureDovecot();
  if (dovecot.ok) {
    console.info(`• Dovecot: ${dovecot.path}`);
    process.env.DOVECOT_PATH = dovecot.path;
  }
  // The sealed-PDF tests check the PAdES signature with pdfsig, qpdf and openssl (decision 172).
  if ((await ensurePdfTools()).ok) console.info('• pdfsig, qpdf, openssl: /usr/bin');
}

// ── b–e. static checks, unit and API suites ─────────────────────────────────────────────────
/** --changed: the changed files, listed once (null in a full run). */
const changed = options.changed ? changedFilesOrExit(options.changed) : null;
if (changed) {
  console.info(`• --changed=${options.changed}: ${changed.length} changed file(s)`);
  for (const file of changed) console.info(`    ${file}`);
}

if (selected('lint')) {
  const lintTargets = changed ? changed.filter((file) => LINTABLE.test(file)) : ['.'];
  await step('lint (biome check)', () =>
    lintTargets.length === 0
      ? { passed: 0, failed: 0, note: 'skipped: no changed file to lint' }
      : check('npx', ['biome', 'check', '--no-errors-on-unmatched', ...lintTargets]),
  );
  // Module boundaries (decision 118): features, API modules and the shared contract.
  await step('lint (module boundaries, dependency-cruiser)', () =>
    check('npm', ['run', '--silent', 'lint:boundaries']),
  );
}
if (selected('typecheck')) await step('typecheck (tsc -b)', () => check('npx', ['tsc', '-b']));
if (selected('unit')) {
  // The API suite must use PGlite here even when TEST_DATABASE_URL is exported.
  const { TEST_DATABASE_URL: _pg, ...pgliteEnv } = process.env;
  await step('unit + API on PGlite (vitest)', () => vitest([], path.join(TMP, 'vitest.json'), pgliteEnv));
}
if (selected('pg')) {
  if (process.env.TEST_DATABASE_URL) {
    const database = process.env.TEST_DATABASE_URL.replace(/^.*@/, '');
    await step('API on PostgreSQL (vitest)', async () => {
      const result = await vitest(['--project', 'api'], path.join(TMP, 'vitest-pg.json'));
      return { ...result, note: `${result.note}, ${database}` };
    });
  } else {
    console.info('\n• TEST_DATABASE_URL is not set: the API suite runs on PGlite only (.ci/run sets it)');
    results.push({
      name: 'API on PostgreSQL (vitest)',
      passed: 0,
      failed: 0,
      ms: 0,
      note: 'skipped: no TEST_DATABASE_URL',
    });
  }
}

if (selected('load')) {
  // Timed checks under load (`*.load.test.ts`, decision 161) run alone, one file at a time, on
  // PGlite, so the two cores are the app's and the flood's, not the rest of the suite's.
  const { TEST_DATABASE_URL: _pg, ...pgliteEnv } = process.env;
  await step('API under load, alone (vitest)', () =>
    vitest(['--project', 'api', '--maxWorkers=1'], path.join(TMP, 'vitest-load.json'), {
      ...pgliteEnv,
      VITEST_LOAD: '1',
    }),
  );
}

// ── f. build, HTTPS behind Caddy, then end to end ───────────────────────────────────────────
let build = null;
if (selected('e2e') || selected('https')) {
  build = await step('build (npm run build)', async () =>
    (await ensureBuilt(ROOT, { force: options.rebuild }))
      ? { passed: 1, failed: 0 }
      : { passed: 0, failed: 1 },
  );
}
if (selected('https')) {
  await step('HTTPS behind Caddy (production build)', async () => {
    if (!caddy.ok) return { passed: 0, failed: 1, note: caddy.note };
    if (build?.failed) return { passed: 0, failed: 1, note: 'not run: the build failed' };
    // --changed: the check walks the production set-up as a whole; run it when deploy/ or the
    // check itself changed, else leave it to the full run.
    if (
      changed &&
      !changed.some((file) => /^(deploy\/|scripts\/lib\/(https-check|caddy)\.mjs$)/.test(file))
    ) {
      return { passed: 0, failed: 0, note: 'skipped: no changed deploy file (--changed)' };
    }
    return runHttpsCheck({ caddy: caddy.path });
  });
}
if (selected('e2e')) {
  await step('end to end (playwright, chromium)', async () => {
    if (!chromium.ok) return { passed: 0, failed: 1, note: chromium.note };
    if (build?.failed) return { passed: 0, failed: 1, note: 'not run: the build failed' };
    // --changed: the specs that changed or import a changed e2e file (Playwright's --only-changed).
    // An app change alone selects no spec: the full run (CI) walks the journeys.
    if (changed && !changed.some((file) => E2E_SOURCES.test(file))) {
      return { passed: 0, failed: 0, note: 'skipped: no changed e2e file (--changed)' };
    }
    // A changed e2e file that no spec imports (its README) selects nothing: not a failure.
    const changedArgs = changed ? [`--only-changed=${options.changed}`, '--pass-with-no-tests'] : [];
    const outputFile = path.join(TMP, 'playwright.json');
    rmSync(outputFile, { force: true });
    const code = await run(
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...changedArgs, ...options.playwright],
      {
        env: { ...process.env, CHROME_PATH: chromium.path, PLAYWRIGHT_JSON_OUTPUT_FILE: outputFile },
      },
    );
    const report = readJson(outputFile);
    if (!report?.stats) return { passed: 0, failed: 1, note: `no report (exit ${code})` };
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
    let failed = unexpected;
    const notes = [];
    if (flaky) notes.push(`${flaky} flaky`);
    if (skipped) notes.push(`${skipped} skipped`);
    if (code !== 0 && failed === 0) {
      failed = 1; // global setup failure, worker crash, no tests found…
      notes.push(
        `exit ${code}${report.errors?.length ? `: ${report.errors[0].message?.split('\n')[0]}` : ''}`,
      );
    }
    return { passed: expected + flaky, failed, note: notes.join(', ') || undefined };
  });
}

finish();

// ── summary ─────────────────────────────────────────────────────────────────────────────────
function finish() {
  const total = results.reduce(
    (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed }),
    {
      passed: 0,
      failed: 0,
    },
  );
  banner('summary');
  const width = Math.max(30, ...results.map((r) => r.name.length)) + 2;
  console.info(
    `${'step'.padEnd(width)}${'passed'.padStart(8)}${'failed'.padStart(8)}${'time'.padStart(10)}  note`,
  );
  for (const r of results) {
    const line = `${r.name.padEnd(width)}${String(r.passed).padStart(8)}${String(r.failed).padStart(8)}${seconds(r.ms).padStart(10)}  ${r.note ?? ''}`;
    console.info(r.failed ? red(line) : line);
  }
  console.info(
    `${'total'.padEnd(width)}${''.padStart(16)}${seconds(performance.now() - runStarted).padStart(10)}`,
  );
  console.info(`${total.passed} passed, ${total.failed} failed`);
  process.exit(total.failed > 0 ? 1 : 0);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** `changedFiles(ref)`, or a one-line message and exit code 2 (unknown ref, not a git checkout). */
function changedFilesOrExit(ref) {
  try {
    return changedFiles(ref);
  } catch (error) {
    console.error(`✗ --changed=${ref}: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  }
}

function parseArgs(argv) {
  const parsed = {
    only: new Set(STEP_NAMES),
    skip: new Set(),
    rebuild: false,
    playwright: [],
    changed: null,
  };
  const list = (value) =>
    new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--only=')) parsed.only = list(arg.slice(7));
    else if (arg.startsWith('--skip=')) parsed.skip = list(arg.slice(7));
    else if (arg === '--rebuild') parsed.rebuild = true;
    else if (arg === '--changed') parsed.changed = 'HEAD';
    else if (arg.startsWith('--changed=')) parsed.changed = arg.slice(10) || 'HEAD';
    else if (arg === '--grep' || arg === '-g') parsed.playwright.push('--grep', argv[++i] ?? '');
    else if (arg.startsWith('--grep=')) parsed.playwright.push(arg);
    else if (arg === '--help' || arg === '-h') {
      console.info(
        'npm test [-- --only=lint,typecheck,unit,pg,load,https,e2e] [--skip=…] [--rebuild] [--grep <e2e title>] [--changed[=<ref>]]',
      );
      process.exit(0);
    } else {
      console.error(`unknown option ${arg} (try --help)`);
      process.exit(2);
    }
  }
  for (const name of [...parsed.only, ...parsed.skip]) {
    if (!STEP_NAMES.includes(name)) {
      console.error(`unknown step "${name}": choose from ${STEP_NAMES.join(', ')}`);
      process.exit(2);
    }
  }
  return parsed;
}
