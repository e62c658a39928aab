#!/usr/bin/env node
// `npm start`: run on a suitable Node (fetched once from the npm registry when the machine's is
// older, decision 117), install dependencies when missing or stale, build when sources are newer
// than the build, then start the server in this process. Plain Node, no dependencies of its own.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './lib/build-check.mjs';
import { ensureDeps } from './lib/deps.mjs';
import { ensureNodeRuntime } from './lib/node-runtime.mjs';
import { ROOT } from './lib/proc.mjs';

await ensureNodeRuntime();

const started = performance.now();
if (!(await ensureDeps(ROOT))) process.exit(1);
if (!(await ensureBuilt(ROOT))) process.exit(1);
console.info(`• ready in ${((performance.now() - started) / 1000).toFixed(1)} s, starting the server…`);
await import(pathToFileURL(path.join(ROOT, 'apps', 'api', 'dist', 'server.js')).href);
