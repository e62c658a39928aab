import { createHash, randomBytes } from 'node:crypto';
import {
  type CreateShareLinkRequestSchema,
  type CreateShareLinkResponse,
  formatLongDate,
  type PublicShareResponse,
  SHARE_LINK_GONE,
  SHARE_PATH,
  type ShareDocumentType,
  type ShareLink,
} from '@agencia/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { shareLinks, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { SHARE_DOCUMENTS } from './share-links.documents.js';

type CreateInput = z.output<typeof CreateShareLinkRequestSchema>;
type LinkRow = typeof shareLinks.$inferSelect;

/** SHA-256 hex of a token: the only form stored (a database leak yields no usable link). */
export const hashShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

const DAY_MS = 86_400_000;

/** 410 with code GONE and {@link SHARE_LINK_GONE}. */
const gone = () => new AppError(410, 'GONE', SHARE_LINK_GONE);

function statusOf(row: LinkRow, now: Date): ShareLink['status'] {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'active';
}

/**
 * `POST /share-links`: checks the actor may share the document (403/404/409 from its handler),
 * creates a 256-bit random token (base64url, 43 characters), stores only its SHA-256 and answers
 * the absolute URL `{publicUrl}/compartido/{token}`, `expiresAt` (now + `expiresInDays`, 1–30),
 * the prefilled Spanish WhatsApp message and the client's phone.
 */
export async function createShareLink({
  db,
  actor,
  ctx,
  publicUrl,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  /** The portal's public origin, for the absolute URL. */
  publicUrl: string;
  input: CreateInput;
  now?: Date;
}): Promise<CreateShareLinkResponse> {
  const doc = await SHARE_DOCUMENTS[input.type].assertCanShare(db, actor, input.id);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(shareLinks)
      .values({
        tokenHash: hashShareToken(token),
        documentType: input.type,
        documentId: input.id,
        createdBy: actor.id,
        createdAt: now,
        expiresAt,
      })
      .returning();
    await audit(
      tx,
      ctx,
      'share_link.created',
      { type: input.type, id: input.id },
      { shareLinkId: created!.id, expiresAt: expiresAt.toISOString() },
    );
    return created!;
  });
  const url = `${publicUrl}${SHARE_PATH}/${token}`;
  const until = formatLongDate(expiresAt); // "2 de diciembre de 2026", agency calendar (decision 123)
  return {
    shareLink: { _id: row.id, url, expiresAt: expiresAt.toISOString() },
    message: `Hola, le compartimos ${doc.label}. Puede ver el documento aquí sin iniciar sesión (enlace válido hasta el ${until}): ${url}`,
    phone: doc.phone,
  };
}

/** `GET /share-links?type&id`: the document's links, newest first (same access as sharing). */
export async function listShareLinks({
  db,
  actor,
  type,
  id,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  type: ShareDocumentType;
  /** The document's id. */
  id: string;
  now?: Date;
}): Promise<ShareLink[]> {
  await SHARE_DOCUMENTS[type].assertCanShare(db, actor, id);
  const rows = await db
    .select({ link: shareLinks, firstName: users.firstName, lastName: users.lastName })
    .from(shareLinks)
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .where(and(eq(shareLinks.documentType, type), eq(shareLinks.documentId, id)))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  return rows.map(({ link, firstName, lastName }) => ({
    _id: link.id,
    status: statusOf(link, now),
    createdAt: link.createdAt.toISOString(),
    createdBy: firstName ? `${firstName} ${lastName}` : null,
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    lastViewedAt: link.lastViewedAt?.toISOString() ?? null,
  }));
}

/**
 * `DELETE /share-links/{id}` ("Revocar"): whoever may share the document revokes the link at
 * once; revoking twice keeps the first date. 404 for an unknown link or one of a document the
 * actor may not see.
 */
export async function revokeShareLink({
  db,
  actor,
  ctx,
  id,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  /** The link's id. */
  id: string;
}): Promise<void> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.id, id)).limit(1);
  if (!row) throw notFound('Enlace no encontrado');
  const type = row.documentType as ShareDocumentType;
  if (!SHARE_DOCUMENTS[type]) throw notFound('Enlace no encontrado');
  await SHARE_DOCUMENTS[type].assertCanShare(db, actor, row.documentId).catch((err) => {
    // A document the actor may not see: the link does not exist for them.
    if (err instanceof AppError && err.statusCode === 403) throw err;
    if (err instanceof AppError && err.statusCode === 409) return;
    throw notFound('Enlace no encontrado');
  });
  await db.transaction(async (tx) => {
    await tx
      .update(shareLinks)
      .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, now())` })
      .where(eq(shareLinks.id, id));
    await audit(tx, ctx, 'share_link.revoked', { type, id: row.documentId }, { shareLinkId: id });
  });
}

/**
 * Resolves a public token as of `now`: 404 'Enlace no encontrado' when no link has that hash,
 * 410 {@link SHARE_LINK_GONE} when it expired or was revoked. Records `last_viewed_at`.
 */
export async function resolveShareToken({
  db,
  token,
  now = new Date(),
}: {
  db: Db;
  token: string;
  now?: Date;
}): Promise<LinkRow> {
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.tokenHash, hashShareToken(token)))
    .limit(1);
  if (!row || !SHARE_DOCUMENTS[row.documentType as ShareDocumentType]) throw notFound('Enlace no encontrado');
  if (statusOf(row, now) !== 'active') throw gone();
  await db.update(shareLinks).set({ lastViewedAt: now }).where(eq(shareLinks.id, row.id));
  return row;
}

/** `GET /public/share/{token}` (no sign-in): the read-only document and the link's expiry. */
export async function viewSharedDocument({
  db,
  token,
  now = new Date(),
}: {
  db: Db;
  token: string;
  now?: Date;
}): Promise<PublicShareResponse> {
  const link = await resolveShareToken({ db, token, now });
  const document = await SHARE_DOCUMENTS[link.documentType as ShareDocumentType].publicView(
    db,
    link.documentId,
  );
  return { document, expiresAt: link.expiresAt.toISOString() };
}

/** `GET /public/share/{token}/pdf`: the document's PDF; 404 when its type has none. */
export async function sharedDocumentPdf({
  db,
  token,
  now = new Date(),
}: {
  db: Db;
  token: string;
  now?: Date;
}) {
  const link = await resolveShareToken({ db, token, now });
  const pdf = await SHARE_DOCUMENTS[link.documentType as ShareDocumentType].pdf(db, link.documentId);
  if (!pdf) throw notFound('Este documento no tiene PDF');
  return pdf;
}
