// `npm test -- --changed[=<ref>]`: which files a change touches (plain Node, git only).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './proc.mjs';

/**
 * Repository-relative paths that differ from `ref` (default `HEAD`: the uncommitted changes,
 * staged or not) plus untracked files git does not ignore. Deleted files are left out (nothing to
 * lint or run). Throws when git fails (not a repository, unknown ref).
 * @param {string} [ref]
 * @param {string} [root]
 * @returns {string[]}
 */
export function changedFiles(ref = 'HEAD', root = ROOT) {
  const git = (args) => {
    const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
    return result.stdout.split('\n').filter(Boolean);
  };
  const files = new Set([
    ...git(['diff', '--name-only', ref, '--']),
    ...git(['ls-files', '--others', '--exclude-standard']),
  ]);
  return [...files].filter((file) => existsSync(path.join(root, file))).sort();
}

/** Files biome checks (its `files.includes` decides the rest; unmatched paths are not errors). */
export const LINTABLE = /\.(c|m)?(j|t)sx?$|\.jsonc?$/;

/** Sources of the end-to-end suite itself: a change here selects the specs that import it. */
export const E2E_SOURCES = /^e2e\//;
