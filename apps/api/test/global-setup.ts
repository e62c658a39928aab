import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seedDemoIfEmpty } from '../src/cli/demo-seed/index.js';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a gzipped PGlite data dir, migrated and seeded once for the whole run. */
    pgliteTemplate: string;
    /** Name of the migrated+seeded PostgreSQL template database, when TEST_DATABASE_URL is set. */
    pgTemplateUrl: string;
  }
}

/**
 * Migrates and seeds one database for the whole run (ARCHITECTURE.md: creating a PGlite
 * data dir takes ~5 s, loading a dump ~0.7 s). Each test file then clones it: PGlite loads
 * the dump; PostgreSQL uses CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'agencia-test-'));
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openDatabase({ url });
    await database.migrate();
    await seedDemoIfEmpty(database.db);
    await database.close();
    project.provide('pgTemplateUrl', url);
    project.provide('pgliteTemplate', '');
  } else {
    const database = await openDatabase({ memory: true });
    await database.migrate();
    await seedDemoIfEmpty(database.db);
    const dump = await database.pglite!.dumpDataDir('gzip');
    const file = join(dir, 'template.tar.gz');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    project.provide('pgTemplateUrl', '');
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url) {
      // Drop per-file clones left behind by crashed workers.
      const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
      await admin.connect();
      const base = new URL(url).pathname.slice(1);
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${base}_f%`],
      );
      for (const r of rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
      await admin.end();
    }
  };
}

/** Same server URL, another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
