import { businessToday, computeInvoiceTotals, toCents } from '@agencia/shared';
import type { Tx } from '../../db/client.js';
import { quoteItems, quotes } from '../../db/schema/index.js';
import { nextQuoteNumber } from '../../modules/quotes/quotes.service.js';

const shift = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * Demo quotes (decision 114): a sent one awaiting cliente@demo.do's answer (valid 30 days, 50 %
 * advance) and a draft for the second client, numbered through the app's counter, ITBIS 18 %.
 */
export async function seedQuotes(tx: Tx, ids: { adminId: string; clientIds: string[] }): Promise<void> {
  const today = businessToday();
  const demos = [
    {
      client: 0,
      status: 'sent' as const,
      advancePercent: 50,
      items: [
        {
          description: 'Rediseño de la tienda en línea',
          details: 'Catálogo, carrito y pasarela de pago',
          quantity: 1,
          unitPrice: 95_000,
        },
        { description: 'Sesión de fotos de productos', details: null, quantity: 2, unitPrice: 12_500 },
      ],
    },
    {
      client: 1,
      status: 'draft' as const,
      advancePercent: null,
      items: [
        { description: 'Campaña de redes sociales (3 meses)', details: null, quantity: 3, unitPrice: 18_000 },
      ],
    },
  ];
  for (const demo of demos) {
    const totals = computeInvoiceTotals(demo.items, 18, 0);
    const year = Number(today.slice(0, 4));
    const { sequence, quoteNumber } = await nextQuoteNumber({ tx, year });
    const [row] = await tx
      .insert(quotes)
      .values({
        quoteNumber,
        year,
        sequence,
        clientId: ids.clientIds[demo.client]!,
        issueDate: today,
        validUntil: shift(today, 30),
        status: demo.status,
        currency: 'DOP',
        subtotalCents: totals.subtotalCents,
        exemptCents: totals.exemptCents,
        taxableBaseCents: totals.taxableBaseCents,
        taxRate: 18,
        taxCents: totals.taxCents,
        discountCents: 0,
        totalCents: totals.totalCents,
        notes: 'Precios en pesos dominicanos. Incluye dos rondas de revisiones.',
        advancePercent: demo.advancePercent,
        sentAt: demo.status === 'sent' ? new Date() : null,
        createdBy: ids.adminId,
      })
      .returning({ id: quotes.id });
    await tx.insert(quoteItems).values(
      demo.items.map((it, position) => ({
        quoteId: row!.id,
        position,
        description: it.description,
        details: it.details,
        quantity: it.quantity,
        unitPriceCents: toCents(it.unitPrice),
        totalCents: totals.lineTotalsCents[position]!,
      })),
    );
  }
}
