import { type DocumentKind, VERIFY_PATH, type VerifyDocumentResponse } from '@agencia/shared';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { signableDocumentSignatures, signableDocuments } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { effects } from '../../lib/effects.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { readFile, saveFile } from '../../lib/storage.js';
import { sealSignedDocument, verifySealedDocument } from '../signatures/pdf-seal.js';
import { proposalPolicy } from './proposals.policy.js';
import {
  addEvent,
  assertCan,
  type DocumentRow,
  eventsOf,
  findDocument,
  sha256,
} from './proposals.queries.js';
import { consentTextOf } from './proposals.render.js';

/*
 * The seal of a complete document (pdf-seal: the certificate page and PAdES with the e-CF
 * certificate) and the verification of a PDF (decision 171). Split from signing.service.ts.
 */

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
