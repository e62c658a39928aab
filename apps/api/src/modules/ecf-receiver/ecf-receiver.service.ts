import {
  type CommercialApprovalStatus,
  type DgiiMessage,
  ECF_NOT_RECEIVED_REASONS,
  type EcfNotReceivedReason,
  formatMoney,
  fromCents,
  type ListReceivedEcfResponse,
  onlyDigits,
  type ReceivedEcf,
  type ReceivedEcfDetail,
} from '@agencia/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { EcfConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { ecfBuyerApprovals, ecfReceived } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { type Effects, effects } from '../../lib/effects.js';
import { conflict, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { pagedSelect } from '../../lib/paging.js';
import { loadSigningKey } from '../ecf/ecf-settings.service.js';
import { type SigningKey, signXml, verifyXmlSignature } from '../ecf/ecf-signature.js';
import { draftFromReceivedEcf } from '../expenses/expenses.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { parseIncomingXml, ReceiverError } from './ecf-receiver-auth.js';
import { buildAcecfXml, buildArecfXml, readAcecfFields, readEcfFields } from './ecf-receiver-xml.js';

/**
 * e-CF types a supplier may send to an electronic buyer: the ones with a buyer RNC. 41 (compras)
 * and 43 (gastos menores) are issued by the buyer itself; 46 and 47 go to buyers abroad
 * ("Formato Comprobante Fiscal Electrónico" v1.0, types of e-CF). Anything else is an error of
 * specification (ARECF `CodigoMotivoNoRecibido` 1).
 */
export const RECEIVABLE_ECF_TYPES: readonly string[] = ['31', '32', '33', '34', '44', '45'];

/** Largest XML the receiver reads (2 MB; an e-CF of 1,000 lines stays well under it). */
export const RECEIVER_MAX_XML_BYTES = 2 * 1024 * 1024;

/**
 * Our RNC as the receiver checks it: the company settings' `taxId`, digits only. Throws
 * {@link ReceiverError} 503 when it is not set (no document can be checked as addressed to us).
 */
export async function receiverRnc(db: Db): Promise<string> {
  const taxId = onlyDigits((await getCompanySettings(db)).taxId ?? '');
  if (!/^(\d{9}|\d{11})$/.test(taxId))
    throw new ReceiverError(
      503,
      'receptor_no_configurado',
      'El receptor no tiene configurado el RNC de la empresa: no puede recibir comprobantes.',
    );
  return taxId;
}

/**
 * The agency's signing key for the receiver's answers. Throws {@link ReceiverError} 503 when no
 * certificate is loaded or it cannot be opened: the receiver cannot sign acknowledgements.
 */
export async function receiverSigningKey({ db, config }: { db: Db; config: EcfConfig }): Promise<SigningKey> {
  let key: SigningKey | null;
  try {
    key = await loadSigningKey({ db, config });
  } catch {
    key = null;
  }
  if (!key)
    throw new ReceiverError(
      503,
      'certificado_no_disponible',
      'El receptor no tiene un certificado digital cargado y no puede firmar acuses de recibo. Intente más tarde.',
    );
  return key;
}

/** The outcome of {@link receiveEcf}: the signed ARECF answered, and the stored row when received. */
export interface ReceiveOutcome {
  acknowledgementXml: string;
  /** Null: received (Estado 0); else why not (Estado 1). */
  reason: EcfNotReceivedReason | null;
  /** The stored `ecf_received` row, when received. */
  id: string | null;
  /** What to push once committed: the admins' notifications of a stored document (else nothing). */
  effects: Effects;
}

/** The admin screen of the received e-CF; `?doc=` opens one document's detail. */
export const RECEIVED_ECF_SCREEN = '/billing/received';

/**
 * `POST /fe/recepcion/api/ecf`: a supplier's signed e-CF ("Descripción Técnica", "Estándar de
 * comunicación Emisor-Receptor"; "Formato Acuse de Recibo" v1.0). Answers the signed ARECF:
 *  - not an `ECF` with a valid `RNCEmisor` and e-NCF → {@link ReceiverError} 400 (no ARECF can name
 *    the document);
 *  - a type we do not receive, an e-NCF that does not match its type, a missing `FechaEmision`,
 *    `MontoTotal`, `RazonSocialEmisor` or `RNCComprador` → Estado 1, code 1 (especificación);
 *  - an invalid signature → code 2 (firma digital);
 *  - `RNCComprador` not our RNC → code 4 (RNC comprador no corresponde);
 *  - the same `RNCEmisor` + e-NCF received before → code 3 (envío duplicado), not stored again;
 *  - otherwise stored in `ecf_received` with the ARECF, Estado 0 "e-CF Recibido", and every admin
 *    is notified (stored, e-mail; `effects` to publish after commit) with a link to the document.
 * Documents not received are not stored (a corrected resend can still be received).
 */
export async function receiveEcf(opts: {
  db: Db;
  key: SigningKey;
  ourRnc: string;
  xml: string;
  now?: Date;
}): Promise<ReceiveOutcome> {
  const { db, key, ourRnc, xml } = opts;
  const now = opts.now ?? new Date();
  const doc = parseIncomingXml(xml);
  const fields = readEcfFields(doc);
  if (!fields.encf || !fields.issuerRnc)
    throw new ReceiverError(
      400,
      'ecf_invalido',
      'El documento no es un e-CF con RNCEmisor y e-NCF válidos (ECF/Encabezado).',
    );
  const { encf, issuerRnc } = fields;
  const answer = (reason: EcfNotReceivedReason | null) =>
    signXml(buildArecfXml({ issuerRnc, buyerRnc: ourRnc, encf, reason, at: now }), key);

  const specificationOk =
    fields.documentType !== null &&
    RECEIVABLE_ECF_TYPES.includes(fields.documentType) &&
    encf.startsWith(`E${fields.documentType}`) &&
    fields.issueDate !== null &&
    fields.totalCents !== null &&
    fields.taxCents !== null &&
    fields.issuerName !== null &&
    fields.buyerRnc !== null;
  if (!specificationOk) return notReceived(ECF_NOT_RECEIVED_REASONS.specification);
  if (!verifyXmlSignature(xml).valid) return notReceived(ECF_NOT_RECEIVED_REASONS.signature);
  if (onlyDigits(fields.buyerRnc!) !== ourRnc) return notReceived(ECF_NOT_RECEIVED_REASONS.buyerMismatch);

  const acknowledgementXml = answer(null);
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ecfReceived)
      .values({
        issuerRnc,
        issuerName: fields.issuerName!,
        buyerRnc: ourRnc,
        encf,
        documentType: fields.documentType!,
        issueDate: fields.issueDate!,
        totalCents: fields.totalCents!,
        taxCents: fields.taxCents!,
        xml,
        acknowledgementXml,
        receivedAt: now,
      })
      .onConflictDoNothing({ target: [ecfReceived.issuerRnc, ecfReceived.encf] })
      .returning({ id: ecfReceived.id });
    if (!row) return null;
    await audit(
      tx,
      { actorId: null },
      'fiscal.ecf_received',
      { type: 'ecf_received', id: row.id },
      { issuerRnc, encf, documentType: fields.documentType },
    );
    // A received invoice becomes a purchase to complete, not re-typed (decision 140).
    await draftFromReceivedEcf({
      tx,
      ecf: {
        id: row.id,
        issuerRnc,
        issuerName: fields.issuerName!,
        encf,
        issueDate: fields.issueDate!,
        totalCents: fields.totalCents!,
        taxCents: fields.taxCents!,
      },
    });
    // The admins answer it commercially (approve or reject) from the received e-CF screen.
    const notifications = await createNotifications(tx, {
      roles: ['admin'],
      topic: 'system',
      title: `e-CF recibido: ${encf}`,
      message: `${fields.issuerName} (RNC ${issuerRnc}) envió el e-CF ${encf} por ${formatMoney(fromCents(fields.totalCents!), 'DOP')}. Apruébalo o recházalo en Facturación → e-CF recibidos.`,
      link: `${RECEIVED_ECF_SCREEN}?doc=${row.id}`,
    });
    return { id: row.id, effects: effects({ notifications }) };
  });
  if (!stored) return notReceived(ECF_NOT_RECEIVED_REASONS.duplicate);
  return { acknowledgementXml, reason: null, id: stored.id, effects: stored.effects };

  function notReceived(reason: EcfNotReceivedReason): ReceiveOutcome {
    return { acknowledgementXml: answer(reason), reason, id: null, effects: effects() };
  }
}

/**
 * `POST /fe/aprobacioncomercial/api/ecf`: a buyer's signed ACECF about an e-CF we issued
 * ("Formato Aprobación Comercial" v1.0). Checks the document (root `ACECF`, valid RNCs, e-NCF and
 * `Estado` 1 or 2), its signature, and that `RNCEmisor` is ours; stores it in
 * `ecf_buyer_approvals`. The same document posted again is accepted again (`duplicate: true`);
 * another answer for an e-NCF the buyer already answered → {@link ReceiverError} 409. Other
 * failures → 400, in Spanish.
 */
export async function receiveBuyerApproval(opts: {
  db: Db;
  ourRnc: string;
  xml: string;
  now?: Date;
}): Promise<{ duplicate: boolean; state: 1 | 2; encf: string }> {
  const { db, ourRnc, xml } = opts;
  const doc = parseIncomingXml(xml);
  const fields = readAcecfFields(doc);
  if (!fields.encf || !fields.issuerRnc || !fields.buyerRnc || !fields.state)
    throw new ReceiverError(
      400,
      'acecf_invalido',
      'El documento no es una aprobación comercial válida (ACECF/DetalleAprobacionComercial).',
    );
  const check = verifyXmlSignature(xml);
  if (!check.valid)
    throw new ReceiverError(
      400,
      'firma_invalida',
      `La firma de la aprobación comercial no es válida: ${check.reason}`,
    );
  if (fields.issuerRnc !== ourRnc)
    throw new ReceiverError(
      400,
      'rnc_emisor_no_corresponde',
      'El RNCEmisor de la aprobación comercial no corresponde a este receptor.',
    );
  const [row] = await db
    .insert(ecfBuyerApprovals)
    .values({
      encf: fields.encf,
      buyerRnc: fields.buyerRnc,
      state: fields.state,
      reason: fields.state === 2 ? fields.reason : null,
      xml,
      receivedAt: opts.now ?? new Date(),
    })
    .onConflictDoNothing({ target: [ecfBuyerApprovals.encf, ecfBuyerApprovals.buyerRnc] })
    .returning({ id: ecfBuyerApprovals.id });
  if (row) {
    await audit(
      db,
      { actorId: null },
      'fiscal.buyer_approval_received',
      { type: 'ecf_buyer_approval', id: row.id },
      { encf: fields.encf, buyerRnc: fields.buyerRnc, state: fields.state },
    );
    return { duplicate: false, state: fields.state, encf: fields.encf };
  }
  const [existing] = await db
    .select({ xml: ecfBuyerApprovals.xml })
    .from(ecfBuyerApprovals)
    .where(and(eq(ecfBuyerApprovals.encf, fields.encf), eq(ecfBuyerApprovals.buyerRnc, fields.buyerRnc)))
    .limit(1);
  if (existing?.xml === xml) return { duplicate: true, state: fields.state, encf: fields.encf };
  throw new ReceiverError(
    409,
    'aprobacion_duplicada',
    'Ya se recibió una aprobación comercial de este comprador para este e-NCF.',
  );
}

type Row = typeof ecfReceived.$inferSelect;

/** A row as the admin list shows it. */
export function toReceivedEcf(r: Row): ReceivedEcf {
  return {
    _id: r.id,
    issuerRnc: r.issuerRnc,
    issuerName: r.issuerName,
    buyerRnc: r.buyerRnc,
    encf: r.encf,
    documentType: r.documentType,
    issueDate: r.issueDate,
    totalCents: r.totalCents,
    taxCents: r.taxCents,
    approvalStatus: r.approvalStatus,
    approvalReason: r.approvalReason,
    approvalSentAt: r.approvalSentAt?.toISOString() ?? null,
    receivedAt: r.receivedAt.toISOString(),
  };
}

/** A row with its answers (ARECF, ACECF, the DGII's messages). */
export function toReceivedEcfDetail(r: Row): ReceivedEcfDetail {
  return {
    ...toReceivedEcf(r),
    acknowledgementXml: r.acknowledgementXml,
    approvalXml: r.approvalXml,
    approvalMessages: r.approvalMessages,
    approvedBy: r.approvedBy,
  };
}

/** `GET /fiscal/received`: one page, newest received first (ties on id), optionally by approval status. */
export async function listReceived({
  db,
  query,
}: {
  db: Db;
  query: { approvalStatus?: CommercialApprovalStatus; page: number; limit: number };
}): Promise<ListReceivedEcfResponse> {
  const where = query.approvalStatus ? eq(ecfReceived.approvalStatus, query.approvalStatus) : undefined;
  const { rows, pagination } = await pagedSelect(db, query, {
    table: ecfReceived,
    where,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(ecfReceived)
        .where(where)
        .orderBy(desc(ecfReceived.receivedAt), desc(ecfReceived.id))
        .limit(limit)
        .offset(offset),
  });
  return { documents: rows.map(toReceivedEcf), pagination };
}

async function findRow(db: Db, id: string): Promise<Row> {
  const [row] = await db.select().from(ecfReceived).where(eq(ecfReceived.id, id)).limit(1);
  if (!row) throw notFound('Comprobante recibido no encontrado');
  return row;
}

/** `GET /fiscal/received/{id}`; 404 for an unknown id. */
export async function getReceived({ db, id }: { db: Db; id: string }): Promise<ReceivedEcfDetail> {
  return toReceivedEcfDetail(await findRow(db, id));
}

/**
 * `GET /fiscal/received/{id}/xml`: the supplier's XML exactly as received, and the DGII's file
 * name for it (`RNCEmisor` + e-NCF + `.xml`, "Formato de nombre de los archivos XML"); 404 unknown.
 */
export async function getReceivedXml({
  db,
  id,
}: {
  db: Db;
  id: string;
}): Promise<{ fileName: string; xml: string }> {
  const row = await findRow(db, id);
  return { fileName: `${row.issuerRnc}${row.encf}.xml`, xml: row.xml };
}

/**
 * Sends a signed ACECF to the DGII (the DGII client, written elsewhere, is injected through the
 * route options): answers the DGII's messages.
 */
export type SendCommercialApproval = (
  signedXml: string,
  fileName: string,
) => Promise<{ messages: DgiiMessage[] }>;

/**
 * `POST /fiscal/received/{id}/approval`: the admin approves or rejects a received e-CF. Builds the
 * ACECF ({@link buildAcecfXml}), signs it with the agency's certificate, stores it with the status,
 * reason and who answered, and audits it (`fiscal.received_approved` / `_rejected`), all in one
 * transaction that only moves a `pending` row (404 unknown, 409 already answered, 409 without a
 * loaded certificate). Then hands it to `send` when given (file name: our RNC + e-NCF + `.xml`):
 * its messages and the time are stored; a failure is stored as a message and logged by the
 * caller, the answer stands. Without `send` the ACECF stays stored as not yet sent.
 */
export async function answerReceived(opts: {
  db: Db;
  ctx: AuditContext;
  config: EcfConfig;
  id: string;
  approved: boolean;
  reason?: string;
  send?: SendCommercialApproval;
  now?: Date;
  onSendError?: (err: unknown) => void;
}): Promise<ReceivedEcfDetail> {
  const { db, ctx, id } = opts;
  const now = opts.now ?? new Date();
  const current = await findRow(db, id);
  if (current.approvalStatus !== 'pending') throw conflict('Este comprobante ya fue aprobado o rechazado.');
  let key: SigningKey | null;
  try {
    key = await loadSigningKey({ db, config: opts.config });
  } catch {
    key = null;
  }
  if (!key) throw conflict('Carga el certificado digital (.p12) para firmar la aprobación comercial.');
  const reason = opts.approved ? null : (opts.reason ?? '').trim() || null;
  const signed = signXml(
    buildAcecfXml({
      issuerRnc: current.issuerRnc,
      encf: current.encf,
      issueDate: current.issueDate,
      totalCents: current.totalCents,
      buyerRnc: current.buyerRnc,
      approved: opts.approved,
      reason,
      at: now,
    }),
    key,
  );
  const status: CommercialApprovalStatus = opts.approved ? 'approved' : 'rejected';
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(ecfReceived)
      .set({
        approvalStatus: status,
        approvalReason: reason,
        approvalXml: signed,
        approvedBy: ctx.actorId,
        updatedAt: now,
      })
      .where(and(eq(ecfReceived.id, id), eq(ecfReceived.approvalStatus, 'pending')))
      .returning({ id: ecfReceived.id });
    if (!updated) throw conflict('Este comprobante ya fue aprobado o rechazado.');
    await audit(
      tx,
      ctx,
      opts.approved ? 'fiscal.received_approved' : 'fiscal.received_rejected',
      { type: 'ecf_received', id },
      { issuerRnc: current.issuerRnc, encf: current.encf, ...(reason ? { reason } : {}) },
    );
  });
  if (opts.send) {
    let messages: DgiiMessage[];
    let sentAt: Date | null = null;
    try {
      messages = (await opts.send(signed, `${current.buyerRnc}${current.encf}.xml`)).messages;
      sentAt = new Date();
    } catch (err) {
      opts.onSendError?.(err);
      messages = [
        {
          code: 'envio_fallido',
          message: `No se pudo enviar la aprobación comercial a la DGII: ${(err as Error).message ?? String(err)}`,
        },
      ];
    }
    await db
      .update(ecfReceived)
      .set({ approvalSentAt: sentAt, approvalMessages: messages, updatedAt: new Date() })
      .where(eq(ecfReceived.id, id));
  }
  return getReceived({ db, id });
}
