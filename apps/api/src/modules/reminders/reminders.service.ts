import type { ReminderSettings } from '@agencia/shared';
import { addDays } from '@agencia/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, companySettings, invoiceReminders, invoices } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import type { Effects } from '../../lib/effects.js';
import { AppError, notFound } from '../../lib/errors.js';
import { remindInvoice } from '../invoices/invoice-delivery.service.js';
import { balanceCents } from '../invoices/invoices.queries.js';
import { jobActor } from '../recurring-invoices/system-actor.js';
import { getCompanySettings } from '../settings/settings.service.js';

/** `GET /reminders/settings` (admin): the company's reminder offsets, ascending. */
export async function getReminderSettings(db: Db): Promise<ReminderSettings> {
  const settings = await getCompanySettings(db);
  return { offsets: [...settings.reminderOffsets].sort((a, b) => a - b) };
}

/** `PUT /reminders/settings` (admin): replaces the offsets (days from the due date). */
export async function updateReminderSettings({
  db,
  ctx,
  input,
}: {
  db: Db;
  ctx: AuditContext;
  input: ReminderSettings;
}): Promise<ReminderSettings> {
  const offsets = [...input.offsets].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    await getCompanySettings(tx);
    await tx
      .update(companySettings)
      .set({ reminderOffsets: offsets, updatedAt: new Date() })
      .where(eq(companySettings.id, 1));
    await audit(tx, ctx, 'settings.reminders_updated', { type: 'settings', id: null }, { offsets });
  });
  return { offsets };
}

/** `GET /clients/{id}/reminders` (admin) and `GET /reminders/me` (client): the opt-out; 404 unknown client. */
export async function getClientReminders({
  db,
  clientId,
}: {
  db: Db;
  clientId: string;
}): Promise<{ optOut: boolean }> {
  const [row] = await db
    .select({ optOut: clients.remindersOptOut })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!row) throw notFound('Cliente no encontrado');
  return { optOut: row.optOut };
}

/** `PUT /clients/{id}/reminders` (admin) and `PUT /reminders/me` (client): the client's opt-out of automatic reminders. */
export async function setClientReminders({
  db,
  ctx,
  clientId,
  optOut,
}: {
  db: Db;
  ctx: AuditContext;
  clientId: string;
  optOut: boolean;
}): Promise<{ optOut: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(clients)
      .set({ remindersOptOut: optOut })
      .where(eq(clients.id, clientId))
      .returning({ id: clients.id });
    if (!row) throw notFound('Cliente no encontrado');
    await audit(tx, ctx, 'client.reminders_updated', { type: 'client', id: clientId }, { optOut });
    return { optOut };
  });
}

/** "3 días antes del vencimiento", "el día del vencimiento", "7 días después del vencimiento". */
export function offsetLabel(offset: number): string {
  if (offset === 0) return 'el día del vencimiento';
  const n = Math.abs(offset);
  return `${n} ${n === 1 ? 'día' : 'días'} ${offset < 0 ? 'antes' : 'después'} del vencimiento`;
}

/**
 * The daily reminders job (issue 16, decision 111). For each unpaid, sent invoice with a
 * balance whose client has not opted out, takes the latest offset whose day (due date +
 * offset) has come and falls after the issue date; when that offset was not sent yet, sends the
 * reminder through {@link remindInvoice} (outbox with PDF and balance, history event, 24-hour
 * rule) and records (invoice, offset) in the same transaction, so it goes out once. A refusal
 * of remindInvoice (sent in the last 24 h, paid meanwhile) rolls it back: tried again next day.
 */
export async function sendScheduledReminders({
  db,
  today,
  push = () => {},
}: {
  db: Db;
  today: string;
  push?: (fx: Effects) => void;
}): Promise<string> {
  const { offsets } = await getReminderSettings(db);
  if (offsets.length === 0) return 'Sin recordatorios configurados';
  const earliest = addDays(today, -offsets[0]!);
  const candidates = await db
    .select({
      id: invoices.id,
      dueDate: invoices.dueDate,
      issueDate: invoices.issueDate,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      withheldCents: invoices.withheldCents,
      creditedCents: invoices.creditedCents,
      debitedCents: invoices.debitedCents,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        inArray(invoices.status, ['sent', 'pending']),
        eq(clients.remindersOptOut, false),
        sql`${invoices.dueDate} <= ${earliest}`,
      ),
    );
  let sent = 0;
  let skipped = 0;
  for (const inv of candidates) {
    if (balanceCents(inv) === 0) continue;
    const offset = [...offsets]
      .reverse()
      .find((o) => addDays(inv.dueDate, o) <= today && addDays(inv.dueDate, o) > inv.issueDate);
    if (offset === undefined) continue;
    try {
      const created = await db.transaction(async (tx) => {
        const claimed = await tx
          .insert(invoiceReminders)
          .values({ invoiceId: inv.id, offsetDays: offset })
          .onConflictDoNothing()
          .returning({ invoiceId: invoiceReminders.invoiceId });
        if (claimed.length === 0) return null;
        const actor = await jobActor(tx);
        if (!actor) throw new Error('No hay un administrador activo para enviar recordatorios');
        const ctx = { actorId: actor.id, requestId: 'job:payment-reminders' };
        const result = await remindInvoice({
          db: tx as unknown as Db,
          actor,
          ctx,
          id: inv.id,
          automatic: `automático, ${offsetLabel(offset)}`,
        });
        return result.effects;
      });
      if (created) {
        sent++;
        push(created);
      }
    } catch (err) {
      // 409 from remindInvoice: within 24 h of another reminder, or settled meanwhile.
      if (err instanceof AppError && err.statusCode === 409) skipped++;
      else throw err;
    }
  }
  const summary = sent === 1 ? '1 recordatorio enviado' : `${sent} recordatorios enviados`;
  return skipped ? `${summary} (${skipped} pospuestos por la regla de 24 horas)` : summary;
}
