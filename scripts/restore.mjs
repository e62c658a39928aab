#!/usr/bin/env node
// `npm run restore`: runs on a suitable Node (decision 117),
// installs dependencies and builds only when needed, exactly like `npm start`, then runs the
// CLI (apps/api/src/cli/restore.ts) in this process with the same arguments.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './lib/build-check.mjs';
import { ensureDeps } from './lib/deps.mjs';
import { ensureNodeRuntime } from './lib/node-runtime.mjs';
import { ROOT } from './lib/proc.mjs';

await ensureNodeRuntime();
const log = (line) => process.stderr.write(`${line}\n`);
if (!(await ensureDeps(ROOT, log))) process.exit(1);
if (!(await ensureBuilt(ROOT, { log }))) process.exit(1);
await import(pathToFileURL(path.join(ROOT, 'apps', 'api', 'dist', 'cli', 'restore.js')).href);
