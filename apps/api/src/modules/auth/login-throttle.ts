import {
  LOGIN_ACCOUNT_FIRST_DELAY_SECONDS,
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
  LOGIN_ACCOUNT_WINDOW_SECONDS,
  LOGIN_MAX_ATTEMPTS_PER_IP,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_SECONDS,
} from '@agencia/shared';
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
  override block(...args: Parameters<RateLimiterMemory['block']>) {
    this.status.fellBack('login_throttle');
    return super.block(...args);
  }
  override delete(...args: Parameters<RateLimiterMemory['delete']>) {
    this.status.fellBack('login_throttle');
    return super.delete(...args);
  }
}

/** How the per-account delays grow (tests shorten them). */
export interface AccountDelays {
  /** Delay after the account's `LOGIN_ACCOUNT_FREE_FAILURES`-th failure; doubled after each further one. */
  firstSeconds: number;
  /** Longest delay. */
  maxSeconds: number;
}

/** What a recorded failure did to the account (across addresses). */
export interface FailureOutcome {
  /** Failures on the account in its window, from any address. */
  accountFailures: number;
  /** Seconds new addresses now wait before the account's next attempt (0: none). */
  accountDelaySeconds: number;
  /** This failure started the delays: tell the account's owner (once per window). */
  notifyOwner: boolean;
}

/**
 * Login brute-force protection (OWASP ASVS 5.0 V6.3.1; documented as V6.1.1 asks in the README,
 * "Seguridad", and decision 162), after rate-limiter-flexible's "login endpoint protection"
 * recipe. Only failures count (issue 13: an office behind one address is never locked out), and
 * while blocked even the right password gets 429:
 * - per account and address: at most `LOGIN_MAX_FAILURES` (10) failures in 15 minutes;
 * - per address: at most `LOGIN_MAX_ATTEMPTS_PER_IP` failures in 15 minutes, whatever the account;
 * - per account across addresses (issue 43 item 6): after `LOGIN_ACCOUNT_FREE_FAILURES` failures
 *   in 24 hours from any addresses, each further attempt waits an increasing delay (30 s, doubled
 *   after each failure, at most 15 minutes), so adding addresses no longer adds guesses. Attempts
 *   made during a delay are refused without checking the password and do not count. Not a
 *   lockout: the delay never exceeds 15 minutes, and it does not apply to an address the account
 *   signed in from successfully in the last 30 days (`knownAddress`), so an attacker cannot keep
 *   the owner out; the owner is told by e-mail when the delays start ({@link FailureOutcome}).
 */
export class LoginThrottle {
  private readonly failuresByEmailIp: RateLimiterAbstract;
  private readonly failuresByIp: RateLimiterAbstract;
  private readonly failuresByAccount: RateLimiterAbstract;
  private readonly accountDelay: RateLimiterAbstract;

  /**
   * With a Redis connection the counters are shared by every app process (REDIS_URL).
   * `onFailure` is told of every recorded failure (the `/metrics` login-failure counter).
   */
  constructor(
    redis: { client: Redis; status: RedisStatus } | null = null,
    private readonly onFailure: () => void = () => {},
    private readonly delays: AccountDelays = {
      firstSeconds: LOGIN_ACCOUNT_FIRST_DELAY_SECONDS,
      maxSeconds: LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
    },
  ) {
    const make = (keyPrefix: string, points: number, duration = LOGIN_WINDOW_SECONDS) => {
      const opts = { keyPrefix, points, duration };
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
    // Counted far past the free failures: the count sets the delay, `block` enforces it.
    this.failuresByAccount = make('login_fail_account', 1_000_000, LOGIN_ACCOUNT_WINDOW_SECONDS);
    this.accountDelay = make('login_delay_account', 1, 1);
  }

  private static key(email: string, ip: string): string {
    return `${email.toLowerCase()}_${ip}`;
  }

  /**
   * Seconds until the caller may try again, or 0 when not blocked. `knownAddress` answers
   * whether the account signed in successfully from this address lately; it is asked only while
   * the account is delayed (such an address is not).
   */
  async check(
    email: string,
    ip: string,
    knownAddress: () => Promise<boolean> = async () => false,
  ): Promise<number> {
    const res = await this.failuresByEmailIp.get(LoginThrottle.key(email, ip));
    if (res && res.consumedPoints >= LOGIN_MAX_FAILURES) return Math.ceil(res.msBeforeNext / 1000);
    const byIp = await this.failuresByIp.get(ip);
    if (byIp && byIp.consumedPoints >= LOGIN_MAX_ATTEMPTS_PER_IP) return Math.ceil(byIp.msBeforeNext / 1000);
    const delayed = await this.accountDelay.get(email.toLowerCase());
    if (delayed && delayed.consumedPoints > 1 && delayed.msBeforeNext > 0 && !(await knownAddress()))
      return Math.ceil(delayed.msBeforeNext / 1000);
    return 0;
  }

  /** Records a failed attempt for email+IP, for the IP and for the account (any address). */
  async fail(email: string, ip: string): Promise<FailureOutcome> {
    this.onFailure();
    let accountFailures = 0;
    for (const [limiter, key] of [
      [this.failuresByEmailIp, LoginThrottle.key(email, ip)],
      [this.failuresByIp, ip],
      [this.failuresByAccount, email.toLowerCase()],
    ] as const) {
      try {
        const res = await limiter.consume(key);
        if (limiter === this.failuresByAccount) accountFailures = res.consumedPoints;
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        if (limiter === this.failuresByAccount) accountFailures = err.consumedPoints;
      }
    }
    const beyond = accountFailures - LOGIN_ACCOUNT_FREE_FAILURES;
    if (beyond < 0) return { accountFailures, accountDelaySeconds: 0, notifyOwner: false };
    const accountDelaySeconds = Math.min(
      this.delays.firstSeconds * 2 ** Math.min(beyond, 30),
      this.delays.maxSeconds,
    );
    await this.accountDelay.block(email.toLowerCase(), accountDelaySeconds);
    return { accountFailures, accountDelaySeconds, notifyOwner: beyond === 0 };
  }

  /**
   * Clears the failures of email+IP after a successful login. The account's count stays until
   * its window ends: the owner signing in does not hand an attacker elsewhere fresh guesses.
   */
  async succeed(email: string, ip: string): Promise<void> {
    await this.failuresByEmailIp.delete(LoginThrottle.key(email, ip));
  }
}
