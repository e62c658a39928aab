#!/usr/bin/env node
// `npm run bench`: start-up time and throughput of the production build.
//   1. cold start: spawn the server on a fresh DATA_DIR (create PGlite, migrate, seed) until the
//      first 200 on /api/health; then a warm restart on the same DATA_DIR.
//   2. autocannon, 50 connections, 10 s each: GET /api/health and an authenticated GET /api/auth/me.
// Options: --duration=10 --connections=50. BENCH_DATABASE_URL=postgres://… measures PostgreSQL instead
// of PGlite (an empty, disposable database: the demo is seeded into it).
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { ensureBuilt } from './lib/build-check.mjs';
import { ensureNodeRuntime } from './lib/node-runtime.mjs';
import { ROOT, startServer } from './lib/proc.mjs';

await ensureNodeRuntime();

const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const duration = arg('duration', 10);
const connections = arg('connections', 50);

if (!(await ensureBuilt(ROOT))) process.exit(1);

const engine = process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite (embedded)';
console.info(
  `\nbench: ${engine}, Node ${process.versions.node}, ${connections} connections, ${duration} s per route\n`,
);

// ── start-up ────────────────────────────────────────────────────────────────────────────────
// The per-IP API rate limit (RATE_LIMIT_MAX, 1000/min by default) would turn the load into 429s.
const env = {
  RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX ?? '1000000000',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
};
const cold = await startServer({ keepData: true, env });
console.info(
  `cold start (fresh DATA_DIR → first 200 on /api/health): ${(cold.startupMs / 1000).toFixed(2)} s`,
);
await cold.stop();
const server = await startServer({ dataDir: cold.dataDir, env });
console.info(
  `warm start (existing DATA_DIR → first 200 on /api/health): ${(server.startupMs / 1000).toFixed(2)} s`,
);

const results = [];
try {
  const login = await fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.do', password: 'Demo1234!' }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { data } = await login.json();

  const routes = [
    { name: 'GET /api/health', path: '/api/health', headers: {} },
    {
      name: 'GET /api/auth/me (bearer)',
      path: '/api/auth/me',
      headers: { authorization: `Bearer ${data.token}` },
    },
  ];
  for (const route of routes) {
    process.stdout.write(`running ${route.name} … `);
    const result = await autocannon({
      url: server.baseURL + route.path,
      headers: route.headers,
      connections,
      duration,
    });
    process.stdout.write('done\n');
    results.push({ route: route.name, result });
  }
} finally {
  await server.stop();
  rmSync(cold.dataDir, { recursive: true, force: true });
}

console.info(
  `\n${'route'.padEnd(30)}${'req/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'non-2xx'.padStart(10)}${'errors'.padStart(9)}`,
);
for (const { route, result } of results) {
  console.info(
    `${route.padEnd(30)}${result.requests.average.toFixed(0).padStart(10)}${String(result.latency.p50).padStart(10)}${String(result.latency.p99).padStart(10)}${String(result.non2xx).padStart(10)}${String(result.errors + result.timeouts).padStart(9)}`,
  );
}
const bad = results.some(({ result }) => result.non2xx > 0 || result.errors > 0);
if (bad)
  console.warn('\nwarning: some responses were not 2xx (rate limiting?) — the numbers above include them.');
