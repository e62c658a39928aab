import { addDays, businessToday, type LeadSource } from '@agencia/shared';
import { asc } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { leadEvents, leadStages, leads } from '../../db/schema/index.js';

/**
 * Demo leads (decision 170) across the default stages the migration created: WhatsApp,
 * referrals and other sources, values in pesos and dollars, one won and one lost with its
 * reason, notes and a call with a follow-up due in two days. Owned by the admin.
 */
export async function seedLeads(tx: Tx, ids: { adminId: string }): Promise<void> {
  const stages = await tx.select().from(leadStages).orderBy(asc(leadStages.position));
  const stage = (name: string) => stages.find((s) => s.name === name)!;
  const today = businessToday();
  const demos: Array<{
    title: string;
    contactName: string;
    email: string;
    phone: string;
    company: string | null;
    source: LeadSource;
    stage: string;
    cents: number;
    currency: 'DOP' | 'USD';
    lostReason?: string;
    note?: string;
    followUp?: string;
  }> = [
    {
      title: 'Tienda en línea para repostería',
      contactName: 'Yokasta Almonte',
      email: 'yokasta@dulcesyokasta.do',
      phone: '809-555-2210',
      company: 'Dulces Yokasta',
      source: 'whatsapp',
      stage: 'Nuevo',
      cents: 8_500_000,
      currency: 'DOP',
      note: 'Escribió por WhatsApp: quiere vender bizcochos por encargo.',
    },
    {
      title: 'Página para consultorio dental',
      contactName: 'Dr. Ramón Guzmán',
      email: 'rguzman@sonrisard.do',
      phone: '829-555-4411',
      company: 'Sonrisa RD',
      source: 'referral',
      stage: 'Contactado',
      cents: 150_000,
      currency: 'USD',
      followUp: addDays(today, 2),
    },
    {
      title: 'App de reservas para hotel boutique',
      contactName: 'Claudia Peralta',
      email: 'claudia@casacolonial.do',
      phone: '809-555-7788',
      company: 'Casa Colonial Hotel',
      source: 'other',
      stage: 'Propuesta enviada',
      cents: 650_000,
      currency: 'USD',
    },
    {
      title: 'Campaña de redes para ferretería',
      contactName: 'Julio Taveras',
      email: 'julio@ferreteriataveras.do',
      phone: '849-555-3030',
      company: 'Ferretería Taveras',
      source: 'whatsapp',
      stage: 'Negociación',
      cents: 12_000_000,
      currency: 'DOP',
    },
    {
      title: 'Sitio institucional para cooperativa',
      contactName: 'Mercedes Reyes',
      email: 'mreyes@coopcibao.do',
      phone: '809-555-9090',
      company: 'Cooperativa del Cibao',
      source: 'referral',
      stage: 'Ganado',
      cents: 22_000_000,
      currency: 'DOP',
    },
    {
      title: 'Rediseño de catálogo',
      contactName: 'Pedro Núñez',
      email: 'pedro@mueblesnunez.do',
      phone: '809-555-1212',
      company: 'Muebles Núñez',
      source: 'other',
      stage: 'Perdido',
      cents: 4_500_000,
      currency: 'DOP',
      lostReason: 'El presupuesto no alcanzó este año',
    },
  ];
  for (const [i, d] of demos.entries()) {
    const s = stage(d.stage);
    const [row] = await tx
      .insert(leads)
      .values({
        title: d.title,
        contactName: d.contactName,
        email: d.email,
        phone: d.phone,
        company: d.company,
        source: d.source,
        stageId: s.id,
        position: (i + 1) * 1024,
        ownerId: ids.adminId,
        estimatedValueCents: d.cents,
        currency: d.currency,
        expectedCloseDate: addDays(today, 30 + i * 7),
        lostReason: d.lostReason ?? null,
        wonAt: s.kind === 'won' ? new Date() : null,
        createdBy: ids.adminId,
      })
      .returning({ id: leads.id });
    const leadId = row!.id;
    await tx
      .insert(leadEvents)
      .values({ leadId, kind: 'created', authorId: ids.adminId, meta: { source: d.source } });
    if (d.note)
      await tx.insert(leadEvents).values({ leadId, kind: 'note', body: d.note, authorId: ids.adminId });
    if (d.followUp)
      await tx.insert(leadEvents).values({
        leadId,
        kind: 'call',
        body: 'Primera llamada: pidió ejemplos de sitios de salud.',
        followUpDate: d.followUp,
        authorId: ids.adminId,
      });
    if (s.name !== 'Nuevo')
      await tx.insert(leadEvents).values({
        leadId,
        kind: 'stage_changed',
        authorId: ids.adminId,
        meta: { fromStage: 'Nuevo', toStage: s.name, ...(d.lostReason ? { reason: d.lostReason } : {}) },
      });
  }
}
