#!/usr/bin/env node
// `npm start` runs this first (npm's prestart hook): install dependencies when missing or stale,
// build when sources are newer than the build. Plain Node, no dependencies of its own.
import { ensureBuilt } from './lib/build-check.mjs';
import { ensureDeps } from './lib/deps.mjs';
import { ROOT } from './lib/proc.mjs';

const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  console.error(`✗ Node ${process.versions.node} is too old: Node 20 or newer is required.`);
  process.exit(1);
}

const started = performance.now();
if (!(await ensureDeps(ROOT))) process.exit(1);
if (!(await ensureBuilt(ROOT))) process.exit(1);
console.info(`• ready in ${((performance.now() - started) / 1000).toFixed(1)} s, starting the server…`);
