import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROLES } from '@agencia/shared';
import { describe, expect, it } from 'vitest';

/*
 * The shape every API module's access checks keep (issue 25 "One frame", decision 121): route
 * guards name roles only through a policy (`xPolicy.roles(action)`), never as string literals, and
 * every module whose routes guard by role has its `*.policy.ts` with a table test.
 */
const MODULES = path.resolve(import.meta.dirname, '../modules');
const ROLE_LITERAL = new RegExp(`['"\`](${ROLES.join('|')})['"\`]`);
/** A guard call with its arguments (no nested parentheses inside guard arguments but `roles(…)`). */
const GUARD_CALL = /\b(requireRole|requirePermission)\(((?:[^()]|\([^()]*\))*)\)/g;
/** A role compared inline: `x.role === 'admin'`. */
const ROLE_COMPARISON = new RegExp(`\\.role\\s*[!=]==\\s*['"\`](${ROLES.join('|')})['"\`]`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = sourceFiles(MODULES).map((file) => ({
  file: path.relative(MODULES, file),
  module: path.relative(MODULES, file).split(path.sep)[0]!,
  text: readFileSync(file, 'utf8'),
}));
/** Files that declare routes or their guards. */
const routeFiles = files.filter(
  ({ file, text }) =>
    /(routes|http|route-kit)\.ts$/.test(file) || /\bapp\.(get|post|put|patch|delete)\(/.test(text),
);

describe('route guards (issue 25, decision 121)', () => {
  it('finds the modules and their route files', () => {
    expect(routeFiles.length).toBeGreaterThan(20);
    expect(routeFiles.map((f) => f.file)).toContain(path.join('clients', 'clients.routes.ts'));
  });

  it('name no role as a string literal in requireRole / requirePermission', () => {
    const literals = routeFiles.flatMap(({ file, text }) =>
      [...text.matchAll(GUARD_CALL)]
        .filter((call) => ROLE_LITERAL.test(call[2] ?? ''))
        .map((call) => `${file}: ${call[0].replace(/\s+/g, ' ')}`),
    );
    expect(literals).toEqual([]);
  });

  it('compare no role with a literal inside a route file (the policy decides)', () => {
    const comparisons = routeFiles
      .filter(({ text }) => ROLE_COMPARISON.test(text))
      .map(({ file, text }) => `${file}: ${text.match(ROLE_COMPARISON)?.[0]}`);
    expect(comparisons).toEqual([]);
  });

  it('every module whose routes guard by role has a policy and its table test', () => {
    const guarded = new Set(
      routeFiles
        // Guards by role: by hand, or through the route kit (lib/route-kit.ts, decision 149).
        .filter(({ text }) => /\b(require(Role|Permission)|guard|roleGuard|policyGuard)\(/.test(text))
        .map((f) => f.module),
    );
    const missing = [...guarded].filter((module) => {
      const dir = path.join(MODULES, module);
      return (
        !existsSync(path.join(dir, `${module}.policy.ts`)) ||
        !existsSync(path.join(dir, `${module}.policy.test.ts`))
      );
    });
    expect(guarded.size).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });
});
