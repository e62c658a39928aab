import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';

/**
 * The engine-independent ("logical") part of a backup (decision 143): every table of the `public`
 * schema as JSON lines (`row_to_json`, one row a line), in foreign-key order, plus the sequences'
 * values. Loaded back with `json_populate_recordset` into a target migrated to the same level, it
 * restores PGlite → PostgreSQL and back exactly: bytea travels as `\x…` hex, timestamps as ISO text,
 * numerics as their decimal text.
 */

type Exec = Db | Tx;

/** One dumped table: its name, the rows written and the part (file) that holds them. */
export interface DumpedTable {
  name: string;
  rows: number;
}

/** A sequence of the public schema and its value when dumped (null: never used). */
export interface DumpedSequence {
  name: string;
  lastValue: string | null;
}

async function rows<T>(db: Exec, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The public schema's tables, parents before children (a table referencing itself is fine: its
 * rows go in one statement, and PostgreSQL checks foreign keys at the end of it). Throws when two
 * tables reference each other, which one INSERT per table could not restore.
 */
export async function tablesInDependencyOrder(db: Exec): Promise<string[]> {
  const tables = (
    await rows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    )
  ).map((r) => r.name);
  const edges = await rows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
          join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
          join pg_namespace n on n.oid = c.relnamespace
         where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !done.has(t) && [...parents.get(t)!].every((p) => done.has(p)));
    if (ready.length === 0)
      throw new Error(
        `Dependencias circulares entre tablas: ${tables.filter((t) => !done.has(t)).join(', ')}`,
      );
    for (const t of ready) {
      ordered.push(t);
      done.add(t);
    }
  }
  return ordered;
}

/**
 * Writes each table of `tables` to `partPath(table)` as JSON lines, reading through a cursor in
 * batches so a large `files` table never sits whole in memory. Call inside a REPEATABLE READ (or
 * otherwise frozen) transaction: every table then comes from one snapshot. Timestamps are written
 * in UTC so the text is the same whatever the session's time zone.
 */
export async function dumpTables(
  tx: Exec,
  tables: string[],
  partPath: (table: string) => string,
): Promise<DumpedTable[]> {
  await tx.execute(sql`set local timezone = 'UTC'`);
  const out: DumpedTable[] = [];
  for (const table of tables) {
    const stream = createWriteStream(partPath(table));
    let count = 0;
    await tx.execute(
      sql.raw(
        `declare backup_cursor no scroll cursor for select row_to_json(t)::text as j from ${ident(table)} t`,
      ),
    );
    for (;;) {
      const batch = await rows<{ j: string }>(tx, sql.raw('fetch 200 from backup_cursor'));
      if (batch.length === 0) break;
      for (const r of batch) if (!stream.write(`${r.j}\n`)) await once(stream, 'drain');
      count += batch.length;
    }
    await tx.execute(sql.raw('close backup_cursor'));
    stream.end();
    await once(stream, 'finish');
    out.push({ name: table, rows: count });
  }
  return out;
}

/** The public schema's sequences with their current value (`last_value`, null when never used). */
export async function dumpSequences(tx: Exec): Promise<DumpedSequence[]> {
  const seqs = await rows<{ name: string; last_value: string | null }>(
    tx,
    sql`select sequencename as name, last_value::text as last_value from pg_sequences where schemaname = 'public' order by 1`,
  );
  return seqs.map((s) => ({ name: s.name, lastValue: s.last_value }));
}

/** Rows per INSERT statement: bounded by count and by the JSON text's size. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;

/**
 * Inserts the JSON lines of `file` into `table` (columns matched by name; generated columns left
 * to the database; identity columns keep their dumped values). Answers the rows inserted.
 */
export async function loadTable(tx: Exec, table: string, file: string): Promise<number> {
  const columns = (
    await rows<{ name: string }>(
      tx,
      sql`select a.attname as name from pg_attribute a join pg_class c on c.oid = a.attrelid
            join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relname = ${table} and a.attnum > 0 and not a.attisdropped
             and a.attgenerated = '' order by a.attnum`,
    )
  ).map((r) => ident(r.name));
  if (columns.length === 0) throw new Error(`La tabla ${table} no existe en la base de datos de destino`);
  const list = columns.join(', ');
  const insert = (json: string) =>
    tx.execute(
      sql`${sql.raw(`insert into ${ident(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${ident(table)}, `)}${json}::json)`,
    );
  let batch: string[] = [];
  let bytes = 0;
  let total = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await insert(`[${batch.join(',')}]`);
    total += batch.length;
    batch = [];
    bytes = 0;
  };
  const lines = createInterface({
    input: createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
  return total;
}

/** Sets each sequence back to its dumped value (a never-used one restarts at its start). */
export async function loadSequences(tx: Exec, sequences: DumpedSequence[]): Promise<void> {
  for (const s of sequences) {
    if (s.lastValue === null)
      await tx.execute(
        sql`select setval(${ident(s.name)}, (select start_value from pg_sequences where schemaname = 'public' and sequencename = ${s.name}), false)`,
      );
    else await tx.execute(sql`select setval(${ident(s.name)}, ${s.lastValue}::bigint, true)`);
  }
}

/** Rows of each table of `tables` now (the restore compares them with the manifest). */
export async function countRows(db: Exec, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [r] = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${ident(t)}`));
    counts[t] = Number(r!.n);
  }
  return counts;
}

/**
 * A SHA-256 per table of its rows' JSON text, sorted, in UTC: equal on two databases (either
 * engine) exactly when the tables hold the same rows. The tests compare a restored database with
 * the archive's native dump through it; `npm run restore` itself compares row counts.
 */
export async function tableChecksums(db: Db, tables: string[]): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const sums: Record<string, string> = {};
    for (const t of tables) {
      const [r] = await rows<{ h: string }>(
        tx,
        sql.raw(
          `select encode(sha256(convert_to(coalesce(string_agg(j, E'\\n' order by j), ''), 'UTF8')), 'hex') as h from (select row_to_json(t)::text as j from ${ident(t)} t) s`,
        ),
      );
      sums[t] = r!.h;
    }
    return sums;
  });
}
