import {
  type CreateSignableDocumentRequestSchema,
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  EDITABLE_DOCUMENT_STATUSES,
  type GetSignableDocumentResponse,
  type ListSignableDocumentsQuerySchema,
  type ListSignableDocumentsResponse,
  SIGNED_DOCUMENT_LOCKED,
  type SignableDocument,
  type UpdateSignableDocumentRequestSchema,
} from '@agencia/shared';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { clients, documentTemplates, leads, signableDocuments } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { effects, type Written } from '../../lib/effects.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { documentReadAccess, proposalPolicy, visibleDocuments } from './proposals.policy.js';
import {
  addEvent,
  assertCan,
  type DocumentRow,
  documentNumber,
  eventsOf,
  findDocument,
  itemsTotal,
  readableDocument,
  toStoredItems,
} from './proposals.queries.js';
import { documentsChanged, freezePdf, pdfOf, present } from './proposals.render.js';
import { noun } from './signing.otp.js';
import { type Requester, recordView } from './signing.service.js';

/*
 * Writes and reads of proposals and contracts (decision 171), shared by both kinds: every
 * function takes the `kind` the route serves. Templates: document-templates.service.ts; sending:
 * document-sending.service.ts.
 */

// ─────────────────────────────── documents ───────────────────────────────

/** `GET /proposals` | `/contracts`: staff see all; a client its own sent documents. Newest first. */
export async function listDocuments({
  db,
  actor,
  kind,
  input,
}: {
  db: Db;
  actor: Actor;
  kind: DocumentKind;
  input: z.output<typeof ListSignableDocumentsQuerySchema>;
}): Promise<ListSignableDocumentsResponse> {
  assertCan(actor, proposalPolicy.can(actor.role, 'readAll') ? 'readAll' : 'read', true);
  const conds: Array<SQL | undefined> = [eq(signableDocuments.kind, kind), visibleDocuments(actor)];
  if (input.status) conds.push(eq(signableDocuments.status, input.status));
  if (input.leadId) conds.push(eq(signableDocuments.leadId, input.leadId));
  if (input.clientId) conds.push(eq(signableDocuments.clientId, input.clientId));
  if (input.q)
    conds.push(
      or(ilike(signableDocuments.title, `%${input.q}%`), ilike(signableDocuments.number, `%${input.q}%`)),
    );
  const where = and(...conds);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(signableDocuments)
    .where(where);
  const rows = await db
    .select()
    .from(signableDocuments)
    .where(where)
    .orderBy(desc(signableDocuments.createdAt), desc(signableDocuments.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const total = count?.n ?? 0;
  const documents = [];
  for (const row of rows) documents.push(await present(db, row));
  return {
    documents,
    pagination: { page: input.page, limit: input.limit, total, pages: Math.ceil(total / input.limit) },
  } as ListSignableDocumentsResponse;
}

/**
 * `GET /proposals/{id}`: the document and its trail. When its recipient opens it in the portal
 * (a client reading its own document still waiting for an answer), the view counts as the link's
 * does: first/last view and count, "Visto en el portal" in the trail, the owner told once.
 */
export async function getDocument({
  db,
  actor,
  kind,
  id,
  requester,
}: {
  db: Db;
  actor: Actor;
  kind: DocumentKind;
  id: string;
  /** Who asked (IP, user agent), for the trail of a recipient's view. */
  requester: Requester;
}): Promise<Written<GetSignableDocumentResponse>> {
  const row = await readableDocument(db, actor, kind, id);
  if (documentReadAccess(actor, row) === 'own' && (row.status === 'sent' || row.status === 'viewed')) {
    return db.transaction(async (tx) => {
      const viewed = await recordView({ tx, row, requester, event: 'Visto en el portal' });
      return {
        value: { document: await present(tx, viewed.row), events: await eventsOf(tx, id) },
        effects: viewed.effects,
      };
    });
  }
  return { value: { document: await present(db, row), events: await eventsOf(db, id) }, effects: effects() };
}

/** 400 on `leadId`/`clientId` when it does not exist. */
async function assertRecipient(db: Db | Tx, input: { leadId?: string | null; clientId?: string | null }) {
  if (input.leadId) {
    const [l] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, input.leadId)).limit(1);
    if (!l)
      throw badRequest('Prospecto no encontrado', [{ field: 'leadId', message: 'Prospecto no encontrado' }]);
  }
  if (input.clientId) {
    const [c] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.id, input.clientId))
      .limit(1);
    if (!c)
      throw badRequest('Cliente no encontrado', [{ field: 'clientId', message: 'Cliente no encontrado' }]);
  }
}

/**
 * `POST /proposals` | `/contracts` (proposals.write): a draft for a lead or a client, numbered
 * per kind (PRO-0001…); a template's body, lines and countersign rule are copied unless given.
 */
export async function createDocument({
  db,
  actor,
  ctx,
  kind,
  input,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  kind: DocumentKind;
  input: z.output<typeof CreateSignableDocumentRequestSchema>;
}): Promise<Written<SignableDocument>> {
  assertCan(actor, 'write');
  return db.transaction(async (tx) => {
    await assertRecipient(tx, input);
    let template: typeof documentTemplates.$inferSelect | undefined;
    if (input.templateId) {
      [template] = await tx
        .select()
        .from(documentTemplates)
        .where(eq(documentTemplates.id, input.templateId))
        .limit(1);
      if (!template)
        throw badRequest('Plantilla no encontrada', [
          { field: 'templateId', message: 'Plantilla no encontrada' },
        ]);
      if (template.kind !== kind) {
        const message = `La plantilla es de ${DOCUMENT_KIND_LABELS[template.kind].toLowerCase()}, no de ${DOCUMENT_KIND_LABELS[kind].toLowerCase()}`;
        throw badRequest(message, [{ field: 'templateId', message }]);
      }
    }
    const items = input.items ? toStoredItems(input.items) : (template?.items ?? []);
    const { totalCents, currency } = itemsTotal(items);
    // One numbering per kind: serialise creators on a transaction-scoped advisory lock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signable_documents:${kind}`}))`);
    const [max] = await tx
      .select({ n: sql<number>`coalesce(max(${signableDocuments.sequence}), 0)::int`.mapWith(Number) })
      .from(signableDocuments)
      .where(eq(signableDocuments.kind, kind));
    const sequence = (max?.n ?? 0) + 1;
    const [row] = await tx
      .insert(signableDocuments)
      .values({
        kind,
        sequence,
        number: documentNumber(kind, sequence),
        title: input.title,
        leadId: input.leadId ?? null,
        clientId: input.clientId ?? null,
        templateId: template?.id ?? null,
        content: input.content?.trim() ? input.content : (template?.body ?? ''),
        items,
        currency,
        totalCents,
        requiresCountersign: input.requiresCountersign ?? template?.requiresCountersign ?? true,
        ownerId: actor.id,
      })
      .returning();
    await addEvent(tx, {
      documentId: row!.id,
      kind: 'created',
      event: `Creado (${row!.number}, versión 1)`,
      actor: `${actor.firstName} ${actor.lastName}`,
      ip: ctx.ip,
    });
    await audit(
      tx,
      ctx,
      `${kind}.created`,
      { type: kind, id: row!.id },
      { number: row!.number, title: row!.title },
    );
    return { value: await present(tx, row!), effects: documentsChanged(row!.id) };
  });
}

/** 409 in Spanish unless the content of `row` may still change. */
export function assertEditable(row: DocumentRow): void {
  if (row.supersededById)
    throw conflict('Esta versión fue reemplazada por una más reciente y no se puede modificar.');
  if ((EDITABLE_DOCUMENT_STATUSES as readonly string[]).includes(row.status)) return;
  if (row.status === 'declined')
    throw conflict('Este documento fue rechazado. Crea una nueva versión para cambiarlo.');
  if (row.status === 'expired')
    throw conflict('Este documento venció. Crea una nueva versión para cambiarlo.');
  throw conflict(SIGNED_DOCUMENT_LOCKED);
}

/**
 * `PUT /proposals/{id}` (proposals.write): title, content, lines, countersign rule; 409
 * {@link SIGNED_DOCUMENT_LOCKED} once signed (a change is a new version). A sent document's
 * frozen PDF is rendered again (the signer's page shows the new one and its new hash).
 */
export async function updateDocument({
  db,
  actor,
  ctx,
  kind,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  kind: DocumentKind;
  id: string;
  input: z.output<typeof UpdateSignableDocumentRequestSchema>;
}): Promise<Written<SignableDocument>> {
  assertCan(actor, 'write');
  return db.transaction(async (tx) => {
    const locked = await findDocument(tx, kind, id, { forUpdate: true });
    assertEditable(locked);
    const items = input.items ? toStoredItems(input.items) : undefined;
    const [row] = await tx
      .update(signableDocuments)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.content !== undefined ? { content: input.content } : {}),
        ...(input.requiresCountersign !== undefined
          ? { requiresCountersign: input.requiresCountersign }
          : {}),
        ...(items ? { items, ...itemsTotal(items) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(signableDocuments.id, id))
      .returning();
    let current = row!;
    if (current.status !== 'draft') {
      current = await freezePdf(tx, current, actor.id);
      await addEvent(tx, {
        documentId: id,
        kind: 'updated',
        event: 'Modificado después del envío (nuevo PDF)',
        actor: `${actor.firstName} ${actor.lastName}`,
        ip: ctx.ip,
      });
    }
    await audit(tx, ctx, `${kind}.updated`, { type: kind, id }, { number: current.number });
    return { value: await present(tx, current), effects: documentsChanged(id) };
  });
}

/**
 * `DELETE /proposals/{id}` | `/contracts/{id}` (proposals.write): removes a **draft** and its
 * trail; 409 in Spanish once sent (what was sent is evidence and stays). When the draft was a
 * new version (n + 1), the version it replaced becomes the current one again. Audited.
 */
export async function deleteDocument({
  db,
  actor,
  ctx,
  kind,
  id,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  kind: DocumentKind;
  id: string;
}): Promise<Written<null>> {
  assertCan(actor, 'delete');
  return db.transaction(async (tx) => {
    const row = await findDocument(tx, kind, id, { forUpdate: true });
    if (row.status !== 'draft')
      throw conflict(
        `Solo se puede eliminar un borrador: ${noun(kind)} ${row.number} ya se envió y queda en el historial.`,
      );
    await tx.delete(signableDocuments).where(eq(signableDocuments.id, id));
    if (row.previousVersionId) {
      await tx
        .update(signableDocuments)
        .set({ supersededById: null, updatedAt: new Date() })
        .where(
          and(eq(signableDocuments.id, row.previousVersionId), eq(signableDocuments.supersededById, id)),
        );
      await addEvent(tx, {
        documentId: row.previousVersionId,
        kind: 'version_deleted',
        event: `Se eliminó el borrador de la versión ${row.version}; esta versión vuelve a ser la vigente`,
        actor: `${actor.firstName} ${actor.lastName}`,
        ip: ctx.ip,
      });
    }
    await audit(
      tx,
      ctx,
      `${kind}.deleted`,
      { type: kind, id },
      { number: row.number, version: row.version, title: row.title },
    );
    return { value: null, effects: documentsChanged(id) };
  });
}

/**
 * `POST /proposals/{id}/versions` ("Nueva versión", proposals.write): copies a sent, signed,
 * declined or expired document as version n+1 (a draft that must be sent and signed again); the
 * old version is marked replaced and its links stop working. 409 for a draft or a replaced version.
 */
export async function newVersion({
  db,
  actor,
  ctx,
  kind,
  id,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  kind: DocumentKind;
  id: string;
}): Promise<Written<SignableDocument>> {
  assertCan(actor, 'write');
  return db.transaction(async (tx) => {
    const old = await findDocument(tx, kind, id, { forUpdate: true });
    if (old.supersededById) throw conflict('Ya existe una versión más reciente de este documento.');
    if (old.status === 'draft')
      throw conflict('Un borrador se edita directamente: no necesita una nueva versión.');
    if (old.conversionTarget)
      throw conflict('Esta propuesta ya se convirtió; no se puede crear una nueva versión.');
    const [row] = await tx
      .insert(signableDocuments)
      .values({
        kind,
        sequence: old.sequence,
        number: old.number,
        version: old.version + 1,
        previousVersionId: old.id,
        title: old.title,
        leadId: old.leadId,
        clientId: old.clientId,
        templateId: old.templateId,
        content: old.content,
        items: old.items,
        currency: old.currency,
        totalCents: old.totalCents,
        requiresCountersign: old.requiresCountersign,
        recipientEmail: old.recipientEmail,
        ownerId: actor.id,
      })
      .returning();
    await tx
      .update(signableDocuments)
      .set({ supersededById: row!.id, updatedAt: new Date() })
      .where(eq(signableDocuments.id, old.id));
    const who = `${actor.firstName} ${actor.lastName}`;
    await addEvent(tx, {
      documentId: old.id,
      kind: 'new_version',
      event: `Reemplazado por la versión ${row!.version}`,
      actor: who,
      ip: ctx.ip,
    });
    await addEvent(tx, {
      documentId: row!.id,
      kind: 'created',
      event: `Creado (${row!.number}, versión ${row!.version})`,
      actor: who,
      ip: ctx.ip,
    });
    await audit(
      tx,
      ctx,
      `${kind}.new_version`,
      { type: kind, id: row!.id },
      { number: row!.number, version: row!.version },
    );
    return { value: await present(tx, row!), effects: documentsChanged(row!.id) };
  });
}

/**
 * `GET /proposals/{id}/pdf`: the PDF exactly as the signer sees it (the frozen one once sent),
 * the sealed copy once sealed (`copy=signed`: the PDF as signed, without the certificate page);
 * a draft renders afresh (the preview).
 */
export async function documentPdf({
  db,
  actor,
  kind,
  id,
  copy,
}: {
  db: Db;
  actor: Actor;
  kind: DocumentKind;
  id: string;
  copy?: 'signed' | 'current';
}): Promise<{ filename: string; body: Buffer }> {
  const row = await readableDocument(db, actor, kind, id);
  return pdfOf(db, row, copy);
}
