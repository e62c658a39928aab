import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes the open database as `app.db`; closes it when the app closes (graceful shutdown). */
export default fp(
  async (app, opts: { database: Database; closeOnShutdown: boolean }) => {
    app.decorate('db', opts.database.db);
    app.decorate('database', opts.database);
    if (opts.closeOnShutdown) app.addHook('onClose', async () => opts.database.close());
  },
  { name: 'db' },
);
