import {
  type ConfirmPaymentReportRequestSchema,
  type CreatePaymentReportRequestSchema,
  formatMoney,
  fromCents,
  type ListPaymentReportsQuerySchema,
  type ListPaymentReportsResponse,
  PAYMENT_REPORT_MAX_BYTES,
  PAYMENT_REPORT_MESSAGES,
  type PaymentReport,
  pageWindow,
  type RejectPaymentReportRequestSchema,
  toCents,
} from '@agencia/shared';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { clients, files, invoiceEvents, invoices, paymentReports, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { effects, type Written } from '../../lib/effects.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import type { WriteCall } from '../../lib/service-args.js';
import { IMAGE_TYPES, readFile, saveFile } from '../../lib/storage.js';
import { notifyClientUsers } from '../billing-documents/billing-documents.js';
import { recordPaymentInTx } from '../invoices/invoice-payments.service.js';
import { balanceCents, getInvoice, lockInvoice } from '../invoices/invoices.queries.js';
import { getPaymentInstructions } from '../settings/settings.service.js';
import { visibleReportInvoices } from './payments.policy.js';

/*
 * Transfer reports (decision 147): a client reports a transfer on one of its open invoices with
 * the bank's receipt; admins are told, and confirm it once (recording the payment under the
 * invoice payment rules) or reject it with a reason the client reads.
 */

/** What a report's receipt may be: an image (PNG, JPEG, WebP) or a PDF, sniffed from the bytes. */
export const REPORT_FILE_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;

const reporter = alias(users, 'reporter');
const decider = alias(users, 'decider');

const columns = {
  r: paymentReports,
  invoiceNumber: invoices.invoiceNumber,
  currency: invoices.currency,
  clientName: sql<string>`coalesce(${clients.companyName}, ${clients.firstName} || ' ' || ${clients.lastName})`,
  filename: files.filename,
  contentType: files.contentType,
  reportedBy: sql<string | null>`${reporter.firstName} || ' ' || ${reporter.lastName}`,
  decidedBy: sql<string | null>`${decider.firstName} || ' ' || ${decider.lastName}`,
};

type ReportRow = {
  r: typeof paymentReports.$inferSelect;
  invoiceNumber: string;
  currency: PaymentReport['currency'];
  clientName: string;
  filename: string | null;
  contentType: string | null;
  reportedBy: string | null;
  decidedBy: string | null;
};

function selectReports(db: Db | Tx) {
  return db
    .select(columns)
    .from(paymentReports)
    .innerJoin(invoices, eq(invoices.id, paymentReports.invoiceId))
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .leftJoin(files, eq(files.id, paymentReports.fileId))
    .leftJoin(reporter, eq(reporter.id, paymentReports.reportedBy))
    .leftJoin(decider, eq(decider.id, paymentReports.decidedBy));
}

function toDto(row: ReportRow): PaymentReport {
  const { r } = row;
  return {
    _id: r.id,
    status: r.status,
    amount: fromCents(r.amountCents),
    currency: row.currency,
    date: r.transferDate,
    bank: r.bank,
    reference: r.reference,
    invoice: { _id: r.invoiceId, invoiceNumber: row.invoiceNumber, clientName: row.clientName },
    file: row.filename && row.contentType ? { filename: row.filename, contentType: row.contentType } : null,
    reportedBy: row.reportedBy,
    rejectionReason: r.rejectionReason,
    paymentId: r.paymentId,
    decidedBy: row.decidedBy,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** One report within `actor`'s scope (a client: its own invoices' only); 404 otherwise. */
export async function getPaymentReport(opts: {
  db: Db | Tx;
  actor: Actor;
  id: string;
}): Promise<PaymentReport> {
  const [row] = await selectReports(opts.db)
    .where(and(eq(paymentReports.id, opts.id), visibleReportInvoices(opts.actor)))
    .limit(1);
  if (!row) throw notFound('Reporte de pago no encontrado');
  return toDto(row);
}

/**
 * `GET /payment-reports` (paged, newest first; `status` and `invoiceId` filters): staff see every
 * report, a client its own invoices' reports.
 */
export async function listPaymentReports(opts: {
  db: Db;
  actor: Actor;
  query: z.output<typeof ListPaymentReportsQuerySchema>;
}): Promise<ListPaymentReportsResponse> {
  const { db, actor, query } = opts;
  const where: SQL | undefined = and(
    visibleReportInvoices(actor),
    query.status ? eq(paymentReports.status, query.status) : undefined,
    query.invoiceId ? eq(paymentReports.invoiceId, query.invoiceId) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const rows = await selectReports(db)
    .where(where)
    .orderBy(desc(paymentReports.createdAt), desc(paymentReports.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(paymentReports)
    .innerJoin(invoices, eq(invoices.id, paymentReports.invoiceId))
    .where(where);
  return {
    paymentReports: rows.map(toDto),
    pagination: { page: query.page, limit: query.limit, total: total?.n ?? 0 },
  };
}

/** Whether the agency has a bank account to transfer to (Configuración → Datos de pago). */
export async function hasTransferAccount(db: Db | Tx): Promise<boolean> {
  return (await getPaymentInstructions(db)).bankAccounts.length > 0;
}

/** What the pending transfer reports of invoice `invoiceId` add up to, in major units. */
export async function pendingReportedAmount({
  db,
  invoiceId,
}: {
  db: Db | Tx;
  invoiceId: string;
}): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${paymentReports.amountCents}), 0)`.mapWith(Number) })
    .from(paymentReports)
    .where(and(eq(paymentReports.invoiceId, invoiceId), eq(paymentReports.status, 'pending')));
  return fromCents(row?.cents ?? 0);
}

/** Whether an invoice takes payments from the portal: sent or pending (not draft, paid, cancelled). */
export function openForPayment(status: string): boolean {
  return status === 'sent' || status === 'pending';
}

/**
 * `POST /invoices/{id}/payment-reports` (the invoice's own client): stores the receipt file
 * (image or PDF, at most 10 MB, sniffed, the user's upload quota — `saveFile`) and the report as
 * pending; notifies the admins (stored, live and e-mail). Another client's invoice → 404; an
 * invoice not open → 409; an amount above the balance → 400 on `amount`.
 */
export async function createPaymentReport(
  opts: WriteCall & {
    id: string;
    input: z.output<typeof CreatePaymentReportRequestSchema>;
    file: { filename: string; data: Buffer };
  },
): Promise<Written<PaymentReport>> {
  const { db, actor, ctx, id, input, file } = opts;
  const { reportId, notifications } = await db.transaction(async (tx) => {
    // Scope first (404 for another client's invoice), then the row lock.
    await getInvoice({ db: tx, actor, id });
    const current = await lockInvoice(tx, id);
    if (!openForPayment(current.status))
      throw conflict('Esta factura no tiene saldo pendiente para reportar un pago.');
    // Nowhere to transfer to yet: the portal hides "Reportar pago" too (decision 163).
    if (!(await hasTransferAccount(tx))) throw conflict(PAYMENT_REPORT_MESSAGES.noAccount);
    const amount = toCents(input.amount);
    const balance = balanceCents(current);
    if (amount > balance) {
      const message = `El monto supera el saldo pendiente (${formatMoney(fromCents(balance), current.currency)})`;
      throw badRequest(message, [{ field: 'amount', message }]);
    }
    const stored = await saveFile(tx, {
      ownerType: 'payment_report',
      ownerId: id,
      filename: file.filename,
      data: file.data,
      uploadedBy: actor.id,
      maxBytes: PAYMENT_REPORT_MAX_BYTES,
      allowed: REPORT_FILE_TYPES,
      userUpload: true,
    });
    const [report] = await tx
      .insert(paymentReports)
      .values({
        invoiceId: id,
        amountCents: amount,
        transferDate: input.date,
        bank: input.bank,
        reference: input.reference,
        fileId: stored.id,
        reportedBy: actor.id,
      })
      .returning({ id: paymentReports.id });
    const money = formatMoney(input.amount, current.currency);
    await tx.insert(invoiceEvents).values({
      invoiceId: id,
      event: 'payment_reported',
      actorId: actor.id,
      note: `${money} · ${input.bank} · Ref. ${input.reference}`,
    });
    await audit(tx, ctx, 'invoice.payment_reported', { type: 'invoice', id }, { amountCents: amount });
    const notifications = await createNotifications(tx, {
      roles: ['admin'],
      topic: 'paymentsReceived',
      title: `Pago reportado: ${current.invoiceNumber}`,
      message: `El cliente reportó una transferencia de ${money} (${input.bank}, ref. ${input.reference}) en la factura ${current.invoiceNumber}. Revísala y confírmala.`,
      link: `/billing/${id}`,
    });
    return { reportId: report!.id, notifications };
  });
  return { value: await getPaymentReport({ db, actor, id: reportId }), effects: effects({ notifications }) };
}

/** Locks report `id` for a decision; 404 when missing, 409 when it was already answered. */
async function lockPending(tx: Tx, id: string) {
  const [report] = await tx
    .select()
    .from(paymentReports)
    .where(eq(paymentReports.id, id))
    .for('update')
    .limit(1);
  if (!report) throw notFound('Reporte de pago no encontrado');
  if (report.status !== 'pending')
    throw conflict(
      report.status === 'confirmed'
        ? 'Este reporte de pago ya fue confirmado.'
        : 'Este reporte de pago ya fue rechazado.',
    );
  return report;
}

/**
 * `POST /payment-reports/{id}/confirm` (admin): records the payment (amount, transfer date, bank
 * transfer, reference "banco · ref.") under the invoice payment rules and withholdings
 * ({@link recordPaymentInTx}: its 400s and 409s, receipt and e-mail included), marks the report
 * confirmed and notifies the client. The report row is locked first, so two admins confirming
 * at once make one payment and the second gets 409.
 */
export async function confirmPaymentReport(
  opts: WriteCall & { id: string; input: z.output<typeof ConfirmPaymentReportRequestSchema> },
): Promise<Written<PaymentReport>> {
  const { db, actor, ctx, id } = opts;
  const input = opts.input ?? {};
  const notifications = await db.transaction(async (tx) => {
    const report = await lockPending(tx, id);
    const recorded = await recordPaymentInTx({
      tx,
      opts: {
        actor,
        ctx,
        id: report.invoiceId,
        input: {
          amount: fromCents(report.amountCents),
          paidDate: report.transferDate,
          paymentMethod: 'bank_transfer',
          reference: `${report.bank} · Ref. ${report.reference}`.slice(0, 100),
          ...input,
        },
      },
    });
    await tx
      .update(paymentReports)
      .set({
        status: 'confirmed',
        paymentId: recorded.paymentId,
        decidedBy: actor.id,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(paymentReports.id, id));
    await audit(
      tx,
      ctx,
      'invoice.payment_report_confirmed',
      { type: 'invoice', id: report.invoiceId },
      {
        reportId: id,
        receiptNumber: recorded.receiptNumber,
      },
    );
    const [inv] = await tx
      .select({ number: invoices.invoiceNumber, clientId: invoices.clientId, currency: invoices.currency })
      .from(invoices)
      .where(eq(invoices.id, report.invoiceId));
    const toClient = await notifyClientUsers(tx, inv!.clientId, {
      topic: 'paymentsReceived',
      title: `Pago confirmado: ${inv!.number}`,
      message: `Confirmamos tu transferencia de ${formatMoney(fromCents(report.amountCents), inv!.currency)} en la factura ${inv!.number}. Recibo ${recorded.receiptNumber}.`,
      link: `/billing/${report.invoiceId}`,
    });
    return [...recorded.notifications, ...toClient];
  });
  return { value: await getPaymentReport({ db, actor, id }), effects: effects({ notifications }) };
}

/**
 * `POST /payment-reports/{id}/reject` (admin): marks the report rejected with `reason` and
 * notifies the client (stored, live and e-mail) with it; the invoice is unchanged. 409 when the
 * report was already answered.
 */
export async function rejectPaymentReport(
  opts: WriteCall & { id: string; input: z.output<typeof RejectPaymentReportRequestSchema> },
): Promise<Written<PaymentReport>> {
  const { db, actor, ctx, id, input } = opts;
  const notifications = await db.transaction(async (tx) => {
    const report = await lockPending(tx, id);
    await tx
      .update(paymentReports)
      .set({
        status: 'rejected',
        rejectionReason: input.reason,
        decidedBy: actor.id,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(paymentReports.id, id));
    const [inv] = await tx
      .select({ number: invoices.invoiceNumber, clientId: invoices.clientId, currency: invoices.currency })
      .from(invoices)
      .where(eq(invoices.id, report.invoiceId));
    const money = formatMoney(fromCents(report.amountCents), inv!.currency);
    await tx.insert(invoiceEvents).values({
      invoiceId: report.invoiceId,
      event: 'payment_report_rejected',
      actorId: actor.id,
      note: `${money} · ${input.reason}`,
    });
    await audit(
      tx,
      ctx,
      'invoice.payment_report_rejected',
      { type: 'invoice', id: report.invoiceId },
      {
        reportId: id,
        reason: input.reason,
      },
    );
    const clientUsers = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.clientId, inv!.clientId));
    return createNotifications(tx, {
      userIds: clientUsers.map((u) => u.id),
      topic: 'paymentsReceived',
      title: `Pago no confirmado: ${inv!.number}`,
      message: `No pudimos confirmar tu transferencia de ${money} en la factura ${inv!.number}. Motivo: ${input.reason}`,
      link: `/billing/${report.invoiceId}`,
    });
  });
  return { value: await getPaymentReport({ db, actor, id }), effects: effects({ notifications }) };
}

/** The receipt file of report `id` within `actor`'s scope; 404 when missing. */
export async function reportFile(opts: { db: Db; actor: Actor; id: string }) {
  await getPaymentReport(opts);
  const [r] = await opts.db
    .select({ fileId: paymentReports.fileId })
    .from(paymentReports)
    .where(eq(paymentReports.id, opts.id));
  const file = r?.fileId ? await readFile(opts.db, r.fileId) : null;
  if (!file) throw notFound('Archivo no encontrado');
  return file;
}
