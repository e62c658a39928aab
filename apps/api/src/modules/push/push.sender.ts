import type { Agent } from 'node:https';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import webPush, { WebPushError } from 'web-push';
import type { VapidConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { pushOutbox, pushSubscriptions } from '../../db/schema/index.js';
import { backoffSeconds, MAX_ATTEMPTS } from '../../lib/mailer.js';
import { PassLoop } from '../../lib/pass-loop.js';

type Logger = { warn(obj: object, msg: string): void };

/** How long a push service keeps an undelivered message for an offline device (seconds): one day. */
export const PUSH_TTL_SECONDS = 24 * 3600;

/** Tuning of a {@link PushSender}; production uses the defaults, tests shrink the times. */
export interface PushSenderOptions {
  /** Milliseconds between passes once started (default 5000); a stored notification wakes it sooner. */
  intervalMs?: number;
  /** First retry delay in seconds, doubled on every failure (default 30, like the e-mail outbox). */
  backoffBaseSeconds?: number;
  /** Longest retry delay in seconds (default 6 hours). */
  backoffMaxSeconds?: number;
  /** Attempts before a message is `failed` (default {@link MAX_ATTEMPTS}). */
  maxAttempts?: number;
  /** Rows claimed per round (default 50). */
  batchSize?: number;
  /** HTTPS agent towards the push services (tests pass one that trusts the fake's certificate). */
  agent?: Agent;
  /** Milliseconds a push service may take to answer (default 10 000). */
  timeoutMs?: number;
}

/** What one pass did (tests, logs). */
export interface PushPass {
  sent: number;
  /** Subscriptions deleted because the push service answered 404 or 410. */
  gone: number;
  retried: number;
  failed: number;
}

/**
 * Sends the push outbox (decision 169) to the browsers' push services with VAPID (RFC 8292) and
 * the aes128gcm payload encryption (RFC 8291), both done by `web-push`. Every process may run it:
 * a pass claims due rows with `FOR UPDATE SKIP LOCKED` and a lease, as the e-mail outbox does; a
 * message accepted (2xx) is deleted; a push service answering 404 or 410 (the subscription expired
 * or was revoked) deletes the subscription, and with it its pending messages; any other failure is
 * retried after {@link backoffSeconds} and is `failed` after `maxAttempts`.
 */
export class PushSender {
  private readonly options: Required<Omit<PushSenderOptions, 'agent'>> & { agent?: Agent };
  private readonly loop: PassLoop<PushPass>;

  constructor(
    private readonly db: Db,
    private readonly vapid: VapidConfig,
    private readonly log: Logger = { warn: () => {} },
    options: PushSenderOptions = {},
  ) {
    this.options = {
      intervalMs: 5000,
      backoffBaseSeconds: 30,
      backoffMaxSeconds: 6 * 3600,
      maxAttempts: MAX_ATTEMPTS,
      batchSize: 50,
      timeoutMs: 10_000,
      ...options,
    };
    this.loop = new PassLoop<PushPass>({
      run: () => this.pass(),
      everyMs: () => this.options.intervalMs,
      onError: (err) => {
        this.log.warn({ code: (err as { code?: string })?.code }, 'push outbox pass failed');
        return { sent: 0, gone: 0, retried: 0, failed: 0 };
      },
    });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Runs a pass soon (a notification was just stored); does nothing unless started. */
  wake(): void {
    this.loop.wake();
  }

  /** Waits for the pass in progress, if any (tests). */
  async idle(): Promise<void> {
    await this.loop.idle();
  }

  /** Claims up to `batchSize` due rows for this process (lease of two minutes), oldest first. */
  private async claim() {
    const result = (await this.db.execute(sql`
      update ${pushOutbox}
         set locked_until = now() + interval '2 minutes', attempts = attempts + 1
       where id in (
         select id from ${pushOutbox}
          where status = 'queued' and next_attempt_at <= now()
            and (locked_until is null or locked_until < now())
          order by created_at
          limit ${this.options.batchSize}
          for update skip locked)
      returning id`)) as unknown as { rows: Array<{ id: string }> };
    const ids = result.rows.map((r) => r.id);
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: pushOutbox.id,
        payload: pushOutbox.payload,
        attempts: pushOutbox.attempts,
        subscriptionId: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(inArray(pushOutbox.id, ids))
      .orderBy(asc(pushOutbox.createdAt));
  }

  /** Sends every due message (rounds of `batchSize`); safe across processes. */
  async pass(): Promise<PushPass> {
    const result: PushPass = { sent: 0, gone: 0, retried: 0, failed: 0 };
    const goneSubscriptions = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const batch = await this.claim();
      for (const row of batch) {
        if (goneSubscriptions.has(row.subscriptionId)) continue;
        try {
          await webPush.sendNotification(
            { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
            JSON.stringify(row.payload),
            {
              vapidDetails: this.vapid,
              TTL: PUSH_TTL_SECONDS,
              urgency: 'normal',
              contentEncoding: 'aes128gcm',
              timeout: this.options.timeoutMs,
              ...(this.options.agent ? { agent: this.options.agent } : {}),
            },
          );
          await this.db.delete(pushOutbox).where(eq(pushOutbox.id, row.id));
          await this.db
            .update(pushSubscriptions)
            .set({ lastSuccessAt: new Date() })
            .where(eq(pushSubscriptions.id, row.subscriptionId));
          result.sent++;
        } catch (err) {
          const status = err instanceof WebPushError ? err.statusCode : null;
          if (status === 404 || status === 410) {
            // Expired or unsubscribed (RFC 8030 §7.3): forget the device and its pending messages.
            await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId));
            goneSubscriptions.add(row.subscriptionId);
            result.gone++;
            continue;
          }
          this.log.warn(
            { pushId: row.id, attempts: row.attempts, status, code: (err as { code?: string }).code },
            'push send failed',
          );
          const { maxAttempts, backoffBaseSeconds, backoffMaxSeconds } = this.options;
          const failed = row.attempts >= maxAttempts;
          const waitSeconds = failed
            ? 0
            : backoffSeconds(row.attempts, backoffBaseSeconds, backoffMaxSeconds);
          await this.db
            .update(pushOutbox)
            .set({
              lastError: (status ? `HTTP ${status}: ` : '') + String((err as Error).message).slice(0, 480),
              status: failed ? 'failed' : 'queued',
              nextAttemptAt: new Date(Date.now() + waitSeconds * 1000),
              lockedUntil: null,
            })
            .where(eq(pushOutbox.id, row.id));
          if (failed) result.failed++;
          else result.retried++;
        }
      }
      if (batch.length < this.options.batchSize) break;
    }
    return result;
  }
}
