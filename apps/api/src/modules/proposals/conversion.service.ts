import {
  addDays,
  businessToday,
  CONVERSION_TARGET_LABELS,
  type ConvertProposalRequestSchema,
  type ConvertProposalResponse,
  CreateInvoiceRequestSchema,
  CreateMilestoneRequestSchema,
  CreateProjectRequestSchema,
  CreateRecurringInvoiceRequestSchema,
  fromCents,
  isValidRnc,
} from '@agencia/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { leadStages, leads, signableDocumentSignatures, signableDocuments } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { mergeEffects, type Written } from '../../lib/effects.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { createInvoice } from '../invoices/invoices.service.js';
import { convertLead, moveLead } from '../leads/leads.service.js';
import { addMilestone } from '../projects/project-milestones.service.js';
import { createProject } from '../projects/projects.service.js';
import { createRecurringInvoice } from '../recurring-invoices/recurring-invoices.service.js';
import { addEvent, assertCan, type DocumentRow, findDocument } from './proposals.queries.js';
import { documentsChanged, present } from './proposals.render.js';

/** Parses `value` with `schema` or answers 400 naming the first problem ("No se puede crear el proyecto: …"). */
function parseOr<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  throw badRequest(`No se puede crear ${what}: ${errors[0]?.message ?? 'datos inválidos'}`, errors);
}

/** The client of a signed proposal: its own, its lead's, or the lead converted now (admin). */
async function clientFor(tx: Tx, actor: Actor, ctx: AuditContext, row: DocumentRow): Promise<string> {
  if (row.clientId) return row.clientId;
  if (!row.leadId) throw conflict('La propuesta no tiene cliente ni prospecto.');
  const [lead] = await tx.select().from(leads).where(eq(leads.id, row.leadId)).limit(1);
  if (!lead) throw notFound('Prospecto no encontrado');
  if (lead.clientId) return lead.clientId;
  const [signature] = await tx
    .select()
    .from(signableDocumentSignatures)
    .where(
      and(
        eq(signableDocumentSignatures.documentId, row.id),
        eq(signableDocumentSignatures.role, 'recipient'),
      ),
    );
  const rnc = signature && isValidRnc(signature.idNumber) ? signature.idNumber : null;
  // The leads module's own conversion (client rules, history): its transaction nests as a savepoint.
  const converted = await convertLead({
    db: tx as unknown as Db,
    actor,
    ctx,
    id: lead.id,
    input: {
      clientType: rnc || lead.company ? 'company' : 'individual',
      companyRUC: rnc,
      taxIdOverrideReason: null,
    },
  });
  return converted.value.clientId;
}

/** True when the lead sits in a won stage (false without a lead). */
async function leadIsWon(tx: Tx, leadId: string | null): Promise<boolean> {
  if (!leadId) return false;
  const [lead] = await tx
    .select({ kind: leadStages.kind })
    .from(leads)
    .innerJoin(leadStages, eq(leadStages.id, leads.stageId))
    .where(eq(leads.id, leadId));
  return lead?.kind === 'won';
}

/** Moves the lead to its first won stage ("Ganado") through the leads module; false when already won. */
async function winLead(tx: Tx, actor: Actor, ctx: AuditContext, leadId: string | null): Promise<boolean> {
  if (!leadId) return false;
  const [lead] = await tx
    .select({ kind: leadStages.kind })
    .from(leads)
    .innerJoin(leadStages, eq(leadStages.id, leads.stageId))
    .where(eq(leads.id, leadId));
  if (!lead || lead.kind === 'won') return false;
  const [won] = await tx
    .select({ id: leadStages.id })
    .from(leadStages)
    .where(eq(leadStages.kind, 'won'))
    .orderBy(asc(leadStages.position))
    .limit(1);
  if (!won) return false;
  await moveLead({
    db: tx as unknown as Db,
    actor,
    ctx,
    id: leadId,
    input: { stageId: won.id, lostReason: null },
  });
  return true;
}

/**
 * `POST /proposals/{id}/convert` (admin): a signed proposal (countersigned when the template asks)
 * becomes, exactly once, a project (milestones from the price table's `milestone` names, or one per
 * line), a retainer (iguala: the lines as each period's invoice) or a first invoice (draft, the
 * lines, due in `paymentTerms` days), each through its own module's service and rules; the lead (if
 * any) becomes a client when it was not one and moves to "Ganado". One transaction holding the
 * proposal: a second call answers 409 and creates nothing.
 */
export async function convertProposal({
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
  input: z.output<typeof ConvertProposalRequestSchema>;
}): Promise<Written<ConvertProposalResponse>> {
  assertCan(actor, 'convert');
  return db.transaction(async (tx) => {
    const row = await findDocument(tx, 'proposal', id, { forUpdate: true });
    if (row.conversionTarget)
      throw conflict(
        `Esta propuesta ya se convirtió en ${CONVERSION_TARGET_LABELS[row.conversionTarget].toLowerCase()}.`,
      );
    const complete = row.status === 'countersigned' || (row.status === 'signed' && !row.requiresCountersign);
    if (!complete)
      throw conflict(
        row.status === 'signed'
          ? 'Falta la firma de la agencia: contrafirma la propuesta antes de convertirla.'
          : 'Solo una propuesta firmada se puede convertir.',
      );
    const wasWon = await leadIsWon(tx, row.leadId);
    const clientId = await clientFor(tx, actor, ctx, row);
    const nested = tx as unknown as Db;
    const lines = row.items.map((i) => ({
      description: i.description,
      quantity: i.quantity,
      unitPrice: fromCents(i.unitPriceCents),
      taxExempt: false,
    }));
    let targetId: string;
    let sideEffects = documentsChanged(id);
    if (input.target === 'project') {
      const project = await createProject({
        db: nested,
        actor,
        ctx,
        input: parseOr(
          CreateProjectRequestSchema,
          {
            title: input.name ?? row.title,
            description: `Creado desde la propuesta ${row.number} (versión ${row.version}).`,
            clientId,
            status: 'approved',
            startDate: input.startDate ?? null,
            estimatedEndDate: input.endDate ?? null,
            approvedBudget: row.currency === 'DOP' ? fromCents(row.totalCents) : null,
          },
          'el proyecto',
        ),
      });
      targetId = project.value._id;
      sideEffects = mergeEffects(sideEffects, project.effects);
      const names: string[] = [];
      for (const item of row.items) {
        const name = item.milestone ?? (row.items.some((i) => i.milestone) ? null : item.description);
        if (name && !names.includes(name)) names.push(name);
      }
      for (const title of names) {
        await addMilestone({
          db: nested,
          actor,
          ctx,
          id: targetId,
          input: parseOr(CreateMilestoneRequestSchema, { title: title.slice(0, 200) }, 'el hito'),
        });
      }
    } else if (input.target === 'retainer') {
      const retainer = await createRecurringInvoice({
        db: nested,
        actor,
        ctx,
        input: parseOr(
          CreateRecurringInvoiceRequestSchema,
          {
            clientId,
            startDate: input.startDate ?? businessToday(),
            frequency: input.frequency,
            dayOfMonth: input.dayOfMonth,
            endDate: input.endDate ?? null,
            items: lines,
            currency: row.currency,
            notes: `Iguala de la propuesta ${row.number} (versión ${row.version}).`,
          },
          'la iguala',
        ),
      });
      targetId = retainer._id;
    } else {
      const today = businessToday();
      const invoice = await createInvoice({
        db: nested,
        actor,
        ctx,
        input: parseOr(
          CreateInvoiceRequestSchema,
          {
            clientId,
            issueDate: today,
            dueDate: addDays(today, input.paymentTerms),
            items: lines,
            currency: row.currency,
            paymentTerms: input.paymentTerms,
            notes: `Propuesta ${row.number} (versión ${row.version}).`,
            asDraft: true,
          },
          'la factura',
        ),
      });
      targetId = invoice.value._id;
      sideEffects = mergeEffects(sideEffects, invoice.effects);
    }
    const now = new Date();
    const [updated] = await tx
      .update(signableDocuments)
      .set({
        conversionTarget: input.target,
        conversionId: targetId,
        convertedAt: now,
        clientId,
        updatedAt: now,
      })
      .where(eq(signableDocuments.id, id))
      .returning();
    await winLead(tx, actor, ctx, row.leadId);
    const leadWon = Boolean(row.leadId) && !wasWon && (await leadIsWon(tx, row.leadId));
    await addEvent(tx, {
      documentId: id,
      kind: 'converted',
      event: `Convertida en ${CONVERSION_TARGET_LABELS[input.target].toLowerCase()}`,
      actor: `${actor.firstName} ${actor.lastName}`,
      ip: ctx.ip,
      at: now,
    });
    await audit(
      tx,
      ctx,
      'proposal.converted',
      { type: 'proposal', id },
      { number: row.number, target: input.target, targetId },
    );
    return {
      value: { document: await present(tx, updated!), target: input.target, id: targetId, leadWon },
      effects: sideEffects,
    };
  });
}
