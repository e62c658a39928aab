import { LOGIN_MAX_ATTEMPTS_PER_IP, LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } from '@agencia/shared';
import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

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
    redis: Redis | null = null,
    private readonly onFailure: () => void = () => {},
  ) {
    const make = (keyPrefix: string, points: number) =>
      redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: LOGIN_WINDOW_SECONDS })
        : new RateLimiterMemory({ keyPrefix, points, duration: LOGIN_WINDOW_SECONDS });
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
