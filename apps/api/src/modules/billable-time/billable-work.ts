import { addDays, businessToday, type CreateInvoiceRequestSchema, type Invoice } from '@agencia/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';
import { getInvoice } from '../invoices/invoices.queries.js';
import { createInvoice } from '../invoices/invoices.service.js';
import { getCompanySettings } from '../settings/settings.service.js';

/*
 * Billing a project's work onto a draft invoice: "Facturar horas" (time entries, decision 115) and
 * "Facturar gastos" (billable purchases, decision 142) share the project lookup and the
 * transaction that creates the invoice and marks what it billed.
 */

/** The project being billed: id, title and client; 404 for an unknown or deleted project. */
export async function loadBillableProject(db: Db | Tx, id: string) {
  const [project] = await db
    .select({ id: projects.id, title: projects.title, clientId: projects.clientId })
    .from(projects)
    .where(and(eq(projects.id, id), isNull(projects.deletedAt)))
    .limit(1);
  if (!project) throw notFound('Proyecto no encontrado');
  return project;
}

type InvoiceInput = z.output<typeof CreateInvoiceRequestSchema>;
type Project = Awaited<ReturnType<typeof loadBillableProject>>;
type Settings = Awaited<ReturnType<typeof getCompanySettings>>;

/** What one kind of work contributes to the invoice: its lines and note, and the ids it bills. */
export interface WorkToBill {
  ids: string[];
  items: InvoiceInput['items'];
  notes: string;
  currency?: InvoiceInput['currency'];
}

/**
 * Bills work of project `projectId` in one transaction: `collect` reads (and locks `FOR UPDATE`)
 * what is left to bill and prices it; a draft invoice for the project's client is created through
 * `createInvoice` (numbering, totals, ITBIS: one engine, decision 052; it runs inside this
 * transaction as a savepoint), dated today, due in 30 days, series FAC; `mark` then sets the
 * invoice id on the rows still unbilled and answers how many it marked. Fewer than collected (a
 * concurrent bill got there first) → 409 `notBillable` and everything rolls back, the invoice
 * number included. Audited as `action` on the project with the invoice id, the count under
 * `countKey` and `auditMeta`. Answers the invoice as `getInvoice` reads it and the count billed.
 */
export async function billProjectWork(
  opts: WriteCall & {
    projectId: string;
    collect: (tx: Tx, project: Project, settings: Settings) => Promise<WorkToBill>;
    mark: (tx: Tx, invoiceId: string, ids: string[]) => Promise<number>;
    notBillable: string;
    action: 'project.time.billed' | 'project.expenses.billed';
    countKey: string;
    auditMeta?: Record<string, unknown>;
  },
): Promise<{ invoice: Invoice; billed: number }> {
  const { db, actor, ctx, projectId } = opts;
  const { invoiceId, billed } = await db.transaction(async (tx) => {
    const project = await loadBillableProject(tx, projectId);
    const settings = await getCompanySettings(tx);
    const work = await opts.collect(tx, project, settings);
    const today = businessToday();
    const terms = 30;
    const created = await createInvoice({
      db: tx as unknown as Db,
      actor,
      ctx,
      input: {
        clientId: project.clientId,
        projectId: project.id,
        issueDate: today,
        dueDate: addDays(today, terms),
        items: work.items,
        discountAmount: 0,
        ...(work.currency ? { currency: work.currency } : {}),
        paymentTerms: terms,
        notes: work.notes,
        series: 'FAC',
        asDraft: true,
      },
    });
    const invoiceId = created.value._id;
    if ((await opts.mark(tx, invoiceId, work.ids)) !== work.ids.length) throw conflict(opts.notBillable);
    await audit(
      tx,
      ctx,
      opts.action,
      { type: 'project', id: projectId },
      { invoiceId, [opts.countKey]: work.ids.length, ...opts.auditMeta },
    );
    return { invoiceId, billed: work.ids.length };
  });
  return { invoice: await getInvoice({ db, actor, id: invoiceId }), billed };
}
