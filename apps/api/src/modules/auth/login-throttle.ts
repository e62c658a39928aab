import { LOGIN_MAX_ATTEMPTS_PER_IP, LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } from '@agencia/shared';
import type { Redis } from 'ioredis';
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { RedisStatus } from '../../plugins/redis.js';

/**
 * rate-limiter-flexible's "insurance" limiter (its Insurance Strategy: used only when the main
 * store fails, the main one active again once it answers): this process's memory, counted on
 * `/metrics` and logged through {@link RedisStatus.fellBack} (decision 162).
 */
class InsuranceMemory extends RateLimiterMemory {
  constructor(
    opts: IRateLimiterOptions,
    private readonly status: RedisStatus,
  ) {
    super(opts);
  }
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.status.fellBack('login_throttle');
    return super.consume(...args);
  }
  override get(...args: Parameters<RateLimiterMemory['get']>) {
    this.status.fellBack('login_throttle');
    return super.get(...args);
  }
  override delete(...args: Parameters<RateLimiterMemory['delete']>) {
    this.status.fellBack('login_throttle');
    return super.delete(...args);
  }
}

/**
 * Login brute-force protection (ASVS V2.2.1), after rate-limiter-flexible's
 * "login endpoint protection" recipe: at most 10 failures per email+IP in 15 minutes,
 * and a wider cap of failures per IP (successful sign-ins don't count). While blocked, even the
 * right password gets 429.
 */
export class LoginThrottle {
  private readonly failuresByEmailIp: RateLimiterAbstract;
  private readonly failuresByIp: RateLimiterAbstract;

  /**
   * With a Redis connection the counters are shared by every app process (REDIS_URL).
   * `onFailure` is told of every recorded failure (the `/metrics` login-failure counter).
   */
  constructor(
    redis: { client: Redis; status: RedisStatus } | null = null,
    private readonly onFailure: () => void = () => {},
  ) {
    const make = (keyPrefix: string, points: number) => {
      const opts = { keyPrefix, points, duration: LOGIN_WINDOW_SECONDS };
      // While Redis is gone the counters live in this process (decision 162), not a 500.
      return redis
        ? new RateLimiterRedis({
            ...opts,
            storeClient: redis.client,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new InsuranceMemory(opts, redis.status),
          })
        : new RateLimiterMemory(opts);
    };
    this.failuresByEmailIp = make('login_fail_email_ip', LOGIN_MAX_FAILURES);
    this.failuresByIp = make('login_fail_ip', LOGIN_MAX_ATTEMPTS_PER_IP);
  }

  private static key(email: string, ip: string): string {
    return `${email.toLowerCase()}_${ip}`;
  }

  /**
   * Seconds until the caller may try again, or 0 when not blocked. Only failures count (issue 13):
   * an office behind one IP signing in many times is never locked out.
   */
  async check(email: string, ip: string): Promise<number> {
    const res = await this.failuresByEmailIp.get(LoginThrottle.key(email, ip));
    if (res && res.consumedPoints >= LOGIN_MAX_FAILURES) return Math.ceil(res.msBeforeNext / 1000);
    const byIp = await this.failuresByIp.get(ip);
    if (byIp && byIp.consumedPoints >= LOGIN_MAX_ATTEMPTS_PER_IP) return Math.ceil(byIp.msBeforeNext / 1000);
    return 0;
  }

  /** Records a failed attempt for email+IP and for the IP. */
  async fail(email: string, ip: string): Promise<void> {
    this.onFailure();
    for (const [limiter, key] of [
      [this.failuresByEmailIp, LoginThrottle.key(email, ip)],
      [this.failuresByIp, ip],
    ] as const) {
      try {
        await limiter.consume(key);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
      }
    }
  }

  /** Clears the failures of email+IP after a successful login. */
  async succeed(email: string, ip: string): Promise<void> {
    await this.failuresByEmailIp.delete(LoginThrottle.key(email, ip));
  }
}
