import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { RedisStatus } from './redis.js';

/** One counter's state, as @fastify/rate-limit's stores report it. */
interface Counted {
  current: number;
  ttl: number;
}
type Done = (err: Error | null, res: Counted | null) => void;

/** The store interface of @fastify/rate-limit 11 (its `store` option; see its RedisStore/LocalStore). */
interface RateLimitStore {
  incr(key: string, cb: Done, timeWindow: number, max: number): void;
  read?(key: string, cb: Done, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): RateLimitStore;
}
type RouteOptions = { continueExceeding: boolean; exponentialBackoff: boolean; cache?: number } & Record<
  string,
  unknown
>;

// The plugin's own stores (CommonJS, not exported by its types): the Redis one keeps its Lua
// script and key layout, so counters stay compatible with processes not yet upgraded.
const require = createRequire(import.meta.url);
const RedisStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
) => RateLimitStore = require('@fastify/rate-limit/store/RedisStore.js');
const LocalStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => RateLimitStore = require('@fastify/rate-limit/store/LocalStore.js');

/** Counts in Redis while it is up, else in this process's memory (`status.fellBack`). */
class SharedOrLocal implements RateLimitStore {
  constructor(
    private readonly shared: RateLimitStore,
    private readonly local: RateLimitStore,
    private readonly status: RedisStatus,
  ) {}

  private run(method: 'incr' | 'read', key: string, cb: Done, timeWindow: number, max: number): void {
    const local = () => {
      const store = this.local[method];
      if (store) store.call(this.local, key, cb, timeWindow, max);
      else cb(new Error(`rate-limit store without ${method}`), null);
    };
    if (!this.status.up) {
      this.status.fellBack('rate_limit');
      local();
      return;
    }
    this.shared[method]?.call(
      this.shared,
      key,
      (err, res) => {
        if (err) {
          this.status.fellBack('rate_limit', err);
          local();
        } else cb(null, res);
      },
      timeWindow,
      max,
    );
  }

  incr(key: string, cb: Done, timeWindow: number, max: number): void {
    this.run('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Done, timeWindow: number, max: number): void {
    this.run('read', key, cb, timeWindow, max);
  }

  child(routeOptions: RouteOptions): RateLimitStore {
    return new SharedOrLocal(this.shared.child(routeOptions), this.local.child(routeOptions), this.status);
  }
}

/**
 * The `store` for @fastify/rate-limit with REDIS_URL (decision 162): limits shared through Redis,
 * and while Redis is gone counted per process instead of failing every request (the plugin's
 * Redis store has no fallback: requests answered 500 after the client's retries). rate-limiter-
 * flexible calls the same idea its "insurance" strategy.
 */
export function sharedOrLocalStore(redis: Redis, status: RedisStatus): FastifyRateLimitStoreCtor {
  // The plugin builds the store with its resolved global parameters (booleans by then).
  return class extends SharedOrLocal {
    constructor(
      params: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
    ) {
      const continueExceeding = params.continueExceeding === true;
      const exponentialBackoff = params.exponentialBackoff === true;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis),
        new LocalStore(continueExceeding, exponentialBackoff),
        status,
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
