import type { DocumentKind, OtpResponse } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { signableDocuments, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import type { Written } from '../../lib/effects.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { ownsDocument, proposalPolicy } from './proposals.policy.js';
import { assertCan, type DocumentRow, findDocument } from './proposals.queries.js';
import { documentsChanged } from './proposals.render.js';
import { sealDocument } from './sealing.service.js';
import { checkOtp, issueOtp, type Requester, SIGNABLE } from './signing.otp.js';
import {
  assertRecipientMayAct,
  freezeSignature,
  type PortalSigner,
  type RecipientResult,
  recipientDeclines,
  recipientSigns,
  type SignInput,
} from './signing.steps.js';

/*
 * Signing in the portal (decision 174): a client signs or declines its own sent document signed
 * in, and the agency countersigns. Split from signing.service.ts.
 */
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
