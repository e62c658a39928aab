import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROLES } from '@agencia/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.js';
import { definePolicy } from './policy.js';
import { routeKit } from './route-kit.js';

/*
 * The one route kit (issue 25 "One frame", decisions 149 and 152): its guards come from the
 * module's policy, its service arguments from the request; and no route file builds service
 * arguments or a guard by hand, names a role as a string literal, imports one of the three old
 * kits, or writes an audit entry (services do). Route files are searched under the whole API source
 * but for the kit itself and the plugins (which define `authenticate` and the guard factories).
 */
const SRC = path.resolve(import.meta.dirname, '..');
const EXEMPT = [path.join('lib', 'route-kit.ts'), `plugins${path.sep}`];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const routeFiles = sourceFiles(SRC)
  .map((file) => ({ file: path.relative(SRC, file), text: readFileSync(file, 'utf8') }))
  .filter(({ file }) => !EXEMPT.some((exempt) => file.startsWith(exempt)))
  .filter(({ file, text }) => /routes\.ts$/.test(file) || /\bapp\.(get|post|put|patch|delete)\(/.test(text));

/** What a route file may not contain, by rule. */
const FORBIDDEN: Record<string, RegExp> = {
  'imports an old route kit':
    /from '[^']*(billing-routes|tickets\.route-kit|projects\.http)\.js'|\bresourceArgs\b/,
  'builds service arguments by hand (actor)': /\bactor: actorOf\(/,
  'builds an audit context by hand':
    /\bactorId: (req\.actor|actorOf|actor\.id|null)|\bctxOf\b|\bauditContext\(/,
  'calls a service positionally with the caller or the audit context':
    /\(app\.db, (actorOf\(req\)|ctx\(req\)|call\(req\)|writeCall\(req\))/,
  'writes an audit entry (services do)': /from '[^']*lib\/audit\.js'|\b(audit|recordAudit|writeAudit)\(/,
  'guards by hand (authenticate / requirePermission / requireRole; the kit builds guards)':
    /\bapp\.(authenticate|requirePermission|requirePermissionByRole|requireRole)\b|\brequire(Role|Permission|PermissionByRole)\(/,
  // The kit's guards are spread (`...guard('x.read', 'read')`), so a route file never spells the
  // hook itself: an `onRequest` option, hook or variable is a hand-made guard.
  'declares an onRequest hook (the kit builds guards)': /\bonRequest\b/,
  // Roles come from the policy table (`policy.roles(action)` inside the kit), never from the route.
  'names a role as a string literal': new RegExp(`['"\`](${ROLES.join('|')})['"\`]`),
};

function offenders(rule: RegExp): string[] {
  return routeFiles.filter(({ text }) => rule.test(text)).map(({ file }) => file.split(path.sep).join('/'));
}

describe('the one route kit (issue 25, decision 149)', () => {
  it('finds the route files', () => {
    expect(routeFiles.length).toBeGreaterThan(40);
    expect(routeFiles.map(({ file }) => file)).toContain(path.join('modules', 'auth', 'auth.routes.ts'));
    expect(routeFiles.map(({ file }) => file)).not.toContain(path.join('lib', 'route-kit.ts'));
  });

  for (const [what, rule] of Object.entries(FORBIDDEN)) {
    it(`no route file ${what}`, () => {
      expect(offenders(rule)).toEqual([]);
    });
  }

  const policy = definePolicy({
    read: { admin: true, employee: true, client: 'own' },
    write: { admin: true, employee: false, client: false },
  });
  const calls: unknown[][] = [];
  const app = {
    db: { name: 'db' },
    authenticate: async () => {},
    requirePermission: (...args: unknown[]) => {
      calls.push(['requirePermission', ...args]);
      return async () => {};
    },
    requireRole: (...args: unknown[]) => {
      calls.push(['requireRole', ...args]);
      return async () => {};
    },
    requirePermissionByRole: (byRole: unknown) => {
      calls.push(['requirePermissionByRole', byRole]);
      return async () => {};
    },
    realtime: { publish: () => {} },
  } as unknown as FastifyInstance;
  const actor = { id: 'u1', role: 'admin' } as Actor;
  const req = {
    actor,
    ip: '127.0.0.1',
    id: 'req-1',
    params: { id: 'p1', noteId: 'n1' },
    query: { page: 2 },
    body: { title: 'Hola' },
  } as unknown as FastifyRequest & { params: { id: string; noteId: string }; query: unknown; body: unknown };

  it('guards by the policy: the roles allowed for the action, or only the permission', () => {
    const kit = routeKit(app, policy);
    calls.length = 0;
    expect(kit.guard('invoices.write', 'write').onRequest).toHaveLength(2);
    kit.guard('invoices.read', 'read');
    kit.guard('invoices.read');
    kit.roleGuard('write');
    expect(calls).toEqual([
      ['requirePermission', 'invoices.write', 'admin'],
      ['requirePermission', 'invoices.read', 'admin', 'employee', 'client'],
      ['requirePermission', 'invoices.read'],
      ['requireRole', 'admin'],
    ]);
  });

  it('guards by every permission of a list, the roles of the action with the first', () => {
    const kit = routeKit(app, policy);
    calls.length = 0;
    expect(kit.guard(['clients.read', 'invoices.read'], 'read').onRequest).toHaveLength(3);
    expect(calls).toEqual([
      ['requirePermission', 'clients.read', 'admin', 'employee', 'client'],
      ['requirePermission', 'invoices.read'],
    ]);
  });

  it('opens a first-install door while it is open, then guards by the role of the action', async () => {
    const seen: string[] = [];
    const doorApp = {
      ...app,
      authenticate: async () => {
        seen.push('authenticate');
      },
      requireRole:
        (...roles: unknown[]) =>
        async () => {
          seen.push(`requireRole ${roles.join(',')}`);
        },
    } as unknown as FastifyInstance;
    let open = true;
    const [hook] = routeKit(doorApp, policy).roleGuardUnless(async () => open, 'write').onRequest;
    await hook!(req, {} as never);
    expect(seen).toEqual([]);
    open = false;
    await hook!(req, {} as never);
    expect(seen).toEqual(['authenticate', 'requireRole admin']);
  });

  it('reads and writes the service arguments from the request', () => {
    const kit = routeKit(app, policy);
    const ctx = { actorId: 'u1', ip: '127.0.0.1', requestId: 'req-1' };
    expect(kit.call(req)).toEqual({ db: app.db, actor });
    expect(kit.writeCall(req)).toEqual({ db: app.db, actor, ctx });
    expect(kit.resource(req)).toEqual({ db: app.db, actor, id: 'p1' });
    expect(kit.read(req)).toEqual({ db: app.db, actor, id: 'p1', noteId: 'n1', input: { page: 2 } });
    expect(kit.write(req)).toEqual({
      db: app.db,
      actor,
      ctx,
      id: 'p1',
      noteId: 'n1',
      input: { title: 'Hola' },
    });
    expect(kit.anonymous({ ...req, actor: null } as FastifyRequest)).toEqual({
      db: app.db,
      ctx: { actorId: null, ip: '127.0.0.1', requestId: 'req-1' },
    });
  });

  it('refuses a request without a caller (401) where the arguments need one', () => {
    const kit = routeKit(app, policy);
    expect(() => kit.call({ ...req, actor: null } as FastifyRequest)).toThrow(
      expect.objectContaining({ statusCode: 401 }),
    );
  });
});
