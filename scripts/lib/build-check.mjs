// Build freshness check shared by `npm start` (prestart), `npm run create-admin` and `npm test`.
// Plain Node: compares modification times of sources with the build outputs.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { run } from './proc.mjs';

/** Inputs of `npm run build` (files or directories, relative to the repository root). */
export const BUILD_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/scripts', // prerender.mjs (decision 027)
  'apps/api/src',
  'apps/api/drizzle',
  'apps/api/build.mjs',
  'packages/shared/src',
  'scripts/compress.mjs',
  'package-lock.json', // upgraded dependencies change the bundles
];

/** Outputs of `npm run build`; the oldest one is compared with the newest source. */
export const BUILD_OUTPUTS = [
  'apps/web/dist/index.html',
  'apps/api/dist/server.js',
  'apps/api/dist/server-main.js',
  'apps/api/dist/cli/backup.js',
  'apps/api/dist/cli/restore.js',
];

const IGNORED = /(^|[/\\])(node_modules|dist|\.git)([/\\]|$)|\.(test|spec)\.[cm]?[jt]sx?$/;

function newest(entry) {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return { time: 0, file: null };
  }
  if (!stat.isDirectory()) return { time: stat.mtimeMs, file: entry };
  let best = { time: stat.mtimeMs, file: entry }; // a deleted file bumps its directory
  for (const name of readdirSync(entry)) {
    const child = path.join(entry, name);
    if (IGNORED.test(child)) continue;
    const found = newest(child);
    if (found.time > best.time) best = found;
  }
  return best;
}

/** Why a build is needed, or null when every output is newer than every source. */
export function buildReason(root) {
  let oldestOutput = Number.POSITIVE_INFINITY;
  for (const output of BUILD_OUTPUTS) {
    let time = 0;
    try {
      time = statSync(path.join(root, output)).mtimeMs;
    } catch {
      return `${output} is missing`;
    }
    oldestOutput = Math.min(oldestOutput, time);
  }
  for (const source of BUILD_SOURCES) {
    const found = newest(path.join(root, source));
    if (found.time > oldestOutput) return `${path.relative(root, found.file)} is newer than the build`;
  }
  return null;
}

/** Runs `npm run build` when sources are newer than the build. Returns true when the build is usable. */
export async function ensureBuilt(root, { force = false, log = console.info } = {}) {
  const reason = force ? 'forced' : buildReason(root);
  if (!reason) {
    log('• build up to date');
    return true;
  }
  log(`• building (${reason}): npm run build`);
  const code = await run('npm', ['run', 'build'], { cwd: root });
  if (code !== 0) log(`✗ npm run build failed (exit ${code})`);
  return code === 0;
}
