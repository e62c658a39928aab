import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { changedFiles, LINTABLE } from './changed.mjs';

/** A throwaway git repository with one commit of `a.ts` and `b.md`. */
function repo() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agencia-changed-'));
  const git = (...args) => {
    const result = spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr);
  };
  git('init', '-q');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'Test');
  writeFileSync(path.join(dir, 'a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(dir, 'b.md'), '# b\n');
  writeFileSync(path.join(dir, '.gitignore'), 'ignored.ts\n');
  git('add', '.');
  git('commit', '-qm', 'first');
  return { dir, git };
}

const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm test -- --changed (decision 129)', () => {
  it('lists modified and untracked files, not ignored or deleted ones', () => {
    const { dir, git } = repo();
    dirs.push(dir);
    expect(changedFiles('HEAD', dir)).toEqual([]);
    writeFileSync(path.join(dir, 'a.ts'), 'export const a = 2;\n');
    writeFileSync(path.join(dir, 'new.tsx'), 'export {};\n');
    writeFileSync(path.join(dir, 'ignored.ts'), 'export {};\n');
    git('rm', '-q', 'b.md');
    expect(changedFiles('HEAD', dir)).toEqual(['a.ts', 'new.tsx']);
  });

  it('compares with an older commit when given one', () => {
    const { dir, git } = repo();
    dirs.push(dir);
    writeFileSync(path.join(dir, 'c.mjs'), 'export {};\n');
    git('add', 'c.mjs');
    git('commit', '-qm', 'second');
    expect(changedFiles('HEAD', dir)).toEqual([]);
    expect(changedFiles('HEAD~1', dir)).toEqual(['c.mjs']);
  });

  it('throws on an unknown ref', () => {
    const { dir } = repo();
    dirs.push(dir);
    expect(() => changedFiles('no-such-ref', dir)).toThrow(/git diff/);
  });

  it('lints scripts and JSON, not Markdown', () => {
    expect(['a.ts', 'b.tsx', 'c.mjs', 'd.json', 'e.md', 'f.css'].filter((f) => LINTABLE.test(f))).toEqual([
      'a.ts',
      'b.tsx',
      'c.mjs',
      'd.json',
    ]);
  });
});
