// Dependency check shared by `npm start` (prestart) and `npm test`.
// Plain Node on purpose: it runs before node_modules exists.
import { existsSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { run } from './proc.mjs';

const WORKSPACE_MANIFESTS = [
  'package.json',
  'packages/shared/package.json',
  'apps/api/package.json',
  'apps/web/package.json',
  'e2e/package.json',
];

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Why dependencies must be (re)installed, or null when node_modules is current.
 * Compares package-lock.json and every workspace manifest with npm's hidden lockfile
 * (node_modules/.package-lock.json), which npm rewrites on every install.
 */
export function depsReason(root) {
  const nodeModules = path.join(root, 'node_modules');
  if (!existsSync(nodeModules)) return 'node_modules is missing';
  const hidden = mtime(path.join(nodeModules, '.package-lock.json'));
  if (hidden === 0) return 'node_modules/.package-lock.json is missing';
  for (const file of ['package-lock.json', ...WORKSPACE_MANIFESTS]) {
    if (mtime(path.join(root, file)) > hidden) return `${file} is newer than node_modules`;
  }
  return null;
}

/** Installs dependencies when needed. Returns true when node_modules is usable. */
export async function ensureDeps(root, log = console.info) {
  const reason = depsReason(root);
  if (!reason) {
    log('• dependencies up to date');
    return true;
  }
  // `npm install` (not `npm ci`): it honours the lock file too, and the registry this project is
  // installed from lacks some optional platform binaries (e.g. Biome's Android/Windows builds),
  // which makes `npm ci` refuse a lock that `npm install` is happy with.
  const args = ['install', '--no-audit', '--no-fund'];
  log(`• installing dependencies (${reason}): npm ${args.join(' ')}`);
  const code = await run('npm', args, { cwd: root });
  if (code !== 0) {
    log(`✗ npm install failed (exit ${code})`);
    return false;
  }
  // npm may rewrite package-lock.json after its hidden lockfile: mark the install as the newest
  // so the next start does not reinstall.
  const hidden = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(hidden)) {
    const now = new Date();
    utimesSync(hidden, now, now);
  }
  return true;
}
