import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';

/** Debian's redis-server (apt-get install redis-server): tests start their own on a free port. */
export const REDIS_BIN = '/usr/bin/redis-server';
/** Without the binary, a Redis already running here (a CI service container) is used. */
export const SHARED_REDIS_PORT = 6379;
export const HAS_REDIS_BIN = existsSync(REDIS_BIN);

/** A free TCP port on 127.0.0.1 (bound, read, released). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Waits until something accepts connections on `port` (its readiness, not a fixed sleep). */
export async function untilAccepting(port: number, deadlineMs = 10_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await accepts(port))) {
    if (Date.now() > deadline) throw new Error(`redis-server did not accept connections on ${port}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A private redis-server on its own port, without persistence (`--save '' --appendonly no`), that
 * a test may stop and start again on the same port (the machine's shared Redis is never touched).
 */
export class TestRedis {
  private child: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  static async start(): Promise<TestRedis> {
    const redis = new TestRedis(await freePort());
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts (again) the server on its port and waits until it accepts connections. */
  async resume(): Promise<void> {
    this.child = spawn(REDIS_BIN, ['--port', String(this.port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await untilAccepting(this.port);
  }

  /** Kills the server (SIGKILL: an outage, not a shutdown) and waits until the port is closed. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    while (await accepts(this.port)) await new Promise((r) => setTimeout(r, 20));
  }
}
