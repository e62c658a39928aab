import {
  businessToday,
  type CreateFiscalSequenceRequestSchema,
  daysBetween,
  FISCAL_DOCUMENT_TYPE_LABELS,
  type FiscalDocumentType,
  type FiscalSequence,
  formatNcf,
  SEQUENCE_EXPIRY_ALERT_DAYS,
  type UpdateFiscalSequenceRequestSchema,
  type VoidNcfRequestSchema,
  type VoidNcfResponseSchema,
} from '@agencia/shared';
import { and, asc, desc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { fiscalSequences, ncfVoids } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { type Effects, effects, type StoredNotifications, type Written } from '../../lib/effects.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import type { WriteCall } from '../../lib/service-args.js';
import { displayDate } from '../billing-documents/billing-documents.js';
import { recordEcfAnnulment } from '../ecf/ecf-runtime.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { assertPeriodOpen } from './fiscal-periods.service.js';

type SequenceRow = typeof fiscalSequences.$inferSelect;

/** Whole percent (1 decimal) of the range still available. */
function remainingPercentOf(row: SequenceRow): number {
  const size = row.rangeTo - row.rangeFrom + 1;
  const remaining = row.rangeTo - row.nextNumber + 1;
  return Math.round((remaining / size) * 1000) / 10;
}

/** Maps a row to the API shape with its derived state against `today` (YYYY-MM-DD). */
export function toSequenceDto({
  row,
  today = businessToday(),
}: {
  row: SequenceRow;
  today?: string;
}): FiscalSequence {
  const type = row.documentType as FiscalDocumentType;
  const remaining = row.rangeTo - row.nextNumber + 1;
  const isExhausted = remaining <= 0;
  const isExpired = row.expiresOn < today;
  const remainingPercent = remainingPercentOf(row);
  return {
    _id: row.id,
    documentType: type,
    rangeFrom: row.rangeFrom,
    rangeTo: row.rangeTo,
    nextNumber: row.nextNumber,
    nextNcf: isExhausted ? null : formatNcf(type, row.nextNumber),
    used: row.nextNumber - row.rangeFrom,
    remaining: Math.max(0, remaining),
    remainingPercent,
    expiresOn: row.expiresOn,
    alertThreshold: row.alertThreshold,
    active: row.active,
    isExpired,
    isExhausted,
    isLow: remainingPercent <= row.alertThreshold,
    expiresSoon: !isExpired && daysBetween(today, row.expiresOn) <= SEQUENCE_EXPIRY_ALERT_DAYS,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `GET /fiscal/sequences` (admin): every range, active first, then by type and start. */
export async function listSequences(db: Db): Promise<FiscalSequence[]> {
  const rows = await db
    .select()
    .from(fiscalSequences)
    .orderBy(
      desc(fiscalSequences.active),
      asc(fiscalSequences.documentType),
      desc(fiscalSequences.rangeFrom),
    );
  const today = businessToday();
  return rows.map((r) => toSequenceDto({ row: r, today }));
}

/**
 * Refuses (409) a range that overlaps another range of the same type, or a second active
 * range of a type. The caller holds the table lock ({@link lockSequences}).
 */
async function assertNoConflict(
  tx: Tx,
  type: string,
  rangeFrom: number,
  rangeTo: number,
  active: boolean,
  exceptId?: string,
): Promise<void> {
  const others = await tx
    .select()
    .from(fiscalSequences)
    .where(
      and(
        eq(fiscalSequences.documentType, type),
        exceptId ? ne(fiscalSequences.id, exceptId) : undefined,
        lte(fiscalSequences.rangeFrom, rangeTo),
        gte(fiscalSequences.rangeTo, rangeFrom),
      ),
    )
    .limit(1);
  if (others[0])
    throw conflict(
      `El rango se solapa con otro rango de ${type} (${others[0].rangeFrom}–${others[0].rangeTo}).`,
    );
  if (active) {
    const [activeOne] = await tx
      .select({ id: fiscalSequences.id })
      .from(fiscalSequences)
      .where(
        and(
          eq(fiscalSequences.documentType, type),
          eq(fiscalSequences.active, true),
          exceptId ? ne(fiscalSequences.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (activeOne) throw conflict(`Ya hay un rango activo de ${type}. Desactívalo antes de activar otro.`);
  }
}

/**
 * 400 when `expiresOn` (YYYY-MM-DD) is before today in Santo Domingo: a range the DGII authorised
 * until a past day can issue nothing (issue 27, point 9). The day itself still counts.
 */
function assertNotExpired(expiresOn: string): void {
  const today = businessToday();
  if (expiresOn >= today) return;
  const message = `La fecha de vencimiento ${displayDate(expiresOn)} ya pasó: un rango vencido no sirve para emitir comprobantes.`;
  throw badRequest(message, [{ field: 'expiresOn', message }]);
}

/** Serialises sequence writes (create/update) so two admins can't create overlapping ranges. */
async function lockSequences(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table ${fiscalSequences} in share row exclusive mode`);
}

/**
 * `POST /fiscal/sequences` (admin): a new active range. 409 when `rangeTo < rangeFrom`, when it
 * overlaps another range of the type, or when the type already has an active range and
 * `replaceActive` is not set (with it, that range is deactivated in the same transaction).
 */
export async function createSequence(
  opts: WriteCall & { input: z.output<typeof CreateFiscalSequenceRequestSchema> },
): Promise<FiscalSequence> {
  const { db, actor, ctx, input } = opts;
  if (input.rangeTo < input.rangeFrom) throw conflict('El final del rango no puede ser menor que el inicio.');
  assertNotExpired(input.expiresOn);
  const row = await db.transaction(async (tx) => {
    await lockSequences(tx);
    if (input.replaceActive) {
      const replaced = await tx
        .update(fiscalSequences)
        .set({ active: false, updatedAt: new Date() })
        .where(and(eq(fiscalSequences.documentType, input.documentType), eq(fiscalSequences.active, true)))
        .returning({ id: fiscalSequences.id });
      for (const r of replaced)
        await audit(
          tx,
          ctx,
          'fiscal.sequence_updated',
          { type: 'fiscal_sequence', id: r.id },
          { active: false, replaced: true },
        );
    }
    await assertNoConflict(tx, input.documentType, input.rangeFrom, input.rangeTo, true);
    const [created] = await tx
      .insert(fiscalSequences)
      .values({
        documentType: input.documentType,
        rangeFrom: input.rangeFrom,
        rangeTo: input.rangeTo,
        nextNumber: input.rangeFrom,
        expiresOn: input.expiresOn,
        alertThreshold: input.alertThreshold,
        active: true,
        createdBy: actor.id,
      })
      .returning();
    await audit(
      tx,
      ctx,
      'fiscal.sequence_created',
      { type: 'fiscal_sequence', id: created!.id },
      {
        documentType: input.documentType,
        rangeFrom: input.rangeFrom,
        rangeTo: input.rangeTo,
        expiresOn: input.expiresOn,
      },
    );
    return created!;
  });
  return toSequenceDto({ row });
}

/**
 * `PUT /fiscal/sequences/{id}` (admin): activate/deactivate, threshold, expiry. The range and the
 * numbers already used never change. 404 unknown; 409 activating a second range of a type.
 */
export async function updateSequence({
  db,
  ctx,
  id,
  input,
}: {
  db: Db;
  ctx: AuditContext;
  id: string;
  input: z.output<typeof UpdateFiscalSequenceRequestSchema>;
}): Promise<FiscalSequence> {
  const row = await db.transaction(async (tx) => {
    await lockSequences(tx);
    const [current] = await tx.select().from(fiscalSequences).where(eq(fiscalSequences.id, id)).limit(1);
    if (!current) throw notFound('Rango de comprobantes no encontrado');
    if (input.active === true && !current.active)
      await assertNoConflict(tx, current.documentType, current.rangeFrom, current.rangeTo, true, id);
    const set: Partial<typeof fiscalSequences.$inferInsert> = { updatedAt: new Date() };
    if (input.active !== undefined) set.active = input.active;
    if (input.alertThreshold !== undefined) {
      set.alertThreshold = input.alertThreshold;
      set.lowAlertedAt = null;
    }
    // The edit form sends the date unchanged with a new threshold: only a new date is checked.
    if (input.expiresOn !== undefined && input.expiresOn !== current.expiresOn) {
      assertNotExpired(input.expiresOn);
      set.expiresOn = input.expiresOn;
      set.expiryAlertedAt = null;
    }
    const [updated] = await tx.update(fiscalSequences).set(set).where(eq(fiscalSequences.id, id)).returning();
    await audit(tx, ctx, 'fiscal.sequence_updated', { type: 'fiscal_sequence', id }, { ...input });
    return updated!;
  });
  return toSequenceDto({ row });
}

/** A number taken from a sequence. */
export interface TakenNcf {
  ncf: string;
  sequenceId: string;
  expiresOn: string;
  /** Notifications to push after commit (low / expiring range alerts). */
  notifications: StoredNotifications;
}

/**
 * Takes the next NCF of `type` inside the caller's transaction (decision 080). The active range
 * row is locked (`FOR UPDATE`) until commit: concurrent issuers queue, numbers go out in order,
 * and a rolled-back issue gives its number back. Throws 409 (nothing consumed) when the type has
 * no active range, or it is expired or exhausted. Raises the low/expiry alert once per range.
 */
export async function takeNcf({
  tx,
  type,
  today = businessToday(),
}: {
  tx: Tx;
  type: FiscalDocumentType;
  today?: string;
}): Promise<TakenNcf> {
  const [seq] = await tx
    .select()
    .from(fiscalSequences)
    .where(and(eq(fiscalSequences.documentType, type), eq(fiscalSequences.active, true)))
    .for('update')
    .limit(1);
  const name = `${type} (${FISCAL_DOCUMENT_TYPE_LABELS[type]})`;
  if (!seq)
    throw conflict(
      `No hay un rango de comprobantes activo para ${name}. Agrégalo en Configuración → Fiscal.`,
    );
  if (seq.expiresOn < today)
    throw conflict(
      `El rango de comprobantes ${name} venció el ${displayDate(seq.expiresOn)}. Agrega un rango nuevo.`,
    );
  if (seq.nextNumber > seq.rangeTo)
    throw conflict(`El rango de comprobantes ${name} está agotado. Agrega un rango nuevo.`);
  const ncf = formatNcf(type, seq.nextNumber);
  const [after] = await tx
    .update(fiscalSequences)
    .set({ nextNumber: seq.nextNumber + 1, updatedAt: new Date() })
    .where(eq(fiscalSequences.id, seq.id))
    .returning();
  const notifications = await alertIfNeeded({ tx, row: after!, today });
  return { ncf, sequenceId: seq.id, expiresOn: seq.expiresOn, notifications };
}

/**
 * Tells admins (stored, live, e-mail through the outbox) once when a range falls to its
 * threshold and once when it expires within {@link SEQUENCE_EXPIRY_ALERT_DAYS} days. "Once" holds
 * across processes: the alert is claimed with a conditional update (`… where low_alerted_at is
 * null returning`), so only the process that flips the flag notifies.
 */
export async function alertIfNeeded({
  tx,
  row,
  today = businessToday(),
}: {
  tx: Tx | Db;
  row: SequenceRow;
  today?: string;
}): Promise<StoredNotifications> {
  const dto = toSequenceDto({ row, today });
  const out: StoredNotifications = [];
  const type = dto.documentType;
  if (dto.active && dto.isLow && !row.lowAlertedAt) {
    const claimed = await tx
      .update(fiscalSequences)
      .set({ lowAlertedAt: new Date() })
      .where(and(eq(fiscalSequences.id, row.id), isNull(fiscalSequences.lowAlertedAt)))
      .returning({ id: fiscalSequences.id });
    if (claimed.length)
      out.push(
        ...(await createNotifications(tx, {
          roles: ['admin'],
          topic: 'system',
          title: `Quedan pocos comprobantes ${type}`,
          message: `Quedan ${dto.remaining} comprobantes ${type} (${dto.remainingPercent} % del rango). Solicita un rango nuevo a la DGII.`,
          link: '/settings?tab=fiscal',
        })),
      );
  }
  if (dto.active && (dto.expiresSoon || dto.isExpired) && !row.expiryAlertedAt) {
    const claimed = await tx
      .update(fiscalSequences)
      .set({ expiryAlertedAt: new Date() })
      .where(and(eq(fiscalSequences.id, row.id), isNull(fiscalSequences.expiryAlertedAt)))
      .returning({ id: fiscalSequences.id });
    if (claimed.length)
      out.push(
        ...(await createNotifications(tx, {
          roles: ['admin'],
          topic: 'system',
          // Issue 27: a range already expired is not "vence pronto".
          title: dto.isExpired
            ? `El rango de comprobantes ${type} venció`
            : `El rango de comprobantes ${type} vence pronto`,
          message: dto.isExpired
            ? `El rango ${type} venció el ${displayDate(row.expiresOn)} y ya no sirve para emitir. Solicita un rango nuevo a la DGII.`
            : `El rango ${type} vence el ${displayDate(row.expiresOn)}. Solicita un rango nuevo a la DGII.`,
          link: '/settings?tab=fiscal',
        })),
      );
  }
  return out;
}

/**
 * Checks every active range for the low/expiry alerts (a range can come within 30 days of its
 * expiry without any invoice being issued). Run at start and every few hours by the app, and
 * when admins list the ranges. Answers the stored alerts as effects to publish after commit.
 */
export async function sweepSequenceAlerts({
  db,
  today = businessToday(),
}: {
  db: Db;
  today?: string;
}): Promise<Effects> {
  const rows = await db.select().from(fiscalSequences).where(eq(fiscalSequences.active, true));
  let out: StoredNotifications = [];
  for (const row of rows) {
    if (row.lowAlertedAt && row.expiryAlertedAt) continue;
    out = out.concat(await db.transaction((tx) => alertIfNeeded({ tx, row, today })));
  }
  return effects({ notifications: out });
}

/**
 * `POST /fiscal/sequences/{id}/void` (admin): takes the next `count` numbers of an active range
 * and records them as annulled (608 report, annulment types 01–10), dated today. 409 as
 * {@link takeNcf}, and while today's month is a closed fiscal period (decision 135).
 */
export async function voidNumbers(
  opts: WriteCall & { id: string; input: z.output<typeof VoidNcfRequestSchema> },
): Promise<Written<z.output<typeof VoidNcfResponseSchema>>> {
  const { db, actor, ctx, id, input } = opts;
  return db.transaction(async (tx) => {
    const [seq] = await tx.select().from(fiscalSequences).where(eq(fiscalSequences.id, id)).limit(1);
    if (!seq) throw notFound('Rango de comprobantes no encontrado');
    if (!seq.active) throw conflict('El rango está inactivo: solo se anulan números de un rango activo.');
    const today = businessToday();
    // The 608 line is dated today: refused while today's month is closed (decision 135).
    await assertPeriodOpen({ tx, day: today, what: 'voidedOn' });
    const voids = [];
    let notifications: StoredNotifications = [];
    for (let i = 0; i < input.count; i++) {
      const taken = await takeNcf({ tx, type: seq.documentType as FiscalDocumentType, today });
      notifications = notifications.concat(taken.notifications);
      const [row] = await tx
        .insert(ncfVoids)
        .values({
          sequenceId: seq.id,
          documentType: seq.documentType,
          ncf: taken.ncf,
          annulmentType: input.annulmentType,
          reason: input.reason ?? null,
          voidedOn: today,
          createdBy: actor.id,
        })
        .returning();
      voids.push(row!);
    }
    // Direct e-CF emission (issue 26): the annulment also goes to the DGII (ANECF), after commit.
    await recordEcfAnnulment(tx, {
      documentType: seq.documentType,
      ncfs: voids.map((v) => v.ncf),
      issuerRnc: (await getCompanySettings(tx)).taxId || null,
      actorId: actor.id,
    });
    await audit(
      tx,
      ctx,
      'fiscal.ncf_voided',
      { type: 'fiscal_sequence', id },
      { ncfs: voids.map((v) => v.ncf), annulmentType: input.annulmentType },
    );
    const [after] = await tx.select().from(fiscalSequences).where(eq(fiscalSequences.id, id)).limit(1);
    return {
      value: {
        voids: voids.map((v) => ({
          _id: v.id,
          ncf: v.ncf,
          documentType: v.documentType as FiscalDocumentType,
          annulmentType: v.annulmentType as '01',
          reason: v.reason,
          voidedOn: v.voidedOn,
          createdAt: v.createdAt.toISOString(),
        })),
        sequence: toSequenceDto({ row: after!, today }),
      },
      effects: effects({ notifications }),
    };
  });
}
