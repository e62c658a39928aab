import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_STATUS_LABELS,
  type DocumentKind,
  type DocumentStatus,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
  type OtpResponse,
  type PublicSignableDocument,
  SHARE_LINK_GONE,
  type SignDocumentRequestSchema,
  signConsentText,
  VERIFY_PATH,
  type VerifyDocumentResponse,
} from '@agencia/shared';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import {
  documentOtps,
  shareLinks,
  signableDocumentSignatures,
  signableDocuments,
  users,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { effects, type Written } from '../../lib/effects.js';
import { renderEmail } from '../../lib/email-template.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { queueEmail } from '../../lib/mailer.js';
import { createNotifications } from '../../lib/notify.js';
import { readFile, saveFile } from '../../lib/storage.js';
import { hashShareToken } from '../share-links/share-links.service.js';
import { sealSignedDocument, verifySealedDocument } from '../signatures/pdf-seal.js';
import { ownsDocument, proposalPolicy } from './proposals.policy.js';
import {
  addEvent,
  assertCan,
  type DocumentRow,
  eventsOf,
  findDocument,
  sha256,
} from './proposals.queries.js';
import { documentsChanged, mergedOf, pdfOf, present } from './proposals.render.js';

/*
 * Signing (decision 171): the public page behind the e-mailed link, the one-time code (6 digits,
 * 10 minutes, 5 tries, only an HMAC stored), the recipient's signature and decline, the agency's
 * countersignature, the seal (pdf-seal) and the verification of a PDF.
 */

/** Who is acting on a public route: address and browser (the trail records both). */
export interface Requester {
  ip: string | null;
  userAgent: string | null;
}

const SIGNABLE: DocumentStatus[] = ['sent', 'viewed'];
const noun = (kind: DocumentKind) => (kind === 'proposal' ? 'la propuesta' : 'el contrato');

/** "a***@cliente.do". */
export function maskEmail({ email }: { email: string }): string {
  const [user, domain] = email.split('@');
  return `${(user ?? '').slice(0, 1)}***@${domain ?? ''}`;
}

/** The instant in America/Santo_Domingo with its offset: "2026-11-24T10:15:00-04:00" (no DST there). */
export function santoDomingoTime({ at }: { at: Date }): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Santo_Domingo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}-04:00`;
}

/** The consent text of a document naming it (the shared `signConsentText`, also shown by the portal). */
export function consentTextOf({ row }: { row: Pick<DocumentRow, 'kind' | 'number' | 'version'> }): string {
  return signConsentText(row);
}

/** HMAC-SHA256 of a code under the app's secret and the code's row id (nothing usable at rest). */
export function hashOtp({ secret, otpId, code }: { secret: string; otpId: string; code: string }): string {
  return createHmac('sha256', secret).update(`${otpId}:${code}`).digest('hex');
}

/**
 * Resolves a signing token for `kind` (share-link rules, decision 116): 404 when unknown, 404
 * naming the other kind for a link of another document type, 410 {@link SHARE_LINK_GONE} when
 * expired or revoked (a sent document whose last link expired becomes `expired`), 410 when a
 * newer version replaced the document.
 */
export async function resolveSignToken({
  db,
  kind,
  token,
  now = new Date(),
}: {
  db: Db | Tx;
  kind: DocumentKind;
  token: string;
  now?: Date;
}): Promise<DocumentRow> {
  const [link] = await db
    .select()
    .from(shareLinks)
    .where(
      and(
        eq(shareLinks.tokenHash, hashShareToken(token)),
        inArray(shareLinks.documentType, ['proposal', 'contract']),
      ),
    )
    .limit(1);
  if (!link) throw notFound('Enlace no encontrado');
  if (link.documentType !== kind)
    throw notFound(
      `Este enlace es de ${link.documentType === 'proposal' ? 'una propuesta' : 'un contrato'}, no de ${kind === 'proposal' ? 'una propuesta' : 'un contrato'}.`,
    );
  const row = await findDocument(db, kind, link.documentId);
  if (row.supersededById)
    throw new AppError(
      410,
      'GONE',
      'Este documento fue reemplazado por una versión más reciente. Pide el enlace nuevo.',
    );
  if (link.revokedAt || link.expiresAt <= now) {
    if (SIGNABLE.includes(row.status) && row.expiresAt && row.expiresAt <= now)
      await db
        .update(signableDocuments)
        .set({ status: 'expired', updatedAt: now })
        .where(eq(signableDocuments.id, row.id));
    throw new AppError(410, 'GONE', SHARE_LINK_GONE);
  }
  return row;
}

async function publicView(db: Db | Tx, row: DocumentRow, token: string): Promise<PublicSignableDocument> {
  const { settings, recipient, merged } = await mergedOf(db, row);
  const doc = await present(db, row);
  const recipientSig = doc.signatures.find((s) => s.role === 'recipient');
  const pdf = await pdfOf(db, row, 'signed').catch(() => null);
  return {
    kind: row.kind,
    number: row.number,
    version: row.version,
    title: row.title,
    company: settings.name,
    recipientName: recipient.name,
    emailMasked: maskEmail({ email: row.recipientEmail ?? recipient.email ?? '' }),
    status: row.status,
    statusLabel: DOCUMENT_STATUS_LABELS[row.status],
    mergedContent: merged,
    items: doc.items,
    currency: doc.currency,
    total: doc.total,
    documentSha256: row.documentSha256 ?? (pdf ? sha256(pdf.body) : ''),
    consentText: consentTextOf({ row }),
    expiresAt: row.expiresAt?.toISOString() ?? '',
    signedAt: recipientSig?.signedAt ?? null,
    declinedAt: doc.declinedAt,
    signed: Boolean(recipientSig),
    pdfUrl: `/api/public/${row.kind === 'proposal' ? 'proposals' : 'contracts'}/${token}/pdf`,
  };
}

/**
 * `GET /public/proposals/{token}` (no sign-in): the document as the signing page shows it.
 * Counts the view (first, last, count), turns `sent` into `viewed`, adds "Visto" to the trail
 * and, on the first view, notifies the owner.
 */
export async function viewByToken({
  db,
  kind,
  token,
  requester,
  now = new Date(),
}: {
  db: Db;
  kind: DocumentKind;
  token: string;
  requester: Requester;
  now?: Date;
}): Promise<Written<PublicSignableDocument>> {
  return db.transaction(async (tx) => {
    const row = await resolveSignToken({ db: tx, kind, token, now });
    const { row: updated, effects } = await recordView({ tx, row, requester, now, event: 'Visto' });
    return { value: await publicView(tx, updated, token), effects };
  });
}

/**
 * Counts a recipient's view of `row` (first, last, count), turns `sent` into `viewed`, adds
 * `event` to the trail and, on the first view, notifies the owner. Used by the link
 * (`viewByToken`) and by the portal (a client opening its own document, decision 174).
 */
export async function recordView({
  tx,
  row,
  requester,
  now = new Date(),
  event,
}: {
  tx: Tx;
  row: DocumentRow;
  requester: Requester;
  now?: Date;
  event: string;
}): Promise<{ row: DocumentRow; effects: ReturnType<typeof documentsChanged> }> {
  const kind = row.kind;
  const [updated] = await tx
    .update(signableDocuments)
    .set({
      viewCount: sql`${signableDocuments.viewCount} + 1`,
      firstViewedAt: row.firstViewedAt ?? now,
      lastViewedAt: now,
      ...(row.status === 'sent' ? { status: 'viewed' as const } : {}),
    })
    .where(eq(signableDocuments.id, row.id))
    .returning();
  await addEvent(tx, {
    documentId: row.id,
    kind: 'viewed',
    event,
    ip: requester.ip,
    userAgent: requester.userAgent,
    at: now,
  });
  const notifications =
    !row.firstViewedAt && row.ownerId
      ? await createNotifications(tx, {
          userIds: [row.ownerId],
          topic: 'clientMessages',
          title: `${DOCUMENT_KIND_LABELS[kind]} ${row.number} vista`,
          message: `El destinatario abrió ${noun(kind)} «${row.title}».`,
          link: `/${kind === 'proposal' ? 'proposals' : 'contracts'}/${row.id}`,
        })
      : [];
  return { row: updated!, effects: documentsChanged(row.id, notifications) };
}

/** `GET /public/proposals/{token}/pdf`: the PDF exactly as shown (the frozen one). */
export async function pdfByToken({ db, kind, token }: { db: Db; kind: DocumentKind; token: string }) {
  const row = await resolveSignToken({ db, kind, token });
  return pdfOf(db, row, 'signed').catch(() => pdfOf(db, row, 'current'));
}

/** Too many codes asked for one document and role in the last hour. */
const OTP_PER_HOUR = 5;

/** Issues a code for `row` and `role`, retiring the earlier ones; e-mails it. */
async function issueOtp(
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

/** 409 in Spanish unless the recipient may still sign or decline `row`. */
function assertRecipientMayAct(row: DocumentRow): void {
  if (row.status === 'signed' || row.status === 'countersigned')
    throw conflict('Este documento ya fue firmado.');
  if (row.status === 'declined') throw conflict('Este documento fue rechazado.');
  if (row.status === 'expired') throw new AppError(410, 'GONE', SHARE_LINK_GONE);
  if (!SIGNABLE.includes(row.status)) throw conflict('Este documento no está disponible para firmar.');
}

/** `POST /public/proposals/{token}/otp`: e-mails a 6-digit code to the recipient (10 minutes, 5 tries). */
export async function requestRecipientOtp({
  db,
  kind,
  token,
  secret,
  requester,
  now = new Date(),
}: {
  db: Db;
  kind: DocumentKind;
  token: string;
  secret: string;
  requester: Requester;
  now?: Date;
}): Promise<OtpResponse> {
  return db.transaction(async (tx) => {
    const row = await resolveSignToken({ db: tx, kind, token, now });
    assertRecipientMayAct(row);
    if (!row.recipientEmail) throw conflict('El documento no tiene correo de destinatario.');
    return issueOtp(tx, {
      row,
      role: 'recipient',
      email: row.recipientEmail,
      secret,
      now,
      requester,
      actor: null,
    });
  });
}

/**
 * Checks `code` against the live code of `row`/`role`, committing a failed try on its own (so
 * the count survives the error): 400 with no code asked, expired (10 minutes), after 5 wrong
 * tries, or wrong (with the tries left). Answers the code's id; the caller consumes it.
 */
async function checkOtp(
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

type SignInput = z.output<typeof SignDocumentRequestSchema>;

/** Freezes one signature in `tx` (the OTP consumed once, the row unique per role). */
async function freezeSignature(
  tx: Tx,
  args: {
    row: DocumentRow;
    role: 'recipient' | 'agency';
    input: SignInput;
    email: string;
    otpId: string;
    userId: string | null;
    /** Appended to the trail's actor (the portal session, decision 174); empty on the link. */
    note?: string;
    requester: Requester;
    now: Date;
  },
): Promise<void> {
  const { row, input, now } = args;
  const [consumed] = await tx
    .update(documentOtps)
    .set({ verifiedAt: now })
    .where(
      and(eq(documentOtps.id, args.otpId), isNull(documentOtps.verifiedAt), isNull(documentOtps.retiredAt)),
    )
    .returning({ id: documentOtps.id });
  if (!consumed) throw conflict('Este código ya se usó. Pide uno nuevo.');
  if (!row.pdfFileId || !row.documentSha256)
    throw conflict('El documento no tiene un PDF congelado para firmar.');
  const pdf = await readFile(tx, row.pdfFileId);
  if (!pdf || sha256(pdf.data) !== row.documentSha256)
    throw conflict('El PDF guardado no coincide con su huella; no se puede firmar.');
  let imageId: string | null = null;
  if (input.signatureImage) {
    const png = Buffer.from(input.signatureImage.split(',')[1] ?? '', 'base64');
    const file = await saveFile(tx, {
      ownerType: 'signable_document_signature',
      ownerId: row.id,
      filename: `firma-${args.role}.png`,
      data: png,
      uploadedBy: args.userId,
      maxBytes: 300 * 1024,
      allowed: ['image/png'],
    });
    imageId = file.id;
  }
  const consentText = consentTextOf({ row });
  const inserted = await tx
    .insert(signableDocumentSignatures)
    .values({
      documentId: row.id,
      role: args.role,
      name: input.name,
      idNumber: input.idNumber.replace(/\D/g, ''),
      email: args.email,
      userId: args.userId,
      ip: args.requester.ip,
      userAgent: args.requester.userAgent,
      signedAt: now,
      signedAtLocal: santoDomingoTime({ at: now }),
      documentSha256: row.documentSha256,
      consentText,
      consentSha256: sha256(consentText),
      otpId: args.otpId,
      otpVerifiedAt: now,
      signatureImageFileId: imageId,
    })
    .onConflictDoNothing()
    .returning({ id: signableDocumentSignatures.id });
  if (inserted.length === 0) throw conflict('Este documento ya fue firmado.');
  const who = `${input.name} (${args.email})${args.note ?? ''}`;
  const base = {
    documentId: row.id,
    actor: who,
    ip: args.requester.ip,
    userAgent: args.requester.userAgent,
    at: now,
  };
  await addEvent(tx, {
    ...base,
    kind: 'otp_verified',
    event: `Código verificado (${maskEmail({ email: args.email })})`,
  });
  await addEvent(tx, {
    ...base,
    kind: args.role === 'recipient' ? 'signed' : 'countersigned',
    event: `${args.role === 'recipient' ? (args.note ? 'Firmado en el portal' : 'Firmado') : 'Contrafirmado por la agencia'} por ${input.name}, ${input.idNumber} — huella del PDF ${row.documentSha256.slice(0, 16)}…`,
  });
}

/** The recipient's answer to a signature or a decline, as both channels give it. */
type RecipientResult<S extends DocumentStatus, D extends string | null> = Written<{
  status: S;
  statusLabel: string;
  signedAt: D;
  documentSha256: D;
}>;

/**
 * The portal user who signs or declines as the recipient (decision 174): the trail records the
 * account besides what the signer typed; null on the e-mailed link.
 */
interface PortalSigner {
  id: string;
  name: string;
  email: string;
}

/** " — sesión del portal de María Pérez (maria@cliente.do)", for the trail's actor. */
const portalNote = (user: PortalSigner | null) =>
  user ? ` — sesión del portal de ${user.name} (${user.email})` : '';

/**
 * The recipient's signature, the same for the link and the portal: checks the code (see
 * `checkOtp`) then, in one transaction holding the row, freezes the signature (PDF hash, consent
 * and its hash, name, id, e-mail, IP, browser, UTC and Santo Domingo time, the code's
 * verification and, in the portal, the signed-in user). Sealed when no countersign is needed.
 */
async function recipientSigns({
  db,
  config,
  kind,
  row0,
  input,
  requester,
  ctx,
  user,
  now,
}: {
  db: Db;
  config: AppConfig;
  kind: DocumentKind;
  row0: DocumentRow;
  input: SignInput;
  requester: Requester;
  ctx: AuditContext;
  user: PortalSigner | null;
  now: Date;
}): Promise<RecipientResult<'signed', string | null>> {
  assertRecipientMayAct(row0);
  if (input.documentSha256 && input.documentSha256 !== row0.documentSha256)
    throw conflict('El documento cambió mientras lo leías. Vuelve a cargar la página antes de firmar.');
  const email = row0.recipientEmail ?? '';
  const otpId = await checkOtp(db, {
    row: row0,
    role: 'recipient',
    code: input.otp,
    secret: config.jwtSecret,
    now,
    requester,
    actor: `${input.name} (${email})${portalNote(user)}`,
  });
  const written = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(signableDocuments)
      .where(eq(signableDocuments.id, row0.id))
      .for('update');
    assertRecipientMayAct(row!);
    if (row!.documentSha256 !== row0.documentSha256)
      throw conflict('El documento cambió mientras lo leías. Vuelve a cargar la página antes de firmar.');
    await freezeSignature(tx, {
      row: row!,
      role: 'recipient',
      input,
      email,
      otpId,
      userId: user?.id ?? null,
      note: portalNote(user),
      requester,
      now,
    });
    await tx
      .update(signableDocuments)
      .set({ status: 'signed', updatedAt: now })
      .where(eq(signableDocuments.id, row!.id));
    await audit(
      tx,
      ctx,
      `${kind}.signed`,
      { type: kind, id: row!.id },
      { number: row!.number, signer: input.name, ...(user ? { via: 'portal' } : {}) },
    );
    const where = user ? ' en el portal' : '';
    const notifications = await createNotifications(tx, {
      userIds: row!.ownerId ? [row!.ownerId] : [],
      roles: row!.requiresCountersign ? ['admin'] : [],
      topic: 'clientMessages',
      title: `${DOCUMENT_KIND_LABELS[kind]} ${row!.number} firmada`,
      message: row!.requiresCountersign
        ? `${input.name} firmó${where} ${noun(kind)} «${row!.title}». Falta la firma de la agencia.`
        : `${input.name} firmó${where} ${noun(kind)} «${row!.title}».`,
      link: `/${kind === 'proposal' ? 'proposals' : 'contracts'}/${row!.id}`,
    });
    return { value: row!, effects: documentsChanged(row!.id, notifications) };
  });
  if (!written.value.requiresCountersign) await sealDocument({ db, config, id: written.value.id });
  return {
    value: {
      status: 'signed',
      statusLabel: DOCUMENT_STATUS_LABELS.signed,
      signedAt: now.toISOString(),
      documentSha256: written.value.documentSha256,
    },
    effects: written.effects,
  };
}

/**
 * The recipient's decline with its reason, the same for the link and the portal: once, in one
 * transaction holding the row (`load` finds it inside that transaction); 409 when signed or
 * declined. The trail names the portal user when there is one.
 */
async function recipientDeclines({
  db,
  kind,
  load,
  reason,
  requester,
  ctx,
  user,
  now,
}: {
  db: Db;
  kind: DocumentKind;
  load: (tx: Tx) => Promise<DocumentRow>;
  reason: string;
  requester: Requester;
  ctx: AuditContext;
  user: PortalSigner | null;
  now: Date;
}): Promise<RecipientResult<'declined', null>> {
  return db.transaction(async (tx) => {
    const row0 = await load(tx);
    const [row] = await tx
      .select()
      .from(signableDocuments)
      .where(eq(signableDocuments.id, row0.id))
      .for('update');
    assertRecipientMayAct(row!);
    await tx
      .update(signableDocuments)
      .set({ status: 'declined', declinedAt: now, declineReason: reason, updatedAt: now })
      .where(eq(signableDocuments.id, row!.id));
    await addEvent(tx, {
      documentId: row!.id,
      kind: 'declined',
      event: user ? `Rechazado en el portal: ${reason}` : `Rechazado: ${reason}`,
      actor: user ? `${user.name} (${user.email})` : null,
      ip: requester.ip,
      userAgent: requester.userAgent,
      at: now,
    });
    await audit(
      tx,
      ctx,
      `${kind}.declined`,
      { type: kind, id: row!.id },
      { number: row!.number, reason, ...(user ? { via: 'portal' } : {}) },
    );
    const notifications = row!.ownerId
      ? await createNotifications(tx, {
          userIds: [row!.ownerId],
          topic: 'clientMessages',
          title: `${DOCUMENT_KIND_LABELS[kind]} ${row!.number} rechazada`,
          message: `El destinatario rechazó ${noun(kind)} «${row!.title}»: ${reason}`,
          link: `/${kind === 'proposal' ? 'proposals' : 'contracts'}/${row!.id}`,
        })
      : [];
    return {
      value: {
        status: 'declined' as const,
        statusLabel: DOCUMENT_STATUS_LABELS.declined,
        signedAt: null,
        documentSha256: null,
      },
      effects: documentsChanged(row!.id, notifications),
    };
  });
}

/**
 * `POST /public/proposals/{token}/sign`: checks the code (see `checkOtp`) then, in one
 * transaction holding the row, freezes the signature: the PDF as shown and its SHA-256, the
 * consent text and its hash, name, id, e-mail, IP, browser, time (UTC and Santo Domingo) and the
 * code's verification. 409 when signed already, declined, or changed since the page loaded
 * (`documentSha256`). Without a countersignature the document is complete and gets sealed.
 */
export async function signByToken({
  db,
  config,
  kind,
  token,
  input,
  requester,
  ctx,
  now = new Date(),
}: {
  db: Db;
  config: AppConfig;
  kind: DocumentKind;
  token: string;
  input: SignInput;
  requester: Requester;
  ctx: AuditContext;
  now?: Date;
}): Promise<RecipientResult<'signed', string | null>> {
  const row0 = await resolveSignToken({ db, kind, token, now });
  return recipientSigns({ db, config, kind, row0, input, requester, ctx, user: null, now });
}

/** `POST /public/proposals/{token}/decline {reason}`: records the refusal once; 409 when signed or declined. */
export async function declineByToken({
  db,
  kind,
  token,
  reason,
  requester,
  ctx,
  now = new Date(),
}: {
  db: Db;
  kind: DocumentKind;
  token: string;
  reason: string;
  requester: Requester;
  ctx: AuditContext;
  now?: Date;
}): Promise<RecipientResult<'declined', null>> {
  return recipientDeclines({
    db,
    kind,
    load: (tx) => resolveSignToken({ db: tx, kind, token, now }),
    reason,
    requester,
    ctx,
    user: null,
    now,
  });
}

// ───────────── the recipient inside the portal (decision 174) ─────────────

/**
 * The document `actor` signs or declines in the portal: its own client's sent document (the
 * policy's `sign`). Staff answer 403 (they countersign as the agency, never as the recipient); a
 * client asking for another's document or a draft 404, as reading it would. A replaced version
 * or a document past its signing deadline answers 410, as its link would.
 */
async function portalDocument(
  db: Db | Tx,
  { actor, kind, id, now }: { actor: Actor; kind: DocumentKind; id: string; now: Date },
): Promise<DocumentRow> {
  const row = await findDocument(db, kind, id);
  if (!proposalPolicy.can(actor.role, 'sign', ownsDocument(actor, row))) {
    if (proposalPolicy.can(actor.role, 'sign', true))
      throw notFound(kind === 'proposal' ? 'Propuesta no encontrada' : 'Contrato no encontrado');
    throw forbidden('La agencia no firma como destinatario: un administrador contrafirma como agencia.');
  }
  assertCan(actor, 'sign', true);
  if (row.supersededById)
    throw new AppError(
      410,
      'GONE',
      'Este documento fue reemplazado por una versión más reciente. Ábrela desde tus propuestas.',
    );
  if (SIGNABLE.includes(row.status) && row.expiresAt && row.expiresAt <= now) {
    await db
      .update(signableDocuments)
      .set({ status: 'expired', updatedAt: now })
      .where(eq(signableDocuments.id, row.id));
    throw new AppError(
      410,
      'GONE',
      'El plazo para firmar este documento venció. Pide a la agencia uno nuevo.',
    );
  }
  return row;
}

/** The signed-in user as the trail names them. */
async function portalSigner(db: Db | Tx, actor: Actor): Promise<PortalSigner> {
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.id)).limit(1);
  return { id: actor.id, name: `${actor.firstName} ${actor.lastName}`.trim(), email: me?.email ?? '' };
}

/**
 * `POST /proposals/{id}/otp` (a client, its own sent document): e-mails the 6-digit code to the
 * document's recipient address — the same code, limits and trail entry as the link's
 * (`POST /public/proposals/{token}/otp`), the trail naming the signed-in user.
 */
export async function requestPortalOtp({
  db,
  actor,
  kind,
  id,
  secret,
  requester,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  kind: DocumentKind;
  id: string;
  secret: string;
  requester: Requester;
  now?: Date;
}): Promise<OtpResponse> {
  return db.transaction(async (tx) => {
    const row = await portalDocument(tx, { actor, kind, id, now });
    assertRecipientMayAct(row);
    if (!row.recipientEmail) throw conflict('El documento no tiene correo de destinatario.');
    const user = await portalSigner(tx, actor);
    return issueOtp(tx, {
      row,
      role: 'recipient',
      email: row.recipientEmail,
      secret,
      now,
      requester,
      actor: `${user.name} (${user.email}), en el portal`,
    });
  });
}

/**
 * `POST /proposals/{id}/sign` (a client, its own sent document): the recipient's signature with
 * the SAME steps and checks as the link's `POST /public/proposals/{token}/sign` (one shared
 * function); the signature row keeps the user's id and the trail names the portal session.
 */
export async function signInPortal({
  db,
  config,
  actor,
  ctx,
  kind,
  id,
  input,
  requester,
  now = new Date(),
}: {
  db: Db;
  config: AppConfig;
  actor: Actor;
  ctx: AuditContext;
  kind: DocumentKind;
  id: string;
  input: SignInput;
  requester: Requester;
  now?: Date;
}): Promise<RecipientResult<'signed', string | null>> {
  const row0 = await portalDocument(db, { actor, kind, id, now });
  const user = await portalSigner(db, actor);
  return recipientSigns({ db, config, kind, row0, input, requester, ctx, user, now });
}

/** `POST /proposals/{id}/decline {reason}` (a client, its own sent document): as the link's decline. */
export async function declineInPortal({
  db,
  actor,
  ctx,
  kind,
  id,
  reason,
  requester,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  kind: DocumentKind;
  id: string;
  reason: string;
  requester: Requester;
  now?: Date;
}): Promise<RecipientResult<'declined', null>> {
  const user = await portalSigner(db, actor);
  return recipientDeclines({
    db,
    kind,
    load: (tx) => portalDocument(tx, { actor, kind, id, now }),
    reason,
    requester,
    ctx,
    user,
    now,
  });
}

/** 409 unless `row` waits for the agency's countersignature. */
function assertAwaitsCountersign(row: DocumentRow): void {
  if (row.status === 'countersigned') throw conflict('La agencia ya firmó este documento.');
  if (!row.requiresCountersign) throw conflict('Este documento no necesita la firma de la agencia.');
  if (row.status !== 'signed') throw conflict('El destinatario aún no ha firmado este documento.');
}

/** `POST /proposals/{id}/countersign/otp` (admin): e-mails a code to the admin's own address. */
export async function requestCountersignOtp({
  db,
  actor,
  kind,
  id,
  secret,
  requester,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  kind: DocumentKind;
  id: string;
  secret: string;
  requester: Requester;
  now?: Date;
}): Promise<OtpResponse> {
  assertCan(actor, 'countersign');
  return db.transaction(async (tx) => {
    const row = await findDocument(tx, kind, id);
    assertAwaitsCountersign(row);
    const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.id)).limit(1);
    if (!me) throw notFound('Usuario no encontrado');
    return issueOtp(tx, {
      row,
      role: 'agency',
      email: me.email,
      secret,
      now,
      requester,
      actor: `${actor.firstName} ${actor.lastName}`,
    });
  });
}

/**
 * `POST /proposals/{id}/countersign` (admin): the same steps as the recipient's signature, the
 * code sent to the admin's e-mail; then the document is complete and sealed.
 */
export async function countersign({
  db,
  config,
  actor,
  ctx,
  kind,
  id,
  input,
  requester,
  now = new Date(),
}: {
  db: Db;
  config: AppConfig;
  actor: Actor;
  ctx: AuditContext;
  kind: DocumentKind;
  id: string;
  input: SignInput;
  requester: Requester;
  now?: Date;
}): Promise<Written<DocumentRow>> {
  assertCan(actor, 'countersign');
  const row0 = await findDocument(db, kind, id);
  assertAwaitsCountersign(row0);
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.id)).limit(1);
  const email = me?.email ?? '';
  const otpId = await checkOtp(db, {
    row: row0,
    role: 'agency',
    code: input.otp,
    secret: config.jwtSecret,
    now,
    requester,
    actor: `${input.name} (${email})`,
  });
  const written = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(signableDocuments).where(eq(signableDocuments.id, id)).for('update');
    assertAwaitsCountersign(row!);
    await freezeSignature(tx, {
      row: row!,
      role: 'agency',
      input,
      email,
      otpId,
      userId: actor.id,
      requester,
      now,
    });
    const [updated] = await tx
      .update(signableDocuments)
      .set({ status: 'countersigned', updatedAt: now })
      .where(eq(signableDocuments.id, id))
      .returning();
    await audit(tx, ctx, `${kind}.countersigned`, { type: kind, id }, { number: row!.number });
    return { value: updated!, effects: documentsChanged(id) };
  });
  await sealDocument({ db, config, id });
  const [final] = await db.select().from(signableDocuments).where(eq(signableDocuments.id, id));
  return { value: final!, effects: written.effects };
}

/**
 * Seals a complete document (pdf-seal: "Certificado de firma" page + PAdES with the e-CF
 * certificate) and stores the sealed PDF and its SHA-256. A failure (no certificate loaded…)
 * is kept in `seal_error` and never undoes the signature; `POST …/seal` retries.
 */
export async function sealDocument({
  db,
  config,
  id,
}: {
  db: Db;
  config: AppConfig;
  id: string;
}): Promise<{ sealed: boolean; error: string | null }> {
  const [row] = await db.select().from(signableDocuments).where(eq(signableDocuments.id, id));
  if (!row?.pdfFileId || !row.documentSha256) return { sealed: false, error: 'Documento sin PDF' };
  if (row.sealedFileId) return { sealed: true, error: null };
  const complete = row.status === 'countersigned' || (row.status === 'signed' && !row.requiresCountersign);
  if (!complete) return { sealed: false, error: 'El documento aún no está completo' };
  const pdf = await readFile(db, row.pdfFileId);
  const sigs = await db
    .select()
    .from(signableDocumentSignatures)
    .where(eq(signableDocumentSignatures.documentId, id));
  const events = await eventsOf(db, id);
  const signers = [];
  for (const s of sigs.sort((a, b) => a.signedAt.getTime() - b.signedAt.getTime())) {
    const image = s.signatureImageFileId ? await readFile(db, s.signatureImageFileId) : null;
    signers.push({
      name: s.name,
      idNumber: s.idNumber,
      email: s.email,
      signedAt: s.signedAt.toISOString(),
      signatureImagePng: image?.data ?? null,
    });
  }
  const consentText = sigs[0]?.consentText ?? consentTextOf({ row });
  try {
    const sealed = await sealSignedDocument({
      db,
      config,
      pdf: pdf!.data,
      certificate: {
        documentTitle: row.title,
        documentNumber: `${row.number} v${row.version}`,
        documentSha256: row.documentSha256,
        consentText,
        consentSha256: sha256(consentText),
        signers,
        events: events.map(({ at, event, actor, ip, userAgent }) => ({ at, event, actor, ip, userAgent })),
        verifyUrl: `${config.publicUrl.replace(/\/+$/, '')}${VERIFY_PATH}`,
      },
    });
    await db.transaction(async (tx) => {
      const file = await saveFile(tx, {
        ownerType: 'signable_document',
        ownerId: id,
        filename: `${row.number}-v${row.version}-firmado.pdf`,
        data: sealed,
        uploadedBy: null,
        maxBytes: 30 * 1024 * 1024,
        allowed: ['application/pdf'],
      });
      await tx
        .update(signableDocuments)
        .set({ sealedFileId: file.id, sealedSha256: sha256(sealed), sealError: null })
        .where(eq(signableDocuments.id, id));
      await addEvent(tx, {
        documentId: id,
        kind: 'sealed',
        event: `Sellado con el certificado de la agencia — huella ${sha256(sealed).slice(0, 16)}…`,
      });
    });
    return { sealed: true, error: null };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db
      .update(signableDocuments)
      .set({ sealError: message.slice(0, 500) })
      .where(eq(signableDocuments.id, id));
    return { sealed: false, error: message };
  }
}

/** `POST /proposals/{id}/seal` (admin): retries the seal of a complete document; 409 with the reason when it fails. */
export async function retrySeal({
  db,
  config,
  actor,
  kind,
  id,
}: {
  db: Db;
  config: AppConfig;
  actor: Actor;
  kind: DocumentKind;
  id: string;
}) {
  assertCan(actor, 'countersign');
  await findDocument(db, kind, id);
  const result = await sealDocument({ db, config, id });
  if (!result.sealed) throw conflict(`No se pudo sellar el documento: ${result.error}`);
  return effects();
}

async function verifyAnswer(
  db: Db | Tx,
  row: DocumentRow | null,
  sha: string | null,
  match: 'signed' | 'sealed' | null,
  pdf: Buffer | null,
): Promise<VerifyDocumentResponse> {
  let seal: VerifyDocumentResponse['seal'] = null;
  if (pdf) {
    try {
      seal = await verifySealedDocument({ pdf });
    } catch {
      seal = { sealed: false, intact: false, signerName: null, signedAt: null, timestamped: false };
    }
  }
  if (!row) return { sha256: sha, match: null, document: null, seal, events: [] };
  const sigs = await db
    .select()
    .from(signableDocumentSignatures)
    .where(eq(signableDocumentSignatures.documentId, row.id));
  return {
    sha256: sha,
    match,
    document: {
      kind: row.kind,
      number: row.number,
      version: row.version,
      title: row.title,
      status: row.status,
      documentSha256: row.documentSha256,
      sealedSha256: row.sealedSha256,
      signers: sigs.map((s) => ({ role: s.role, name: s.name, signedAt: s.signedAt.toISOString() })),
    },
    seal,
    events: await eventsOf(db, row.id),
  };
}

/** `GET /contracts/{id}/verify` (staff): the stored sealed copy (or the signed one) checked, and the trail. */
export async function verifyStored({
  db,
  actor,
  kind,
  id,
}: {
  db: Db;
  actor: Actor;
  kind: DocumentKind;
  id: string;
}): Promise<VerifyDocumentResponse> {
  if (!proposalPolicy.can(actor.role, 'readAll')) throw notFound('Documento no encontrado');
  assertCan(actor, 'readAll');
  const row = await findDocument(db, kind, id);
  const file = row.sealedFileId
    ? await readFile(db, row.sealedFileId)
    : row.pdfFileId
      ? await readFile(db, row.pdfFileId)
      : null;
  const sha = file ? sha256(file.data) : null;
  const match =
    sha && sha === row.sealedSha256 ? 'sealed' : sha && sha === row.documentSha256 ? 'signed' : null;
  return verifyAnswer(db, row, sha, match, file?.data ?? null);
}

/**
 * `POST /public/verify` (multipart `file`): whether the uploaded PDF is one we signed — its
 * SHA-256 against every signed document's PDF and sealed copy — its seal, and the trail.
 * Only documents with at least one signature answer (a sent, unsigned PDF is not "signed").
 */
export async function verifyUpload({ db, pdf }: { db: Db; pdf: Buffer }): Promise<VerifyDocumentResponse> {
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw badRequest('El archivo no es un PDF', [{ field: 'file', message: 'El archivo no es un PDF' }]);
  const sha = sha256(pdf);
  const [row] = await db
    .select()
    .from(signableDocuments)
    .where(
      and(
        or(eq(signableDocuments.sealedSha256, sha), eq(signableDocuments.documentSha256, sha)),
        inArray(signableDocuments.status, ['signed', 'countersigned']),
      ),
    )
    .orderBy(desc(signableDocuments.updatedAt))
    .limit(1);
  const match = row ? (row.sealedSha256 === sha ? 'sealed' : 'signed') : null;
  return verifyAnswer(db, row ?? null, sha, match, pdf);
}
