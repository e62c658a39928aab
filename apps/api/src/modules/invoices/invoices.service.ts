import {
  addDays,
  businessToday,
  type CreateInvoiceRequestSchema,
  defaultDocumentType,
  formatMoney,
  fromCents,
  type Invoice,
  type InvoiceDocumentType,
  NOTE_DOCUMENT_TYPES,
  type TaxpayerType,
  type UpdateInvoiceRequestSchema,
} from '@agencia/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import {
  clients,
  invoiceCounters,
  invoiceEvents,
  invoiceItems,
  invoices,
  projects,
} from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { audit } from '../../lib/audit.js';
import { effects, type Written } from '../../lib/effects.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';
import {
  lineInput,
  lineValues,
  nextDocumentNumber,
  notifyClientUsers,
  totalsOrThrow,
} from '../billing-documents/billing-documents.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { releaseBilledWork } from './billed-work.js';
import { INVOICE_DOCUMENT, sendInvoice } from './invoice-delivery.service.js';
import { issueInTx } from './invoice-issue.js';
import { getInvoice, lockInvoice } from './invoices.queries.js';

/**
 * Takes the next number of a series/year inside the caller's transaction (locked, gap-free:
 * {@link nextDocumentNumber}, decision 054).
 */
export async function nextInvoiceNumber({ tx, series, year }: { tx: Tx; series: string; year: number }) {
  const { sequence, number } = await nextDocumentNumber(tx, { kind: 'invoice', series }, year);
  return { sequence, invoiceNumber: number };
}

type CreateInput = z.output<typeof CreateInvoiceRequestSchema>;
type UpdateInput = z.output<typeof UpdateInvoiceRequestSchema>;

/** Checks the client (exists, not archived) and the project (belongs to it); answers the client's fiscal profile. */
export async function assertClientAndProject({
  tx,
  clientId,
  projectId,
}: {
  tx: Tx;
  clientId: string;
  projectId: string | null | undefined;
}): Promise<{ taxpayerType: TaxpayerType }> {
  const [client] = await tx
    .select({ id: clients.id, archivedAt: clients.archivedAt, taxpayerType: clients.taxpayerType })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!client)
    throw badRequest('El cliente no existe', [{ field: 'clientId', message: 'El cliente no existe' }]);
  if (client.archivedAt)
    throw badRequest('El cliente está archivado', [
      { field: 'clientId', message: 'El cliente está archivado' },
    ]);
  if (projectId) {
    const [project] = await tx
      .select({ clientId: projects.clientId })
      .from(projects)
      .where(and(eq(projects.id, projectId), sql`${projects.deletedAt} is null`))
      .limit(1);
    if (project?.clientId !== clientId) {
      const message = 'El proyecto no pertenece al cliente seleccionado';
      throw badRequest(message, [{ field: 'projectId', message }]);
    }
  }
  return { taxpayerType: client.taxpayerType };
}

function termsOf(issueDate: string, dueDate: string): number {
  return Math.max(0, Math.round((Date.parse(dueDate) - Date.parse(issueDate)) / 86_400_000));
}

async function insertItems(tx: Tx, invoiceId: string, items: CreateInput['items'], lineTotals: number[]) {
  await tx.insert(invoiceItems).values(lineValues(items, lineTotals).map((v) => ({ invoiceId, ...v })));
}

/**
 * `POST /invoices` (admin). Server-computed totals; tax rate and currency default to the
 * company settings; number from the locked counter. `asDraft: false` sends it at once.
 */
export async function createInvoice(opts: WriteCall & { input: CreateInput }): Promise<Written<Invoice>> {
  const { db, actor, ctx, input } = opts;
  const id = await db.transaction(async (tx) => {
    const client = await assertClientAndProject({ tx, clientId: input.clientId, projectId: input.projectId });
    const settings = await getCompanySettings(tx);
    const documentType = input.documentType ?? defaultDocumentType(client.taxpayerType, settings.fiscalMode);
    const taxRate = input.taxRate ?? settings.taxRate;
    const totals = totalsOrThrow(input.items, taxRate, input.discountAmount);
    const year = Number(input.issueDate.slice(0, 4));
    const { sequence, invoiceNumber } = await nextInvoiceNumber({ tx, series: input.series, year });
    const [row] = await tx
      .insert(invoices)
      .values({
        invoiceNumber,
        series: input.series,
        year,
        sequence,
        clientId: input.clientId,
        projectId: input.projectId ?? null,
        issueDate: input.issueDate,
        dueDate: input.dueDate,
        status: 'draft',
        documentType,
        currency: input.currency ?? settings.currency,
        subtotalCents: totals.subtotalCents,
        exemptCents: totals.exemptCents,
        taxableBaseCents: totals.taxableBaseCents,
        taxRate,
        taxCents: totals.taxCents,
        discountCents: totals.discountCents,
        totalCents: totals.totalCents,
        paymentMethod: input.paymentMethod ?? null,
        paymentTerms: input.paymentTerms ?? termsOf(input.issueDate, input.dueDate),
        notes: input.notes,
        createdBy: actor.id,
      })
      .returning({ id: invoices.id });
    await insertItems(tx, row!.id, input.items, totals.lineTotalsCents);
    await tx.insert(invoiceEvents).values({ invoiceId: row!.id, event: 'created', actorId: actor.id });
    await audit(tx, ctx, 'invoice.created', { type: 'invoice', id: row!.id }, { invoiceNumber });
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'invoice.created',
      entityType: 'invoice',
      entityId: row!.id,
      clientId: input.clientId,
      projectId: input.projectId ?? null,
      title: `Factura ${invoiceNumber} creada`,
      isInternal: true,
    });
    return row!.id;
  });
  if (!input.asDraft) return sendInvoice({ db, actor, ctx, id });
  return { value: await getInvoice({ db, actor, id }), effects: effects() };
}

/** `PUT /invoices/{id}` (admin): drafts only (409 otherwise); totals recomputed. */
export async function updateInvoice(opts: WriteCall & { id: string; input: UpdateInput }): Promise<Invoice> {
  const { db, actor, ctx, id, input } = opts;
  await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.status !== 'draft')
      // An issued NCF cannot be cancelled either (cancelInvoice): its correction is a credit note
      // (issue 27, point 9).
      throw conflict(
        current.ncf
          ? `La factura tiene el comprobante fiscal ${current.ncf} y ya no se puede editar. Para corregirla emite una nota de crédito y, si hace falta, duplícala como borrador.`
          : 'Solo se pueden editar facturas en borrador. Para corregir una factura emitida sin pagos, cancélala y duplícala como borrador.',
      );
    const clientId = input.clientId ?? current.clientId;
    const projectId = input.projectId === undefined ? current.projectId : input.projectId;
    const client = await assertClientAndProject({ tx, clientId, projectId });
    const documentType =
      input.documentType ??
      (input.clientId && input.clientId !== current.clientId
        ? defaultDocumentType(client.taxpayerType, (await getCompanySettings(tx)).fiscalMode)
        : current.documentType);
    const issueDate = input.issueDate ?? current.issueDate;
    const dueDate = input.dueDate ?? current.dueDate;
    if (dueDate < issueDate) {
      const message = 'La fecha de vencimiento no puede ser anterior a la de emisión';
      throw badRequest(message, [{ field: 'dueDate', message }]);
    }
    const items =
      input.items ??
      (
        await tx
          .select()
          .from(invoiceItems)
          .where(eq(invoiceItems.invoiceId, id))
          .orderBy(asc(invoiceItems.position))
      ).map(lineInput);
    const taxRate = input.taxRate ?? current.taxRate;
    const discount = input.discountAmount ?? fromCents(current.discountCents);
    const totals = totalsOrThrow(items, taxRate, discount);
    await tx
      .update(invoices)
      .set({
        clientId,
        projectId: projectId ?? null,
        issueDate,
        dueDate,
        taxRate,
        documentType,
        subtotalCents: totals.subtotalCents,
        exemptCents: totals.exemptCents,
        taxableBaseCents: totals.taxableBaseCents,
        taxCents: totals.taxCents,
        discountCents: totals.discountCents,
        totalCents: totals.totalCents,
        currency: input.currency ?? current.currency,
        paymentMethod: input.paymentMethod === undefined ? current.paymentMethod : input.paymentMethod,
        paymentTerms:
          input.paymentTerms ??
          (input.issueDate || input.dueDate ? termsOf(issueDate, dueDate) : current.paymentTerms),
        notes: input.notes === undefined ? current.notes : input.notes,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id));
    if (input.items) {
      await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, id));
      await insertItems(tx, id, input.items, totals.lineTotalsCents);
    }
    await tx.insert(invoiceEvents).values({ invoiceId: id, event: 'updated', actorId: actor.id });
    await audit(tx, ctx, 'invoice.updated', { type: 'invoice', id }, { fields: Object.keys(input) });
  });
  return getInvoice({ db, actor, id });
}

/**
 * `POST /invoices/{id}/issue` (admin): issues a draft with its NCF without e-mailing it (it
 * becomes visible to the client, status sent). 409 when it is not a draft; the fiscal refusals
 * of {@link issueInTx}. Notifies the client's users.
 */
export async function issueInvoice(opts: WriteCall & { id: string }): Promise<Written<Invoice>> {
  const { db, actor, ctx, id } = opts;
  const notifications = await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.status !== 'draft') throw conflict('La factura ya fue emitida.');
    const alerts = await issueInTx(tx, ctx, current);
    const invoice = await getInvoice({ db: tx, actor, id });
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'invoice.issued',
      entityType: 'invoice',
      entityId: id,
      clientId: current.clientId,
      projectId: current.projectId,
      title: `Factura ${invoice.invoiceNumber} emitida (NCF ${invoice.ncf})`,
    });
    const toClient = await notifyClientUsers(tx, current.clientId, {
      topic: 'invoicesGenerated',
      title: `Nueva factura ${invoice.invoiceNumber}`,
      message: `Se emitió la factura ${invoice.invoiceNumber} (NCF ${invoice.ncf}) por ${formatMoney(invoice.total, invoice.currency)}.`,
      link: INVOICE_DOCUMENT.link(id),
    });
    return [...alerts, ...toClient];
  });
  return { value: await getInvoice({ db, actor, id }), effects: effects({ notifications }) };
}

/**
 * `PUT /invoices/{id}/ecf` (admin): records the e-CF provider's security code and signature
 * time of an invoice issued with an e-NCF (the PDF then prints the DGII QR). The code is stored
 * exactly as typed (base64: case, `+` and `/` matter; issue 27). 409 when the invoice has no
 * e-NCF, and when it already has another code and `replace` is not set; a replacement is audited
 * with the code it replaces.
 */
export async function recordEcfSignature(
  opts: WriteCall & {
    id: string;
    input: { securityCode: string; signedAt: string; replace?: boolean };
  },
): Promise<Invoice> {
  const { db, actor, ctx, id, input } = opts;
  await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (!current.ncf?.startsWith('E'))
      throw conflict('Solo las facturas emitidas con e-NCF (serie E) llevan código de seguridad.');
    const previous = current.securityCode;
    const replacing = previous !== null && previous !== input.securityCode;
    if (replacing && !input.replace)
      throw conflict(
        `La factura ya tiene el código de seguridad ${previous}. Confirma que quieres reemplazarlo.`,
      );
    await tx
      .update(invoices)
      .set({ securityCode: input.securityCode, signedAt: new Date(input.signedAt), updatedAt: new Date() })
      .where(eq(invoices.id, id));
    await tx.insert(invoiceEvents).values({
      invoiceId: id,
      event: 'ecf_signed',
      actorId: actor.id,
      note: replacing
        ? `Código de seguridad ${input.securityCode} (reemplaza ${previous})`
        : `Código de seguridad ${input.securityCode}`,
    });
    await audit(
      tx,
      ctx,
      replacing ? 'invoice.ecf_signature_replaced' : 'invoice.ecf_signed',
      { type: 'invoice', id },
      replacing
        ? { securityCode: input.securityCode, previousSecurityCode: previous }
        : { securityCode: input.securityCode },
    );
  });
  return getInvoice({ db, actor, id });
}

/** `POST /invoices/{id}/cancel` (admin): voids an unpaid invoice without payments; 409 otherwise. */
export async function cancelInvoice(opts: WriteCall & { id: string; reason?: string }): Promise<Invoice> {
  const { db, actor, ctx, id, reason } = opts;
  await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.status === 'cancelled') throw conflict('La factura ya está cancelada.');
    // An e-CF the DGII rejected has no fiscal effect (Reglamento 587-24, art. 17 párr. III): the
    // invoice may be cancelled and issued again with a new e-NCF (issue 26, decision 136).
    if (current.ncf && current.ecfStatus !== 'rejected')
      throw conflict(
        `La factura tiene el comprobante fiscal ${current.ncf} y no se puede cancelar: emite una nota de crédito.`,
      );
    if (current.status === 'paid' || current.paidCents > 0)
      throw conflict('No se puede cancelar una factura con pagos registrados.');
    await tx
      .update(invoices)
      .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(invoices.id, id));
    await releaseBilledWork(tx, id);
    await tx
      .insert(invoiceEvents)
      .values({ invoiceId: id, event: 'cancelled', actorId: actor.id, note: reason ?? null });
    await audit(tx, ctx, 'invoice.cancelled', { type: 'invoice', id }, { reason: reason ?? null });
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'invoice.cancelled',
      entityType: 'invoice',
      entityId: id,
      clientId: current.clientId,
      title: `Factura ${current.invoiceNumber} cancelada`,
      isInternal: current.status === 'draft',
    });
  });
  return getInvoice({ db, actor, id });
}

/** `POST /invoices/{id}/duplicate` (admin): a new draft with the same lines, issued today. */
export async function duplicateInvoice(opts: WriteCall & { id: string }): Promise<Invoice> {
  const { db, actor, ctx, id } = opts;
  const source = await getInvoice({ db, actor, id });
  const issueDate = businessToday();
  const created = await createInvoice({
    db,
    actor,
    ctx,
    input: {
      clientId: source.client._id,
      projectId: source.project?._id ?? null,
      issueDate,
      dueDate: addDays(issueDate, source.paymentTerms),
      items: source.items.map((it) => ({
        description: it.description,
        details: it.details,
        quantity: it.quantity,
        unitPrice: it.unitPrice,
        taxExempt: it.taxExempt,
      })),
      documentType:
        source.documentType && !(NOTE_DOCUMENT_TYPES as readonly string[]).includes(source.documentType)
          ? (source.documentType as InvoiceDocumentType)
          : null,
      taxRate: source.taxRate,
      discountAmount: source.discountAmount,
      currency: source.currency,
      paymentMethod: source.paymentMethod,
      paymentTerms: source.paymentTerms,
      notes: source.notes,
      series: source.series,
      asDraft: true,
    },
  });
  return created.value;
}

/**
 * `DELETE /invoices/{id}` (admin, drafts only; 409 otherwise). To keep numbering gap-free the
 * row is removed only when it holds the last number of its series (the counter steps back);
 * an older draft is voided (cancelled) instead, keeping its number (decision 054).
 */
export async function deleteInvoice(
  opts: WriteCall & { id: string },
): Promise<{ deleted: boolean; message: string }> {
  const { db, actor, ctx, id } = opts;
  return db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.status !== 'draft' || current.ncf)
      throw conflict('Solo se pueden eliminar facturas en borrador.');
    const [counter] = await tx
      .select()
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.series, current.series), eq(invoiceCounters.year, current.year)))
      .for('update')
      .limit(1);
    await releaseBilledWork(tx, id);
    if (counter?.lastNumber === current.sequence) {
      await tx.delete(invoices).where(eq(invoices.id, id));
      await tx
        .update(invoiceCounters)
        .set({ lastNumber: counter.lastNumber - 1 })
        .where(and(eq(invoiceCounters.series, current.series), eq(invoiceCounters.year, current.year)));
      await audit(
        tx,
        ctx,
        'invoice.deleted',
        { type: 'invoice', id },
        { invoiceNumber: current.invoiceNumber },
      );
      return { deleted: true, message: 'Factura eliminada' };
    }
    await tx
      .update(invoices)
      .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(invoices.id, id));
    await tx.insert(invoiceEvents).values({
      invoiceId: id,
      event: 'cancelled',
      actorId: actor.id,
      note: 'Borrador anulado: se conserva el número para mantener la secuencia',
    });
    await audit(tx, ctx, 'invoice.voided', { type: 'invoice', id }, { invoiceNumber: current.invoiceNumber });
    return {
      deleted: false,
      message: `Borrador anulado: se conserva el número ${current.invoiceNumber} para mantener la secuencia`,
    };
  });
}
