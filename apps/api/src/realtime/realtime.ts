import { ROLES, type Role, SESSION_USER_UPDATED_EVENT } from '@agencia/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { verifyAccessToken } from '../lib/tokens.js';

/** Server → client events. Payloads are small JSON objects; clients invalidate queries on them. */
export interface Realtime {
  /** Emits to every socket of one user. */
  toUser(userId: string, event: string, payload?: unknown): void;
  /** Emits to every socket of every user with one of the roles. */
  toRoles(roles: Role[], event: string, payload?: unknown): void;
  /**
   * After an administrator changed a user's role, permissions or status: moves that user's
   * sockets to the new role's room, tells their browsers to re-read the session
   * (`SESSION_USER_UPDATED_EVENT`), and disconnects them when the account is no longer active
   * (`active: false` also after a password reset, which revokes every session).
   */
  userUpdated(user: { id: string; role?: Role; active: boolean }): void;
  io: Server;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * socket.io on the app's own HTTP server (path /socket.io), authenticated with the access
 * token in the handshake (`auth.token`). Each socket joins `user:<id>` and `role:<role>`.
 * The user and session are re-checked like any request, so revoked sessions cannot connect.
 * With `redisUrl` (REDIS_URL) events fan out to every app process through the Redis adapter
 * (decision record 047), so a user connected to process A gets what process B emits; while Redis
 * is gone, events reach this process's sockets only (decision 162).
 */
export default fp(
  async (app, opts: { jwtSecret: Uint8Array }) => {
    const io = new Server(app.server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
    const status = app.redisStatus;
    if (app.redis && status) {
      // One pub and one sub connection, duplicated from the shared client (decision record 047).
      // The subscriber queues its SUBSCRIBEs until connected (ioredis resubscribes after an
      // outage by itself); the publisher fails at once while Redis is gone (decision 162).
      const pub = app.redis.duplicate({ lazyConnect: false });
      const sub = app.redis.duplicate({ lazyConnect: false, enableOfflineQueue: true });
      for (const client of [pub, sub])
        client.on('error', (err: Error) => app.log.debug({ err }, 'redis (socket.io adapter) error'));
      // The adapter publishes without handling a failure: an unhandled rejection would stop the
      // process. A failed publish is a fallback: the local sockets got the event anyway.
      const publish = pub.publish.bind(pub);
      pub.publish = ((channel: string | Buffer, message: string | Buffer) =>
        publish(channel, message).catch((err: unknown) => {
          status.fellBack('realtime', err);
          return 0;
        })) as typeof pub.publish;
      io.adapter(createAdapter(pub, sub));
      app.addHook('onClose', async () => {
        await Promise.all(
          [pub, sub].map((client) =>
            client.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client.disconnect(),
          ),
        );
      });
      app.log.info('socket.io: Redis adapter enabled');
    }
    /** Every process while Redis is up; only this one's sockets while it is gone (decision 162). */
    const reach = () => {
      if (!status || status.up) return io;
      status.fellBack('realtime');
      return io.local;
    };
    io.use(async (socket, next) => {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
      const claims = token ? await verifyAccessToken(opts.jwtSecret, token) : null;
      if (!claims) return next(new Error('unauthorized'));
      const req = { headers: { authorization: `Bearer ${token}` } } as Parameters<typeof app.authenticate>[0];
      try {
        await app.authenticate(req, undefined as never);
      } catch {
        return next(new Error('unauthorized'));
      }
      // The role as stored now (authenticate re-reads the user), not as signed into the token.
      const role = req.actor?.role ?? claims.role;
      socket.data.userId = claims.sub;
      await socket.join([`user:${claims.sub}`, `role:${role}`]);
      next();
    });
    app.decorate('realtime', {
      io,
      toUser: (userId, event, payload) => {
        reach().to(`user:${userId}`).emit(event, payload);
      },
      toRoles: (roles, event, payload) => {
        reach()
          .to(roles.map((r) => `role:${r}`))
          .emit(event, payload);
      },
      userUpdated: ({ id, role, active }) => {
        const target = reach();
        const sockets = target.in(`user:${id}`);
        if (role) {
          sockets.socketsLeave(ROLES.filter((r) => r !== role).map((r) => `role:${r}`));
          sockets.socketsJoin(`role:${role}`);
        }
        target.to(`user:${id}`).emit(SESSION_USER_UPDATED_EVENT, {});
        if (!active) sockets.disconnectSockets(true);
      },
    } satisfies Realtime);
    // Not `io.close()`: it also closes the HTTP server, and Fastify would then stop waiting for
    // in-flight requests and close the database under them. Fastify closes the server itself.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'realtime', dependencies: ['auth', 'redis'] },
);
