#!/usr/bin/env node
// Used by `npm run create-admin` (and anything else that needs apps/*/dist): installs dependencies
// and builds only when needed, exactly like `npm start`'s prestart step.
import { ensureBuilt } from './lib/build-check.mjs';
import { ensureDeps } from './lib/deps.mjs';
import { ROOT } from './lib/proc.mjs';

const log = (line) => process.stderr.write(`${line}\n`);
if (!(await ensureDeps(ROOT, log))) process.exit(1);
if (!(await ensureBuilt(ROOT, { log }))) process.exit(1);
