import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Argument-object services (issue 25 "One frame", decision 149): every exported function of a
 * module's `*.service.ts` takes ONE argument object (the lib/service-args.ts family: ActorCall,
 * ActorInput<I>, ResourceCall, ResourceInput<I>, WriteCall, ReadCall, Audited<C>, or its own
 * object type), never positional `(db, actor, id, input)`. Parsed with the TypeScript compiler.
 */
const MODULES = path.resolve(import.meta.dirname, '../modules');

function serviceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serviceFiles(full);
    return entry.name.endsWith('.service.ts') ? [full] : [];
  });
}

/** `file name(params)` of each exported function (declaration or arrow) of `file`'s source. */
function exportedFunctions(file: string, text: string): { name: string; params: number }[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const out: { name: string; params: number }[] = [];
  for (const st of sf.statements) {
    if (!exported(st)) continue;
    if (ts.isFunctionDeclaration(st) && st.name)
      out.push({ name: st.name.text, params: st.parameters.length });
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        const init = d.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          out.push({ name: d.name.getText(sf), params: init.parameters.length });
      }
    }
  }
  return out;
}

const files = serviceFiles(MODULES);

describe('argument-object services (issue 25, decision 149)', () => {
  it('finds the service files and their exported functions', () => {
    expect(files.length).toBeGreaterThan(40);
    const count = files.reduce((n, f) => n + exportedFunctions(f, readFileSync(f, 'utf8')).length, 0);
    expect(count).toBeGreaterThan(200);
  });

  it('every exported service function takes at most one parameter (one argument object)', () => {
    const positional = files.flatMap((file) =>
      exportedFunctions(file, readFileSync(file, 'utf8'))
        .filter((f) => f.params > 1)
        .map((f) => `${path.relative(MODULES, file)}: ${f.name} (${f.params} parameters)`),
    );
    expect(positional).toEqual([]);
  });

  it('the check sees positional declarations and arrows, and passes an argument object', () => {
    const probe = [
      'export async function listThings(db: Db, actor: Actor) {}',
      'export const getThing = (db: Db, id: string) => id;',
      'export function findThing({ db, id }: ResourceCall) {}',
      'function helper(a: number, b: number) {}',
    ].join('\n');
    expect(exportedFunctions('probe.service.ts', probe)).toEqual([
      { name: 'listThings', params: 2 },
      { name: 'getThing', params: 2 },
      { name: 'findThing', params: 1 },
    ]);
  });
});
