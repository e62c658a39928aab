// Debian's Dovecot for the IMAP tests of tickets by e-mail (decision 168), found or installed like
// Caddy (scripts/lib/caddy.mjs): a machine without it fails those tests loudly, never skips them.
// The tests start their own Dovecot on a free port with a temporary configuration
// (apps/api/test/dovecot-server.ts); the package's own service is never started here.
import { existsSync } from 'node:fs';
import { run } from './proc.mjs';

/** Debian's `dovecot-imapd` package binary (2.3 on bookworm). */
export const DEBIAN_DOVECOT = '/usr/sbin/dovecot';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Makes sure Dovecot is installed and says where: DOVECOT_PATH when set; else Debian's, installed
 * as root with apt-get (after `apt-get update` when the lists are stale) when missing; otherwise
 * prints the command to run. Returns `{ ok, path?, note? }`.
 */
export async function ensureDovecot() {
  if (process.env.DOVECOT_PATH) {
    if (existsSync(process.env.DOVECOT_PATH)) return { ok: true, path: process.env.DOVECOT_PATH };
    console.error(`✗ DOVECOT_PATH=${process.env.DOVECOT_PATH} does not exist`);
    return { ok: false, note: `DOVECOT_PATH ${process.env.DOVECOT_PATH} missing` };
  }
  if (existsSync(DEBIAN_DOVECOT)) return { ok: true, path: DEBIAN_DOVECOT };
  if (!isRoot()) {
    console.error(
      `✗ No Dovecot for the IMAP tests. Install Debian's package, then run npm test again:\n    sudo apt-get update && sudo apt-get install -y dovecot-imapd`,
    );
    return { ok: false, note: 'dovecot missing (apt-get install -y dovecot-imapd)' };
  }
  console.info(`• ${DEBIAN_DOVECOT} missing: apt-get install -y dovecot-imapd`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    run('apt-get', ['install', '-y', '--no-install-recommends', 'dovecot-imapd'], { env });
  let code = await install();
  if (code !== 0 || !existsSync(DEBIAN_DOVECOT)) {
    code = await run('apt-get', ['update'], { env });
    if (code === 0) code = await install();
  }
  if (code === 0 && existsSync(DEBIAN_DOVECOT)) return { ok: true, path: DEBIAN_DOVECOT };
  return { ok: false, note: 'apt-get install dovecot-imapd failed' };
}
