import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_STATUS_LABELS,
  type DocumentKind,
  type DocumentStatus,
  SHARE_LINK_GONE,
  type SignDocumentRequestSchema,
} from '@agencia/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { documentOtps, signableDocumentSignatures, signableDocuments } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import type { Written } from '../../lib/effects.js';
import { AppError, conflict } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { readFile, saveFile } from '../../lib/storage.js';
import { addEvent, type DocumentRow, sha256 } from './proposals.queries.js';
import { consentTextOf, documentsChanged } from './proposals.render.js';
import { sealDocument } from './sealing.service.js';
import { checkOtp, maskEmail, noun, type Requester, SIGNABLE } from './signing.otp.js';

/*
 * The steps a signature or a decline goes through, whichever channel it comes from (the e-mailed
 * link or the portal, decision 174): who may still act, the frozen signature, the trail, the
 * notifications. Split from signing.service.ts (decision 152's size rule).
 */

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

/** 409 in Spanish unless the recipient may still sign or decline `row`. */
export function assertRecipientMayAct(row: DocumentRow): void {
  if (row.status === 'signed' || row.status === 'countersigned')
    throw conflict('Este documento ya fue firmado.');
  if (row.status === 'declined') throw conflict('Este documento fue rechazado.');
  if (row.status === 'expired') throw new AppError(410, 'GONE', SHARE_LINK_GONE);
  if (!SIGNABLE.includes(row.status)) throw conflict('Este documento no está disponible para firmar.');
}

export type SignInput = z.output<typeof SignDocumentRequestSchema>;

/** Freezes one signature in `tx` (the OTP consumed once, the row unique per role). */
export async function freezeSignature(
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
export type RecipientResult<S extends DocumentStatus, D extends string | null> = Written<{
  status: S;
  statusLabel: string;
  signedAt: D;
  documentSha256: D;
}>;

/**
 * The portal user who signs or declines as the recipient (decision 174): the trail records the
 * account besides what the signer typed; null on the e-mailed link.
 */
export interface PortalSigner {
  id: string;
  name: string;
  email: string;
}

/** " — sesión del portal de María Pérez (maria@cliente.do)", for the trail's actor. */
export const portalNote = (user: PortalSigner | null) =>
  user ? ` — sesión del portal de ${user.name} (${user.email})` : '';

/**
 * The recipient's signature, the same for the link and the portal: checks the code (see
 * `checkOtp`) then, in one transaction holding the row, freezes the signature (PDF hash, consent
 * and its hash, name, id, e-mail, IP, browser, UTC and Santo Domingo time, the code's
 * verification and, in the portal, the signed-in user). Sealed when no countersign is needed.
 */
export async function recipientSigns({
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
export async function recipientDeclines({
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
