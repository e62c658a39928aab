import { randomUUID } from 'node:crypto';
import type { DgiiMessage } from '@agencia/shared';
import { and, asc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { EcfConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { ecfCertificationCases, ecfCertificationSets } from '../../db/schema/index.js';
import { PassLoop } from '../../lib/pass-loop.js';
import { DgiiClient, DgiiError } from '../ecf/dgii-client.js';
import { ecfRetryDelayMs } from '../ecf/ecf-sender.js';
import { cachedDgiiToken, loadSigningKey, storeDgiiToken } from '../ecf/ecf-settings.service.js';
import { type SigningKey, securityCodeOf, signXml } from '../ecf/ecf-signature.js';
import {
  buildCaseAcecf,
  buildCaseEcf,
  buildCaseRfce,
  type CertificationEcfType,
} from './certification-xml.js';

/**
 * Wait before asking the result of a case again, after `attempts` (post included): 1 s, then
 * doubling up to a minute. Shorter than the invoices' schedule because an admin is watching the
 * run and the DGII validates in about 200 ms on average (DT, "Consulta de resultado e-CF": "En
 * Proceso … tiempo promedio de validación 200 ms").
 */
export function certificationPollDelayMs(attempts: number): number {
  return Math.min(60_000, 1_000 * 2 ** Math.max(0, attempts - 1));
}

type SetRow = typeof ecfCertificationSets.$inferSelect;
type CaseRow = typeof ecfCertificationCases.$inferSelect;
type Logger = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** How long a claimed set stays ours: longer than one request and its signature. */
export const CERTIFICATION_LEASE_MS = 2 * 60_000;

/** What one pass did (for logs and tests). */
export interface CertificationPass {
  sets: number;
  posted: number;
  decided: number;
}

/** How the runner reaches the DGII (tests inject a short timeout). */
export interface CertificationRunnerOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** What advancing one case asks of the run. */
type Step = { next: true } | { waitMs: number } | { stopped: true };

const DECIDED = ['accepted', 'conditionally_accepted'] as const;

/**
 * The runner of the DGII certification test sets (issue 41, decision 158): like the e-CF outbox
 * (EcfSender), every process may run it; a pass claims due sets in `sending` with
 * `FOR UPDATE SKIP LOCKED` and a lease (`lockedUntil`, `lockedBy`), so one process runs a set.
 * Within a set the cases go one at a time in `position` order (the DGII's order): each is signed at
 * send time, its `submittedAt` (with the signed XML) is committed before the request leaves —
 * only if no process recorded it before and no other set already posted that e-NCF (unique index
 * `ecf_certification_cases_submitted_uq`) — then the consulta de resultado is asked until the DGII
 * decides, and only then the next case goes. The first rejection stops the run: the later cases
 * become `not_sent` and the set's `advice` says what to do. A DGII that does not answer keeps the
 * case and the set is tried again with {@link ecfRetryDelayMs}; an earlier post with no known
 * outcome asks the DGII's trackIds first (e-CF) and adopts the one it finds.
 */
export class CertificationRunner {
  private soon: NodeJS.Timeout | null = null;
  private readonly loop = new PassLoop<CertificationPass>({
    run: () => this.pass(),
    everyMs: () => this.config.sendIntervalSeconds * 1000,
    onError: (err) => {
      this.log.warn({ err }, 'certification runner pass failed');
      return { sets: 0, posted: 0, decided: 0 };
    },
  });
  readonly instanceId = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly config: EcfConfig,
    private readonly log: Logger = { info: () => {}, warn: () => {} },
    private readonly options: CertificationRunnerOptions = {},
  ) {}

  /** Passes every `config.sendIntervalSeconds` (see {@link PassLoop}). */
  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    if (this.soon) clearTimeout(this.soon);
    this.soon = null;
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

  /** One pass over the due sets at `now` (tests move it). */
  async pass(now = new Date()): Promise<CertificationPass> {
    const result: CertificationPass = { sets: 0, posted: 0, decided: 0 };
    const claimed = (await this.db.execute(sql`
      update ecf_certification_sets
         set locked_until = now() + make_interval(secs => ${CERTIFICATION_LEASE_MS / 1000}),
             locked_by = ${this.instanceId}
       where id in (
         select id from ecf_certification_sets
          where status = 'sending'
            and next_attempt_at <= ${now.toISOString()}::timestamptz
            and (locked_until is null or locked_until < now())
          order by next_attempt_at
          limit 5
          for update skip locked)
      returning id`)) as unknown as { rows: Array<{ id: string }> };
    let nextWake: number | null = null;
    for (const { id } of claimed.rows) {
      result.sets++;
      const wait = await this.runSet(id, now, result);
      if (wait !== null) nextWake = Math.min(nextWake ?? wait, wait);
    }
    // A short wait (the consulta while the DGII processes) need not wait for the interval.
    if (this.loop.started && nextWake !== null && nextWake < this.config.sendIntervalSeconds * 1000) {
      if (this.soon) clearTimeout(this.soon);
      this.soon = setTimeout(() => this.wake(), nextWake);
      this.soon.unref();
    }
    return result;
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

  /** Renews our lease; false when another process holds the set now (then we post nothing). */
  private async renew(setId: string): Promise<boolean> {
    const rows = await this.db
      .update(ecfCertificationSets)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${CERTIFICATION_LEASE_MS / 1000})` })
      .where(and(eq(ecfCertificationSets.id, setId), eq(ecfCertificationSets.lockedBy, this.instanceId)))
      .returning({ id: ecfCertificationSets.id });
    return rows.length > 0;
  }

  /** Releases the set until `now + delayMs`; answers the delay. */
  private async release(setId: string, now: Date, delayMs: number, advice?: string | null): Promise<number> {
    await this.db
      .update(ecfCertificationSets)
      .set({
        lockedUntil: null,
        lockedBy: null,
        nextAttemptAt: new Date(now.getTime() + delayMs),
        ...(advice !== undefined ? { advice } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(ecfCertificationSets.id, setId), eq(ecfCertificationSets.lockedBy, this.instanceId)));
    return delayMs;
  }

  /** Advances one claimed set as far as it can now; answers the wait before its next pass (null: done). */
  private async runSet(setId: string, now: Date, result: CertificationPass): Promise<number | null> {
    const [set] = await this.db.select().from(ecfCertificationSets).where(eq(ecfCertificationSets.id, setId));
    if (set?.status !== 'sending') return null;
    const key = await loadSigningKey({ db: this.db, config: this.config });
    if (!key)
      return this.release(
        setId,
        now,
        ecfRetryDelayMs(1),
        'Carga el certificado digital (.p12) de la empresa: sin él no se pueden firmar los casos. El envío sigue en cuanto esté cargado.',
      );
    const client = this.client(key);
    const cases = await this.db
      .select()
      .from(ecfCertificationCases)
      .where(eq(ecfCertificationCases.setId, setId))
      .orderBy(asc(ecfCertificationCases.position));
    for (const c of cases) {
      if ((DECIDED as readonly string[]).includes(c.status) || c.status === 'not_sent') continue;
      if (c.status === 'rejected') {
        await this.stopRun(set, c, c.messages, now);
        return null;
      }
      let step: Step;
      try {
        step = await this.advance(client, key, set, c, now, result);
      } catch (err) {
        if (err instanceof DgiiError && err.kind === 'rejected' && !c.trackId) {
          // The DGII refused the document itself (format, signature, duplicate…): its final answer.
          const messages = err.messages.length ? err.messages : [{ code: 'HTTP', message: err.message }];
          await this.decide(c, 'rejected', messages, now);
          result.decided++;
          await this.stopRun(set, c, messages, now);
          return null;
        }
        const failures = c.attempts + 1;
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        await this.db
          .update(ecfCertificationCases)
          .set({ attempts: failures, lastError: error, updatedAt: new Date() })
          .where(eq(ecfCertificationCases.id, c.id));
        this.log.warn({ encf: c.encf, failures, error }, 'certification case not delivered; will retry');
        return this.release(setId, now, ecfRetryDelayMs(failures));
      }
      if ('stopped' in step) return null;
      if ('waitMs' in step) return this.release(setId, now, step.waitMs);
    }
    await this.db
      .update(ecfCertificationSets)
      .set({
        status: 'completed',
        finishedAt: now,
        lockedUntil: null,
        lockedBy: null,
        advice:
          set.kind === 'ecf'
            ? 'La DGII aceptó todos los casos del set. Verifica en el portal de certificación de la DGII que «Pruebas de Datos e-CF» figure como completado y continúa con el paso siguiente.'
            : 'La DGII recibió todas las aprobaciones comerciales. Verifica en el portal de certificación de la DGII que «Pruebas de Datos Aprobación Comercial» figure como completado.',
        updatedAt: new Date(),
      })
      .where(and(eq(ecfCertificationSets.id, setId), eq(ecfCertificationSets.lockedBy, this.instanceId)));
    this.log.info({ setId }, 'certification test set completed');
    return null;
  }

  /** Another set already posted this e-NCF (any outcome): it is spent and must not be posted again. */
  private async postedElsewhere(c: CaseRow): Promise<CaseRow | null> {
    const [other] = await this.db
      .select()
      .from(ecfCertificationCases)
      .where(
        and(
          eq(ecfCertificationCases.issuerRnc, c.issuerRnc),
          eq(ecfCertificationCases.encf, c.encf),
          eq(ecfCertificationCases.channel, c.channel),
          isNotNull(ecfCertificationCases.submittedAt),
          ne(ecfCertificationCases.id, c.id),
        ),
      )
      .limit(1);
    return other ?? null;
  }

  /**
   * Records the attempt with the signed documents and commits it before the request leaves. Answers
   * false when it was recorded already (another process) or the e-NCF was posted by another set
   * (unique index): then nothing is posted.
   */
  private async markSubmitted(
    c: CaseRow,
    now: Date,
    docs: { signedXml: string; securityCode: string | null; summaryXml?: string },
  ): Promise<boolean> {
    try {
      const rows = await this.db
        .update(ecfCertificationCases)
        .set({
          ...docs,
          submittedAt: now,
          status: 'sending',
          attempts: c.attempts + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(ecfCertificationCases.id, c.id), isNull(ecfCertificationCases.submittedAt)))
        .returning({ id: ecfCertificationCases.id });
      return rows.length > 0;
    } catch (err) {
      if ((err as { code?: string; cause?: { code?: string } }).code === '23505') return false;
      if ((err as { cause?: { code?: string } }).cause?.code === '23505') return false;
      throw err;
    }
  }

  /** Moves one case one step: sign and post it, adopt a lost post, or ask its result. */
  private async advance(
    client: DgiiClient,
    key: SigningKey,
    set: SetRow,
    c: CaseRow,
    now: Date,
    result: CertificationPass,
  ): Promise<Step> {
    const fileName = `${c.channel === 'acecf' ? rncOf(c) : c.issuerRnc}${c.encf}.xml`;

    if (!c.submittedAt) {
      const other = await this.postedElsewhere(c);
      if (other) return this.spentElsewhere(set, c, now);
      if (!(await this.renew(set.id))) return { waitMs: CERTIFICATION_LEASE_MS };
      // Sign at send time (FechaHoraFirma now); the RFCE carries the signed E32's security code.
      let docs: { signedXml: string; securityCode: string | null; summaryXml?: string };
      if (c.channel === 'acecf') {
        const built = buildCaseAcecf(c.values, now);
        if (built.problems.length > 0) return this.unbuildable(set, c, built.problems, now);
        docs = { signedXml: signXml(built.xml, key), securityCode: null };
      } else {
        const built = buildCaseEcf(c.documentType as CertificationEcfType, c.values, now);
        if (built.problems.length > 0) return this.unbuildable(set, c, built.problems, now);
        const signedXml = signXml(built.xml, key);
        const securityCode = securityCodeOf(signedXml);
        docs = { signedXml, securityCode };
        if (c.channel === 'rfce') {
          const rfce = buildCaseRfce(c.values, securityCode);
          if (rfce.problems.length > 0) return this.unbuildable(set, c, rfce.problems, now);
          docs.summaryXml = signXml(rfce.xml, key);
        }
      }
      if (!(await this.markSubmitted(c, now, docs))) {
        if (await this.postedElsewhere(c)) return this.spentElsewhere(set, c, now);
        return { waitMs: 0 };
      }
      result.posted++;
      Object.assign(c, docs, { submittedAt: now, attempts: c.attempts + 1 });
      return this.post(client, set, c, fileName, now, result);
    }

    if (c.channel === 'ecf' && c.trackId) {
      const answer = await client.trackResult(c.trackId);
      if (answer.status === 'in_process' || answer.status === 'not_found') {
        await this.db
          .update(ecfCertificationCases)
          .set({ attempts: c.attempts + 1, updatedAt: new Date() })
          .where(eq(ecfCertificationCases.id, c.id));
        return { waitMs: certificationPollDelayMs(c.attempts) };
      }
      await this.decide(c, answer.status, answer.messages, now);
      result.decided++;
      if (answer.status === 'rejected') return this.stopRun(set, c, answer.messages, now);
      return { next: true };
    }

    // Posted earlier without a known outcome (timeout, crash).
    if (c.channel === 'ecf') {
      const known = await client.trackIdsFor(c.issuerRnc, c.encf);
      if (known.length > 0) {
        await this.sent(c, known[0]!.trackId, []);
        return { waitMs: 0 };
      }
    }
    if (!(await this.renew(set.id))) return { waitMs: CERTIFICATION_LEASE_MS };
    await this.db
      .update(ecfCertificationCases)
      .set({ attempts: c.attempts + 1, updatedAt: new Date() })
      .where(eq(ecfCertificationCases.id, c.id));
    c.attempts++;
    return this.post(client, set, c, fileName, now, result);
  }

  /** Posts the signed document of `c` to its service and records the answer. */
  private async post(
    client: DgiiClient,
    set: SetRow,
    c: CaseRow,
    fileName: string,
    now: Date,
    result: CertificationPass,
  ): Promise<Step> {
    if (c.channel === 'ecf') {
      const reception = await client.sendEcf(c.signedXml!, fileName);
      await this.sent(c, reception.trackId, reception.messages);
      return { waitMs: certificationPollDelayMs(1) };
    }
    if (c.channel === 'rfce') {
      const answer = await client.sendSummary(c.summaryXml!, fileName);
      if (answer.status === 'in_process' || answer.status === 'not_found')
        return { waitMs: certificationPollDelayMs(c.attempts) };
      await this.decide(c, answer.status, answer.messages, now);
      result.decided++;
      if (answer.status === 'rejected') return this.stopRun(set, c, answer.messages, now);
      return { next: true };
    }
    // ACECF: the DGII's answer is immediate; a refusal comes as a DgiiError 'rejected'.
    const answer = await client.sendCommercialApproval(c.signedXml!, fileName);
    const messages: DgiiMessage[] = [
      ...(answer.state ? [{ code: answer.code ?? '', message: answer.state }] : []),
      ...answer.messages,
    ];
    await this.decide(c, 'accepted', messages, now);
    result.decided++;
    return { next: true };
  }

  private async sent(c: CaseRow, trackId: string, messages: DgiiMessage[]): Promise<void> {
    await this.db
      .update(ecfCertificationCases)
      .set({ status: 'sent', trackId, messages, lastError: null, updatedAt: new Date() })
      .where(eq(ecfCertificationCases.id, c.id));
  }

  private async decide(
    c: CaseRow,
    status: CaseRow['status'],
    messages: DgiiMessage[],
    now: Date,
  ): Promise<void> {
    await this.db
      .update(ecfCertificationCases)
      .set({ status, messages, lastError: null, decidedAt: now, updatedAt: new Date() })
      .where(eq(ecfCertificationCases.id, c.id));
    this.log.info({ encf: c.encf, status }, 'certification case decided by the DGII');
  }

  /**
   * Stops the run at `c`: the later cases not yet posted become `not_sent`, the set `stopped` with
   * the advice (Spanish) naming the case and the DGII's messages.
   */
  private async stopRun(
    set: SetRow,
    c: CaseRow,
    messages: DgiiMessage[],
    now: Date,
    advice?: string,
  ): Promise<Step> {
    const reasons =
      messages.map((m) => (m.code ? `${m.code}: ${m.message}` : m.message)).join(' ') || 'sin detalle';
    const text =
      advice ??
      `La DGII rechazó el caso ${c.caseNumber} (${c.documentType} ${c.encf}): ${reasons} Corrige lo que indica la DGII (los datos de la empresa, el certificado o, si el error es del caso, avísale a la DGII) y solicita un nuevo set de pruebas en el portal de certificación: los e-NCF enviados ya se consumieron. Los casos siguientes no se enviaron.`;
    await this.db.transaction(async (tx) => {
      await tx
        .update(ecfCertificationCases)
        .set({ status: 'not_sent', updatedAt: new Date() })
        .where(
          and(
            eq(ecfCertificationCases.setId, set.id),
            gt(ecfCertificationCases.position, c.position),
            isNull(ecfCertificationCases.submittedAt),
          ),
        );
      await tx
        .update(ecfCertificationSets)
        .set({
          status: 'stopped',
          finishedAt: now,
          advice: text.slice(0, 2000),
          lockedUntil: null,
          lockedBy: null,
          updatedAt: new Date(),
        })
        .where(eq(ecfCertificationSets.id, set.id));
    });
    this.log.warn({ setId: set.id, encf: c.encf }, 'certification test set stopped');
    return { stopped: true };
  }

  /** The case's e-NCF was posted by another set: not posted again; the run stops saying so. */
  private async spentElsewhere(set: SetRow, c: CaseRow, now: Date): Promise<Step> {
    await this.db
      .update(ecfCertificationCases)
      .set({ status: 'not_sent', updatedAt: new Date() })
      .where(eq(ecfCertificationCases.id, c.id));
    return this.stopRun(
      set,
      c,
      [],
      now,
      `El e-NCF ${c.encf} del caso ${c.caseNumber} ya se envió a la DGII en otro set de pruebas: cada e-NCF se envía una sola vez. Solicita un nuevo set de pruebas a la DGII y cárgalo. Este caso y los siguientes no se enviaron.`,
    );
  }

  /** A case that no longer builds (should not happen: it was checked at import): stop before posting. */
  private async unbuildable(
    set: SetRow,
    c: CaseRow,
    problems: Array<{ field: string | null; message: string }>,
    now: Date,
  ): Promise<Step> {
    await this.db
      .update(ecfCertificationCases)
      .set({
        status: 'not_sent',
        lastError: problems
          .map((p) => p.message)
          .join(' ')
          .slice(0, 500),
      })
      .where(eq(ecfCertificationCases.id, c.id));
    return this.stopRun(
      set,
      c,
      [],
      now,
      `El caso ${c.caseNumber} (${c.encf}) no se pudo construir al enviarlo: ${problems.map((p) => `${p.field ?? ''} ${p.message}`).join(' ')} No se envió; carga de nuevo el set corregido.`,
    );
  }
}

/** The RNCComprador of an approvals case (its answerer), from the row. */
function rncOf(c: CaseRow): string {
  const key = Object.keys(c.values).find((k) => k.trim().toLowerCase() === 'rnccomprador');
  return key ? c.values[key]!.trim() : '';
}
