import { randomBytes } from 'node:crypto';
import {
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  formatLongDate,
  type SendSignableDocumentRequestSchema,
  type SendSignableDocumentResponse,
  SIGN_PATH,
} from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { shareLinks, signableDocuments } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { mergeEffects, type Written } from '../../lib/effects.js';
import { link, renderEmail } from '../../lib/email-template.js';
import { badRequest } from '../../lib/errors.js';
import { queueEmail } from '../../lib/mailer.js';
import { leadsChanged } from '../leads/leads.effects.js';
import { advanceLeadOnProposalSent } from '../leads/leads.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { hashShareToken } from '../share-links/share-links.service.js';
import { addEvent, assertCan, findDocument, recipientOf } from './proposals.queries.js';
import { documentsChanged, freezePdf, present } from './proposals.render.js';
import { assertEditable } from './proposals.service.js';
import { noun } from './signing.otp.js';

/*
 * Sending a proposal or contract for signature (decision 171): the frozen PDF, the share link
 * and the e-mail. Split from proposals.service.ts.
 */

const DAY_MS = 86_400_000;

/**
 * `POST /proposals/{id}/send` (proposals.write): freezes the PDF, creates a share link (256-bit
 * token, only its SHA-256 stored, 1–30 days: the share-link rules of decision 116) and e-mails
 * the signing link `{publicUrl}/firmar/{token}` to the recipient (or `input.email`). A sent or
 * viewed document may be sent again (a new link; older ones keep working until they expire).
 * 409 once signed, declined or expired; 400 without an e-mail.
 */
export async function sendDocument({
  db,
  actor,
  ctx,
  kind,
  id,
  input,
  publicUrl,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  kind: DocumentKind;
  id: string;
  input: z.output<typeof SendSignableDocumentRequestSchema>;
  publicUrl: string;
  now?: Date;
}): Promise<Written<SendSignableDocumentResponse>> {
  assertCan(actor, 'write');
  const token = randomBytes(32).toString('base64url');
  const url = `${publicUrl}${SIGN_PATH}/${token}`;
  return db.transaction(async (tx) => {
    const locked = await findDocument(tx, kind, id, { forUpdate: true });
    assertEditable(locked);
    const recipient = await recipientOf(tx, locked);
    const email = input.email ?? locked.recipientEmail ?? recipient.email;
    if (!email) {
      const message = 'El destinatario no tiene correo: indica uno para enviar el enlace';
      throw badRequest(message, [{ field: 'email', message }]);
    }
    if (locked.items.length === 0 && !locked.content.trim()) throw badRequest('El documento está vacío');
    const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
    const [sent] = await tx
      .update(signableDocuments)
      .set({
        status: locked.status === 'draft' ? 'sent' : locked.status,
        sentAt: locked.sentAt ?? now,
        expiresAt,
        recipientEmail: email,
        updatedAt: locked.sentAt ? locked.updatedAt : now,
      })
      .where(eq(signableDocuments.id, id))
      .returning();
    const row = await freezePdf(tx, sent!, actor.id);
    await tx.insert(shareLinks).values({
      tokenHash: hashShareToken(token),
      documentType: kind,
      documentId: id,
      createdBy: actor.id,
      createdAt: now,
      expiresAt,
    });
    const settings = await getCompanySettings(tx);
    const label = `${noun(kind)} ${row.number}`;
    const mail = renderEmail({
      greeting: `Hola ${recipient.name},`,
      paragraphs: [
        `${settings.name} le envía ${label} «${row.title}» para su revisión y firma.`,
        ...(input.message ? [input.message] : []),
        link('Ver y firmar el documento', url),
        `El enlace es válido hasta el ${formatLongDate(expiresAt)}. Para firmar le enviaremos un código de un solo uso a este correo.`,
      ],
      signature: ['Saludos,', settings.name],
    });
    await queueEmail(tx, {
      to: email,
      subject: `${DOCUMENT_KIND_LABELS[kind]} ${row.number}: ${row.title}`,
      ...mail,
    });
    await addEvent(tx, {
      documentId: id,
      kind: 'sent',
      event: `Enviado a ${email}`,
      actor: `${actor.firstName} ${actor.lastName}`,
      ip: ctx.ip,
      at: now,
    });
    await audit(tx, ctx, `${kind}.sent`, { type: kind, id }, { number: row.number, to: email });
    const leadMoved =
      kind === 'proposal' && row.leadId
        ? await advanceLeadOnProposalSent({
            db: tx,
            actor,
            ctx,
            leadId: row.leadId,
            documentNumber: row.number,
          })
        : false;
    const document = { ...(await present(tx, row)), shareUrl: url };
    return {
      value: {
        document,
        [kind]: document,
        whatsappMessage: `Hola, le compartimos ${label}. Puede leerlo y firmarlo aquí (enlace válido hasta el ${formatLongDate(expiresAt)}): ${url}`,
      },
      effects: leadMoved
        ? mergeEffects(documentsChanged(id), leadsChanged(row.leadId))
        : documentsChanged(id),
    };
  });
}
