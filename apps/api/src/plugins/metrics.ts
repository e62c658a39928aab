import { createHash, timingSafeEqual } from 'node:crypto';
import { ErrorCodes } from '@agencia/shared';
import { count, eq, inArray, lte, min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { ecfDocuments, emailOutbox, scheduledJobs } from '../db/schema/index.js';
import { lastBackupAgeSeconds } from '../lib/backup-age.js';
import { AppError } from '../lib/errors.js';
import { REDIS_USES } from './redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics when METRICS_TOKEN is set, else null (decision 144). */
    metrics: AppMetrics | null;
  }
}

/** What other modules record on `/metrics`. */
export interface AppMetrics {
  registry: Registry;
  /** Failed sign-in attempts (wrong password or code, unknown account). */
  loginFailures: Counter;
}

/** The queues whose depth and age `/metrics` reports. */
type QueueName = 'mail' | 'ecf' | 'jobs';

interface QueueSnapshot {
  queues: Record<QueueName, { depth: number; oldest: Date | null }>;
  mailFailed: number;
}

/**
 * Queue depths straight from the database, so every process reports the shared queues:
 * e-mail outbox rows still `queued`; e-CF documents `pending` (not yet at the DGII) or `sent`
 * (waiting for its verdict); scheduled jobs whose `next_run_at` has passed. `oldest` is the
 * oldest such row's creation (e-mail, e-CF) or due time (jobs).
 */
async function readQueues(database: Database): Promise<QueueSnapshot> {
  const { db } = database;
  const now = new Date();
  const [mail] = await db
    .select({ depth: count(), oldest: min(emailOutbox.createdAt) })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'queued'));
  const [mailFailed] = await db
    .select({ depth: count() })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'failed'));
  const [ecf] = await db
    .select({ depth: count(), oldest: min(ecfDocuments.createdAt) })
    .from(ecfDocuments)
    .where(inArray(ecfDocuments.status, ['pending', 'sent']));
  const [jobs] = await db
    .select({ depth: count(), oldest: min(scheduledJobs.nextRunAt) })
    .from(scheduledJobs)
    .where(lte(scheduledJobs.nextRunAt, now));
  const queue = (row: { depth: number; oldest: Date | string | null } | undefined) => ({
    depth: Number(row?.depth ?? 0),
    oldest: row?.oldest ? new Date(row.oldest) : null,
  });
  return {
    queues: { mail: queue(mail), ecf: queue(ecf), jobs: queue(jobs) },
    mailFailed: Number(mailFailed?.depth ?? 0),
  };
}

/** `Authorization: Bearer <token>` compared in constant time (hashes of equal length). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Builds the registry: Node process metrics (prom-client's defaults), request latency per route
 * and status, database query time and pool, queue depth and age, e-mail failures, login failures
 * and the age of the last backup.
 */
function createMetrics(app: FastifyInstance, database: Database, backupDir: string) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: 'agencia_db_query_duration_seconds',
    help: 'Time of one database query (outcome ok or error)',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'agencia_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on PGlite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  // Read once per scrape (refreshQueues, before the registry renders), shared by three gauges.
  let latest: QueueSnapshot | null = null;
  const refreshQueues = async () => {
    latest = await readQueues(database).catch((err) => {
      app.log.warn({ err }, 'metrics: could not read the queues');
      return null;
    });
  };
  new Gauge({
    name: 'agencia_queue_depth',
    help: 'Items waiting: e-mail outbox (queued), e-CF outbox (pending or sent), scheduled jobs due',
    labelNames: ['queue'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const value = latest;
      if (!value) return;
      for (const [name, queue] of Object.entries(value.queues)) this.set({ queue: name }, queue.depth);
    },
  });
  new Gauge({
    name: 'agencia_queue_oldest_age_seconds',
    help: 'Age of the oldest waiting item of each queue (0 when the queue is empty)',
    labelNames: ['queue'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const value = latest;
      if (!value) return;
      const now = Date.now();
      for (const [name, queue] of Object.entries(value.queues))
        this.set({ queue: name }, queue.oldest ? Math.max(0, (now - queue.oldest.getTime()) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'agencia_email_failed_messages',
    help: 'E-mails in the outbox marked failed after their last attempt',
    registers: [registry],
    collect() {
      this.reset();
      if (latest) this.set(latest.mailFailed);
    },
  });
  new Gauge({
    name: 'agencia_backup_last_age_seconds',
    help: 'Seconds since the newest backup archive was written (NaN when there is none)',
    registers: [registry],
    collect() {
      this.set(lastBackupAgeSeconds(backupDir) ?? Number.NaN);
    },
  });
  // The answer cache (decision 156) is registered after this plugin: read at scrape time.
  new Counter({
    name: 'agencia_answer_cache_hits_total',
    help: 'Hot reads answered from the answer cache (the data unchanged since they were computed)',
    registers: [registry],
    collect() {
      this.reset();
      if (app.hasDecorator('answerCache')) this.inc(app.answerCache.hits);
    },
  });
  new Counter({
    name: 'agencia_answer_cache_stores_total',
    help: 'Hot reads computed and kept in the answer cache',
    registers: [registry],
    collect() {
      this.reset();
      if (app.hasDecorator('answerCache')) this.inc(app.answerCache.stores);
    },
  });
  // Redis (decision 162): registered before this plugin, read at scrape time; absent without REDIS_URL.
  new Gauge({
    name: 'agencia_redis_up',
    help: 'Whether Redis (REDIS_URL) answers this process: 1 up, 0 gone (limits per process, realtime local)',
    registers: [registry],
    collect() {
      this.reset();
      if (app.redisStatus) this.set(app.redisStatus.up ? 1 : 0);
    },
  });
  new Counter({
    name: 'agencia_redis_fallbacks_total',
    help: 'Operations served by this process because Redis was gone: rate_limit, login_throttle, realtime, ecf_seed_ledger',
    labelNames: ['use'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const status = app.redisStatus;
      if (status) for (const use of REDIS_USES) this.inc({ use }, status.fallbacks[use]);
    },
  });
  const loginFailures = new Counter({
    name: 'agencia_login_failures_total',
    help: 'Failed sign-in attempts (wrong password or code, unknown account)',
    registers: [registry],
  });

  return { registry, httpDuration, queryDuration, loginFailures, refreshQueues };
}

/**
 * `/metrics` in the Prometheus text format (decision 144), on only when METRICS_TOKEN is set and
 * answered only to `Authorization: Bearer $METRICS_TOKEN` (401 otherwise). Registered at the root
 * (fastify-plugin) so its `onResponse` hook times every route.
 */
export default fp(
  async (app, opts: { token: string | null; database: Database; backupDir: string }) => {
    if (!opts.token) {
      app.decorate('metrics', null);
      return;
    }
    const token = opts.token;
    // The backups module's BACKUP_DIR (decision 143): the newest archive's age.
    const metrics = createMetrics(app, opts.database, opts.backupDir);
    app.decorate('metrics', { registry: metrics.registry, loginFailures: metrics.loginFailures });

    opts.database.onQuery = (seconds, failed) =>
      metrics.queryDuration.observe({ outcome: failed ? 'error' : 'ok' }, seconds);
    app.addHook('onClose', async () => {
      opts.database.onQuery = undefined;
      metrics.registry.clear();
    });

    app.addHook('onResponse', async (req, reply) => {
      metrics.httpDuration.observe(
        {
          method: req.method,
          // The route pattern (/api/invoices/:id), never the raw URL: one series per route.
          route: req.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (!bearerMatches(req.headers.authorization, token)) {
        throw new AppError(
          401,
          ErrorCodes.UNAUTHENTICATED,
          'Token de métricas inválido o ausente',
          undefined,
          {
            'WWW-Authenticate': 'Bearer realm="metrics"',
          },
        );
      }
      await metrics.refreshQueues();
      const body = await metrics.registry.metrics();
      return reply.header('Content-Type', metrics.registry.contentType).send(body);
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
