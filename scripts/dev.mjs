#!/usr/bin/env node
// `npm run dev`: the API under `tsx watch` and the Vite dev server side by side.
// Ctrl-C (or SIGTERM) stops both; when one exits the other is stopped too.
import { spawn } from 'node:child_process';
import { ensureDeps } from './lib/deps.mjs';
import { ensureNodeRuntime } from './lib/node-runtime.mjs';
import { ROOT } from './lib/proc.mjs';

await ensureNodeRuntime();
if (!(await ensureDeps(ROOT))) process.exit(1);

const services = [
  { name: 'api', args: ['run', 'dev', '-w', '@agencia/api'] },
  { name: 'web', args: ['run', 'dev', '-w', '@agencia/web'] },
];

let stopping = false;
let exitCode = 0;
const children = services.map(({ name, args }) => {
  // Each child leads its own process group so that a signal reaches npm and everything under it.
  const child = spawn('npm', args, { cwd: ROOT, stdio: 'inherit', detached: true });
  child.on('exit', (code, signal) => {
    child.exited = true;
    if (!stopping) {
      console.info(`[dev] ${name} exited (${signal ?? code}); stopping the others`);
      exitCode = code || 1;
      stop('SIGTERM');
    }
    if (children.every((c) => c.exited)) process.exit(exitCode);
  });
  return child;
});

function stop(signal) {
  stopping = true;
  for (const child of children) {
    if (child.exited) continue;
    try {
      process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
  }
  setTimeout(() => {
    for (const child of children) {
      if (child.exited) continue;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    process.exit(exitCode);
  }, 5_000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
