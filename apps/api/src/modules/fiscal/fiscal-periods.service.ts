import {
  businessToday,
  type ClosedFiscalPeriod,
  type CreateFiscalPeriodRequestSchema,
  closedPeriodMessage,
  type DeleteFiscalPeriodRequestSchema,
  ErrorCodes,
  type FiscalPeriodCorrection,
  formatFiscalPeriod,
  periodOfDay,
} from '@agencia/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { fiscalPeriods, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';

/** Namespace of the period advisory locks (first key; the second is the period as a number). */
const PERIOD_LOCK_NAMESPACE = 27_135;

/**
 * Transaction-scoped advisory lock on one period: writers dated in it take it shared, closing takes
 * it exclusive (a missing row cannot be locked with FOR SHARE, so the row alone would leave a gap).
 */
async function lockPeriod(tx: Tx, period: string, mode: 'shared' | 'exclusive'): Promise<void> {
  const key = Number(period);
  await tx.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(${PERIOD_LOCK_NAMESPACE}::int, ${key}::int)`
      : sql`select pg_advisory_xact_lock(${PERIOD_LOCK_NAMESPACE}::int, ${key}::int)`,
  );
}

/**
 * Throws 409 (Spanish, naming the month) when `day` (YYYY-MM-DD) falls in a closed fiscal period
 * (issue 27, decision 135). Call it inside the caller's transaction, before writing: it takes the
 * month's shared advisory lock ({@link lockPeriod}) until commit, so a concurrent close waits for
 * the write, and a write that comes during a close waits for it and then sees the month closed.
 * `what` is the request field that carries the day (e.g. 'paidDate', 'issueDate'), returned as the
 * envelope's field error so a form can point at it.
 */
export async function assertPeriodOpen({
  tx,
  day,
  what,
}: {
  tx: Tx;
  day: string;
  what: string;
}): Promise<void> {
  const period = periodOfDay(day);
  await lockPeriod(tx, period, 'shared');
  const [row] = await tx
    .select({ period: fiscalPeriods.period })
    .from(fiscalPeriods)
    .where(eq(fiscalPeriods.period, period));
  if (row) {
    const message = closedPeriodMessage(period);
    throw new AppError(409, ErrorCodes.CONFLICT, message, [{ field: what, message }]);
  }
}

/**
 * Whether `day`'s month is closed, taking the month's shared lock like {@link assertPeriodOpen}
 * (a concurrent close waits for the caller's transaction). For writers that may touch a closed
 * month only in a way that leaves its reports as filed (a late payment of a purchase, issue 42).
 */
export async function isPeriodClosed({ tx, day }: { tx: Tx; day: string }): Promise<boolean> {
  const period = periodOfDay(day);
  await lockPeriod(tx, period, 'shared');
  const [row] = await tx
    .select({ period: fiscalPeriods.period })
    .from(fiscalPeriods)
    .where(eq(fiscalPeriods.period, period));
  return Boolean(row);
}

const selectPeriod = {
  period: fiscalPeriods.period,
  closedAt: fiscalPeriods.closedAt,
  closedById: users.id,
  closedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
};

type PeriodRow = { period: string; closedAt: Date; closedById: string | null; closedByName: string | null };

const toDto = (r: PeriodRow): ClosedFiscalPeriod => ({
  period: r.period,
  closedAt: r.closedAt.toISOString(),
  closedBy: r.closedById ? { _id: r.closedById, name: r.closedByName ?? '' } : null,
});

async function findPeriod(db: Db | Tx, period: string): Promise<ClosedFiscalPeriod | null> {
  const [row] = await db
    .select(selectPeriod)
    .from(fiscalPeriods)
    .leftJoin(users, eq(users.id, fiscalPeriods.closedBy))
    .where(eq(fiscalPeriods.period, period));
  return row ? toDto(row) : null;
}

/** `GET /fiscal/periods` (admin): the closed months, newest first. */
export async function listPeriods(db: Db): Promise<ClosedFiscalPeriod[]> {
  const rows = await db
    .select(selectPeriod)
    .from(fiscalPeriods)
    .leftJoin(users, eq(users.id, fiscalPeriods.closedBy))
    .orderBy(desc(fiscalPeriods.period));
  return rows.map(toDto);
}

/**
 * `POST /fiscal/periods` (admin): closes a month whose reports were filed. 400 when the month
 * has not ended yet (the current month or later, business time zone); 409 when already closed.
 * Audited as `fiscal.period_closed`.
 */
export async function closePeriod(
  opts: WriteCall & { input: z.output<typeof CreateFiscalPeriodRequestSchema> },
): Promise<ClosedFiscalPeriod> {
  const { db, actor, ctx, input } = opts;
  const { period } = input;
  if (period >= periodOfDay(businessToday())) {
    throw badRequest(
      `El período ${formatFiscalPeriod(period)} aún no ha terminado: solo se cierran meses pasados.`,
      [{ field: 'period', message: 'Solo se cierran meses pasados' }],
    );
  }
  return db.transaction(async (tx) => {
    await lockPeriod(tx, period, 'exclusive');
    const inserted = await tx
      .insert(fiscalPeriods)
      .values({ period, closedBy: actor.id })
      .onConflictDoNothing()
      .returning({ period: fiscalPeriods.period });
    if (inserted.length === 0) throw conflict(`El período ${formatFiscalPeriod(period)} ya está cerrado.`);
    await audit(tx, ctx, 'fiscal.period_closed', { type: 'fiscal_period', id: null }, { period });
    return (await findPeriod(tx, period))!;
  });
}

/**
 * `DELETE /fiscal/periods/{period}` (admin): reopens a closed month. 404 when it is not closed.
 * Audited as `fiscal.period_reopened` with the reason and who had closed it.
 */
export async function reopenPeriod(
  opts: WriteCall & { period: string; input: z.output<typeof DeleteFiscalPeriodRequestSchema> },
): Promise<ClosedFiscalPeriod> {
  const { db, ctx, period, input } = opts;
  return db.transaction(async (tx) => {
    const before = await findPeriod(tx, period);
    if (!before) throw notFound(`El período ${formatFiscalPeriod(period)} no está cerrado.`);
    await tx.delete(fiscalPeriods).where(eq(fiscalPeriods.period, period));
    await audit(
      tx,
      ctx,
      'fiscal.period_reopened',
      { type: 'fiscal_period', id: null },
      { period, reason: input.reason, closedAt: before.closedAt, closedBy: before.closedBy?._id ?? null },
    );
    return before;
  });
}

/**
 * `GET /fiscal/periods/corrections` (admin, issue 27): the filed months — closed at least once, by
 * the audit log's `fiscal.period_closed` — that have payments or withholdings, credit notes or NCF
 * annulments dated in them and recorded after their first closing (while reopened). Those months'
 * 607/608 must be sent again rectified. Newest month first.
 */
export async function periodCorrections(db: Db): Promise<FiscalPeriodCorrection[]> {
  const result = (await db.execute(sql`
    with filed as (
      select metadata->>'period' as period, min(created_at) as first_closed_at
        from audit_log
       where action = 'fiscal.period_closed' and metadata ? 'period'
       group by 1
    ), bounds as (
      select period, first_closed_at,
             to_date(period || '01', 'YYYYMMDD') as first_day,
             (to_date(period || '01', 'YYYYMMDD') + interval '1 month' - interval '1 day')::date as last_day
        from filed
    )
    select b.period, b.first_closed_at,
           (select count(*) from invoice_payments p
             where p.created_at > b.first_closed_at
               and (p.paid_date between b.first_day and b.last_day
                    or p.retention_date between b.first_day and b.last_day))::int as payments,
           (select count(*) from credit_notes c
             where c.created_at > b.first_closed_at and c.issue_date between b.first_day and b.last_day)::int as credit_notes,
           (select count(*) from ncf_voids v
             where v.created_at > b.first_closed_at and v.voided_on between b.first_day and b.last_day)::int as voids
      from bounds b
     order by b.period desc`)) as unknown as {
    rows: Array<{
      period: string;
      first_closed_at: Date | string;
      payments: number;
      credit_notes: number;
      voids: number;
    }>;
  };
  return result.rows
    .filter((r) => Number(r.payments) + Number(r.credit_notes) + Number(r.voids) > 0)
    .map((r) => ({
      period: r.period,
      firstClosedAt: new Date(r.first_closed_at).toISOString(),
      payments: Number(r.payments),
      creditNotes: Number(r.credit_notes),
      voids: Number(r.voids),
    }));
}
