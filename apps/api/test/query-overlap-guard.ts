// Setup file (apps/api/vitest.config.ts): fails a test that sends a query on a node-postgres
// client while that client is still executing another one. A transaction is one client, so
// `Promise.all` over `tx` queries, or an async helper started before the previous one finished,
// does this. pg 8 queues the query and prints, once per process and only from the third one in
// flight, the DeprecationWarning "Calling client.query() when the client is already executing a
// query is deprecated"; pg 9 will reject it. The PGlite pass has no pg client: the guard watches
// the PostgreSQL pass (TEST_DATABASE_URL), and `watchQueryOverlaps` has its own unit test.
import pg from 'pg';
import { afterAll, afterEach, expect } from 'vitest';

/** One query sent while its client was busy: the statements in flight and the new one. */
export interface QueryOverlap {
  /** The test running when it happened ('' outside a test). */
  test: string;
  inFlight: string[];
  sent: string;
}

/** Start of pg's DeprecationWarning (it has no `code`, util.deprecate is called without one). */
export const PG_OVERLAP_WARNING = 'Calling client.query() when the client is already executing a query';

/** A statement's text for a report: the SQL of a string or a query config, on one line. */
function statementText(arg: unknown): string {
  const text = typeof arg === 'string' ? arg : ((arg as { text?: unknown } | null)?.text ?? '');
  return typeof text === 'string' && text ? text.replace(/\s+/g, ' ').slice(0, 200) : '(no text)';
}

/** The running test's full name, or '' (in a hook, or outside Vitest's test context). */
function currentTest(): string {
  try {
    return expect.getState().currentTestName ?? '';
  } catch {
    return '';
  }
}

/**
 * Wraps `proto.query` (pg's `Client.prototype` in the suite) so each call first checks whether
 * the same client still has a query in flight, and reports it through `report` when so. The
 * query itself runs unchanged. A call settles through its promise, its callback (pg-pool's
 * `pool.query`), or its `end`/`error` events (a submittable such as a cursor). Returns a
 * function that restores the original method.
 */
export function watchQueryOverlaps(proto: object, report: (overlap: QueryOverlap) => void): () => void {
  const record = proto as { query: (...args: unknown[]) => unknown };
  const original = record.query;
  const inFlight = new WeakMap<object, string[]>();
  record.query = function guardedQuery(this: object, ...args: unknown[]) {
    const sent = statementText(args[0]);
    const running = inFlight.get(this) ?? [];
    if (running.length > 0) report({ test: currentTest(), inFlight: [...running], sent });
    running.push(sent);
    inFlight.set(this, running);
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      running.splice(running.indexOf(sent), 1);
    };
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        settle();
        return callback(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as
      | { then?: unknown; on?: (event: string, listener: () => void) => void }
      | undefined;
    if (result && typeof result.then === 'function') {
      (result as Promise<unknown>).then(settle, settle);
    } else if (result && typeof result.on === 'function') {
      result.on('end', settle);
      result.on('error', settle);
    } else {
      settle();
    }
    return result;
  };
  return () => {
    record.query = original;
  };
}

/** A readable failure for the overlaps seen, one paragraph each. */
export function describeOverlaps(overlaps: QueryOverlap[]): string {
  const lines = overlaps.map(
    (o) =>
      `• ${o.test || '(outside a test)'}\n    in flight: ${o.inFlight.join('\n    in flight: ')}\n    sent:      ${o.sent}`,
  );
  return `A query was sent on a pg client that was still executing another (pg 9 rejects this; on a transaction await each query in turn, e.g. with inOrder):\n${lines.join('\n')}`;
}

const state = globalThis as { __queryOverlaps?: QueryOverlap[] };
// Test files share their worker (isolate: false): patch pg and listen for its warning once per
// worker; the hooks below belong to each file and read the same list.
if (!state.__queryOverlaps) {
  const seen: QueryOverlap[] = [];
  state.__queryOverlaps = seen;
  watchQueryOverlaps(pg.Client.prototype, (overlap) => seen.push(overlap));
  // Belt and braces: pg's own warning, should a query reach the wire some other way.
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.startsWith(PG_OVERLAP_WARNING)) {
      seen.push({ test: currentTest(), inFlight: [], sent: `pg warned: ${warning.message}` });
    }
  });
}
const overlaps = state.__queryOverlaps;

/** Throws (failing the test or the file) when an overlap was recorded since the last check. */
function failOnOverlaps(): void {
  if (overlaps.length === 0) return;
  const found = overlaps.splice(0);
  throw new Error(describeOverlaps(found));
}

afterEach(failOnOverlaps);
afterAll(failOnOverlaps);
