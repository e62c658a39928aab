import { createHash, randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  documentTemplates,
  leadStages,
  leads,
  type StoredDocumentItem,
  shareLinks,
  signableDocumentEvents,
  signableDocuments,
} from '../../db/schema/index.js';
import { freezePdf } from '../../modules/proposals/proposals.render.js';

const PROPOSAL_BODY = `# Propuesta para {{cliente.nombre}}

Gracias por considerar a {{empresa.nombre}}. Esta propuesta ({{documento.numero}}) describe el proyecto **{{proyecto.nombre}}**.

## Alcance

- Diseño a la medida, adaptable a teléfonos.
- Desarrollo y publicación.
- Capacitación de una hora.

## Inversión

El total es de **{{total}}** según la tabla de precios. Propuesta válida por 30 días desde el {{fecha}}.`;

const CONTRACT_BODY = `# Contrato de prestación de servicios

Entre **{{empresa.nombre}}** (RNC {{empresa.rnc}}) y **{{cliente.nombre}}** (RNC/cédula {{cliente.rnc}}), se acuerda:

1. La agencia realizará el proyecto {{proyecto.nombre}} según la tabla de precios anexa.
2. El cliente pagará {{total}} según los hitos indicados.
3. Las partes aceptan firmar este contrato por medios electrónicos (Ley 126-02).

Firmado el {{fecha}}.`;

const ITEMS: StoredDocumentItem[] = [
  {
    description: 'Diseño del sitio web',
    serviceId: 'sitios-web',
    quantity: 1,
    unitPriceCents: 4_500_000,
    currency: 'DOP',
    milestone: 'Diseño',
  },
  {
    description: 'Desarrollo y publicación',
    serviceId: 'sitios-web',
    quantity: 1,
    unitPriceCents: 4_000_000,
    currency: 'DOP',
    milestone: 'Desarrollo',
  },
];

/**
 * Demo proposals and contracts (decision 171): one template of each kind and a proposal sent to
 * the demo lead in "Propuesta enviada" (its frozen PDF and a 7-day link whose token nobody knows:
 * "Enviar" again from the screen to get a usable one).
 */
export async function seedProposals(tx: Tx, ids: { adminId: string }): Promise<void> {
  const [proposalTemplate] = await tx
    .insert(documentTemplates)
    .values([
      {
        name: 'Propuesta de sitio web',
        kind: 'proposal',
        body: PROPOSAL_BODY,
        requiresCountersign: false,
        items: ITEMS,
        createdBy: ids.adminId,
      },
      {
        name: 'Contrato de servicios',
        kind: 'contract',
        body: CONTRACT_BODY,
        requiresCountersign: true,
        items: ITEMS,
        createdBy: ids.adminId,
      },
    ])
    .returning();
  const [stage] = await tx.select().from(leadStages).where(eq(leadStages.name, 'Propuesta enviada')).limit(1);
  const [lead] = stage
    ? await tx.select().from(leads).where(eq(leads.stageId, stage.id)).limit(1)
    : await tx.select().from(leads).orderBy(asc(leads.createdAt)).limit(1);
  if (!lead?.email) return;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 7 * 86_400_000);
  const [row] = await tx
    .insert(signableDocuments)
    .values({
      kind: 'proposal',
      sequence: 1,
      number: 'PRO-0001',
      title: lead.title,
      leadId: lead.id,
      templateId: proposalTemplate!.id,
      content: PROPOSAL_BODY,
      items: ITEMS,
      currency: 'DOP',
      totalCents: 8_500_000,
      requiresCountersign: false,
      status: 'sent',
      recipientEmail: lead.email,
      sentAt: now,
      expiresAt,
      ownerId: ids.adminId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await freezePdf(tx, row!, ids.adminId);
  await tx.insert(shareLinks).values({
    tokenHash: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex'),
    documentType: 'proposal',
    documentId: row!.id,
    createdBy: ids.adminId,
    createdAt: now,
    expiresAt,
  });
  await tx.insert(signableDocumentEvents).values([
    {
      documentId: row!.id,
      kind: 'created',
      event: 'Creado (PRO-0001, versión 1)',
      actor: 'Administrador',
      at: now,
    },
    { documentId: row!.id, kind: 'sent', event: `Enviado a ${lead.email}`, actor: 'Administrador', at: now },
  ]);
}
