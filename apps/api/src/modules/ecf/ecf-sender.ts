import { randomUUID } from 'node:crypto';
import { type DgiiMessage, ECF_STATUS_LABELS, type EcfStatus } from '@agencia/shared';
import { eq, sql } from 'drizzle-orm';
import type { EcfConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  creditNotes,
  debitNotes,
  ecfAnnulments,
  ecfDocuments,
  expenses,
  invoices,
} from '../../db/schema/index.js';
import { type Effects, effects } from '../../lib/effects.js';
import { createNotifications } from '../../lib/notify.js';
import { PassLoop } from '../../lib/pass-loop.js';
import { DgiiClient, DgiiError } from './dgii-client.js';
import { cachedDgiiToken, loadSigningKey, storeDgiiToken } from './ecf-settings.service.js';

type Row = typeof ecfDocuments.$inferSelect;
type Logger = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** How long a claimed document stays ours: longer than the client's timeout on a request. */
export const ECF_CLAIM_LEASE_MS = 2 * 60_000;
/** Documents (and ANECF) claimed per round of a pass and process. */
const BATCH = 20;
/** Rounds of a pass at most (a pass goes on while the DGII answers and rows are due). */
const MAX_ROUNDS = 50;

/** What a pass carries between its rounds. */
interface PassState {
  /** The DGII answered a call in this pass (a success, or a refusal of the document). */
  reached: boolean;
  /** The rows in back-off were made due (once per pass). */
  released: boolean;
  /** The certificate's key, once loaded. */
  key: Awaited<ReturnType<typeof loadSigningKey>> | undefined;
  /** When the pass began (wall clock, as `updated_at`). */
  startedAt: Date;
}

/** The DGII refused a post itself (4xx with its messages): the document's final answer. */
class DocumentRefused extends Error {
  constructor(readonly error: DgiiError) {
    super(error.message);
  }
}

/**
 * Delay before the next try after `failures` consecutive failures of the DGII (contingency):
 * 30 s × 2^(failures − 1), at most 30 minutes (DGII technical report, "Contingencia": the issuer
 * keeps the signed e-CF and sends it once the service answers).
 */
export function ecfRetryDelayMs(failures: number): number {
  return Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, failures - 1));
}

/** Delay before asking the result again while the DGII says "En Proceso" (`polls` asked so far). */
export function ecfPollDelayMs(polls: number): number {
  return Math.min(5 * 60_000, 2_000 * 2 ** Math.max(0, polls));
}

/** What one pass did (for logs and tests). */
export interface EcfSendPass {
  submitted: number;
  decided: number;
  retried: number;
}

/** How the sender reaches the DGII (tests inject a fetch with a short timeout). */
export interface EcfSenderOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The e-CF outbox (issue 26, decision 136): signed documents in `ecf_documents` wait `pending`
 * until this sender posts them to the DGII (reception service, or the FC service for a consumo
 * summary), then it asks the result until the DGII decides. Every process may run it: a pass
 * claims due rows with `FOR UPDATE SKIP LOCKED` and a lease, so one document is handled by one
 * process at a time. Exactly-once posting: the attempt is recorded (`submittedAt`) and committed
 * before the request leaves, and a row with a `trackId` is never posted again. A post that failed
 * for sure (the DGII answered 5xx/4xx, or the connection was never made) was not received: the
 * attempt is cleared and the document is simply posted again. A post whose outcome is unknown
 * (timeout, connection lost, crash) keeps `submittedAt`, and before posting again the sender asks
 * the DGII for the e-NCF's trackIds and adopts the one it finds (decision 157).
 *
 * When the DGII does not answer the document stays `pending` and is tried again with
 * {@link ecfRetryDelayMs}, but never waits for its back-off once the DGII is back (decision 157):
 * a pass with nothing due tries the waiting document whose turn is nearest, and a pass in which
 * the DGII answered makes every waiting document (and ANECF) due and goes on until all went out.
 */
export class EcfSender {
  private readonly loop = new PassLoop<EcfSendPass>({
    run: () => this.pass(),
    everyMs: () => this.config.sendIntervalSeconds * 1000,
    onError: (err) => {
      this.log.warn({ err }, 'e-CF sender pass failed');
      return { submitted: 0, decided: 0, retried: 0 };
    },
  });
  readonly instanceId = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly config: EcfConfig,
    private readonly push: (fx: Effects) => void,
    private readonly log: Logger = { info: () => {}, warn: () => {} },
    private readonly options: EcfSenderOptions = {},
  ) {}

  /** Passes every `config.sendIntervalSeconds` (see {@link PassLoop}). */
  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Runs a pass soon; a pass in progress is followed by another. Does nothing unless started. */
  wake(): void {
    this.loop.wake();
  }

  /** Waits for the pass in progress, if any (tests). */
  async idle(): Promise<void> {
    await this.loop.idle();
  }

  /**
   * One pass over the due documents at `now` (tests move it): rounds of claims until nothing is
   * due. With nothing due at all, it tries the one waiting document (or ANECF) whose turn is
   * nearest, so a DGII back from an outage is noticed within a pass. Once the DGII answered in the
   * pass, every document and ANECF waiting in back-off is made due and the pass goes on until they
   * all went out; while it does not answer, a pass stops after its round.
   */
  async pass(now = new Date()): Promise<EcfSendPass> {
    const result: EcfSendPass = { submitted: 0, decided: 0, retried: 0 };
    const round: PassState = { reached: false, released: false, key: undefined, startedAt: new Date() };
    for (let i = 0; i < MAX_ROUNDS; i++) {
      let handled = await this.annulments(
        await this.claim('ecf_annulments', ['pending'], now),
        now,
        result,
        round,
      );
      handled += await this.documents(
        await this.claim('ecf_documents', ['pending', 'sent'], now),
        now,
        result,
        round,
      );
      if (handled === 0 && i === 0) {
        const waiting = await this.claim('ecf_documents', ['pending', 'sent'], now, { waiting: true });
        handled = waiting.rows.length
          ? await this.documents(waiting, now, result, round)
          : await this.annulments(
              await this.claim('ecf_annulments', ['pending'], now, { waiting: true }),
              now,
              result,
              round,
            );
      }
      if (handled === 0 || !round.reached) break;
      if (!round.released) {
        await this.release(now, round.startedAt);
        round.released = true;
      }
    }
    return result;
  }

  /** Handles claimed documents; answers how many. */
  private async documents(
    claimed: { rows: Array<{ id: string }> },
    now: Date,
    result: EcfSendPass,
    round: PassState,
  ): Promise<number> {
    if (claimed.rows.length === 0) return 0;
    const key = await this.signingKey(round);
    for (const { id } of claimed.rows) {
      const [row] = await this.db.select().from(ecfDocuments).where(eq(ecfDocuments.id, id));
      if (!row) continue;
      if (!key) {
        await this.failed(row, now, 'No hay certificado digital cargado.');
        result.retried++;
        continue;
      }
      const client = this.client(key);
      try {
        const outcome = await this.advance(client, row, now);
        round.reached = true;
        result[outcome]++;
      } catch (err) {
        if (err instanceof DocumentRefused) {
          // The DGII refused the submission itself (format, signature…): a final answer.
          round.reached = true;
          const { error } = err;
          await this.decide(
            row,
            'rejected',
            error.messages.length ? error.messages : [{ code: 'HTTP', message: error.message }],
            now,
          );
          result.decided++;
        } else {
          await this.failed(row, now, err instanceof Error ? err.message : String(err));
          result.retried++;
        }
      }
    }
    return claimed.rows.length;
  }

  /** The certificate's key, loaded once per pass. */
  private async signingKey(round: PassState) {
    if (round.key === undefined) round.key = await loadSigningKey({ db: this.db, config: this.config });
    return round.key;
  }

  /**
   * The DGII answered: every document and ANECF waiting in contingency back-off since before the
   * pass (a failure noted, next try later than `now`, not held by another process) is due now
   * (decision 157). One that failed in this very pass is not tried twice in it; documents waiting
   * for a result "En Proceso" keep their polling schedule (no failure noted).
   */
  private async release(now: Date, passStartedAt: Date): Promise<void> {
    const at = now.toISOString();
    for (const [table, statuses] of [
      ['ecf_documents', ['pending', 'sent']],
      ['ecf_annulments', ['pending']],
    ] as const) {
      await this.db.execute(sql`
        update ${sql.identifier(table)}
           set next_attempt_at = ${at}::timestamptz
         where status in (${sql.join(
           statuses.map((st) => sql`${st}`),
           sql`, `,
         )})
           and last_error is not null
           and next_attempt_at > ${at}::timestamptz
           and updated_at < ${passStartedAt.toISOString()}::timestamptz
           and (locked_until is null or locked_until < now())`);
    }
  }

  /**
   * Claims up to {@link BATCH} rows of `table` in `statuses` due at `now` and not held by another
   * process: `FOR UPDATE SKIP LOCKED` plus a lease that counts from the database's clock.
   */
  private async claim(
    table: 'ecf_documents' | 'ecf_annulments',
    statuses: EcfStatus[],
    now: Date,
    opts: { waiting?: boolean } = {},
  ): Promise<{ rows: Array<{ id: string }> }> {
    const name = sql.identifier(table);
    // `waiting`: the one row in contingency back-off (a failure noted) whose turn is nearest, due
    // or not. Nearest rather than oldest: a row failing for its own reason moves back at every try,
    // so it never hides the others from the probe.
    const which = opts.waiting
      ? sql`and last_error is not null order by next_attempt_at limit 1`
      : sql`and next_attempt_at <= ${now.toISOString()}::timestamptz order by next_attempt_at limit ${BATCH}`;
    return (await this.db.execute(sql`
      update ${name}
         set locked_until = now() + make_interval(secs => ${ECF_CLAIM_LEASE_MS / 1000}),
             locked_by = ${this.instanceId}
       where id in (
         select id from ${name}
          where status in (${sql.join(
            statuses.map((st) => sql`${st}`),
            sql`, `,
          )})
            and (locked_until is null or locked_until < now())
            ${which}
          for update skip locked)
      returning id`)) as unknown as { rows: Array<{ id: string }> };
  }

  private client(key: NonNullable<Awaited<ReturnType<typeof loadSigningKey>>>): DgiiClient {
    return new DgiiClient({
      ecfBaseUrl: this.config.ecfBaseUrl,
      fcBaseUrl: this.config.fcBaseUrl,
      key,
      tokenStore: {
        get: () => cachedDgiiToken({ db: this.db, config: this.config }),
        set: (t) => storeDgiiToken({ db: this.db, config: this.config, token: t }),
      },
      fetch: this.options.fetch,
      timeoutMs: this.options.timeoutMs,
    });
  }

  /**
   * Delivers pending ANECF (annulled e-NCF, `ecf_annulments`) to the DGII's anulación de rangos
   * service: claimed like documents; the DGII's answer is final (accepted, or rejected with its
   * messages, which admins are told); no answer → tried again with {@link ecfRetryDelayMs}.
   */
  private async annulments(
    claimed: { rows: Array<{ id: string }> },
    now: Date,
    result: EcfSendPass,
    round: PassState,
  ): Promise<number> {
    if (claimed.rows.length === 0) return 0;
    const key = await this.signingKey(round);
    for (const { id } of claimed.rows) {
      const [row] = await this.db.select().from(ecfAnnulments).where(eq(ecfAnnulments.id, id));
      if (!row) continue;
      const release = { lockedUntil: null, lockedBy: null, updatedAt: new Date() };
      try {
        if (!key) throw new Error('No hay certificado digital cargado.');
        const answer = await this.client(key).voidRanges(
          row.signedXml,
          `${row.issuerRnc}${row.encfFrom}.xml`,
        );
        const messages = [
          ...(answer.name ? [{ code: answer.code ?? '', message: answer.name }] : []),
          ...answer.messages,
        ];
        await this.db
          .update(ecfAnnulments)
          .set({ ...release, status: 'accepted', messages, decidedAt: now, attempts: row.attempts + 1 })
          .where(eq(ecfAnnulments.id, id));
        round.reached = true;
        result.decided++;
      } catch (err) {
        if (err instanceof DgiiError && err.kind === 'rejected') {
          round.reached = true;
          const messages = err.messages.length ? err.messages : [{ code: 'HTTP', message: err.message }];
          const fx = await this.db.transaction(async (tx) => {
            await tx
              .update(ecfAnnulments)
              .set({ ...release, status: 'rejected', messages, decidedAt: now, attempts: row.attempts + 1 })
              .where(eq(ecfAnnulments.id, id));
            return effects({
              notifications: await createNotifications(tx, {
                roles: ['admin'],
                topic: 'system',
                title: `La DGII rechazó la anulación de ${row.encfFrom}–${row.encfTo}`,
                message: messages
                  .map((m) => m.message)
                  .join(' ')
                  .slice(0, 500),
                link: '/settings?tab=fiscal',
              }),
            });
          });
          this.push(fx);
          result.decided++;
        } else {
          const failures = row.attempts + 1;
          await this.db
            .update(ecfAnnulments)
            .set({
              ...release,
              attempts: failures,
              lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
              nextAttemptAt: new Date(now.getTime() + ecfRetryDelayMs(failures)),
            })
            .where(eq(ecfAnnulments.id, id));
          result.retried++;
        }
      }
    }
    return claimed.rows.length;
  }

  /**
   * Moves one document one step: submit, adopt a lost submission, or ask its result. Throws
   * {@link DocumentRefused} when the DGII refused the post itself; any other error is a failure to
   * try again later.
   */
  private async advance(client: DgiiClient, row: Row, now: Date): Promise<keyof EcfSendPass> {
    const fileName = `${row.issuerRnc}${row.encf}.xml`;
    if (row.channel === 'rfce') {
      if (!(await this.markSubmitted(row, now))) return 'retried';
      const answer = await this.post(row, () => client.sendSummary(row.summaryXml!, fileName));
      if (answer.status === 'in_process' || answer.status === 'not_found') {
        await this.later(row, now, ecfPollDelayMs(row.attempts), answer.messages);
        return 'retried';
      }
      await this.decide(row, answer.status, answer.messages, now, answer.sequenceUsed);
      return 'decided';
    }
    if (!row.trackId) {
      if (row.submittedAt) {
        // An earlier post may have arrived (no answer came): the DGII may have it already. "No
        // encontrado", or no such service (CerteCF), answers none: it is posted again.
        const known = await client.trackIdsFor(row.issuerRnc, row.encf);
        if (known.length > 0) {
          await this.sent(row, known[0]!.trackId, [], now);
          return 'submitted';
        }
      }
      if (!(await this.markSubmitted(row, now))) return 'retried';
      const answer = await this.post(row, () => client.sendEcf(row.signedXml, fileName));
      await this.sent(row, answer.trackId, answer.messages, now);
      return 'submitted';
    }
    const result = await client.trackResult(row.trackId);
    if (result.status === 'in_process' || result.status === 'not_found') {
      await this.later(row, now, ecfPollDelayMs(row.attempts), result.messages);
      return 'retried';
    }
    await this.decide(row, result.status, result.messages, now, result.sequenceUsed);
    return 'decided';
  }

  /**
   * Runs the post of `row` recorded by {@link markSubmitted}. A refusal of the document by the DGII
   * becomes {@link DocumentRefused}. A failure that proves the DGII did not take the document —
   * it answered an error status, or the request never reached it ({@link DgiiError.uncertain}
   * false) — clears `submittedAt`: nothing is pending to look up, and the next try posts at once
   * (and the DGII's 5xx, which CerteCF answers without a consulta de trackIds to ask, no longer
   * leaves the document waiting on that consulta). An uncertain failure (timeout, connection lost,
   * a 2xx it could not read, anything unexpected) keeps it.
   */
  private async post<T>(row: Row, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (err) {
      if (err instanceof DgiiError && err.kind === 'rejected') throw new DocumentRefused(err);
      const definite =
        err instanceof DgiiError && !err.uncertain && (err.status === undefined || err.status >= 300);
      if (definite)
        await this.db
          .update(ecfDocuments)
          .set({ submittedAt: null, updatedAt: new Date() })
          .where(eq(ecfDocuments.id, row.id));
      throw err;
    }
  }

  /**
   * Records the attempt and commits it before the request leaves (exactly-once posting). Answers
   * false when the row is gone (a purchase deleted meanwhile withdrew it): then nothing is posted.
   */
  private async markSubmitted(row: Row, now: Date): Promise<boolean> {
    const updated = await this.db
      .update(ecfDocuments)
      .set({ submittedAt: now, attempts: row.attempts + 1, updatedAt: new Date() })
      .where(eq(ecfDocuments.id, row.id))
      .returning({ id: ecfDocuments.id });
    return updated.length > 0;
  }

  private async sent(row: Row, trackId: string, messages: DgiiMessage[], now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(ecfDocuments)
        .set({
          status: 'sent',
          trackId,
          messages,
          lastError: null,
          nextAttemptAt: new Date(now.getTime() + ecfPollDelayMs(0)),
          lockedUntil: null,
          lockedBy: null,
          updatedAt: new Date(),
        })
        .where(eq(ecfDocuments.id, row.id));
      await this.setOwnerStatus(tx, row, 'sent');
    });
  }

  private async later(row: Row, now: Date, delayMs: number, messages: DgiiMessage[]): Promise<void> {
    await this.db
      .update(ecfDocuments)
      .set({
        attempts: row.attempts + 1,
        messages,
        lastError: null,
        nextAttemptAt: new Date(now.getTime() + delayMs),
        lockedUntil: null,
        lockedBy: null,
        updatedAt: new Date(),
      })
      .where(eq(ecfDocuments.id, row.id));
  }

  private async failed(row: Row, now: Date, error: string): Promise<void> {
    const failures = row.attempts + 1;
    await this.db
      .update(ecfDocuments)
      .set({
        attempts: failures,
        lastError: error.slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + ecfRetryDelayMs(failures)),
        lockedUntil: null,
        lockedBy: null,
        updatedAt: new Date(),
      })
      .where(eq(ecfDocuments.id, row.id));
    this.log.warn({ encf: row.encf, failures, error }, 'e-CF not delivered to the DGII; will retry');
  }

  /** The DGII's final answer: stored on the document and its invoice or note; a rejection tells the admins. */
  private async decide(
    row: Row,
    status: EcfStatus,
    messages: DgiiMessage[],
    now: Date,
    sequenceUsed: boolean | null = null,
  ): Promise<void> {
    const fx = await this.db.transaction(async (tx) => {
      await tx
        .update(ecfDocuments)
        .set({
          status,
          messages,
          sequenceUsed,
          lastError: null,
          decidedAt: now,
          lockedUntil: null,
          lockedBy: null,
          updatedAt: new Date(),
          ...(status === 'rejected' ? { rejectionNotifiedAt: new Date() } : {}),
        })
        .where(eq(ecfDocuments.id, row.id));
      const link = await this.setOwnerStatus(tx, row, status);
      if (status !== 'rejected') return effects();
      const reasons = messages.map((m) => m.message).join(' ') || 'sin detalle';
      return effects({
        notifications: await createNotifications(tx, {
          roles: ['admin'],
          topic: 'system',
          title: `La DGII rechazó el e-CF ${row.encf}`,
          message: `${ECF_STATUS_LABELS.rejected}: ${reasons}`.slice(0, 500),
          link,
        }),
      });
    });
    this.push(fx);
    this.log.info({ encf: row.encf, status }, 'e-CF decided by the DGII');
  }

  /** Mirrors the status on the invoice, credit note, debit note or purchase; answers the portal link to it. */
  private async setOwnerStatus(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    row: Row,
    status: EcfStatus,
  ) {
    if (row.invoiceId) {
      await tx.update(invoices).set({ ecfStatus: status }).where(eq(invoices.id, row.invoiceId));
      return `/billing/${row.invoiceId}`;
    }
    if (row.expenseId) {
      await tx.update(expenses).set({ ecfStatus: status }).where(eq(expenses.id, row.expenseId));
      return `/expenses/${row.expenseId}`;
    }
    const table = row.creditNoteId ? creditNotes : debitNotes;
    const [note] = await tx
      .update(table)
      .set({ ecfStatus: status })
      .where(eq(table.id, (row.creditNoteId ?? row.debitNoteId)!))
      .returning({ invoiceId: table.invoiceId });
    return `/billing/${note?.invoiceId}`;
  }
}
