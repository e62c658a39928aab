// Debian's Chromium for the end-to-end tests and Lighthouse (plain Node).
import { existsSync } from 'node:fs';
import { run } from './proc.mjs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's `chromium-headless-shell` (Chromium's "old" headless mode, the browser Playwright
 * itself runs headless tests in): no GPU process and no browser UI, a third less CPU per page
 * than the full browser in headless mode (decision 129). The end-to-end suite prefers it.
 */
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The browser binary for tools that need the full browser (Lighthouse, bench): CHROME_PATH, else Debian's. */
export const CHROMIUM = process.env.CHROME_PATH || DEBIAN_CHROMIUM;

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** apt-get install of one Debian package (after `apt-get update` when the lists are stale). */
async function aptInstall(pkg, binary) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => run('apt-get', ['install', '-y', '--no-install-recommends', pkg], { env });
  let code = await install();
  if (code !== 0 || !existsSync(binary)) {
    // Stale or missing package lists: refresh them and try once more.
    code = await run('apt-get', ['update'], { env });
    if (code === 0) code = await install();
  }
  return code === 0 && existsSync(binary);
}

/**
 * Makes sure a browser for the end-to-end suite is installed and says which: CHROME_PATH when set;
 * else Debian's headless shell, installed as root when missing; else Debian's full Chromium
 * (installed as root when both are missing); otherwise prints the command to run.
 * Returns `{ ok, path?, note? }`.
 */
export async function ensureChromium() {
  if (process.env.CHROME_PATH) {
    if (existsSync(process.env.CHROME_PATH)) return { ok: true, path: process.env.CHROME_PATH };
    console.error(`✗ CHROME_PATH=${process.env.CHROME_PATH} does not exist`);
    return { ok: false, note: `CHROME_PATH ${process.env.CHROME_PATH} missing` };
  }
  if (existsSync(DEBIAN_HEADLESS_SHELL)) return { ok: true, path: DEBIAN_HEADLESS_SHELL };
  if (isRoot()) {
    console.info(`• ${DEBIAN_HEADLESS_SHELL} missing: apt-get install -y chromium-headless-shell`);
    if (await aptInstall('chromium-headless-shell', DEBIAN_HEADLESS_SHELL)) {
      return { ok: true, path: DEBIAN_HEADLESS_SHELL };
    }
  }
  if (existsSync(DEBIAN_CHROMIUM)) return { ok: true, path: DEBIAN_CHROMIUM };
  if (!isRoot()) {
    const message = `No browser for the end-to-end tests. Install Debian's package, then run npm test again:\n    sudo apt-get update && sudo apt-get install -y chromium-headless-shell`;
    console.error(`✗ ${message}`);
    return { ok: false, note: 'chromium missing (apt-get install -y chromium-headless-shell)' };
  }
  console.info(`• ${DEBIAN_CHROMIUM} missing: apt-get install -y chromium`);
  if (await aptInstall('chromium', DEBIAN_CHROMIUM)) return { ok: true, path: DEBIAN_CHROMIUM };
  return { ok: false, note: 'apt-get install chromium-headless-shell / chromium failed' };
}
