import { randomUUID } from 'node:crypto';
import { addDays, BUSINESS_TIME_ZONE, businessToday, formatTime, type ScheduledJob } from '@agencia/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobRuns, scheduledJobs } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import { getCompanySettings } from '../settings/settings.service.js';

/** What a job's handler gets: the database and the instant it runs "as of" (tests move it). */
export interface JobContext {
  db: Db;
  asOf: Date;
  /** `asOf` as a business day (YYYY-MM-DD, America/Santo_Domingo). */
  today: string;
}

/**
 * A scheduled job (decision 110). `run` must be idempotent: running it twice for one day
 * creates nothing twice (its own unique keys guarantee it, not the runner). It answers a
 * Spanish one-line summary ("2 facturas creadas").
 */
export interface JobDefinition {
  name: string;
  label: string;
  description: string;
  /** Local hour (0–23, America/Santo_Domingo) it runs each day. */
  hour: number;
  run: (ctx: JobContext) => Promise<string>;
}

/** How long a claimed job stays ours (ms); a crashed process's claim expires after it. */
export const JOB_LEASE_MS = 10 * 60_000;
/** Retry delay after a failure: 15 min × 2^(failures − 1), at most 6 h. */
export function retryDelayMs(failures: number): number {
  return Math.min(6 * 3600_000, 15 * 60_000 * 2 ** Math.max(0, failures - 1));
}

/** The Dominican Republic keeps UTC−4 all year (no daylight saving). */
const BUSINESS_UTC_OFFSET_HOURS = -4;

/** The first instant after `after` that is `hour`:00 in the business time zone. */
export function nextDailyRun(after: Date, hour: number): Date {
  const today = businessToday(after);
  const at = (day: string) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + (hour - BUSINESS_UTC_OFFSET_HOURS) * 3600_000);
  const candidate = at(today);
  if (candidate > after) return candidate;
  return at(addDays(today, 1));
}

/**
 * When a job runs, in Spanish, written with the company's time zone and clock like every other
 * time on the page ("Cada día a las 6:00 a. m.", or "06:00" on a 24-hour clock; issue 32 point 12:
 * the schedule said "06:00" beside a next run at "6:00 a. m.").
 */
export function scheduleText(
  hour: number,
  display: { timeZone: string; timeFormat: '12h' | '24h' },
  now: Date = new Date(),
): string {
  return `Cada día a las ${formatTime(nextDailyRun(now, hour), display)}`;
}

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * The one runner of everything scheduled (decision 110). Every `intervalMs` each process claims
 * due jobs with `FOR UPDATE SKIP LOCKED` and a lease, so two processes never run one job at
 * once; each run is recorded per job and business day in `job_runs` (a day that finished `ok`
 * is not run again by the schedule). Works the same on PGlite and PostgreSQL.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  readonly instanceId = randomUUID();

  constructor(
    private readonly db: Db,
    readonly jobs: readonly JobDefinition[],
    private readonly log: Logger = { info: () => {}, error: () => {} },
  ) {}

  /** Creates the missing `scheduled_jobs` rows (first run: the next scheduled hour). */
  async register(now = new Date()): Promise<void> {
    for (const job of this.jobs)
      await this.db
        .insert(scheduledJobs)
        .values({ name: job.name, nextRunAt: nextDailyRun(now, job.hour) })
        .onConflictDoNothing();
  }

  /** Starts the timer (first check after `intervalMs`). */
  start(intervalMs = 60_000): void {
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = this.tick()
        .then(() => undefined)
        .catch((err) => this.log.error({ err }, 'scheduled jobs tick failed'))
        .finally(() => {
          this.ticking = null;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /**
   * Claims and runs every job due at `now` (the schedule's clock; tests move it). The lease
   * always counts from the database's real clock, so a moved `now` never shortens it.
   * Answers the names it ran.
   */
  async tick(now = new Date()): Promise<string[]> {
    const claimed = (await this.db.execute(sql`
      update scheduled_jobs
         set locked_until = now() + make_interval(secs => ${JOB_LEASE_MS / 1000}),
             locked_by = ${this.instanceId}
       where name in (
         select name from scheduled_jobs
          where next_run_at <= ${now.toISOString()}::timestamptz
            and (locked_until is null or locked_until < now())
          order by next_run_at
          for update skip locked)
      returning name`)) as unknown as { rows: Array<{ name: string }> };
    const ran: string[] = [];
    for (const { name } of claimed.rows) {
      const job = this.jobs.find((j) => j.name === name);
      if (!job) continue;
      await this.execute(job, now, false);
      ran.push(name);
    }
    return ran;
  }

  /**
   * Runs one job now (admin "Ejecutar ahora", and the tests' hook with `asOf`). 404 for an
   * unknown job, 409 while another process holds it. The run counts for `asOf`'s business day
   * even when that day already ran (the handlers are idempotent).
   */
  async runNow(name: string, asOf = new Date()): Promise<ScheduledJob> {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw notFound('Tarea no encontrada');
    await this.register();
    const claimed = (await this.db.execute(sql`
      update scheduled_jobs
         set locked_until = now() + make_interval(secs => ${JOB_LEASE_MS / 1000}),
             locked_by = ${this.instanceId}
       where name in (
         select name from scheduled_jobs
          where name = ${name} and (locked_until is null or locked_until < now())
          for update skip locked)
      returning name`)) as unknown as { rows: Array<{ name: string }> };
    if (claimed.rows.length === 0)
      throw conflict('La tarea ya se está ejecutando. Inténtalo en unos minutos.');
    await this.execute(job, asOf, true);
    return (await this.list()).find((j) => j.name === name)!;
  }

  /** Runs a claimed job for `asOf`'s day, records the run and releases the claim. */
  private async execute(job: JobDefinition, asOf: Date, force: boolean): Promise<void> {
    const today = businessToday(asOf);
    const startedAt = new Date();
    const [done] = await this.db
      .select({ status: jobRuns.status })
      .from(jobRuns)
      .where(sql`${jobRuns.jobName} = ${job.name} and ${jobRuns.periodKey} = ${today}`);
    if (done?.status === 'ok' && !force) {
      await this.release(job, { nextRunAt: nextDailyRun(asOf, job.hour) });
      return;
    }
    await this.db
      .insert(jobRuns)
      .values({ jobName: job.name, periodKey: today, status: 'running', startedAt })
      .onConflictDoUpdate({
        target: [jobRuns.jobName, jobRuns.periodKey],
        set: { status: 'running', attempts: sql`${jobRuns.attempts} + 1`, startedAt, error: null },
      });
    await this.db
      .update(scheduledJobs)
      .set({ lastRunAt: startedAt, lastStatus: 'running', updatedAt: startedAt })
      .where(eq(scheduledJobs.name, job.name));
    try {
      const summary = await job.run({ db: this.db, asOf, today });
      const finishedAt = new Date();
      await this.db
        .update(jobRuns)
        .set({ status: 'ok', summary, finishedAt })
        .where(sql`${jobRuns.jobName} = ${job.name} and ${jobRuns.periodKey} = ${today}`);
      await this.release(job, {
        nextRunAt: nextDailyRun(asOf, job.hour),
        lastFinishedAt: finishedAt,
        lastStatus: 'ok',
        lastError: null,
        lastSummary: summary,
        failures: 0,
      });
      this.log.info({ job: job.name, day: today, summary }, 'scheduled job finished');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const finishedAt = new Date();
      const [row] = await this.db
        .select({ failures: scheduledJobs.failures })
        .from(scheduledJobs)
        .where(eq(scheduledJobs.name, job.name));
      const failures = (row?.failures ?? 0) + 1;
      await this.db
        .update(jobRuns)
        .set({ status: 'error', error: message.slice(0, 2000), finishedAt })
        .where(sql`${jobRuns.jobName} = ${job.name} and ${jobRuns.periodKey} = ${today}`);
      await this.release(job, {
        nextRunAt: new Date(finishedAt.getTime() + retryDelayMs(failures)),
        lastFinishedAt: finishedAt,
        lastStatus: 'error',
        lastError: message.slice(0, 2000),
        failures,
      });
      this.log.error({ job: job.name, day: today, err }, 'scheduled job failed');
    }
  }

  private async release(job: JobDefinition, set: Partial<typeof scheduledJobs.$inferInsert>): Promise<void> {
    await this.db
      .update(scheduledJobs)
      .set({ ...set, lockedUntil: null, lockedBy: null, updatedAt: new Date() })
      .where(eq(scheduledJobs.name, job.name));
  }

  /** `GET /jobs`: every job with its last run, next run and failures. */
  async list(): Promise<ScheduledJob[]> {
    await this.register();
    const rows = await this.db.select().from(scheduledJobs);
    const now = new Date();
    const settings = await getCompanySettings(this.db);
    const display = {
      timeZone: settings.timezone || BUSINESS_TIME_ZONE,
      timeFormat: settings.timeFormat === '24h' ? ('24h' as const) : ('12h' as const),
    };
    return this.jobs.map((job) => {
      const row = rows.find((r) => r.name === job.name)!;
      return {
        name: job.name,
        label: job.label,
        description: job.description,
        schedule: scheduleText(job.hour, display, now),
        lastRunAt: row.lastRunAt?.toISOString() ?? null,
        lastFinishedAt: row.lastFinishedAt?.toISOString() ?? null,
        lastStatus: row.lastStatus ?? null,
        lastError: row.lastError,
        lastSummary: row.lastSummary,
        failures: row.failures,
        nextRunAt: row.nextRunAt.toISOString(),
        running: Boolean(row.lockedUntil && row.lockedUntil > now),
      };
    });
  }
}
