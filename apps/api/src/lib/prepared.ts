import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Actor } from './actor.js';

/*
 * Prepared statements of the hot reads (issue 31, decision 154). A list or stats query is built
 * once per database and "shape" — the caller's role, whether it has a client record, which filters
 * are set, the sort — with `sql.placeholder`s for the values, and prepared: no SQL is built per
 * request, and on PostgreSQL it is a named statement each pooled connection parses once.
 */

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * The prepared statement `name` of `db`, built by `build(name)` on first use and kept for the
 * database's life. `name` identifies the shape: two different statements must never share one
 * (PostgreSQL refuses a second text under a name a connection has already prepared). At most
 * 63 characters (PostgreSQL's identifier length).
 */
export function preparedStatement<T>(db: Db, name: string, build: (name: string) => T): T {
  if (name.length > 63) throw new Error(`prepared statement name too long: ${name}`);
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(name);
    statements.set(name, statement);
  }
  return statement;
}

/**
 * A stand-in for `actor` whose ids are the placeholders `actorId` and `actorClientId` (null when the
 * actor has no client record), for building a prepared statement with the policies' scope
 * conditions (`visibleProjects`, `ticketScope`, …), which only read `id`, `role` and `clientId`.
 * `shape` is the part of the statement name the stand-in fixes; `values` fills the placeholders
 * (names no other placeholder of the statement may take).
 */
export function actorPlaceholders(actor: Pick<Actor, 'id' | 'role' | 'clientId'>): {
  stand: Pick<Actor, 'id' | 'role' | 'clientId'>;
  shape: string;
  values: { actorId: string; actorClientId: string | null };
} {
  return {
    stand: {
      id: sql.placeholder('actorId') as unknown as string,
      role: actor.role,
      clientId: actor.clientId ? (sql.placeholder('actorClientId') as unknown as string) : null,
    },
    shape: `${actor.role}${actor.clientId ? '_c' : ''}`,
    values: { actorId: actor.id, actorClientId: actor.clientId },
  };
}
