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
import { and, desc, eq, ne, or } from 'drizzle-orm';
import type { EcfConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { ecfBuyerApprovals, ecfDocuments, ecfReceived } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { type Effects, effects } from '../../lib/effects.js';
import { conflict, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { pagedSelect } from '../../lib/paging.js';
import { loadSigningKey } from '../ecf/ecf-settings.service.js';
import { parseXmlStrict, type SigningKey, signXml } from '../ecf/ecf-signature.js';
import { draftFromReceivedEcf } from '../expenses/expenses.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { ReceiverError } from './ecf-receiver-auth.js';
import { inspectInline, type XmlInspect } from './ecf-receiver-inspect.js';
import { certificateProblem, type ReceiverTrust, receiverTrust } from './ecf-receiver-trust.js';
import { buildAcecfXml, buildArecfXml, readEcfFields } from './ecf-receiver-xml.js';

/**
 * e-CF types a supplier may send to an electronic buyer: the ones with a buyer RNC. 41 (compras)
 * and 43 (gastos menores) are issued by the buyer itself; 46 and 47 go to buyers abroad
 * ("Formato Comprobante Fiscal Electrónico" v1.0, types of e-CF). Anything else is an error of
 * specification (ARECF `CodigoMotivoNoRecibido` 1).
 */
export const RECEIVABLE_ECF_TYPES: readonly string[] = ['31', '32', '33', '34', '44', '45'];

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
 *  - an invalid signature, or — in production — a certificate that does not chain to an authority
 *    the DGII accepts (decision 161) → code 2 (firma digital);
 *  - `RNCComprador` not our RNC → code 4 (RNC comprador no corresponde);
 *  - the same `RNCEmisor` + e-NCF already confirmed by the DGII, or this very document received
 *    before → code 3 (envío duplicado), not stored again;
 *  - otherwise stored in `ecf_received` "por verificar" (`verification` pending) with the ARECF,
 *    Estado 0 "e-CF Recibido". It becomes a purchase draft, and the admins are told, only once the
 *    DGII's consulta de estado confirms it ({@link verifyReceived}); until then another document
 *    with the same e-NCF is stored beside it, so a forgery received first never blocks the genuine.
 * Documents not received are not stored (a corrected resend can still be received). The parse and
 * signature check run through `inspect` (the receiver's worker thread in the app).
 */
export async function receiveEcf(opts: {
  db: Db;
  key: SigningKey;
  ourRnc: string;
  xml: string;
  now?: Date;
  inspect?: XmlInspect;
  trust?: ReceiverTrust;
}): Promise<ReceiveOutcome> {
  const { db, key, ourRnc, xml } = opts;
  const now = opts.now ?? new Date();
  const inspection = await (opts.inspect ?? inspectInline)('ecf', xml);
  if (inspection.kind === 'refused')
    throw new ReceiverError(inspection.status, inspection.error, inspection.message);
  if (inspection.kind !== 'ecf') throw new Error('unexpected inspection');
  const { fields, signature } = inspection;
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
  if (!signature.valid) return notReceived(ECF_NOT_RECEIVED_REASONS.signature);
  const untrusted = certificateProblem(opts.trust ?? { enforced: false, anchors: [] }, signature, now);
  if (untrusted?.error === 'sin_autoridades')
    throw new ReceiverError(503, 'receptor_no_configurado', untrusted.message);
  if (untrusted) return notReceived(ECF_NOT_RECEIVED_REASONS.signature);
  if (onlyDigits(fields.buyerRnc!) !== ourRnc) return notReceived(ECF_NOT_RECEIVED_REASONS.buyerMismatch);

  const [duplicate] = await db
    .select({ id: ecfReceived.id })
    .from(ecfReceived)
    .where(
      and(
        eq(ecfReceived.issuerRnc, issuerRnc),
        eq(ecfReceived.encf, encf),
        or(eq(ecfReceived.verification, 'verified'), eq(ecfReceived.xml, xml)),
      ),
    )
    .limit(1);
  if (duplicate) return notReceived(ECF_NOT_RECEIVED_REASONS.duplicate);

  const acknowledgementXml = answer(null);
  const id = await db.transaction(async (tx) => {
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
        securityCode: signature.securityCode,
        verification: 'pending',
        nextVerificationAt: now,
      })
      .returning({ id: ecfReceived.id });
    await audit(
      tx,
      { actorId: null },
      'fiscal.ecf_received',
      { type: 'ecf_received', id: row!.id },
      { issuerRnc, encf, documentType: fields.documentType, verification: 'pending' },
    );
    return row!.id;
  });
  return { acknowledgementXml, reason: null, id, effects: effects() };

  function notReceived(reason: EcfNotReceivedReason): ReceiveOutcome {
    return { acknowledgementXml: answer(reason), reason, id: null, effects: effects() };
  }
}

/**
 * What a received e-CF becomes once the DGII confirmed it (decision 161), in `tx`: a purchase to
 * complete (decision 140) and a notification to every admin (stored, e-mail; `effects` to publish
 * after commit) with a link to the document.
 */
export async function adoptVerifiedEcf({ tx, row }: { tx: Tx; row: Row }): Promise<Effects> {
  await draftFromReceivedEcf({
    tx,
    ecf: {
      id: row.id,
      issuerRnc: row.issuerRnc,
      issuerName: row.issuerName,
      encf: row.encf,
      issueDate: row.issueDate,
      totalCents: row.totalCents,
      taxCents: row.taxCents,
    },
  });
  // The admins answer it commercially (approve or reject) from the received e-CF screen.
  const notifications = await createNotifications(tx, {
    roles: ['admin'],
    topic: 'system',
    title: `e-CF recibido: ${row.encf}`,
    message: `${row.issuerName} (RNC ${row.issuerRnc}) envió el e-CF ${row.encf} por ${formatMoney(fromCents(row.totalCents), 'DOP')}, verificado con la DGII. Apruébalo o recházalo en Facturación → e-CF recibidos.`,
    link: `${RECEIVED_ECF_SCREEN}?doc=${row.id}`,
  });
  return effects({ notifications });
}

/**
 * The buyer RNC of a live e-CF this agency issued with `encf` (ours as `RNCEmisor`), read from its
 * signed XML, with its issue day and total; null when we never issued it (or the DGII rejected it).
 */
async function issuedEcf(
  db: Db,
  ourRnc: string,
  encf: string,
): Promise<{ buyerRnc: string | null; issueDate: string | null; totalCents: number } | null> {
  const [row] = await db
    .select({ signedXml: ecfDocuments.signedXml, totalCents: ecfDocuments.totalCents })
    .from(ecfDocuments)
    .where(
      and(
        eq(ecfDocuments.encf, encf),
        eq(ecfDocuments.issuerRnc, ourRnc),
        ne(ecfDocuments.status, 'rejected'),
      ),
    )
    .limit(1);
  if (!row) return null;
  const fields = readEcfFields(parseXmlStrict(row.signedXml));
  return {
    buyerRnc: fields.buyerRnc ? onlyDigits(fields.buyerRnc) : null,
    issueDate: fields.issueDate,
    totalCents: row.totalCents,
  };
}

/**
 * `POST /fe/aprobacioncomercial/api/ecf`: a buyer's signed ACECF about an e-CF we issued
 * ("Formato Aprobación Comercial" v1.0). Checks the document (root `ACECF`, valid RNCs, e-NCF and
 * `Estado` 1 or 2), its signature (in production, by a certificate chaining to an authority the
 * DGII accepts: decision 161), that `RNCEmisor` is ours, and that the e-NCF is one this agency
 * issued (a live `ecf_documents` row) to this `RNCComprador`, with the same `FechaEmision` and
 * `MontoTotal` — so nobody can answer in a buyer's place for an e-NCF they only guessed. Stores it
 * in `ecf_buyer_approvals`. The same document posted again is accepted again (`duplicate: true`);
 * another answer for an e-NCF the buyer already answered → {@link ReceiverError} 409. Other
 * failures → 400, in Spanish.
 */
export async function receiveBuyerApproval(opts: {
  db: Db;
  ourRnc: string;
  xml: string;
  now?: Date;
  inspect?: XmlInspect;
  trust?: ReceiverTrust;
}): Promise<{ duplicate: boolean; state: 1 | 2; encf: string }> {
  const { db, ourRnc, xml } = opts;
  const now = opts.now ?? new Date();
  const inspection = await (opts.inspect ?? inspectInline)('approval', xml);
  if (inspection.kind === 'refused')
    throw new ReceiverError(inspection.status, inspection.error, inspection.message);
  if (inspection.kind !== 'approval') throw new Error('unexpected inspection');
  const { fields, signature } = inspection;
  if (!fields.encf || !fields.issuerRnc || !fields.buyerRnc || !fields.state)
    throw new ReceiverError(
      400,
      'acecf_invalido',
      'El documento no es una aprobación comercial válida (ACECF/DetalleAprobacionComercial).',
    );
  if (!signature.valid)
    throw new ReceiverError(
      400,
      'firma_invalida',
      `La firma de la aprobación comercial no es válida: ${signature.reason}`,
    );
  const untrusted = certificateProblem(opts.trust ?? { enforced: false, anchors: [] }, signature, now);
  if (untrusted?.error === 'sin_autoridades')
    throw new ReceiverError(503, 'receptor_no_configurado', untrusted.message);
  if (untrusted) throw new ReceiverError(400, untrusted.error, untrusted.message);
  if (fields.issuerRnc !== ourRnc)
    throw new ReceiverError(
      400,
      'rnc_emisor_no_corresponde',
      'El RNCEmisor de la aprobación comercial no corresponde a este receptor.',
    );
  const issued = await issuedEcf(db, ourRnc, fields.encf);
  if (!issued)
    throw new ReceiverError(
      400,
      'ecf_no_emitido',
      `El e-NCF ${fields.encf} no corresponde a un e-CF emitido por este contribuyente.`,
    );
  if (issued.buyerRnc !== fields.buyerRnc)
    throw new ReceiverError(
      400,
      'rnc_comprador_no_corresponde',
      `El RNCComprador de la aprobación comercial no es el comprador del e-CF ${fields.encf}.`,
    );
  if (fields.totalCents !== issued.totalCents || (issued.issueDate && fields.issueDate !== issued.issueDate))
    throw new ReceiverError(
      400,
      'datos_no_corresponden',
      `La fecha de emisión o el monto total de la aprobación comercial no corresponden al e-CF ${fields.encf}.`,
    );
  const [row] = await db
    .insert(ecfBuyerApprovals)
    .values({
      encf: fields.encf,
      buyerRnc: fields.buyerRnc,
      state: fields.state,
      reason: fields.state === 2 ? fields.reason : null,
      xml,
      receivedAt: now,
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
    verification: r.verification,
    verificationMessage: r.verificationMessage,
    verifiedAt: r.verifiedAt?.toISOString() ?? null,
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

/**
 * `GET /fiscal/received`: one page, newest received first (ties on id), optionally by approval
 * status, with how the receiver trusts senders in `config`'s environment (decision 161).
 */
export async function listReceived({
  db,
  query,
  config,
}: {
  db: Db;
  query: { approvalStatus?: CommercialApprovalStatus; page: number; limit: number };
  config: Pick<EcfConfig, 'environment' | 'trustedCaPems'>;
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
  const trust = receiverTrust(config);
  return {
    documents: rows.map(toReceivedEcf),
    pagination,
    receiver: {
      environment: config.environment,
      certificatesChecked: trust.enforced,
      trustedAuthorities: trust.anchors.length,
    },
  };
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
  // In production an e-CF is approved only once the DGII confirmed it is genuine (decision 161);
  // rejecting stays possible. TesteCF and CerteCF keep both open (CerteCF has no consulta de estado).
  if (opts.approved && opts.config.environment === 'eCF' && current.verification !== 'verified')
    throw conflict('Este e-CF aún no ha sido verificado con la DGII: no puede aprobarse todavía.');
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
