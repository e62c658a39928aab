#!/usr/bin/env node
// `npm run bench:scale`: the portal at agency scale (issue 14). Not a test: it prints figures.
//   1. PostgreSQL: creates a disposable database (or uses DATABASE_URL), starts the built server
//      on it (migrations + demo seed), then bulk-loads 100,000 projects and 1,000,000 tickets over
//      the demo clients with SQL generate_series (list indexes dropped during the load and
//      rebuilt after it, then VACUUM ANALYZE).
//   2. p50/p95 of 20 sequential calls of every list (first page and page 1,000, or the last page
//      when the list is shorter), search, filter and stats endpoint, as admin and as a client;
//      items and KB of the first page.
//   3. Chromium (playwright-core, /usr/bin/chromium): time from navigation to the first project
//      card / ticket row on /projects and /tickets, signed in through the /login form.
//   4. autocannon, 50 connections: GET /api/projects (first page) next to /api/health.
//   5. The same on PGlite (embedded): the data is loaded into its DATA_DIR while the server is
//      stopped.
// Options: --engines=postgres,pglite  --projects=100000 --tickets=1000000  --duration=10
//          --tasks=100000 --task-projects=10000 (0 tasks: skip) --tasks-only (tasks figures only)
//          --server=path/to/server.js (another build, for A/B runs on the same data)
//          --port=4180 (PostgreSQL server; PGlite uses port + 1)  --keep (keep database / DATA_DIR)
//          --load-only (load, print the load timings and keep the database / DATA_DIR; no measurements)
//          --load-as-before (profiling: the load of decision 122, triggers on, PGlite default settings)
// Environment: DATABASE_URL (use this database; it is loaded only when it holds fewer projects
//          than asked), BENCH_PG_ADMIN_URL (where to create the database; default
//          postgres://postgres@127.0.0.1:5432/postgres), BENCH_PGLITE_DIR (reuse a loaded DATA_DIR),
//          CHROME_PATH.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { bulkLoad, countProjects } from './lib/bench-load.mjs';
import { boardProjectOf, countTasks, loadTasks, measureTasks, reportTasks } from './lib/bench-tasks.mjs';
import { ensureBuilt } from './lib/build-check.mjs';
import { CHROMIUM } from './lib/chromium.mjs';
import { ROOT, startServer } from './lib/proc.mjs';

const argValue = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
const PROJECTS = Number(argValue('projects', 100_000));
const TICKETS = Number(argValue('tickets', 1_000_000));
// Project tasks (issue 45): 100,000 tasks over the first 10,000 projects, 20 people; 0 = skip.
const TASKS = Number(argValue('tasks', 100_000));
const TASK_PROJECTS = Number(argValue('task-projects', 10_000));
// Only the tasks part of the measurement (skips the lists, Chromium and autocannon).
const TASKS_ONLY = process.argv.includes('--tasks-only');
const DURATION = Number(argValue('duration', 10));
const PORT = Number(argValue('port', 0)) || undefined;
const ENGINES = argValue('engines', 'postgres,pglite').split(',');
// Another build of the server (A/B runs on the same data), as in `npm run bench`.
const SERVER = argValue('server', null);
const serverOption = SERVER ? { server: path.resolve(SERVER) } : {};
const LOAD_ONLY = process.argv.includes('--load-only');
// Profiling aid: load as before decision 127 (triggers on, PGlite default settings).
const LOAD_AS_BEFORE = process.argv.includes('--load-as-before');
const KEEP = LOAD_ONLY || process.argv.includes('--keep');
const CALLS = 20;
const DEEP_PAGE = 1000;
const PASSWORD = 'Demo1234!';
const ADMIN = 'admin@demo.do';
const CLIENT = 'cliente@demo.do';

// The bulk load (SQL, counters, foreign-key check): scripts/lib/bench-load.mjs.

// ── measurements ────────────────────────────────────────────────────────────────────────────

async function login(baseURL, email) {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()).data.token;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** The first array inside `data` (the page's items) and `data.pagination`, whatever the list. */
function pageOf(body) {
  const data = body?.data ?? {};
  if (Array.isArray(data)) return { items: data, pagination: undefined };
  const items = Object.values(data).find(Array.isArray);
  return { items, pagination: data.pagination };
}

/** `CALLS` sequential calls of `url`; p50/p95 in ms, status, item count and size of the answer. */
async function timeCalls(baseURL, token, url) {
  const times = [];
  let last;
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    const res = await fetch(baseURL + url, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    times.push(performance.now() - started);
    last = { status: res.status, bytes: Buffer.byteLength(text), text };
  }
  times.sort((a, b) => a - b);
  let items = null;
  let total = null;
  let capped = false;
  if (last.status === 200) {
    const page = pageOf(JSON.parse(last.text));
    items = page.items?.length ?? null;
    total = page.pagination?.total ?? null;
    capped = page.pagination?.totalCapped === true;
  }
  return {
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    status: last.status,
    kb: last.bytes / 1024,
    items,
    total,
    capped,
  };
}

const LISTS = [
  { name: 'projects', url: '/api/projects' },
  { name: 'tickets', url: '/api/tickets' },
  { name: 'clients', url: '/api/clients' },
  { name: 'invoices', url: '/api/invoices' },
  { name: 'notifications', url: '/api/notifications' },
  { name: 'users', url: '/api/users' },
  { name: 'requests', url: '/api/requests' },
  { name: 'audit', url: '/api/audit' },
];
const EXTRA = [
  { name: 'projects search "4242" (rare)', url: '/api/projects?search=4242' },
  { name: 'projects search "tienda" (common)', url: '/api/projects?search=tienda' },
  { name: 'projects status=in_progress', url: '/api/projects?status=in_progress' },
  { name: 'tickets search "98765" (rare)', url: '/api/tickets?search=98765' },
  { name: 'tickets search "factura" (common)', url: '/api/tickets?search=factura' },
  { name: 'tickets status=open', url: '/api/tickets?status=open' },
  { name: 'tickets priority=urgent', url: '/api/tickets?priority=urgent' },
  { name: 'stats /dashboard/stats', url: '/api/dashboard/stats' },
  { name: 'stats /projects/stats', url: '/api/projects/stats' },
  { name: 'stats /tickets/stats', url: '/api/tickets/stats' },
  { name: 'stats /invoices/stats', url: '/api/invoices/stats' },
  { name: 'stats /nav/badges', url: '/api/nav/badges' },
  { name: 'picker /projects/options "tienda"', url: '/api/projects/options?search=tienda' },
  { name: 'picker /clients/options', url: '/api/clients/options' },
  { name: 'picker /users/options', url: '/api/users/options' },
  { name: 'calendar list', url: '/api/calendar/list' },
  { name: 'dashboard recent tickets', url: '/api/dashboard/recent-tickets' },
  { name: 'dashboard recent projects', url: '/api/dashboard/recent-projects' },
];

async function latencyTable(baseURL, tokens) {
  const rows = [];
  for (const [role, token] of Object.entries(tokens)) {
    for (const list of LISTS) {
      const first = await timeCalls(baseURL, token, `${list.url}?page=1`);
      rows.push({ role, name: `${list.name} page 1`, ...first });
      if (first.status !== 200) continue;
      // A capped total (decision 113) is a lower bound: the list has at least DEEP_PAGE pages.
      const pages = first.capped
        ? DEEP_PAGE
        : first.total && first.items
          ? Math.max(1, Math.ceil(first.total / 20))
          : 1;
      let deep = Math.min(DEEP_PAGE, pages);
      if (deep > 1) {
        let timed = await timeCalls(baseURL, token, `${list.url}?page=${deep}`);
        // Past the end of a capped list (fewer than DEEP_PAGE pages): the last page the pager offers.
        if (first.capped && timed.items === 0) {
          deep = Math.ceil(first.total / 20);
          timed = await timeCalls(baseURL, token, `${list.url}?page=${deep}`);
        }
        rows.push({ role, name: `${list.name} page ${deep}`, ...timed });
      }
    }
    for (const extra of EXTRA)
      rows.push({ role, name: extra.name, ...(await timeCalls(baseURL, token, extra.url)) });
    // A detail and its paged parts: the newest project and ticket the role sees.
    for (const [entity, parts] of [
      ['projects', ['notes', 'time-entries', 'files']],
      ['tickets', ['messages', 'timeline', 'attachments']],
    ]) {
      const res = await fetch(`${baseURL}/api/${entity}?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const id = pageOf(await res.json()).items?.[0]?._id;
      if (!id) continue;
      rows.push({
        role,
        name: `${entity} detail`,
        ...(await timeCalls(baseURL, token, `/api/${entity}/${id}`)),
      });
      for (const part of parts)
        rows.push({
          role,
          name: `${entity} detail /${part}`,
          ...(await timeCalls(baseURL, token, `/api/${entity}/${id}/${part}`)),
        });
    }
  }
  return rows;
}

/** Median of 3 navigations to each screen: ms until the first project card / ticket row shows. */
async function firstRow(baseURL, email) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const out = {};
  try {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/login`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Acceder a Mi Portal' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    for (const screen of ['projects', 'tickets']) {
      const times = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await page.goto(`${baseURL}/${screen}`);
        await page.waitForFunction(
          (s) =>
            [...document.querySelectorAll('a[href]')].some((a) =>
              new RegExp(`^/${s}/[0-9a-f-]{36}$`).test(a.getAttribute('href') ?? ''),
            ),
          screen,
          { timeout: 60_000, polling: 20 },
        );
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      out[screen] = times[1];
    }
  } finally {
    await browser.close();
  }
  return out;
}

/**
 * Median of 3 navigations to the 300-card board (`/projects/{id}?tab=tareas`, issue 45's "first
 * cards in under 1 s after navigation"): ms until the first task card shows, signed in as admin.
 */
async function boardFirstCard(baseURL, boardProject) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseURL}/login`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN);
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Acceder a Mi Portal' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    const times = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await page.goto(`${baseURL}/projects/${boardProject}?tab=tareas`);
      await page.waitForSelector('[data-task-card]', { timeout: 60_000 });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return times[1];
  } finally {
    await browser.close();
  }
}

async function throughput(baseURL, token) {
  const out = [];
  for (const route of [
    { name: 'GET /api/health', path: '/api/health', headers: {} },
    {
      name: 'GET /api/projects (admin, page 1)',
      path: '/api/projects',
      headers: { authorization: `Bearer ${token}` },
    },
  ]) {
    const result = await autocannon({
      url: baseURL + route.path,
      headers: route.headers,
      connections: 50,
      duration: DURATION,
    });
    out.push({
      name: route.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    });
  }
  return out;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ');

/** Loads the tasks of issue 45 when fewer are there; answers the 300-card board's project. */
async function ensureTasks(engine, db) {
  if (TASKS <= 0) return null;
  if ((await countTasks(db)) < TASKS) {
    console.info(
      `[${engine}] loading ${TASKS.toLocaleString('en')} tasks in ${TASK_PROJECTS.toLocaleString('en')} projects …`,
    );
    const t = await loadTasks(db, { tasks: TASKS, projects: TASK_PROJECTS });
    console.info(`[${engine}] tasks loaded in ${(t.ms / 1000).toFixed(1)} s`);
  }
  return boardProjectOf(db);
}

async function measure(engine, server, boardProject) {
  const loadBefore = loadAverage();
  const tasks = boardProject ? await measureTasks(server.baseURL, { boardProject, calls: CALLS }) : null;
  if (tasks) {
    console.info(`[${engine}] board's first card in Chromium …`);
    tasks.firstCard = await boardFirstCard(server.baseURL, boardProject).catch((err) => ({
      error: String(err?.message ?? err).split('\n')[0],
    }));
  }
  if (TASKS_ONLY)
    return {
      engine,
      tasks,
      latency: [],
      screens: {},
      load: [],
      loadAverage: { before: loadBefore, after: loadAverage() },
    };
  const tokens = { admin: await login(server.baseURL, ADMIN), client: await login(server.baseURL, CLIENT) };
  // Warm-up: one pass so the first timed call does not pay for cold caches and JIT.
  for (const list of LISTS)
    await fetch(`${server.baseURL}${list.url}`, { headers: { authorization: `Bearer ${tokens.admin}` } });
  console.info(`[${engine}] latency: ${CALLS} sequential calls per endpoint …`);
  const latency = await latencyTable(server.baseURL, tokens);
  console.info(`[${engine}] first row in Chromium …`);
  const screens = {};
  for (const [role, email] of [
    ['admin', ADMIN],
    ['client', CLIENT],
  ]) {
    try {
      screens[role] = await firstRow(server.baseURL, email);
    } catch (error) {
      screens[role] = { error: String(error.message ?? error).split('\n')[0] };
    }
  }
  console.info(`[${engine}] throughput: autocannon, 50 connections, ${DURATION} s per route …`);
  const load = await throughput(server.baseURL, tokens.admin);
  return { engine, tasks, latency, screens, load, loadAverage: { before: loadBefore, after: loadAverage() } };
}

// ── engines ─────────────────────────────────────────────────────────────────────────────────

// The answer cache is off (decision 156): the same URL is called 20 times in a row, and the figures
// are the cost of computing each answer at scale, not of repeating it.
const SERVER_ENV = {
  RATE_LIMIT_MAX: '1000000000',
  SEED_DEMO: 'true',
  NODE_ENV: 'production',
  ANSWER_CACHE_TTL_MS: '0',
};

async function runPostgres() {
  let url = process.env.DATABASE_URL;
  let dropDatabase = null;
  if (!url) {
    const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `agencia_bench_scale_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
    console.info(`[postgres] created database ${name}`);
  }
  const env = { ...SERVER_ENV, DATABASE_URL: url, ...(PORT ? { PORT: String(PORT) } : {}) };
  const server = await startServer({ env, port: PORT, ...serverOption });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const db = { query: async (sql) => (await client.query(sql)).rows };
  try {
    let load = null;
    if ((await countProjects(db)) < PROJECTS) {
      console.info(
        `[postgres] loading ${PROJECTS.toLocaleString('en')} projects and ${TICKETS.toLocaleString('en')} tickets …`,
      );
      load = await bulkLoad(db, {
        projects: PROJECTS,
        tickets: TICKETS,
        memory: '256MB',
        withoutTriggers: !LOAD_AS_BEFORE,
      });
      console.info(`[postgres] loaded in ${(load.totalMs / 1000).toFixed(1)} s`);
    }
    const boardProject = await ensureTasks('postgres', db);
    await client.end();
    if (LOAD_ONLY) return { engine: 'PostgreSQL', loadTiming: load };
    return { ...(await measure('PostgreSQL', server, boardProject)), loadTiming: load };
  } finally {
    await client.end().catch(() => {});
    await server.stop();
    if (dropDatabase && !KEEP) await dropDatabase();
    else console.info(`[postgres] kept: ${url}`);
  }
}

async function runPglite() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const given = process.env.BENCH_PGLITE_DIR;
  const dataDir = given ?? mkdtempSync(path.join(os.tmpdir(), 'agencia-bench-scale-'));
  const port = PORT ? PORT + 1 : undefined;
  const env = { ...SERVER_ENV, ...(port ? { PORT: String(port) } : {}) };
  let load = null;
  try {
    // The server creates, migrates and seeds the DATA_DIR; PGlite has one owner, so the data is
    // loaded while the server is stopped.
    const first = await startServer({ env, dataDir, port, keepData: true, ...serverOption });
    await first.stop();
    // Load-only settings of this one PGlite instance (the server reopens the DATA_DIR with the
    // defaults): wal_level=minimal writes no WAL for the index builds (their files are synced at
    // commit instead), a larger max_wal_size spares the checkpoints the insert WAL would trigger.
    const lite = new PGlite(path.join(dataDir, 'pglite'), {
      extensions: { pg_trgm, btree_gin },
      startParams: LOAD_AS_BEFORE
        ? PGlite.defaultStartParams
        : [
            ...PGlite.defaultStartParams,
            ...[
              'wal_level=minimal',
              'max_wal_senders=0',
              'max_wal_size=8GB',
              'checkpoint_timeout=1h',
            ].flatMap((setting) => ['-c', setting]),
          ],
    });
    const db = { query: async (sql) => (await lite.query(sql)).rows };
    if ((await countProjects(db)) < PROJECTS) {
      console.info(
        `[pglite] loading ${PROJECTS.toLocaleString('en')} projects and ${TICKETS.toLocaleString('en')} tickets …`,
      );
      load = await bulkLoad(db, {
        projects: PROJECTS,
        tickets: TICKETS,
        memory: '128MB',
        withoutTriggers: !LOAD_AS_BEFORE,
      });
      console.info(`[pglite] loaded in ${(load.totalMs / 1000).toFixed(1)} s`);
    }
    const boardProject = await ensureTasks('pglite', db);
    await lite.close();
    if (LOAD_ONLY) return { engine: 'PGlite', loadTiming: load };
    const server = await startServer({ env, dataDir, port, keepData: true, ...serverOption });
    try {
      return { ...(await measure('PGlite', server, boardProject)), loadTiming: load };
    } finally {
      await server.stop();
    }
  } finally {
    if (!given && !KEEP) rmSync(dataDir, { recursive: true, force: true });
    else console.info(`[pglite] kept: BENCH_PGLITE_DIR=${dataDir}`);
  }
}

// ── report ──────────────────────────────────────────────────────────────────────────────────

const ms = (v) => (v == null ? '—' : v.toFixed(1));
function report(result) {
  const {
    engine,
    latency,
    screens,
    load,
    loadTiming,
    loadAverage: la = { before: loadAverage(), after: loadAverage() },
    tasks,
  } = result;
  console.info(
    `\n━━ ${engine}: ${PROJECTS.toLocaleString('en')} projects, ${TICKETS.toLocaleString('en')} tickets ━━`,
  );
  console.info(`load average (1/5/15 min): ${la.before} before the measurements, ${la.after} after`);
  if (loadTiming) {
    console.info(
      `bulk load: ${(loadTiming.totalMs / 1000).toFixed(1)} s (projects ${(loadTiming.projectsMs / 1000).toFixed(1)} s, tickets inserted at ${(loadTiming.insertedMs / 1000).toFixed(1)} s, counters recounted at ${(loadTiming.countedMs / 1000).toFixed(1)} s, ${loadTiming.indexes} indexes rebuilt at ${(loadTiming.indexedMs / 1000).toFixed(1)} s, then VACUUM ANALYZE)`,
    );
    const slowest = Object.entries(loadTiming.indexMs)
      .sort((a, b) => b[1] - a[1])
      .map(([name, t]) => `${name} ${(t / 1000).toFixed(1)}`);
    console.info(`  index builds, s: ${slowest.join(', ')}`);
    const c = loadTiming.cpu;
    console.info(
      `  CPU of the loading process, s (PGlite: the load itself): projects ${(c.projects / 1000).toFixed(1)}, tickets ${((c.inserted - c.projects) / 1000).toFixed(1)}, counters ${((c.counted - c.inserted) / 1000).toFixed(1)}, indexes ${((c.indexed - c.counted) / 1000).toFixed(1)}, VACUUM ANALYZE ${((c.total - c.indexed) / 1000).toFixed(1)}, total ${(c.total / 1000).toFixed(1)}`,
    );
  }
  reportTasks(tasks);
  if (!latency || TASKS_ONLY) return;
  console.info(
    `\n${'role'.padEnd(8)}${'endpoint'.padEnd(40)}${'status'.padStart(7)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'items'.padStart(7)}${'total'.padStart(10)}${'KB'.padStart(8)}  `,
  );
  for (const r of latency) {
    const flag =
      r.status === 200 && (r.p95 > 50 || r.kb > 300 || (r.items ?? 0) > 100) ? '  ✗ over target' : '';
    console.info(
      `${r.role.padEnd(8)}${r.name.padEnd(40)}${String(r.status).padStart(7)}${ms(r.p50).padStart(9)}${ms(r.p95).padStart(9)}${String(r.items ?? '—').padStart(7)}${`${r.capped ? '>' : ''}${r.total ?? '—'}`.padStart(10)}${r.kb.toFixed(1).padStart(8)}${flag}`,
    );
  }
  console.info('\nfirst row on screen (median of 3 navigations, ms):');
  for (const [role, s] of Object.entries(screens)) {
    console.info(
      `  ${role.padEnd(7)} ${s.error ? `error: ${s.error}` : `Proyectos ${ms(s.projects)}   Tickets ${ms(s.tickets)}`}`,
    );
  }
  console.info(`\nthroughput, 50 connections, ${DURATION} s:`);
  for (const l of load) {
    console.info(
      `  ${l.name.padEnd(36)} ${l.rps.toFixed(0).padStart(7)} req/s   p50 ${l.p50} ms   p99 ${l.p99} ms   non-2xx ${l.non2xx}   errors ${l.errors}`,
    );
  }
}

if (!(await ensureBuilt(ROOT))) process.exit(1);
if (!existsSync(CHROMIUM))
  console.warn(`warning: ${CHROMIUM} missing: the first-row figures will show an error`);
console.info(
  `bench:scale — Node ${process.versions.node}, ${os.cpus().length} CPUs, engines: ${ENGINES.join(', ')}`,
);
// Each engine's table prints as soon as it is measured (a long PGlite load cannot lose it).
if (ENGINES.includes('postgres')) report(await runPostgres());
if (ENGINES.includes('pglite')) report(await runPglite());
