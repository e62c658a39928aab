import { and, eq, ne, sql } from 'drizzle-orm';
import type { EcfConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { ecfReceived } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { type Effects, effects, mergeEffects } from '../../lib/effects.js';
import { PassLoop } from '../../lib/pass-loop.js';
import { DgiiClient, DgiiError } from '../ecf/dgii-client.js';
import { cachedDgiiToken, loadSigningKey, storeDgiiToken } from '../ecf/ecf-settings.service.js';
import type { SigningKey } from '../ecf/ecf-signature.js';
import { adoptVerifiedEcf } from './ecf-receiver.service.js';

/*
 * The verification of received e-CF (issue 43, item 3; decision 161). Anyone with a certificate
 * can post a document to the public receiver; only the DGII knows whether the issuer really sent
 * it. A received e-CF therefore stays "por verificar" until the DGII's consulta de estado (DT
 * "Consulta de estado e-CF": RNC emisor, e-NCF, RNC comprador, security code) answers it Aceptado
 * or Aceptado Condicional with the amount we received; only then does it become a purchase draft,
 * are the admins told, and does it block any other document with its e-NCF.
 */

type Row = typeof ecfReceived.$inferSelect;
type Logger = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** Rows claimed per round of a pass. */
const BATCH = 20;
/** How long a claimed row is ours (longer than a request's timeout). */
const LEASE_MS = 2 * 60_000;
/** A document the DGII still does not know after this long is given up ("no confirmado"). */
export const VERIFY_WINDOW_MS = 30 * 24 * 3600_000;
/** Asking again while the DGII says "En Proceso". */
const IN_PROCESS_DELAY_MS = 60_000;

/**
 * Delay before asking the DGII again after `attempts` answers of "No encontrado" or failures: one
 * minute, doubling, at most 6 hours (an issuer may send to the DGII after sending to us).
 */
export function verificationDelayMs(attempts: number): number {
  return Math.min(6 * 3600_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/** What one pass did (logs, tests). */
export interface VerificationPass {
  verified: number;
  rejected: number;
  unconfirmed: number;
  waiting: number;
}

/** How the verifier reaches the DGII (tests inject a short timeout). */
export interface VerifierOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Asks the DGII about received e-CF "por verificar" whose turn came: every process may run it (the
 * jobs' processes do, beside the e-CF sender); a pass claims due rows with `FOR UPDATE SKIP LOCKED`
 * and pushes their next turn forward as a lease, so one row is asked about by one process at a time.
 */
export class ReceivedEcfVerifier {
  private readonly loop = new PassLoop<VerificationPass>({
    run: () => this.pass(),
    everyMs: () => this.config.sendIntervalSeconds * 1000,
    onError: (err) => {
      this.log.warn({ err }, 'received e-CF verification pass failed');
      return { verified: 0, rejected: 0, unconfirmed: 0, waiting: 0 };
    },
  });

  constructor(
    private readonly db: Db,
    private readonly config: EcfConfig,
    private readonly push: (fx: Effects) => void,
    private readonly log: Logger = { info: () => {}, warn: () => {} },
    private readonly options: VerifierOptions = {},
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
   * One pass at `now`: claims due rows "por verificar" and asks the DGII about each. Without a
   * loaded certificate nothing can be asked (the DGII authenticates us with it): the rows wait.
   */
  async pass(now = new Date()): Promise<VerificationPass> {
    const result: VerificationPass = { verified: 0, rejected: 0, unconfirmed: 0, waiting: 0 };
    let key: SigningKey | null;
    try {
      key = await loadSigningKey({ db: this.db, config: this.config });
    } catch {
      key = null;
    }
    if (!key) return result;
    const client = this.client(key);
    for (let round = 0; round < 10; round++) {
      const ids = await this.claim(now);
      for (const id of ids) {
        const [row] = await this.db.select().from(ecfReceived).where(eq(ecfReceived.id, id));
        if (row?.verification !== 'pending') continue;
        result[await this.verify(client, row, now)]++;
      }
      if (ids.length < BATCH) break;
    }
    return result;
  }

  private async claim(now: Date): Promise<string[]> {
    const answer = (await this.db.execute(sql`
      update ecf_received
         set next_verification_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
       where id in (
         select id from ecf_received
          where verification = 'pending'
            and next_verification_at <= ${now.toISOString()}::timestamptz
          order by next_verification_at
          limit ${BATCH}
          for update skip locked)
      returning id`)) as unknown as { rows: Array<{ id: string }> };
    return answer.rows.map((r) => r.id);
  }

  private client(key: SigningKey): DgiiClient {
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

  /** Asks the DGII about one row and records the answer; answers what became of it. */
  private async verify(client: DgiiClient, row: Row, now: Date): Promise<keyof VerificationPass> {
    const securityCode = row.securityCode ?? securityCodeOfText(row.xml);
    let answer: Awaited<ReturnType<DgiiClient['ecfStatus']>>;
    try {
      answer = await client.ecfStatus({
        issuerRnc: row.issuerRnc,
        encf: row.encf,
        buyerRnc: row.buyerRnc,
        securityCode,
      });
    } catch (err) {
      const message =
        err instanceof DgiiError
          ? err.status === 404
            ? `La DGII no ofrece la consulta de estado en ${this.config.environment}: el e-CF queda por verificar.`
            : `No se pudo consultar el estado en la DGII: ${[err.message, ...err.messages.map((m) => m.message)].join(' ')}`
          : `No se pudo consultar el estado en la DGII: ${(err as Error).message}`;
      this.log.warn({ err, ecfReceived: row.id }, 'received e-CF: consulta de estado failed');
      await this.later(
        row,
        now,
        message,
        err instanceof DgiiError && err.status === 404 ? 6 * 3600_000 : null,
      );
      return 'waiting';
    }
    if (answer.status === 'in_process') {
      await this.later(row, now, 'La DGII aún está validando este e-CF.', IN_PROCESS_DELAY_MS);
      return 'waiting';
    }
    if (answer.status === 'not_found') {
      if (now.getTime() - row.receivedAt.getTime() > VERIFY_WINDOW_MS)
        return this.settle(row, now, 'unconfirmed', 'La DGII no tiene registrado este e-CF.');
      await this.later(row, now, 'La DGII aún no tiene registrado este e-CF.', null);
      return 'waiting';
    }
    if (answer.status === 'rejected')
      return this.settle(
        row,
        now,
        'rejected',
        ['La DGII indica que este e-CF no es válido.', ...answer.messages.map((m) => m.message)].join(' '),
      );
    // Aceptado or Aceptado Condicional: the DGII's values must be the ones we received.
    const differs = [
      answer.totalCents !== null && answer.totalCents !== row.totalCents ? 'monto total' : null,
      answer.buyerRnc && answer.buyerRnc !== row.buyerRnc ? 'RNC comprador' : null,
      answer.securityCode && securityCode && answer.securityCode !== securityCode
        ? 'código de seguridad'
        : null,
    ].filter(Boolean);
    if (differs.length > 0)
      return this.settle(
        row,
        now,
        'unconfirmed',
        `Los datos que tiene la DGII de este e-CF no coinciden con el documento recibido (${differs.join(', ')}).`,
      );
    return this.settle(row, now, 'verified', null);
  }

  /** The row waits for another turn (`delayMs`, else {@link verificationDelayMs}). */
  private async later(row: Row, now: Date, message: string, delayMs: number | null): Promise<void> {
    const attempts = row.verificationAttempts + 1;
    await this.db
      .update(ecfReceived)
      .set({
        verificationAttempts: attempts,
        verificationMessage: message,
        nextVerificationAt: new Date(now.getTime() + (delayMs ?? verificationDelayMs(attempts))),
        updatedAt: new Date(),
      })
      .where(and(eq(ecfReceived.id, row.id), eq(ecfReceived.verification, 'pending')));
  }

  /**
   * The DGII's final word. Verified: the row counts (unique per issuer and e-NCF among verified
   * rows: a second confirmation of the same e-NCF is "no confirmado"), becomes a purchase draft, the
   * admins are told, and the other rows of its e-NCF still por verificar are settled as not
   * confirmed. Audited either way.
   */
  private async settle(
    row: Row,
    now: Date,
    outcome: 'verified' | 'rejected' | 'unconfirmed',
    message: string | null,
  ): Promise<keyof VerificationPass> {
    const done = await this.db.transaction(async (tx) => {
      let status = outcome;
      let note = message;
      if (status === 'verified') {
        const [other] = await tx
          .select({ id: ecfReceived.id })
          .from(ecfReceived)
          .where(
            and(
              eq(ecfReceived.issuerRnc, row.issuerRnc),
              eq(ecfReceived.encf, row.encf),
              eq(ecfReceived.verification, 'verified'),
            ),
          )
          .limit(1);
        if (other) {
          status = 'unconfirmed';
          note = 'Otro documento con el mismo e-NCF ya fue verificado con la DGII.';
        }
      }
      const [updated] = await tx
        .update(ecfReceived)
        .set({
          verification: status,
          verificationMessage: note,
          verificationAttempts: row.verificationAttempts + 1,
          verifiedAt: status === 'verified' ? now : null,
          updatedAt: new Date(),
        })
        .where(and(eq(ecfReceived.id, row.id), eq(ecfReceived.verification, 'pending')))
        .returning();
      if (!updated) return null;
      await audit(
        tx,
        { actorId: null },
        'fiscal.received_verified',
        { type: 'ecf_received', id: row.id },
        { issuerRnc: row.issuerRnc, encf: row.encf, outcome: status },
      );
      let fx = effects();
      if (status === 'verified') {
        fx = mergeEffects(fx, await adoptVerifiedEcf({ tx, row: updated }));
        await tx
          .update(ecfReceived)
          .set({
            verification: 'unconfirmed',
            verificationMessage: 'Otro documento con el mismo e-NCF fue verificado con la DGII.',
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(ecfReceived.issuerRnc, row.issuerRnc),
              eq(ecfReceived.encf, row.encf),
              eq(ecfReceived.verification, 'pending'),
              ne(ecfReceived.id, row.id),
            ),
          );
      }
      return { status, fx };
    });
    if (!done) return 'waiting';
    this.push(done.fx);
    this.log.info(
      { ecfReceived: { id: row.id, encf: row.encf, verification: done.status } },
      'received e-CF verified with the DGII',
    );
    return done.status;
  }
}

/** The security code (first 6 characters of `SignatureValue`) read from the text without a parser. */
export function securityCodeOfText(xml: string): string | null {
  const m = /<(?:[\w.-]+:)?SignatureValue\b[^>]*>([^<]*)</.exec(xml);
  const code = m?.[1]?.replace(/\s+/g, '').slice(0, 6);
  return code ? code : null;
}
