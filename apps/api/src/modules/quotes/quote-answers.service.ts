import {
  type AcceptQuoteBodySchema,
  type AcceptQuoteResponse,
  addDays,
  businessToday,
  CreateProjectRequestSchema,
  formatMoney,
  fromCents,
  QUOTE_EXPIRED_MESSAGE,
  type Quote,
  type QuoteLineCents,
  type RejectQuoteBodySchema,
  splitQuoteForAdvance,
} from '@agencia/shared';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { invoices, projectMilestones, quotes } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import {
  type Effects,
  effects,
  mergeEffects,
  type StoredNotifications,
  type Written,
} from '../../lib/effects.js';
import { conflict, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import type { WriteCall } from '../../lib/service-args.js';
import { lineInput } from '../billing-documents/billing-documents.js';
import { getInvoice } from '../invoices/invoices.queries.js';
import { createInvoice } from '../invoices/invoices.service.js';
import { createProject } from '../projects/projects.service.js';
import { jobActor } from '../recurring-invoices/system-actor.js';
import { ownsQuote, quotePolicy } from './quotes.policy.js';
import { getQuote, loadItems, lockQuote, NOT_FOUND, type QuoteRow } from './quotes.queries.js';

type Row = QuoteRow;

/** Invoice and project steps run inside the quote's transaction as savepoints (like decision 111). */
const asDb = (tx: Tx) => tx as unknown as Db;

/**
 * Loads a quote for the client's answer (accept/reject) with its row locked: 404 unless it is
 * the actor's client's quote and not a draft (another client's quote looks missing).
 */
async function lockForClient(tx: Tx, actor: Actor, id: string): Promise<Row> {
  const row = await lockQuote(tx, id);
  if (!quotePolicy.can(actor.role, 'respond', ownsQuote(actor, row)) || row.status === 'draft')
    throw notFound(NOT_FOUND);
  return row;
}

async function notifyAdmins(
  tx: Tx,
  title: string,
  message: string,
  link: string,
): Promise<StoredNotifications> {
  return createNotifications(tx, { roles: ['admin'], topic: 'clientMessages', title, message, link });
}

function quoteLines(items: Awaited<ReturnType<typeof loadItems>>): QuoteLineCents[] {
  return items.map((it) => ({
    description: it.description,
    details: it.details,
    quantity: Number(it.quantity),
    unitPriceCents: it.unitPriceCents,
    totalCents: it.totalCents,
    taxExempt: it.taxExempt,
  }));
}

async function acceptedResult(tx: Tx, staff: Actor, actor: Actor, id: string): Promise<AcceptQuoteResponse> {
  const quote = await getQuote({ db: tx, actor, id });
  const row = await lockQuote(tx, id);
  return {
    quote,
    invoice: await getInvoice({ db: tx, actor: staff, id: row.invoiceId! }),
    balanceInvoice: row.balanceInvoiceId
      ? await getInvoice({ db: tx, actor: staff, id: row.balanceInvoiceId })
      : null,
    project: quote.createdProject,
  };
}

/**
 * `POST /quotes/{id}/accept` (the quote's client only; another client's → 404, staff → 403 at
 * the route). In one transaction with the quote row locked: stores the typed name, IP and time,
 * creates the draft invoice through the invoices module (or an advance of N % plus a balance
 * invoice), optionally a project with one milestone per line, audits and notifies the admins.
 * A second accept (double submit) answers the same invoices without creating any. 409 when
 * rejected or expired (validity before the agency's today).
 */
export async function acceptQuote(
  opts: WriteCall & { id: string; input: z.output<typeof AcceptQuoteBodySchema> },
): Promise<Written<AcceptQuoteResponse> & { created: boolean }> {
  const { db, actor, ctx, id, input } = opts;
  return db.transaction(async (tx) => {
    const row = await lockForClient(tx, actor, id);
    const staff = await jobActor(tx, row.createdBy);
    if (!staff) throw conflict('La agencia no tiene un administrador activo; inténtalo más tarde.');
    if (row.status === 'accepted')
      return { value: await acceptedResult(tx, staff, actor, id), effects: effects(), created: false };
    if (row.status === 'rejected') throw conflict('Esta cotización fue rechazada; ya no se puede aceptar.');
    const today = businessToday();
    if (row.status === 'expired' || row.validUntil < today) throw conflict(QUOTE_EXPIRED_MESSAGE);

    const items = await loadItems(tx, id);
    const base = {
      clientId: row.clientId,
      projectId: row.projectId,
      issueDate: today,
      dueDate: addDays(today, 30),
      paymentTerms: 30,
      taxRate: row.taxRate,
      currency: row.currency,
      series: 'FAC',
      asDraft: true,
      documentType: null,
      paymentMethod: null,
    } as const;
    const staffCtx = { ...ctx };
    let invoiceId: string;
    let balanceInvoiceId: string | null = null;
    if (row.advancePercent) {
      const { advance, balance } = splitQuoteForAdvance(
        quoteLines(items),
        row.discountCents,
        row.taxRate,
        row.advancePercent,
        row.totalCents,
      );
      const adv = await createInvoice({
        db: asDb(tx),
        actor: staff,
        ctx: staffCtx,
        input: {
          ...base,
          ...advance,
          notes: `Anticipo del ${row.advancePercent} % de la cotización ${row.quoteNumber}, aceptada por ${input.signedName}.`,
        },
      });
      const bal = await createInvoice({
        db: asDb(tx),
        actor: staff,
        ctx: staffCtx,
        input: {
          ...base,
          ...balance,
          notes: `Saldo (${100 - row.advancePercent} %) de la cotización ${row.quoteNumber}, aceptada por ${input.signedName}.`,
        },
      });
      invoiceId = adv.value._id;
      balanceInvoiceId = bal.value._id;
    } else {
      const inv = await createInvoice({
        db: asDb(tx),
        actor: staff,
        ctx: staffCtx,
        input: {
          ...base,
          items: items.map(lineInput),
          discountAmount: fromCents(row.discountCents),
          notes: `Cotización ${row.quoteNumber}, aceptada por ${input.signedName}.${row.notes ? `\n${row.notes}` : ''}`,
        },
      });
      invoiceId = inv.value._id;
    }

    let createdProjectId: string | null = null;
    let projectEffects: Effects = effects();
    if (row.createProject) {
      const created = await createProject({
        db: asDb(tx),
        actor: staff,
        ctx: staffCtx,
        input: CreateProjectRequestSchema.parse({
          title: `Cotización ${row.quoteNumber}`,
          description: `Proyecto creado al aceptar la cotización ${row.quoteNumber}.`,
          clientId: row.clientId,
          status: 'approved',
          approvedBudget: fromCents(row.totalCents),
        }),
      });
      const project = created.value;
      createdProjectId = project._id;
      projectEffects = created.effects;
      await tx.insert(projectMilestones).values(
        items.map((it, order) => ({
          projectId: project._id,
          title: it.description.slice(0, 200),
          description: it.details ?? '',
          order,
        })),
      );
      // Invoices generated from the quote belong to the new project.
      await tx
        .update(invoices)
        .set({ projectId: project._id })
        .where(inArray(invoices.id, [invoiceId, ...(balanceInvoiceId ? [balanceInvoiceId] : [])]));
    }

    const now = new Date();
    await tx
      .update(quotes)
      .set({
        status: 'accepted',
        acceptedAt: now,
        acceptedIp: ctx.ip ?? null,
        acceptedBy: actor.id,
        signedName: input.signedName,
        invoiceId,
        balanceInvoiceId,
        createdProjectId,
        updatedAt: now,
      })
      .where(eq(quotes.id, id));
    await audit(
      tx,
      ctx,
      'quote.accepted',
      { type: 'quote', id },
      {
        signedName: input.signedName,
        invoiceId,
        balanceInvoiceId,
        projectId: createdProjectId,
      },
    );
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'quote.accepted',
      entityType: 'quote',
      entityId: id,
      clientId: row.clientId,
      projectId: createdProjectId ?? row.projectId,
      title: `Cotización ${row.quoteNumber} aceptada`,
    });
    const total = formatMoney(fromCents(row.totalCents), row.currency);
    const toAdmins = await notifyAdmins(
      tx,
      `Cotización ${row.quoteNumber} aceptada`,
      `${input.signedName} aceptó la cotización ${row.quoteNumber} por ${total}. Se creó la factura en borrador.`,
      `/billing/quotes/${id}`,
    );
    return {
      value: await acceptedResult(tx, staff, actor, id),
      // The project's own effects too: its audience refetches and the nav badges move.
      effects: mergeEffects(effects({ notifications: toAdmins }), projectEffects),
      created: true,
    };
  });
}

/**
 * `POST /quotes/{id}/reject` (the quote's client only): stores the reason and time, audits and
 * notifies the admins. 409 unless the quote is sent (accepted, rejected or expired ones).
 */
export async function rejectQuote(
  opts: WriteCall & { id: string; input: z.output<typeof RejectQuoteBodySchema> },
): Promise<Written<Quote>> {
  const { db, actor, ctx, id, input } = opts;
  const notifications = await db.transaction(async (tx) => {
    const row = await lockForClient(tx, actor, id);
    if (row.status === 'accepted') throw conflict('Esta cotización ya fue aceptada.');
    if (row.status === 'rejected') throw conflict('Esta cotización ya fue rechazada.');
    if (row.status === 'expired' || row.validUntil < businessToday())
      throw conflict('La cotización venció; ya no necesita respuesta.');
    const now = new Date();
    await tx
      .update(quotes)
      .set({
        status: 'rejected',
        rejectedAt: now,
        rejectedBy: actor.id,
        rejectionReason: input.reason,
        updatedAt: now,
      })
      .where(eq(quotes.id, id));
    await audit(tx, ctx, 'quote.rejected', { type: 'quote', id }, { reason: input.reason });
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'quote.rejected',
      entityType: 'quote',
      entityId: id,
      clientId: row.clientId,
      projectId: row.projectId,
      title: `Cotización ${row.quoteNumber} rechazada`,
      isInternal: true,
    });
    return notifyAdmins(
      tx,
      `Cotización ${row.quoteNumber} rechazada`,
      `El cliente rechazó la cotización ${row.quoteNumber}: ${input.reason}`,
      `/billing/quotes/${id}`,
    );
  });
  return { value: await getQuote({ db, actor, id }), effects: effects({ notifications }) };
}
