// The independent PDF and CMS checkers the sealed-PDF tests run (decision 172): poppler's pdfsig,
// qpdf and openssl, found or installed from Debian like Dovecot (scripts/lib/dovecot.mjs). A
// machine without them fails those tests loudly, never skips them.
import { existsSync } from 'node:fs';
import { run } from './proc.mjs';

/** Each tool's Debian path and the package that ships it. */
export const PDF_TOOLS = [
  { path: '/usr/bin/pdfsig', pkg: 'poppler-utils' },
  { path: '/usr/bin/qpdf', pkg: 'qpdf' },
  { path: '/usr/bin/openssl', pkg: 'openssl' },
];

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Makes sure pdfsig, qpdf and openssl are installed: missing ones are installed as root with
 * apt-get (after `apt-get update` when the lists are stale); otherwise prints the command to run.
 * Returns `{ ok, note? }`.
 */
export async function ensurePdfTools() {
  const missing = () => PDF_TOOLS.filter((t) => !existsSync(t.path));
  const packages = [...new Set(missing().map((t) => t.pkg))];
  if (packages.length === 0) return { ok: true };
  const command = `apt-get install -y ${packages.join(' ')}`;
  if (!isRoot()) {
    console.error(
      `✗ No ${missing()
        .map((t) => t.path)
        .join(
          ', ',
        )} for the sealed-PDF tests. Install Debian's packages, then run npm test again:\n    sudo apt-get update && sudo ${command}`,
    );
    return { ok: false, note: `${packages.join(', ')} missing (${command})` };
  }
  console.info(
    `• ${missing()
      .map((t) => t.path)
      .join(', ')} missing: ${command}`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env });
  let code = await install();
  if (code !== 0 || missing().length > 0) {
    code = await run('apt-get', ['update'], { env });
    if (code === 0) code = await install();
  }
  if (code === 0 && missing().length === 0) return { ok: true };
  return { ok: false, note: `apt-get ${command} failed` };
}
