import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Longest wait, at shutdown, for handlers still running before the database closes. */
export const SHUTDOWN_HANDLER_WAIT_MS = 10_000;

/**
 * Exposes the open database as `app.db`; closes it when the app closes (graceful shutdown), once
 * the route handlers still running have finished (at most {@link SHUTDOWN_HANDLER_WAIT_MS}).
 * Fastify's close waits for open connections only: a request whose client went away (autocannon
 * at the end of its run, a closed browser tab) keeps running its handler, which would otherwise
 * meet a closed pool halfway through its queries ("Cannot use a pool after calling end on the
 * pool", decision 127).
 */
export default fp(
  async (app, opts: { database: Database; closeOnShutdown: boolean }) => {
    app.decorate('db', opts.database.db);
    app.decorate('database', opts.database);
    if (!opts.closeOnShutdown) return;
    const running = new Set<Promise<unknown>>();
    app.addHook('onRoute', (route) => {
      const handler = route.handler as (
        this: FastifyInstance,
        req: FastifyRequest,
        reply: FastifyReply,
      ) => unknown;
      route.handler = function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
        const result = handler.call(this, req, reply);
        if (!(result instanceof Promise)) return result;
        // The caller gets the handler's own promise; the set only observes when it settles.
        const settled = result.then(
          () => undefined,
          () => undefined,
        );
        running.add(settled);
        void settled.then(() => running.delete(settled));
        return result;
      } as RouteHandlerMethod;
    });
    app.addHook('onClose', async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SHUTDOWN_HANDLER_WAIT_MS);
        timer.unref();
      });
      // Handlers may start while others finish (their preHandler was still running): loop.
      while (running.size > 0) {
        const settledAll = Promise.all([...running]).then(() => 'done' as const);
        if ((await Promise.race([settledAll, timeout.then(() => 'timeout' as const)])) === 'timeout') break;
      }
      clearTimeout(timer);
      await opts.database.close();
    });
  },
  { name: 'db' },
);
