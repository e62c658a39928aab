// Debian's Caddy for the HTTPS check (decision 144), found or installed like Chromium
// (scripts/lib/chromium.mjs): a machine without it fails the check loudly, never skips it.
import { existsSync } from 'node:fs';
import { run } from './proc.mjs';

/** Debian's `caddy` package binary (2.6 on bookworm). */
export const DEBIAN_CADDY = '/usr/bin/caddy';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Makes sure Caddy is installed and says where: CADDY_PATH when set; else Debian's, installed as
 * root with apt-get (after `apt-get update` when the lists are stale) when missing; otherwise
 * prints the command to run. Returns `{ ok, path?, note? }`. Installing never starts the
 * package's own service here (no systemd in CI, and `policy-rc.d` keeps it stopped on hosts).
 */
export async function ensureCaddy() {
  if (process.env.CADDY_PATH) {
    if (existsSync(process.env.CADDY_PATH)) return { ok: true, path: process.env.CADDY_PATH };
    console.error(`✗ CADDY_PATH=${process.env.CADDY_PATH} does not exist`);
    return { ok: false, note: `CADDY_PATH ${process.env.CADDY_PATH} missing` };
  }
  if (existsSync(DEBIAN_CADDY)) return { ok: true, path: DEBIAN_CADDY };
  if (!isRoot()) {
    console.error(
      `✗ No Caddy for the HTTPS check. Install Debian's package, then run npm test again:\n    sudo apt-get update && sudo apt-get install -y caddy`,
    );
    return { ok: false, note: 'caddy missing (apt-get install -y caddy)' };
  }
  console.info(`• ${DEBIAN_CADDY} missing: apt-get install -y caddy`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => run('apt-get', ['install', '-y', '--no-install-recommends', 'caddy'], { env });
  let code = await install();
  if (code !== 0 || !existsSync(DEBIAN_CADDY)) {
    code = await run('apt-get', ['update'], { env });
    if (code === 0) code = await install();
  }
  if (code === 0 && existsSync(DEBIAN_CADDY)) return { ok: true, path: DEBIAN_CADDY };
  return { ok: false, note: 'apt-get install caddy failed' };
}
