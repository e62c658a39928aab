import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { readResults } from './pglite-results.js';

/*
 * Named prepared statements for the embedded database (issue 49, decision 177).
 *
 * PGlite's own `query(text, params)` sends each statement as an unnamed one in five protocol round
 * trips into the WebAssembly backend (Parse, Describe statement, Bind, Describe portal, Execute,
 * then Sync), so every call is parsed, analysed and rewritten again. Measured on the projects list
 * (decision 177): 6.3 ms of CPU per call that way, 3.1 ms as one message, 2.0 ms as a named
 * statement re-planned per call. This module keeps one named statement per distinct SQL text and
 * runs each call as ONE message (Bind, Describe portal, Execute, Sync) under the same two locks
 * PGlite's `query` takes, so nothing else about the engine's behaviour changes:
 *  - values are serialised exactly as PGlite does (by the parameter types the server reported when
 *    the statement was prepared, with the client's serializers; `toString()` otherwise);
 *  - results are read from the backend's bytes by `readResults` (decision 179), which answers what
 *    PGlite's own `parseResults` answers with the caller's parsers (Drizzle's); errors and notices
 *    are read by PGlite's own protocol parser;
 *  - errors are PGlite's `DatabaseError`s carrying `query`, `params` and `queryOptions`, as its own.
 * Each call is still planned with its values (`plan_cache_mode = force_custom_plan`, set by
 * `openDatabase`; PostgreSQL keeps its default since decision 181, where only the hot reads are
 * named): a generic plan could guess wrong on
 * LIMIT/OFFSET and the scope ids of a large table — and did, measured at 10,000 projects /
 * 100,000 tickets (decision 179: a client's common ticket search 12 → 42 ms).
 * Only plain DML/queries are prepared (`select`, `insert`, `update`, `delete`, `with`); DDL, SET,
 * transaction control and anything with a blob go through PGlite's own path.
 */

/** Distinct statements kept prepared; past it the least recently used one is closed. */
export const MAX_PREPARED_STATEMENTS = 500;

/** Statements worth preparing: DML and queries (migrations' DDL and session commands are not). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** PostgreSQL's answer when a prepared statement's result columns changed under it (DDL). */
const PLAN_CHANGED = '0A000';

interface Prepared {
  name: string;
  /** Parameter type OIDs, as the server described the statement. */
  paramTypes: number[];
}

/** Counters of the prepared-statement cache (tests and metrics). */
export interface PreparedStats {
  /** Statements prepared since open (first calls of a text, re-prepares included). */
  prepared: number;
  /** Calls served by an already prepared statement. */
  reused: number;
  /** Statements closed after falling out of the cache. */
  closed: number;
  /** Statements currently prepared. */
  size: number;
}

const { serialize } = protocol;

type BackendMessage = Parameters<Parameters<InstanceType<typeof protocol.Parser>['parse']>[1]>[0];

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.byteLength;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/**
 * The first result of `raw` read by PGlite's own protocol parser, as `execProtocolStream` and
 * `parseResults` would: an ErrorResponse is thrown (PGlite's `DatabaseError`), notices go to
 * `options.onNotice`. The path for answers {@link readResults} leaves to PGlite.
 */
function readWithPglite<T>(
  raw: Uint8Array,
  parsers: PGlite['parsers'],
  options: QueryOptions | undefined,
): Results<T> {
  const messages: BackendMessage[] = [];
  let error: unknown = null;
  new protocol.Parser().parse(raw, (message) => {
    if (error) return;
    if (message instanceof protocol.messages.DatabaseError) error = message;
    else if (message instanceof protocol.messages.NoticeMessage) options?.onNotice?.(message);
    messages.push(message);
  });
  if (error) throw error;
  return parse.parseResults(messages, parsers, options)[0] as Results<T>;
}

/** Decorates a database error as PGlite's own `query` does (its `query`, `params`, `queryOptions`). */
function withQuery(
  err: unknown,
  text: string,
  params: unknown[],
  options: QueryOptions | undefined,
): unknown {
  if (err && typeof err === 'object' && 'code' in err) {
    Object.assign(err, { query: text, params, queryOptions: options });
  }
  return err;
}

/**
 * Makes `client.query` (and each transaction's `tx.query`) run DML and queries as named prepared
 * statements, one protocol message per call (see the module comment). Answers the cache's counters.
 * Call once, right after the client is ready and before anything wraps `query`.
 */
export function usePreparedStatements(client: PGlite): () => PreparedStats {
  const statements = new Map<string, Prepared>();
  /** Names evicted from the cache, closed with the next Parse. */
  const toClose: string[] = [];
  const stats = { prepared: 0, reused: 0, closed: 0 };
  let counter = 0;

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const name = `pq_${++counter}`;
    const closing = toClose.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    const messages = await client.execProtocolStream(
      concat([
        ...closing,
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    stats.closed += closing.length;
    stats.prepared++;
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, prepared);
    if (statements.size > MAX_PREPARED_STATEMENTS) {
      const oldest = statements.keys().next().value as string;
      const evicted = statements.get(oldest) as Prepared;
      statements.delete(oldest);
      toClose.push(evicted.name);
    }
    return prepared;
  }

  async function execute<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    retry: boolean,
  ): Promise<Results<T>> {
    let prepared = statements.get(text);
    if (prepared) {
      // Most recently used last: the Map's first key is the one to evict.
      statements.delete(text);
      statements.set(text, prepared);
      stats.reused++;
    } else {
      prepared = await prepare(text, options);
    }
    const { name, paramTypes } = prepared;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[i] as number;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const chunks: Uint8Array[] = [];
      await client.execProtocolRawStream(
        concat([
          serialize.bind({ statement: name, values: values as Array<string | null> }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        // The chunk is a view of PGlite's reused output buffer: copied before the next one.
        { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) },
      );
      const raw = chunks.length === 1 ? (chunks[0] as Uint8Array) : concat(chunks);
      return readResults<T>(raw, client.parsers, options) ?? readWithPglite<T>(raw, client.parsers, options);
    } catch (err) {
      if ((err as { code?: string }).code === PLAN_CHANGED) {
        // The table under the statement changed shape: prepare it again next time; outside a
        // transaction (nothing aborted) once right away.
        statements.delete(text);
        toClose.push(name);
        if (retry && !client.isInTransaction()) return execute<T>(text, params, options, false);
      }
      throw err;
    }
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined) {
    try {
      return await execute<T>(text, params, options, true);
    } catch (err) {
      throw withQuery(err, text, params, options);
    }
  }

  const preparable = (text: unknown, options: QueryOptions | undefined) =>
    typeof text === 'string' && PREPARABLE.test(text) && !options?.blob;

  const original = client.query.bind(client);
  client.query = (async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!preparable(text, options)) return original<T>(text, params, options);
    await client._checkReady();
    // The same two locks as PGlite's own query: no statement runs inside another's transaction.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run<T>(text, params, options)),
    );
  }) as PGlite['query'];

  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (tx.closed || !preparable(text, options)) return txQuery<R>(text, params, options);
        return client._runExclusiveQuery(() => run<R>(text, params, options));
      }) as Transaction['query'];
      return fn(tx);
    })) as PGlite['transaction'];

  return () => ({ ...stats, size: statements.size });
}
