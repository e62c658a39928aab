// deploy/: the files a Debian server needs (decision 144). The HTTPS check (npm test, step https)
// runs deploy/Caddyfile for real; these tests hold the unit's safety settings in place.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testCaddyfile } from './https-check.mjs';
import { ROOT } from './proc.mjs';

const unit = readFileSync(path.join(ROOT, 'deploy', 'agencia-portal@.service'), 'utf8');
/** `Key=value` lines of the unit (the last value wins, as in systemd). */
const settings = new Map(
  unit
    .split('\n')
    .filter((line) => /^[A-Za-z]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

describe('deploy/agencia-portal@.service', () => {
  it('runs the production build as its own user, restarts on failure, reads the settings file', () => {
    expect(settings.get('User')).toBe('agencia');
    expect(settings.get('Group')).toBe('agencia');
    expect(settings.get('ExecStart')).toBe(
      '/opt/agencia-node/current/bin/node /opt/agencia-portal/apps/api/dist/server.js',
    );
    expect(settings.get('Restart')).toBe('on-failure');
    expect(settings.get('EnvironmentFile')).toBe('/etc/agencia-portal/agencia-portal.env');
    expect(settings.get('Environment')).toContain('PORT=%i');
    expect(settings.get('Environment')).toContain('HOST=127.0.0.1');
    expect(settings.get('Environment')).toContain('DATA_DIR=/var/lib/agencia-portal');
    expect(settings.get('StateDirectory')).toBe('agencia-portal');
    // Longer than the server's own 15 s shutdown timer (server.ts), so it can finish.
    expect(Number(settings.get('TimeoutStopSec'))).toBeGreaterThan(15);
  });

  it('keeps the hardening options', () => {
    for (const [key, value] of [
      ['NoNewPrivileges', 'true'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'true'],
      ['PrivateTmp', 'true'],
      ['PrivateDevices', 'true'],
      ['CapabilityBoundingSet', ''],
      ['RestrictSUIDSGID', 'true'],
      ['UMask', '0077'],
    ])
      expect(`${key}=${settings.get(key)}`).toBe(`${key}=${value}`);
  });

  it('passes systemd-analyze verify where systemd is installed', () => {
    const probe = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agencia-unit-'));
    try {
      const file = path.join(dir, 'agencia-portal@3000.service');
      // The real binary path does not exist on a build machine: point it at this Node.
      writeFileSync(file, unit.replace('/opt/agencia-node/current/bin/node', process.execPath));
      const verify = probe.error
        ? null
        : spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
      // Without systemd (a container) the unit was still read above; with it, no warning at all.
      if (verify)
        expect({ status: verify.status, stderr: verify.stderr.trim() }).toEqual({ status: 0, stderr: '' });
      else expect(probe.error?.code).toBe('ENOENT');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the HTTPS check runs deploy/Caddyfile', () => {
  it("puts deploy/Caddyfile's site block behind the test's global options", () => {
    const text = testCaddyfile({
      site: 'localhost:8443',
      upstream: '127.0.0.1:4000',
      httpPort: 8080,
      httpsPort: 8443,
      storage: '/tmp/caddy',
    });
    expect(text).toContain('localhost:8443 {');
    expect(text).toContain('reverse_proxy 127.0.0.1:4000 {');
    expect(text).toContain('health_uri /api/health/ready');
    expect(text).not.toContain('portal.agencia.do {');
    for (const option of ['admin off', 'local_certs', 'skip_install_trust', 'storage file_system /tmp/caddy'])
      expect(text).toContain(option);
  });
});
