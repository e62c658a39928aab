import { businessToday } from '@agencia/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/*
 * Whole-answer cache of the hot reads (issue 31, decision 156). A route opts in with
 * `config: { answerCache: true }` (the route kit's `cachedAnswer`); its 200 answer, as the JSON text
 * sent, is kept per caller and URL and served again only while the database holds exactly the data
 * it was computed from:
 *  - PGlite: the write epoch of decision 148 (one process owns the database; any statement that may
 *    write and every transaction moves it). The answer is stored only when the epoch did not move
 *    while it was computed.
 *  - PostgreSQL: the snapshot `authenticate`'s session read sees (`pg_current_snapshot()`, read in
 *    the same statement, no extra round trip). Two snapshots are equal only when no transaction of
 *    any process committed or aborted in between (xmin, xmax and the in-progress list only move
 *    forward), so an equal snapshot means the same visible rows; the answer itself was computed in
 *    a snapshot at least as new, and a newer one can never equal the older tag again.
 * Authentication, the role/permission guards, validation and rate limits all run before the
 * lookup, so a revoked session or a lost permission is refused exactly as without the cache. The
 * key holds the caller's id, role, client record and permissions and the whole URL with its query.
 * The cached routes read the clock only as the agency's business date (an invoice is overdue the
 * day after its due date), so the date is part of the version; `ANSWER_CACHE_TTL_MS` (default 30 s;
 * 0 turns the cache off) bounds any other dependence on time.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Serve this GET route's 200 answers from the answer cache (decision 156). */
    answerCache?: boolean;
  }
  interface FastifyRequest {
    /** PostgreSQL: the snapshot `authenticate`'s session read saw (decision 156). */
    dataSnapshot: string | null;
    /** The answer cache's key and data version for this request, when it may store the answer. */
    answerSlot: { key: string; version: string } | null;
  }
  interface FastifyInstance {
    /** The process's answer cache (decision 156); tests read its counters. */
    answerCache: AnswerCache;
  }
}

interface Entry {
  version: string;
  payload: string;
  storedAt: number;
}

/** Largest answer kept (characters); bigger answers are not cached. */
const MAX_PAYLOAD = 256 * 1024;
/** Characters kept in all; past it the oldest entries go first. */
const MAX_TOTAL = 32 * 1024 * 1024;

/**
 * Answers by key, each tagged with the data version it was computed under (decision 156). An entry
 * is served only for the same version, within `ttlMs` of being stored, and never when the clock
 * went back. Eviction: oldest first, past {@link MAX_TOTAL} characters.
 */
export class AnswerCache {
  readonly #entries = new Map<string, Entry>();
  #size = 0;
  /** Answers served from the cache / computed and stored, since start (tests and metrics). */
  hits = 0;
  stores = 0;

  constructor(readonly ttlMs: number) {}

  /** The answer stored under `key` for `version`, still fresh at `now` (ms), else undefined. */
  get(key: string, version: string, now: number): string | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || now - entry.storedAt >= this.ttlMs || now < entry.storedAt) {
      this.#drop(key, entry);
      return undefined;
    }
    this.hits++;
    return entry.payload;
  }

  /** Keeps `payload` under `key` for `version` (answers over {@link MAX_PAYLOAD} are skipped). */
  set(key: string, version: string, payload: string, now: number): void {
    if (payload.length > MAX_PAYLOAD) return;
    const previous = this.#entries.get(key);
    if (previous) this.#drop(key, previous);
    this.#entries.set(key, { version, payload, storedAt: now });
    this.#size += payload.length;
    this.stores++;
    for (const [oldKey, old] of this.#entries) {
      if (this.#size <= MAX_TOTAL) break;
      this.#drop(oldKey, old);
    }
  }

  /** Forgets everything. */
  clear(): void {
    this.#entries.clear();
    this.#size = 0;
  }

  #drop(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#size -= entry.payload.length;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Registers the answer cache: a `preHandler` that answers an opted-in GET from the cache, and an
 * `onSend` that stores a 200 JSON answer. `ttlMs` 0 registers nothing (every request computed).
 * `writeEpoch` is the PGlite write epoch (null on PostgreSQL, where the session read's snapshot is
 * the version).
 */
export default fp(
  async (app, opts: { ttlMs: number; writeEpoch: (() => number) | null }) => {
    const cache = new AnswerCache(opts.ttlMs);
    app.decorate('answerCache', cache);
    app.decorateRequest('dataSnapshot', null);
    app.decorateRequest('answerSlot', null);
    if (opts.ttlMs <= 0) return;
    const { writeEpoch } = opts;
    const versionOf = (req: FastifyRequest): string | null => {
      const data = writeEpoch ? `e${writeEpoch()}` : req.dataSnapshot;
      return data === null ? null : `${data}|${businessToday()}`;
    };

    app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
      if (req.method !== 'GET' || !req.routeOptions.config.answerCache) return;
      const actor = req.actor;
      const version = versionOf(req);
      if (!actor || version === null) return;
      const key = `${actor.id}|${actor.role}|${actor.clientId ?? ''}|${actor.permissions?.join(',') ?? ''}|${req.url}`;
      const payload = cache.get(key, version, Date.now());
      if (payload !== undefined) {
        reply.header('content-type', JSON_TYPE);
        return reply.send(payload);
      }
      req.answerSlot = { key, version };
    });

    app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const slot = req.answerSlot;
      if (!slot || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      // PGlite: nothing may have been written while the answer was computed (nor the day changed).
      if (writeEpoch && versionOf(req) !== slot.version) return payload;
      cache.set(slot.key, slot.version, payload, Date.now());
      return payload;
    });
  },
  { name: 'answer-cache', dependencies: ['auth'] },
);
