import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The database's enumerated columns take their values from the shared constants (issue 25 "One
 * frame"): one list for the column, the API's schemas and the web's labels, so a value added in
 * one place cannot be refused or mislabelled in another.
 */
const SCHEMA = import.meta.dirname;
const tables = readdirSync(SCHEMA)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(path.join(SCHEMA, name), 'utf8') }));

describe('database enums (issue 25)', () => {
  it('reads the schema files', () => {
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['billing.ts', 'tickets.ts', 'users.ts']),
    );
    expect(tables.filter((t) => /\benum: [A-Z_]+\b/.test(t.text)).length).toBeGreaterThan(10);
  });

  it('no column lists its enum values inline', () => {
    const inline = tables.flatMap(({ name, text }) =>
      [...text.matchAll(/\benum:\s*\[[^\]]*\]/g)].map((m) => `${name}: ${m[0].replace(/\s+/g, ' ')}`),
    );
    expect(inline).toEqual([]);
  });
});
