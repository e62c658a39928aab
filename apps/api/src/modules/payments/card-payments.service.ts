import { randomInt } from 'node:crypto';
import {
  type CardResult,
  type CreateCardPaymentRequestSchema,
  type CreateCardPaymentResponse,
  divRoundHalfUp,
  formatMoney,
  fromCents,
  toCents,
} from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { cardPayments, invoiceEvents, invoices, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { AuditContext } from '../../lib/audit.js';
import { audit } from '../../lib/audit.js';
import { effects, type StoredNotifications, type Written } from '../../lib/effects.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import type { WriteCall } from '../../lib/service-args.js';
import { type RecordedPayment, recordPaymentInTx } from '../invoices/invoice-payments.service.js';
import { balanceCents, getInvoice, lockInvoice } from '../invoices/invoices.queries.js';
import {
  type AzulAnswer,
  answerDay,
  isApproved,
  paymentPageFields,
  verifyAnswer,
} from './azul-payment-page.js';
import { azulAuthKey, azulSetup } from './online-payments.service.js';
import { openForPayment } from './payment-reports.service.js';

/*
 * Card payments through Azul's Payment Page (decision 147). The client asks to pay an amount;
 * we store an attempt with a fresh OrderNumber and hand the browser the signed form. Azul sends
 * the browser back to the approved or declined URL with its answer in the query string, or to
 * the cancel URL with nothing: the answer is verified, matched to its attempt and recorded once.
 */

/** What the Azul routes need beyond the database: the sealing key, the URL override, PUBLIC_URL. */
export interface AzulRuntime {
  key: Buffer;
  paymentPageUrl: string | null;
  publicUrl: string;
}

/** Our return URLs (built from PUBLIC_URL); the cancel URL names its attempt (Azul adds nothing to it). */
export function returnUrls({ publicUrl, attemptId }: { publicUrl: string; attemptId: string }) {
  const base = `${publicUrl}/api/payments/azul`;
  return {
    approvedUrl: `${base}/approved`,
    declinedUrl: `${base}/declined`,
    cancelUrl: `${base}/cancelled/${attemptId}`,
  };
}

/**
 * A new OrderNumber: 15 digits (Azul's `OrderNumber` is numeric up to 15), the time to the
 * second plus three random digits; the unique index catches the rare repeat and we draw again.
 */
function newOrderNumber(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(2, 14);
  return `${stamp}${String(randomInt(0, 1000)).padStart(3, '0')}`;
}

/**
 * The ITBIS part of a payment of `amountCents` on an invoice: its ITBIS in proportion to what the
 * payment covers of the total (half-up to the centavo); Azul asks for it with the amount.
 */
export function itbisShare({
  amountCents,
  taxCents,
  totalCents,
}: {
  amountCents: number;
  taxCents: number;
  totalCents: number;
}): number {
  if (taxCents <= 0 || totalCents <= 0) return 0;
  return Math.min(taxCents, divRoundHalfUp(amountCents * taxCents, totalCents));
}

/** Whether Azul is on and takes `currency` (for the portal's "Pagar con tarjeta"). */
export async function cardAvailable({
  db,
  runtime,
  currency,
}: {
  db: Db;
  runtime: AzulRuntime;
  currency: string;
}): Promise<boolean> {
  const setup = await azulSetup({ db, key: runtime.key, override: runtime.paymentPageUrl });
  return Boolean(setup?.currencies.includes(currency));
}

/**
 * `POST /invoices/{id}/card-payments` (the invoice's own client): stores a pending attempt and
 * answers the Payment Page form ({@link paymentPageFields}). Another client's invoice → 404;
 * card payments off or not in the invoice's currency → 409; invoice not open → 409; an amount
 * above the balance → 400 on `amount`.
 */
export async function startCardPayment(
  opts: WriteCall & {
    id: string;
    input: z.output<typeof CreateCardPaymentRequestSchema>;
    runtime: AzulRuntime;
  },
): Promise<CreateCardPaymentResponse> {
  const { db, actor, ctx, id, input, runtime } = opts;
  const invoice = await getInvoice({ db, actor, id });
  const setup = await azulSetup({ db, key: runtime.key, override: runtime.paymentPageUrl });
  if (!setup?.currencies.includes(invoice.currency))
    throw conflict('El pago con tarjeta no está disponible para esta factura.');
  return db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (!openForPayment(current.status)) throw conflict('Esta factura no tiene saldo pendiente.');
    const amount = toCents(input.amount);
    const balance = balanceCents(current);
    if (amount > balance) {
      const message = `El monto supera el saldo pendiente (${formatMoney(fromCents(balance), current.currency)})`;
      throw badRequest(message, [{ field: 'amount', message }]);
    }
    const itbis = itbisShare({
      amountCents: amount,
      taxCents: current.taxCents,
      totalCents: current.totalCents,
    });
    let attempt: { id: string; orderNumber: string } | undefined;
    for (let i = 0; !attempt && i < 5; i++) {
      [attempt] = await tx
        .insert(cardPayments)
        .values({
          invoiceId: id,
          orderNumber: newOrderNumber(),
          amountCents: amount,
          itbisCents: itbis,
          currency: current.currency,
          createdBy: actor.id,
        })
        .onConflictDoNothing({ target: cardPayments.orderNumber })
        .returning({ id: cardPayments.id, orderNumber: cardPayments.orderNumber });
    }
    if (!attempt) throw conflict('No se pudo iniciar el pago. Intenta de nuevo.');
    await audit(
      tx,
      ctx,
      'invoice.card_payment_started',
      { type: 'invoice', id },
      {
        orderNumber: attempt.orderNumber,
        amountCents: amount,
      },
    );
    return {
      cardPayment: { _id: attempt.id, orderNumber: attempt.orderNumber, amount: fromCents(amount) },
      redirect: {
        url: setup.paymentPageUrl,
        fields: paymentPageFields({
          merchant: setup.merchant,
          currency: current.currency,
          orderNumber: attempt.orderNumber,
          amountCents: amount,
          itbisCents: itbis,
          ...returnUrls({ publicUrl: runtime.publicUrl, attemptId: attempt.id }),
          detail: { label: 'Factura', value: current.invoiceNumber },
        }),
      },
    };
  });
}

/** Where the browser goes after an answer: the invoice in the portal with `?pago=`. */
export interface CardLanding {
  invoiceId: string;
  result: CardResult;
}

const invalidAnswer = (message: string) => badRequest(message);

type Attempt = typeof cardPayments.$inferSelect;

/**
 * Whether `answer` is the transaction already stored on `attempt` (a repeated or replayed answer):
 * the same `AzulOrderId` (Azul's id of the transaction) when both have one, else the same
 * authorization code and RRN (both under the response hash).
 */
function sameTransaction(attempt: Attempt, answer: AzulAnswer): boolean {
  if (attempt.azulOrderId && answer.AzulOrderId) return attempt.azulOrderId === answer.AzulOrderId;
  return (
    (attempt.authorizationCode ?? '') === (answer.AuthorizationCode ?? '') &&
    (attempt.rrn ?? '') === (answer.RRN ?? '')
  );
}

/** Azul's answer as stored on its attempt. */
function answeredColumns(answer: AzulAnswer) {
  return {
    authorizationCode: answer.AuthorizationCode || null,
    rrn: answer.RRN || null,
    azulOrderId: answer.AzulOrderId || null,
    responseCode: answer.ResponseCode || null,
    isoCode: answer.IsoCode || null,
    responseMessage: answer.ResponseMessage || null,
    errorDescription: answer.ErrorDescription || null,
    azulDateTime: answer.DateTime || null,
    answeredAt: new Date(),
    updatedAt: new Date(),
  };
}

/** Title of the admins' alert when Azul's answers contradict each other or their URL (decision 162). */
export const CONTRADICTORY_ANSWER_TITLE = 'Respuesta de Azul por revisar';

/**
 * Tells the admins (stored, live, e-mail) that what Azul answered for an attempt needs a look:
 * the contradictions found, the attempt's amount and the authorization code.
 */
async function alertAdmins(
  db: Db | Tx,
  attempt: Attempt,
  answer: AzulAnswer,
  problems: string[],
): Promise<StoredNotifications> {
  const [inv] = await db
    .select({ n: invoices.invoiceNumber })
    .from(invoices)
    .where(eq(invoices.id, attempt.invoiceId));
  return createNotifications(db, {
    roles: ['admin'],
    topic: 'paymentsReceived',
    title: `${CONTRADICTORY_ANSWER_TITLE}: ${inv!.n}`,
    message: `${problems.join(' ')} Pago de ${formatMoney(fromCents(attempt.amountCents), attempt.currency)} (orden ${attempt.orderNumber}, aut. ${answer.AuthorizationCode || '—'}, Azul ${answer.AzulOrderId || '—'}) en la factura ${inv!.n}; compáralo con el portal de Azul.`,
    link: `/billing/${attempt.invoiceId}`,
  });
}

/**
 * The answer Azul sends to our approved or declined URL (`outcome`: which URL it reached).
 * Verified first (response hash under the stored auth key: a wrong or missing hash → 400 and
 * nothing recorded), matched to its attempt by OrderNumber (unknown → 400), the amount checked
 * against the attempt (different → 400, nothing recorded, the admins told).
 *
 * Decided by the verified content, not by the URL (issue 43 item 5, decision 162): an approval
 * (`IsoCode` 00 under a valid hash) always records the payment, once per attempt, whatever came
 * before — a decline, the anonymous cancel URL, or the approval itself at the declined URL. A
 * repeated answer of the same transaction (same `AzulOrderId`) changes nothing. Anything
 * contradictory — an answer at the other outcome's URL, an approval after a cancel or a decline,
 * a decline or a second transaction after an approval (a possible double charge) — alerts the
 * admins, as does an approval the payment rules refuse now (paid or cancelled meanwhile). The
 * payment (method card, reference with Azul's authorization code and RRN, the day of Azul's
 * DateTime) is recorded with its receipt under the attempt's row lock.
 */
export async function recordCardAnswer(opts: {
  db: Db;
  runtime: AzulRuntime;
  answer: AzulAnswer;
  outcome: 'approved' | 'declined';
  ctx: AuditContext;
}): Promise<Written<CardLanding>> {
  const { db, runtime, answer, outcome, ctx } = opts;
  const authKey = await azulAuthKey({ db, key: runtime.key });
  if (!authKey || !verifyAnswer(answer, authKey))
    throw invalidAnswer('La respuesta de Azul no tiene una firma válida; no se registró nada.');
  const [found] = await db
    .select()
    .from(cardPayments)
    .where(eq(cardPayments.orderNumber, answer.OrderNumber ?? ''))
    .limit(1);
  if (!found) throw invalidAnswer('La respuesta de Azul no corresponde a ningún pago iniciado.');
  const approved = isApproved(answer);
  if (answer.Amount !== String(found.amountCents)) {
    // Signed by Azul, so Azul answered for another amount than ours: worth a look when approved.
    if (approved)
      await alertAdmins(db, found, answer, [
        `Azul aprobó ${answer.Amount ?? '—'} centavos para un pago iniciado por otro monto; no se registró.`,
      ]);
    throw invalidAnswer(
      'El monto de la respuesta de Azul no coincide con el del pago iniciado; no se registró nada.',
    );
  }
  let notifications: StoredNotifications = [];
  const landing = await db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(cardPayments).where(eq(cardPayments.id, found.id)).for('update');
    const prior = attempt!;
    const done = (result: CardResult): CardLanding => ({ invoiceId: prior.invoiceId, result });
    const problems: string[] = [];
    const wrongUrl = approved !== (outcome === 'approved');

    if (prior.status === 'approved') {
      // The payment stands; only a different answer is news.
      if (approved && sameTransaction(prior, answer)) return done('aprobado');
      problems.push(
        approved
          ? 'Azul aprobó otra transacción para un pago ya aprobado y registrado: posible doble cargo; reembolsa una desde el portal de Azul.'
          : 'Azul envió un rechazo para un pago ya aprobado y registrado; el pago se mantiene.',
      );
      notifications = await alertAdmins(tx, prior, answer, problems);
      await auditAnswer(tx, ctx, prior, answer, 'contradictory');
      return done('aprobado');
    }
    if (!approved && prior.status !== 'pending') return done(resultOf(prior.status));

    if (wrongUrl)
      problems.push(
        approved
          ? 'Azul envió una aprobación válida a la dirección de pago rechazado; se registró como aprobado.'
          : 'Azul envió un rechazo a la dirección de pago aprobado; se registró como rechazado.',
      );
    if (approved && prior.status === 'cancelled')
      problems.push('El pago se había marcado como cancelado desde el navegador y Azul lo aprobó después.');
    if (approved && prior.status === 'declined')
      problems.push('Azul había rechazado este pago y después lo aprobó.');

    const [payer] = prior.createdBy
      ? await tx.select().from(users).where(eq(users.id, prior.createdBy)).limit(1)
      : [];
    // The client who started the attempt records it (Azul's browser return carries no session).
    const recorded =
      approved && payer
        ? await recordApproved(tx, {
            payer,
            ctx,
            invoiceId: prior.invoiceId,
            amountCents: prior.amountCents,
            answer,
          })
        : null;
    await tx
      .update(cardPayments)
      .set({
        ...answeredColumns(answer),
        status: approved ? 'approved' : 'declined',
        paymentId: recorded?.paymentId ?? null,
      })
      .where(eq(cardPayments.id, prior.id));
    if (!approved)
      await tx.insert(invoiceEvents).values({
        invoiceId: prior.invoiceId,
        event: 'card_payment_failed',
        actorId: prior.createdBy,
        note: `${formatMoney(fromCents(prior.amountCents), prior.currency)} · Azul: ${answer.ResponseMessage ?? ''}${answer.ErrorDescription ? ` (${answer.ErrorDescription})` : ''}`,
      });
    if (recorded) notifications = recorded.notifications;
    else if (approved) {
      // Azul charged the card but the payment could not be recorded (its payer is gone, or the
      // invoice was paid or cancelled meanwhile): the admins record or refund it by hand.
      const [inv] = await tx
        .select({ n: invoices.invoiceNumber })
        .from(invoices)
        .where(eq(invoices.id, prior.invoiceId));
      notifications = await createNotifications(tx, {
        roles: ['admin'],
        topic: 'paymentsReceived',
        title: `Pago con tarjeta por revisar: ${inv!.n}`,
        message: `Azul aprobó un pago de ${formatMoney(fromCents(prior.amountCents), prior.currency)} (aut. ${answer.AuthorizationCode ?? ''}) en la factura ${inv!.n} que no se pudo registrar solo; regístralo o reembólsalo desde el portal de Azul.`,
        link: `/billing/${prior.invoiceId}`,
      });
    }
    if (problems.length > 0)
      notifications = [...notifications, ...(await alertAdmins(tx, prior, answer, problems))];
    await auditAnswer(tx, ctx, prior, answer, approved ? 'approved' : 'declined');
    return done(approved ? 'aprobado' : 'declinado');
  });
  return { value: landing, effects: effects({ notifications }) };
}

async function auditAnswer(
  tx: Tx,
  ctx: AuditContext,
  attempt: Attempt,
  answer: AzulAnswer,
  status: 'approved' | 'declined' | 'contradictory',
): Promise<void> {
  await audit(
    tx,
    ctx,
    'invoice.card_payment_answered',
    { type: 'invoice', id: attempt.invoiceId },
    {
      orderNumber: attempt.orderNumber,
      status,
      previous: attempt.status,
      isoCode: answer.IsoCode ?? null,
    },
  );
}

/**
 * Records an approved card payment as `payer` ({@link recordPaymentInTx}), or null when the
 * payment rules refuse it now (the invoice was paid or cancelled meanwhile, a closed period…):
 * those refusals are thrown before anything is written, so the transaction goes on.
 */
async function recordApproved(
  tx: Tx,
  opts: {
    payer: typeof users.$inferSelect;
    ctx: AuditContext;
    invoiceId: string;
    amountCents: number;
    answer: AzulAnswer;
  },
): Promise<RecordedPayment | null> {
  const { payer, answer } = opts;
  const actor: Actor = {
    id: payer.id,
    role: payer.role,
    clientId: payer.clientId,
    sessionId: '',
    permissions: payer.permissions,
    firstName: payer.firstName,
    lastName: payer.lastName,
    mustChangePassword: false,
  };
  try {
    return await recordPaymentInTx({
      tx,
      opts: {
        actor,
        ctx: { ...opts.ctx, actorId: payer.id },
        id: opts.invoiceId,
        input: {
          amount: fromCents(opts.amountCents),
          paidDate: answerDay(answer.DateTime) ?? undefined,
          paymentMethod: 'credit_card',
          reference: `Azul · Aut. ${answer.AuthorizationCode ?? ''} · RRN ${answer.RRN ?? ''}`.slice(0, 100),
        },
      },
    });
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

function resultOf(status: string): CardResult {
  return status === 'approved' ? 'aprobado' : status === 'cancelled' ? 'cancelado' : 'declinado';
}

/**
 * The browser came back through the cancel URL of attempt `attemptId` (Azul sends no answer
 * there): a pending attempt becomes cancelled; the invoice is unchanged. Unknown attempt → 404.
 * The URL is anonymous and unsigned, so "cancelled" is not final: a verified approval arriving
 * later still records the payment ({@link recordCardAnswer}, decision 162).
 */
export async function cancelCardPayment(opts: {
  db: Db;
  attemptId: string;
  ctx: AuditContext;
}): Promise<CardLanding> {
  const { db, attemptId, ctx } = opts;
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.id, attemptId))
      .for('update');
    if (!attempt) throw notFound('Pago no encontrado');
    if (attempt.status !== 'pending')
      return { invoiceId: attempt.invoiceId, result: resultOf(attempt.status) };
    await tx
      .update(cardPayments)
      .set({
        status: 'cancelled',
        responseMessage: 'Cancelado por el cliente',
        answeredAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(cardPayments.id, attemptId));
    await audit(
      tx,
      ctx,
      'invoice.card_payment_answered',
      { type: 'invoice', id: attempt.invoiceId },
      {
        orderNumber: attempt.orderNumber,
        status: 'cancelled',
      },
    );
    return { invoiceId: attempt.invoiceId, result: 'cancelado' as const };
  });
}
