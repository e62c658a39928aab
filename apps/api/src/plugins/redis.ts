import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** What is shared through Redis, and falls back to this process when Redis is gone. */
export type RedisUse = 'rate_limit' | 'login_throttle' | 'realtime' | 'ecf_seed_ledger';
export const REDIS_USES: readonly RedisUse[] = [
  'rate_limit',
  'login_throttle',
  'realtime',
  'ecf_seed_ledger',
];

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection when REDIS_URL is set, else null (single-process mode). */
    redis: Redis | null;
    /** Whether Redis is usable now, and what fell back to this process (null without REDIS_URL). */
    redisStatus: RedisStatus | null;
  }
}

/** Connection attempts before start-up gives up with an error instead of hanging. */
const START_ATTEMPTS = 5;
/** A command Redis does not answer within this time fails (then the caller falls back). */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** After a failed command, Redis is skipped for this long (a hung server costs one timeout, not one per request). */
const SKIP_AFTER_ERROR_MS = 5_000;
/** Longest pause between reconnection attempts once connected: recovery is noticed within it. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * Redis availability as the app's users of it see it (decision 162, issue 43 item 2). A Redis
 * outage degrades the app instead of stopping it: rate limits and the login throttle count in
 * this process's memory, realtime reaches this process's sockets only, readiness answers 503 with
 * what is missing, and everything is shared again once the connection is back (ioredis reconnects
 * by itself). One warning log line per outage; `/metrics` counts each fallback
 * (`agencia_redis_fallbacks_total{use}`) and shows `agencia_redis_up`.
 */
export class RedisStatus {
  private skipUntil = 0;
  private outage = false;
  private closing = false;
  /** Operations served without Redis, per use, since start (read by `/metrics` at scrape time). */
  readonly fallbacks: Record<RedisUse, number> = {
    rate_limit: 0,
    login_throttle: 0,
    realtime: 0,
    ecf_seed_ledger: 0,
  };

  constructor(
    private readonly client: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    client.on('ready', () => this.back());
    client.on('close', () => {
      if (!this.closing) this.lost();
    });
    // Every failed reconnection emits an error: logged once as an error, then at debug level.
    client.on('error', (err) => {
      if (this.outage) this.log.debug({ err }, 'redis error');
      else this.log.error({ err }, 'redis error');
    });
  }

  /** The app is closing the connection: not an outage. */
  close(): void {
    this.closing = true;
  }

  /** Connected, and no command failed in the last few seconds. */
  get up(): boolean {
    return this.client.status === 'ready' && Date.now() >= this.skipUntil;
  }

  /** Records one operation of `use` served without Redis (`err`: the command that failed). */
  fellBack(use: RedisUse, err?: unknown): void {
    this.fallbacks[use]++;
    if (err) {
      this.skipUntil = Date.now() + SKIP_AFTER_ERROR_MS;
      this.log.debug({ err, use }, 'redis command failed; served by this process');
    }
    this.lost();
  }

  private lost(): void {
    if (this.outage) return;
    this.outage = true;
    this.log.warn(
      'redis unavailable: rate limits and the login throttle count per process, realtime reaches this process only',
    );
  }

  private back(): void {
    this.skipUntil = 0;
    if (!this.outage) return;
    this.outage = false;
    this.log.info('redis back: rate limits, login throttle and realtime shared again');
  }
}

/**
 * Opens one ioredis connection for everything that must be shared between app processes:
 * rate limits (@fastify/rate-limit, login throttle) and the socket.io adapter (which duplicates
 * it for pub/sub). Start-up fails after 5 attempts (a wrong REDIS_URL is found at once); once
 * connected it reconnects forever. No offline queue and a command timeout: while Redis is gone a
 * command fails at once, and its caller falls back to this process (decision 162), instead of
 * waiting through the retries (18–20 s, then a 500, before).
 */
export default fp(
  async (app, opts: { redisUrl: string | null }) => {
    if (!opts.redisUrl) {
      app.decorate('redis', null);
      app.decorate('redisStatus', null);
      return;
    }
    let connected = false;
    const redis = new Redis(opts.redisUrl, {
      lazyConnect: true,
      connectTimeout: 5000,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (times) =>
        !connected && times >= START_ATTEMPTS ? null : Math.min(200 * 2 ** times, MAX_RECONNECT_DELAY_MS),
    });
    const startError = (err: Error) => app.log.error({ err }, 'redis error');
    redis.on('error', startError);
    try {
      await redis.connect();
    } catch (err) {
      redis.disconnect();
      throw new Error(`Redis no disponible en REDIS_URL: ${(err as Error).message}`);
    }
    connected = true;
    redis.off('error', startError);
    const status = new RedisStatus(redis, app.log);
    app.decorate('redis', redis);
    app.decorate('redisStatus', status);
    app.addHook('onClose', async () => {
      status.close();
      await redis.quit().catch(() => redis.disconnect());
    });
    app.log.info('redis connected: rate limits and realtime are shared across processes');
  },
  { name: 'redis' },
);
