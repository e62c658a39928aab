import {
  businessToday,
  computeInvoiceTotals,
  DEFAULT_INVOICE_SERIES,
  defaultDocumentType,
  type FiscalDocumentType,
  type PaymentMethod,
} from '@agencia/shared';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  clients,
  creditNotes,
  fiscalSequences,
  invoiceEvents,
  invoiceItems,
  invoicePayments,
  invoices,
  projects,
} from '../../db/schema/index.js';
import { takeNcf } from '../../modules/fiscal/fiscal.service.js';
import { buildFiscalSnapshot } from '../../modules/invoices/fiscal-snapshot.js';
import { nextReceiptNumber } from '../../modules/invoices/invoice-receipts.js';
import { nextInvoiceNumber } from '../../modules/invoices/invoices.service.js';
import { getCompanySettings } from '../../modules/settings/settings.service.js';

function shift(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface DemoInvoice {
  client: number;
  issuedDaysAgo: number;
  terms: number;
  status: 'draft' | 'sent' | 'paid' | 'pending';
  items: Array<{ description: string; details?: string; quantity: number; unitPrice: number }>;
  /** Payments as [amount major units, days after issue, method]. */
  payments?: Array<[number, number, PaymentMethod]>;
  /** A credit note as [amount with ITBIS, days after issue, reason]. */
  creditNote?: [number, number, string];
  notes?: string;
}

const DEMO_INVOICES: DemoInvoice[] = [
  {
    client: 0,
    issuedDaysAgo: 150,
    terms: 30,
    status: 'paid',
    items: [
      {
        description: 'Diseño y desarrollo de sitio web',
        details: 'Sitio corporativo de 8 páginas',
        quantity: 1,
        unitPrice: 85000,
      },
      { description: 'Sesión de fotos de productos', quantity: 1, unitPrice: 12000 },
    ],
    payments: [[114460, 20, 'bank_transfer']],
  },
  {
    client: 0,
    issuedDaysAgo: 40,
    terms: 30,
    status: 'sent',
    items: [
      { description: 'Gestión de redes sociales', details: 'Mensualidad', quantity: 1, unitPrice: 25000 },
    ],
    notes: 'Pago por transferencia a la cuenta del Banco Popular.',
  },
  {
    client: 0,
    issuedDaysAgo: 10,
    terms: 30,
    status: 'pending',
    items: [
      { description: 'Tienda en línea: módulo de pagos', quantity: 1, unitPrice: 45000 },
      { description: 'Horas de soporte', quantity: 6, unitPrice: 1800 },
    ],
    payments: [[30000, 3, 'credit_card']],
  },
  {
    client: 1,
    issuedDaysAgo: 95,
    terms: 15,
    status: 'paid',
    items: [
      {
        description: 'Aplicación de gestión de obras',
        details: 'Fase 1: levantamiento y prototipo',
        quantity: 1,
        unitPrice: 150000,
      },
    ],
    payments: [[177000, 12, 'check']],
  },
  {
    client: 1,
    issuedDaysAgo: 20,
    terms: 30,
    status: 'sent',
    items: [
      { description: 'Hosting y correo corporativo', details: 'Plan anual', quantity: 1, unitPrice: 18000 },
      { description: 'Horas de soporte', quantity: 4, unitPrice: 1800 },
    ],
    notes: 'Pago por transferencia a la cuenta del Banco BHD.',
    creditNote: [2124, 3, 'Una hora de soporte facturada de más'],
  },
  {
    client: 1,
    issuedDaysAgo: 2,
    terms: 30,
    status: 'draft',
    items: [
      {
        description: 'Aplicación de gestión de obras',
        details: 'Fase 2: desarrollo',
        quantity: 1,
        unitPrice: 220000,
      },
    ],
  },
  {
    client: 2,
    issuedDaysAgo: 5,
    terms: 30,
    status: 'sent',
    items: [{ description: 'Auditoría SEO', quantity: 1, unitPrice: 38000 }],
  },
];

/**
 * Demo NCF / e-NCF ranges (issue 12) as [type, from, to, already used before the demo invoices].
 * Realistic DGII authorisations; B15 is left close to its 35 % alert threshold (38 % remaining).
 */
const DEMO_SEQUENCES: Array<[FiscalDocumentType, number, number, number]> = [
  ['B01', 1, 500, 48],
  ['B02', 1, 2000, 311],
  ['B03', 1, 100, 2],
  ['B04', 1, 100, 6],
  ['B14', 1, 50, 3],
  ['B15', 1, 100, 62],
  ['E31', 1, 1000, 0],
  ['E32', 1, 5000, 0],
  ['E33', 1, 200, 0],
  ['E34', 1, 200, 0],
];

/** The demo ranges, valid until 31 December of next year (the DGII's usual term for B series). */
async function seedSequences(tx: Tx, adminId: string, today: string): Promise<void> {
  const expiresOn = `${Number(today.slice(0, 4)) + 1}-12-31`;
  await tx.insert(fiscalSequences).values(
    DEMO_SEQUENCES.map(([documentType, rangeFrom, rangeTo, used]) => ({
      documentType,
      rangeFrom,
      rangeTo,
      nextNumber: rangeFrom + used,
      expiresOn,
      alertThreshold: 35,
      active: true,
      createdBy: adminId,
    })),
  );
}

/**
 * Demo invoices (issue 6): paid, overdue, partly paid, draft and open ones for the first
 * clients, numbered through the same counter as the app, ITBIS 18 %, amounts in DOP. Issued
 * ones carry an NCF of their client's type from the demo ranges (issue 12), and one has a
 * credit note.
 */
export async function seedBilling(tx: Tx, ids: { adminId: string; clientIds: string[] }): Promise<void> {
  const today = businessToday();
  await seedSequences(tx, ids.adminId, today);
  const settings = await getCompanySettings(tx);
  const ordered = [...DEMO_INVOICES].sort((a, b) => b.issuedDaysAgo - a.issuedDaysAgo);
  for (const demo of ordered) {
    const issueDate = shift(today, -demo.issuedDaysAgo);
    const dueDate = shift(issueDate, demo.terms);
    const totals = computeInvoiceTotals(demo.items, 18, 0);
    const [client] = await tx.select().from(clients).where(eq(clients.id, ids.clientIds[demo.client]!));
    // Issued demo invoices and their note carry their fiscal snapshot like issued ones (decision 132).
    const snapshot = demo.status === 'draft' ? null : buildFiscalSnapshot(client!, settings);
    const documentType = defaultDocumentType(client!.taxpayerType, 'paper');
    const fiscal = demo.status === 'draft' ? null : await takeNcf({ tx, type: documentType, today });
    const year = Number(issueDate.slice(0, 4));
    const { sequence, invoiceNumber } = await nextInvoiceNumber({ tx, series: DEFAULT_INVOICE_SERIES, year });
    const paid = (demo.payments ?? []).reduce((a, [amount]) => a + Math.round(amount * 100), 0);
    const lastPayment = demo.payments?.at(-1);
    const created = new Date(`${issueDate}T13:00:00Z`);
    // Link the invoice to the client's first demo project, when the projects seed made one.
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.clientId, ids.clientIds[demo.client]!))
      .orderBy(asc(projects.createdAt))
      .limit(1);
    const [row] = await tx
      .insert(invoices)
      .values({
        invoiceNumber,
        series: DEFAULT_INVOICE_SERIES,
        year,
        sequence,
        clientId: ids.clientIds[demo.client]!,
        projectId: project?.id ?? null,
        issueDate,
        dueDate,
        paidDate: demo.status === 'paid' && lastPayment ? shift(issueDate, lastPayment[1]) : null,
        status: demo.status,
        currency: 'DOP',
        subtotalCents: totals.subtotalCents,
        exemptCents: totals.exemptCents,
        taxableBaseCents: totals.taxableBaseCents,
        documentType,
        ncf: fiscal?.ncf ?? null,
        ncfSequenceId: fiscal?.sequenceId ?? null,
        ncfExpiresOn: fiscal?.expiresOn ?? null,
        issuedAt: fiscal ? created : null,
        fiscalSnapshot: snapshot,
        taxRate: 18,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        paidCents: Math.min(paid, totals.totalCents),
        paymentMethod: lastPayment?.[2] ?? 'bank_transfer',
        paymentTerms: demo.terms,
        notes: demo.notes ?? null,
        sentAt: demo.status === 'draft' ? null : created,
        createdBy: ids.adminId,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: invoices.id });
    const invoiceId = row!.id;
    await tx.insert(invoiceItems).values(
      demo.items.map((it, position) => ({
        invoiceId,
        position,
        description: it.description,
        details: it.details ?? null,
        quantity: it.quantity,
        unitPriceCents: Math.round(it.unitPrice * 100),
        totalCents: totals.lineTotalsCents[position]!,
      })),
    );
    await tx
      .insert(invoiceEvents)
      .values({ invoiceId, event: 'created', actorId: ids.adminId, createdAt: created });
    if (fiscal)
      await tx.insert(invoiceEvents).values([
        { invoiceId, event: 'issued', actorId: ids.adminId, note: `NCF ${fiscal.ncf}`, createdAt: created },
        { invoiceId, event: 'sent', actorId: ids.adminId, createdAt: created },
      ]);
    if (demo.creditNote && fiscal) {
      const [amount, daysAfter, reason] = demo.creditNote;
      const note = await takeNcf({ tx, type: 'B04', today });
      const totalCents = Math.round(amount * 100);
      const taxCents = Math.round((totalCents * totals.taxCents) / totals.totalCents);
      const noteDate = shift(issueDate, daysAfter);
      await tx.insert(creditNotes).values({
        invoiceId,
        documentType: 'B04',
        ncf: note.ncf,
        sequenceId: note.sequenceId,
        ncfExpiresOn: note.expiresOn,
        issueDate: noteDate,
        modifiedNcf: fiscal.ncf,
        modifiedIssueDate: issueDate,
        modificationCode: 3,
        reason,
        lines: [
          {
            description: reason,
            quantity: 1,
            unitPriceCents: totalCents - taxCents,
            totalCents: totalCents - taxCents,
            taxExempt: false,
          },
        ],
        subtotalCents: totalCents - taxCents,
        taxCents,
        totalCents,
        fiscalSnapshot: snapshot,
        createdBy: ids.adminId,
        createdAt: new Date(`${noteDate}T14:00:00Z`),
      });
      await tx.update(invoices).set({ creditedCents: totalCents }).where(eq(invoices.id, invoiceId));
      await tx.insert(invoiceEvents).values({
        invoiceId,
        event: 'credit_note',
        actorId: ids.adminId,
        note: `NCF ${note.ncf}: ${reason}`,
        createdAt: new Date(`${noteDate}T14:00:00Z`),
      });
    }
    let owed = totals.totalCents;
    for (const [amount, after, method] of demo.payments ?? []) {
      const paidDate = shift(issueDate, after);
      const amountCents = Math.min(Math.round(amount * 100), totals.totalCents);
      owed = Math.max(0, owed - amountCents);
      await tx.insert(invoicePayments).values({
        invoiceId,
        amountCents,
        paidDate,
        paymentMethod: method,
        recordedBy: ids.adminId,
        receiptNumber: await nextReceiptNumber(tx, Number(paidDate.slice(0, 4))),
        balanceAfterCents: owed,
        createdAt: new Date(`${paidDate}T15:00:00Z`),
      });
      await tx.insert(invoiceEvents).values({
        invoiceId,
        event: demo.status === 'paid' ? 'paid' : 'payment',
        actorId: ids.adminId,
        createdAt: new Date(`${paidDate}T15:00:00Z`),
      });
    }
  }
}
