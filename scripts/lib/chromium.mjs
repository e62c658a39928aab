// Debian's Chromium for the end-to-end tests and Lighthouse (plain Node).
import { existsSync } from 'node:fs';
import { run } from './proc.mjs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** The browser binary: CHROME_PATH, else Debian's. */
export const CHROMIUM = process.env.CHROME_PATH || DEBIAN_CHROMIUM;

/**
 * Makes sure Chromium is installed: nothing to do when it is; as root, installs Debian's
 * `chromium` package (first from the current package lists, then after `apt-get update`);
 * otherwise prints the command to run. Returns `{ ok, note? }`.
 */
export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return { ok: true };
  if (CHROMIUM !== DEBIAN_CHROMIUM) {
    console.error(`✗ CHROME_PATH=${CHROMIUM} does not exist`);
    return { ok: false, note: `CHROME_PATH ${CHROMIUM} missing` };
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    const message = `Chromium is missing at ${CHROMIUM}. Install Debian's package, then run npm test again:\n    sudo apt-get update && sudo apt-get install -y chromium`;
    console.error(`✗ ${message}`);
    return { ok: false, note: 'chromium missing (apt-get install -y chromium)' };
  }
  console.info(`• ${CHROMIUM} missing: apt-get install -y chromium`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env });
  let code = await install();
  if (code !== 0 || !existsSync(CHROMIUM)) {
    // Stale or missing package lists: refresh them and try once more.
    code = await run('apt-get', ['update'], { env });
    if (code === 0) code = await install();
  }
  if (code === 0 && existsSync(CHROMIUM)) return { ok: true };
  return { ok: false, note: `apt-get install chromium failed (exit ${code})` };
}
