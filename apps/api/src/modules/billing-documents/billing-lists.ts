import type { Pagination } from '@agencia/shared';
import { and, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { clients, projects } from '../../db/schema/index.js';
import { likePattern } from '../../lib/paging.js';
import { preparedStatement } from '../../lib/prepared.js';

/*
 * The list reads shared by the billing documents (invoices, quotes; issue 15): each document
 * row joined to its client (required) and its project (optional), and one page of such rows
 * newest first with its total. Each module passes its own table and columns.
 */

const countOf = sql<number>`count(*)::int`.mapWith(Number);

/** A billing document table as the lists read it: the columns the join and the order use. */
export interface DocumentTable {
  table: PgTable;
  id: PgColumn;
  clientId: PgColumn;
  projectId: PgColumn;
  issueDate: PgColumn;
  createdAt: PgColumn;
}

/** `select fields from <doc> join clients left join projects`: the base of a document's reads. */
export function joinedDocuments(db: Db | Tx, doc: DocumentTable, fields: SelectedFields) {
  return db
    .select(fields)
    .from(doc.table)
    .innerJoin(clients, eq(clients.id, doc.clientId))
    .leftJoin(projects, eq(projects.id, doc.projectId));
}

/**
 * The conditions of a document list's query: `scope` (the actor's rows), the client filter on
 * `clientId`, the effective status (`status(…)`, unless `all` or empty) and the search text as
 * an `ilike` pattern (`search(term)`, see {@link likePattern}).
 */
export function documentListWhere<Status extends string>(opts: {
  scope: SQL | undefined;
  clientId: PgColumn;
  query: { clientId?: string; status?: Status | 'all' | ''; search?: string };
  status: (status: Status) => SQL;
  search: (term: string) => SQL | undefined;
}): SQL | undefined {
  const { query } = opts;
  const where: (SQL | undefined)[] = [opts.scope];
  if (query.clientId) where.push(eq(opts.clientId, query.clientId));
  if (query.status && query.status !== 'all') where.push(opts.status(query.status));
  if (query.search) where.push(opts.search(likePattern(query.search)));
  return and(...where);
}

/**
 * One page of documents matching `where` (joined as {@link joinedDocuments}, so conditions may
 * name client and project columns), newest first (issue date, creation, id: no row shows on two
 * pages, decision 088), and the exact total: a count over the same join, unless the page is short
 * and not empty (the last page: offset + its rows, decision 148).
 */
export async function pageOfDocuments<Row>(
  db: Db | Tx,
  opts: {
    doc: DocumentTable;
    fields: SelectedFields;
    where: SQL | undefined;
    page: number;
    limit: number;
    /**
     * Read the page through a prepared statement (decision 154): `name` identifies the shape,
     * `where` is `where` with `sql.placeholder`s for its values (built once), `values` fills them.
     * `db` must then be the database, not a transaction.
     */
    prepared?: { name: string; where: () => SQL | undefined; values: Record<string, unknown> };
  },
): Promise<{ rows: Row[]; pagination: Pagination }> {
  const { doc, where, page, limit, prepared } = opts;
  const offset = (page - 1) * limit;
  const pageQuery = (w: SQL | undefined, l: number | Placeholder, o: number | Placeholder) =>
    joinedDocuments(db, doc, opts.fields)
      .where(w)
      .orderBy(desc(doc.issueDate), desc(doc.createdAt), desc(doc.id))
      .limit(l)
      .offset(o);
  const rows = prepared
    ? await preparedStatement(db as Db, prepared.name, (name) =>
        pageQuery(prepared.where(), sql.placeholder('limit'), sql.placeholder('offset')).prepare(name),
      ).execute({ ...prepared.values, limit, offset })
    : await pageQuery(where, limit, offset);
  // A short page that is not empty is the last one: its rows give the total without a count
  // (one statement instead of two, decision 148).
  const total =
    rows.length > 0 && rows.length < limit
      ? offset + rows.length
      : Number((await joinedDocuments(db, doc, { n: countOf }).where(where))[0]?.n ?? 0);
  return { rows: rows as Row[], pagination: { page, limit, total } };
}

/** The document `id` (joined as {@link joinedDocuments}) when it also matches `scope`, else undefined. */
export async function oneDocument<Row>(
  db: Db | Tx,
  opts: { doc: DocumentTable; fields: SelectedFields; id: string; scope: SQL | undefined },
): Promise<Row | undefined> {
  const [row] = await joinedDocuments(db, opts.doc, opts.fields)
    .where(and(eq(opts.doc.id, opts.id), opts.scope))
    .limit(1);
  return row as Row | undefined;
}
