import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection when REDIS_URL is set, else null (single-process mode). */
    redis: Redis | null;
  }
}

/** Connection attempts before start-up gives up with an error instead of hanging. */
const START_ATTEMPTS = 5;

/**
 * Opens one ioredis connection for everything that must be shared between app processes:
 * rate limits (@fastify/rate-limit, login throttle) and the socket.io adapter (which duplicates
 * it for pub/sub). Start-up fails after 5 attempts; once connected it reconnects forever.
 */
export default fp(
  async (app, opts: { redisUrl: string | null }) => {
    if (!opts.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    let connected = false;
    const redis = new Redis(opts.redisUrl, {
      lazyConnect: true,
      connectTimeout: 5000,
      maxRetriesPerRequest: 3,
      retryStrategy: (times) =>
        !connected && times >= START_ATTEMPTS ? null : Math.min(200 * 2 ** times, 5000),
    });
    redis.on('error', (err) => app.log.error({ err }, 'redis error'));
    try {
      await redis.connect();
    } catch (err) {
      redis.disconnect();
      throw new Error(`Redis no disponible en REDIS_URL: ${(err as Error).message}`);
    }
    connected = true;
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    app.log.info('redis connected: rate limits and realtime are shared across processes');
  },
  { name: 'redis' },
);
