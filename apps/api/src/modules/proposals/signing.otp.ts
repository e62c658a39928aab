import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type DocumentKind,
  type DocumentStatus,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
  type OtpResponse,
} from '@agencia/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { documentOtps } from '../../db/schema/index.js';
import { renderEmail } from '../../lib/email-template.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { queueEmail } from '../../lib/mailer.js';
import { addEvent, type DocumentRow } from './proposals.queries.js';

/*
 * The one-time code of a signature (decision 171): 6 digits, 10 minutes, 5 tries, only an HMAC
 * stored; at most five codes per document and role an hour. Split from signing.service.ts.
 */

/** Who is acting on a public route: address and browser (the trail records both). */
export interface Requester {
  ip: string | null;
  userAgent: string | null;
}

/** The statuses in which the recipient may still sign or decline. */
export const SIGNABLE: DocumentStatus[] = ['sent', 'viewed'];

/** "la propuesta" / "el contrato", for messages. */
export const noun = (kind: DocumentKind) => (kind === 'proposal' ? 'la propuesta' : 'el contrato');

/** "a***@cliente.do". */
export function maskEmail({ email }: { email: string }): string {
  const [user, domain] = email.split('@');
  return `${(user ?? '').slice(0, 1)}***@${domain ?? ''}`;
}

/** HMAC-SHA256 of a code under the app's secret and the code's row id (nothing usable at rest). */
export function hashOtp({ secret, otpId, code }: { secret: string; otpId: string; code: string }): string {
  return createHmac('sha256', secret).update(`${otpId}:${code}`).digest('hex');
}

/** Too many codes asked for one document and role in the last hour. */
export const OTP_PER_HOUR = 5;

/** Issues a code for `row` and `role`, retiring the earlier ones; e-mails it. */
export async function issueOtp(
  tx: Tx,
  args: {
    row: DocumentRow;
    role: 'recipient' | 'agency';
    email: string;
    secret: string;
    now: Date;
    requester: Requester;
    actor: string | null;
  },
): Promise<OtpResponse> {
  const { row, role, email, now } = args;
  const [recent] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(documentOtps)
    .where(
      and(
        eq(documentOtps.documentId, row.id),
        eq(documentOtps.role, role),
        gt(documentOtps.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  if ((recent?.n ?? 0) >= OTP_PER_HOUR)
    throw new AppError(
      429,
      'THROTTLED',
      'Ya pediste varios códigos en la última hora. Espera un poco antes de pedir otro.',
      undefined,
      { 'Retry-After': '900' },
    );
  await tx
    .update(documentOtps)
    .set({ retiredAt: now })
    .where(
      and(
        eq(documentOtps.documentId, row.id),
        eq(documentOtps.role, role),
        isNull(documentOtps.retiredAt),
        isNull(documentOtps.verifiedAt),
      ),
    );
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + OTP_TTL_MINUTES * 60_000);
  const [otp] = await tx
    .insert(documentOtps)
    .values({ documentId: row.id, role, email, codeHash: 'pending', expiresAt, createdAt: now })
    .returning({ id: documentOtps.id });
  await tx
    .update(documentOtps)
    .set({ codeHash: hashOtp({ secret: args.secret, otpId: otp!.id, code }) })
    .where(eq(documentOtps.id, otp!.id));
  const mail = renderEmail({
    greeting: 'Hola,',
    paragraphs: [
      `Su código para firmar ${noun(row.kind)} ${row.number} es: ${code}`,
      `Vence en ${OTP_TTL_MINUTES} minutos. Si usted no lo pidió, ignore este correo.`,
    ],
    signature: [],
  });
  await queueEmail(tx, { to: email, subject: `Código de firma: ${code}`, ...mail });
  await addEvent(tx, {
    documentId: row.id,
    kind: 'otp_sent',
    event: `Código de un solo uso enviado a ${maskEmail({ email })}`,
    actor: args.actor,
    ip: args.requester.ip,
    userAgent: args.requester.userAgent,
    at: now,
  });
  return { emailMasked: maskEmail({ email }), expiresAt: expiresAt.toISOString() };
}

/**
 * Checks `code` against the live code of `row`/`role`, committing a failed try on its own (so
 * the count survives the error): 400 with no code asked, expired (10 minutes), after 5 wrong
 * tries, or wrong (with the tries left). Answers the code's id; the caller consumes it.
 */
export async function checkOtp(
  db: Db,
  args: {
    row: DocumentRow;
    role: 'recipient' | 'agency';
    code: string;
    secret: string;
    now: Date;
    requester: Requester;
    actor: string | null;
  },
): Promise<string> {
  const [otp] = await db
    .select()
    .from(documentOtps)
    .where(
      and(
        eq(documentOtps.documentId, args.row.id),
        eq(documentOtps.role, args.role),
        isNull(documentOtps.retiredAt),
        isNull(documentOtps.verifiedAt),
      ),
    )
    .orderBy(desc(documentOtps.createdAt))
    .limit(1);
  const fail = (message: string) => badRequest(message, [{ field: 'otp', message }]);
  if (!otp) throw fail('Pide un código primero: te lo enviaremos por correo.');
  if (otp.expiresAt <= args.now) throw fail('El código venció. Pide uno nuevo.');
  if (otp.attempts >= OTP_MAX_ATTEMPTS) throw fail('Demasiados intentos con este código. Pide uno nuevo.');
  const expected = Buffer.from(otp.codeHash, 'hex');
  const given = Buffer.from(hashOtp({ secret: args.secret, otpId: otp.id, code: args.code }), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const [after] = await db
      .update(documentOtps)
      .set({ attempts: sql`${documentOtps.attempts} + 1` })
      .where(eq(documentOtps.id, otp.id))
      .returning({ attempts: documentOtps.attempts });
    await addEvent(db, {
      documentId: args.row.id,
      kind: 'otp_failed',
      event: 'Código incorrecto',
      actor: args.actor,
      ip: args.requester.ip,
      userAgent: args.requester.userAgent,
      at: args.now,
    });
    const left = OTP_MAX_ATTEMPTS - (after?.attempts ?? OTP_MAX_ATTEMPTS);
    throw fail(
      left > 0
        ? `Código incorrecto. Te quedan ${left} ${left === 1 ? 'intento' : 'intentos'}.`
        : 'Código incorrecto. No quedan intentos: pide un código nuevo.',
    );
  }
  return otp.id;
}
