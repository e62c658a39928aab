import {
  type BillTimeGroup,
  type BillTimeLine,
  type BillTimePreview,
  type BillTimeRequestSchema,
  divRoundHalfUp,
  fromCents,
  type Invoice,
  NOTHING_TO_BILL,
} from '@agencia/shared';
import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { projectTimeEntries, users } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';
import { displayDate } from '../billing-documents/billing-documents.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { billProjectWork, loadBillableProject } from './billable-work.js';

type Input = z.output<typeof BillTimeRequestSchema>;

/** An unbilled billable entry with its member and the member's rate (centavos per hour). */
interface Entry {
  id: string;
  minutes: number;
  description: string;
  date: string;
  userId: string;
  firstName: string;
  lastName: string;
  rateCents: number;
}

/** A line being built: minutes and rate are exact integers; amount = minutes × rate / 60, half-up. */
interface Group {
  description: string;
  minutes: number;
  rateCents: number;
  entryIds: string[];
  people: Map<string, { name: string; minutes: number }>;
  first: string;
  last: string;
}

const hoursLabel = (minutes: number) => `${(minutes / 60).toLocaleString('es-DO')} h`;

/**
 * The project's billable, unbilled entries dated `from`..`to` (both included), oldest first,
 * with each member's rate: `users.hourly_rate_cents`, else the company default × 100.
 * `lock` takes them `FOR UPDATE` so a concurrent bill waits and then sees them billed.
 */
async function unbilledEntries(
  db: Db | Tx,
  projectId: string,
  input: Input,
  defaultRateCents: number,
  lock: boolean,
): Promise<Entry[]> {
  const query = db
    .select({
      id: projectTimeEntries.id,
      minutes: projectTimeEntries.minutes,
      description: projectTimeEntries.description,
      date: projectTimeEntries.date,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      rateCents: users.hourlyRateCents,
    })
    .from(projectTimeEntries)
    .innerJoin(users, eq(users.id, projectTimeEntries.userId))
    .where(
      and(
        eq(projectTimeEntries.projectId, projectId),
        eq(projectTimeEntries.billable, true),
        isNull(projectTimeEntries.invoiceId),
        gte(projectTimeEntries.date, input.from),
        lte(projectTimeEntries.date, input.to),
      ),
    )
    .orderBy(asc(projectTimeEntries.date), asc(projectTimeEntries.createdAt), asc(projectTimeEntries.id));
  const rows = lock ? await query.for('update', { of: projectTimeEntries }) : await query;
  return rows.map((r) => ({ ...r, rateCents: r.rateCents ?? defaultRateCents }));
}

/**
 * Groups entries into lines. By person: one line per member (their rate). By task: one line per
 * description (trimmed, case-insensitive) and rate, so members with different rates never share
 * a price. Lines keep the order of their first entry.
 */
function groupEntries(entries: Entry[], groupBy: BillTimeGroup): Group[] {
  const groups = new Map<string, Group>();
  for (const e of entries) {
    const name = `${e.firstName} ${e.lastName}`;
    const key = groupBy === 'person' ? e.userId : `${e.description.trim().toLowerCase()}\u0000${e.rateCents}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        description: groupBy === 'person' ? `Horas de ${name}` : e.description.trim(),
        minutes: 0,
        rateCents: e.rateCents,
        entryIds: [],
        people: new Map(),
        first: e.date,
        last: e.date,
      };
      groups.set(key, g);
    }
    g.minutes += e.minutes;
    g.entryIds.push(e.id);
    g.last = e.date;
    const p = g.people.get(e.userId) ?? { name, minutes: 0 };
    p.minutes += e.minutes;
    g.people.set(e.userId, p);
  }
  return [...groups.values()];
}

function lineOf(g: Group, groupBy: BillTimeGroup): BillTimeLine {
  const period =
    g.first === g.last ? displayDate(g.first) : `${displayDate(g.first)} – ${displayDate(g.last)}`;
  const details =
    groupBy === 'person'
      ? `${g.entryIds.length} ${g.entryIds.length === 1 ? 'registro' : 'registros'} · ${period}`
      : `${[...g.people.values()].map((p) => `${p.name} (${hoursLabel(p.minutes)})`).join(', ')} · ${period}`;
  return {
    description: g.description,
    details,
    hours: g.minutes / 60,
    rate: fromCents(g.rateCents),
    amount: fromCents(divRoundHalfUp(g.minutes * g.rateCents, 60)),
    entries: g.entryIds.length,
  };
}

/**
 * The invoice item of a line: quantity = hours at the member's rate; under an hour, quantity 1 at
 * the line's amount (invoice quantities are ≥ 1) with the hours in the details.
 */
function invoiceItemOf(g: Group, groupBy: BillTimeGroup) {
  const line = lineOf(g, groupBy);
  return g.minutes >= 60
    ? {
        description: line.description,
        details: line.details,
        quantity: line.hours,
        unitPrice: line.rate,
        taxExempt: false,
      }
    : {
        description: line.description,
        details: `${line.details} · ${hoursLabel(g.minutes)}`,
        quantity: 1,
        unitPrice: line.amount,
        taxExempt: false,
      };
}

function previewOf(groups: Group[], groupBy: BillTimeGroup, currency: string): BillTimePreview {
  const lines = groups.map((g) => lineOf(g, groupBy));
  const minutes = groups.reduce((s, g) => s + g.minutes, 0);
  const subtotalCents = groups.reduce((s, g) => s + divRoundHalfUp(g.minutes * g.rateCents, 60), 0);
  return {
    lines,
    totalHours: minutes / 60,
    subtotal: fromCents(subtotalCents),
    entries: groups.reduce((s, g) => s + g.entryIds.length, 0),
    currency,
  };
}

/**
 * `POST /projects/{id}/bill-time/preview` (admin): the lines "Facturar horas" would create, in
 * the company currency, before ITBIS. Empty `lines` when nothing is left to bill. 404 for an
 * unknown or deleted project.
 */
export async function previewBillableTime({
  db,
  projectId,
  input,
}: {
  db: Db;
  projectId: string;
  input: Input;
}): Promise<BillTimePreview> {
  await loadBillableProject(db, projectId);
  const settings = await getCompanySettings(db);
  const entries = await unbilledEntries(db, projectId, input, settings.defaultProjectHourlyRate * 100, false);
  return previewOf(groupEntries(entries, input.groupBy), input.groupBy, settings.currency);
}

/**
 * `POST /projects/{id}/bill-time` (admin): in one transaction, locks the unbilled billable
 * entries of the range, creates a draft invoice for the project's client through the invoices
 * module's `createInvoice` (numbering, totals, ITBIS: one engine; decision 052), and marks the
 * entries with its id by a conditional update (`invoice_id is null`). A concurrent second call
 * waits for the lock, finds nothing left and gets 409 {@link NOTHING_TO_BILL}; if the update
 * ever bills fewer rows than it read, the whole transaction (invoice number included) rolls
 * back with 409. Quantity = hours (a lone half hour becomes 1 × half the rate: invoice
 * quantities are ≥ 1). 404 for an unknown project; 400 from createInvoice for an archived client.
 */
export async function billTime(
  opts: WriteCall & { projectId: string; input: Input },
): Promise<{ invoice: Invoice; billedEntries: number }> {
  const { input } = opts;
  const { invoice, billed } = await billProjectWork({
    ...opts,
    notBillable: NOTHING_TO_BILL,
    action: 'project.time.billed',
    countKey: 'entries',
    auditMeta: { from: input.from, to: input.to, groupBy: input.groupBy },
    collect: async (tx, project, settings) => {
      const entries = await unbilledEntries(
        tx,
        project.id,
        input,
        settings.defaultProjectHourlyRate * 100,
        true,
      );
      if (entries.length === 0) throw conflict(NOTHING_TO_BILL);
      return {
        ids: entries.map((e) => e.id),
        items: groupEntries(entries, input.groupBy).map((g) => invoiceItemOf(g, input.groupBy)),
        notes: `Horas del proyecto ${project.title} del ${displayDate(input.from)} al ${displayDate(input.to)}`,
      };
    },
    mark: async (tx, invoiceId, ids) =>
      (
        await tx
          .update(projectTimeEntries)
          .set({ invoiceId })
          .where(and(inArray(projectTimeEntries.id, ids), isNull(projectTimeEntries.invoiceId)))
          .returning({ id: projectTimeEntries.id })
      ).length,
  });
  return { invoice, billedEntries: billed };
}
