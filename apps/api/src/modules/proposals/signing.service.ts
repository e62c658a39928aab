import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_STATUS_LABELS,
  type DocumentKind,
  type OtpResponse,
  type PublicSignableDocument,
  SHARE_LINK_GONE,
} from '@agencia/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { shareLinks, signableDocuments } from '../../db/schema/index.js';
import type { AuditContext } from '../../lib/audit.js';
import type { Written } from '../../lib/effects.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { hashShareToken } from '../share-links/share-links.service.js';
import { addEvent, type DocumentRow, findDocument, sha256 } from './proposals.queries.js';
import { consentTextOf, documentsChanged, mergedOf, pdfOf, present } from './proposals.render.js';
import { issueOtp, maskEmail, noun, type Requester, SIGNABLE } from './signing.otp.js';
import {
  assertRecipientMayAct,
  type RecipientResult,
  recipientDeclines,
  recipientSigns,
  type SignInput,
} from './signing.steps.js';

/*
 * Signing (decision 171): the public page behind the e-mailed link, the one-time code (6 digits,
 * 10 minutes, 5 tries, only an HMAC stored), the recipient's signature and decline, the agency's
 * countersignature, the seal (pdf-seal) and the verification of a PDF.
 */

/** Who is acting on a public route (the routes' type). */
export type { Requester } from './signing.otp.js';

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
