import type {
  CreateDocumentTemplateRequestSchema,
  DocumentTemplate,
  ListDocumentTemplatesQuerySchema,
  UpdateDocumentTemplateRequestSchema,
} from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { documentTemplates } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { proposalPolicy } from './proposals.policy.js';
import { assertCan, toStoredItems, toTemplate } from './proposals.queries.js';

/*
 * The templates of proposals and contracts (decision 171: Configuración → Plantillas): staff
 * with proposals.read list and read them, admins write them. Split from proposals.service.ts.
 */

/** `GET /document-templates` (staff with proposals.read): every template, by name. */
export async function listTemplates({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: z.output<typeof ListDocumentTemplatesQuerySchema>;
}): Promise<DocumentTemplate[]> {
  if (!proposalPolicy.can(actor.role, 'readAll')) throw notFound('Plantilla no encontrada');
  assertCan(actor, 'readAll');
  const rows = await db
    .select()
    .from(documentTemplates)
    .where(input.kind ? eq(documentTemplates.kind, input.kind) : undefined)
    .orderBy(documentTemplates.name);
  return rows.map(toTemplate);
}

/** `GET /document-templates/{id}`. */
export async function getTemplate({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: Actor;
  id: string;
}): Promise<DocumentTemplate> {
  if (!proposalPolicy.can(actor.role, 'readAll')) throw notFound('Plantilla no encontrada');
  assertCan(actor, 'readAll');
  const [row] = await db.select().from(documentTemplates).where(eq(documentTemplates.id, id)).limit(1);
  if (!row) throw notFound('Plantilla no encontrada');
  return toTemplate(row);
}

/** `POST /document-templates` (admin). */
export async function createTemplate({
  db,
  actor,
  ctx,
  input,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  input: z.output<typeof CreateDocumentTemplateRequestSchema>;
}): Promise<DocumentTemplate> {
  assertCan(actor, 'manageTemplates');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documentTemplates)
      .values({
        name: input.name,
        kind: input.kind,
        body: input.body,
        requiresCountersign: input.requiresCountersign,
        items: toStoredItems(input.items),
        createdBy: actor.id,
      })
      .returning();
    await audit(
      tx,
      ctx,
      'document_template.created',
      { type: 'document_template', id: row!.id },
      { name: row!.name },
    );
    return toTemplate(row!);
  });
}

/** `PUT /document-templates/{id}` (admin): documents already created keep their own copy. */
export async function updateTemplate({
  db,
  actor,
  ctx,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  id: string;
  input: z.output<typeof UpdateDocumentTemplateRequestSchema>;
}): Promise<DocumentTemplate> {
  assertCan(actor, 'manageTemplates');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(documentTemplates)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.kind !== undefined ? { kind: input.kind } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        ...(input.requiresCountersign !== undefined
          ? { requiresCountersign: input.requiresCountersign }
          : {}),
        ...(input.items !== undefined ? { items: toStoredItems(input.items) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(documentTemplates.id, id))
      .returning();
    if (!row) throw notFound('Plantilla no encontrada');
    await audit(tx, ctx, 'document_template.updated', { type: 'document_template', id }, { name: row.name });
    return toTemplate(row);
  });
}

/** `DELETE /document-templates/{id}` (admin): documents made from it keep their copy. */
export async function deleteTemplate({
  db,
  actor,
  ctx,
  id,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  id: string;
}): Promise<void> {
  assertCan(actor, 'manageTemplates');
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(documentTemplates).where(eq(documentTemplates.id, id)).returning();
    if (!row) throw notFound('Plantilla no encontrada');
    await audit(tx, ctx, 'document_template.deleted', { type: 'document_template', id }, { name: row.name });
  });
}
