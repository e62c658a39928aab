import {
  type AccessRequest,
  type AccessRequestData,
  type ListRequestsQuerySchema,
  onlyDigits,
  type QuoteRequest,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUS_TRANSITIONS,
  type RequestKind,
  type RequestListItem,
  type RequestStatus,
  type ServiceId,
} from '@agencia/shared';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { accessRequests, clients, quoteRequests } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { readFile } from '../../lib/storage.js';
import { assertNotAgencyTaxId } from '../clients/clients.service.js';
import { onAccessRequestConverted } from './requests.hooks.js';
import { type RequestAction, requestPolicy } from './requests.policy.js';

/*
 * The admin 'Solicitudes' side of the public site's requests: list, read, change status (convert
 * an access request into a client) and download an access document. Submitting one is
 * public-requests.service.ts (split along that line, decision 152).
 */

/** Throws 403 unless `actor` may perform `action` on requests ({@link requestPolicy}). */
function assertAllowed(actor: Actor, action: RequestAction): void {
  if (!requestPolicy.can(actor.role, action)) throw forbidden();
}

/**
 * Lists quote and access requests together, newest first (ties on `id`, a stable order across
 * pages), with filters and pagination (decision 088).
 */
export async function listRequests(opts: {
  db: Db;
  actor: Actor;
  query: z.output<typeof ListRequestsQuerySchema>;
}) {
  const { db, query } = opts;
  assertAllowed(opts.actor, 'read');
  const term = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : null;

  const quoteWhere: SQL[] = [];
  const accessWhere: SQL[] = [];
  if (query.status) {
    quoteWhere.push(eq(quoteRequests.status, query.status));
    accessWhere.push(eq(accessRequests.status, query.status));
  }
  if (term) {
    quoteWhere.push(
      or(
        ilike(quoteRequests.name, term),
        ilike(quoteRequests.email, term),
        ilike(quoteRequests.company, term),
      )!,
    );
    accessWhere.push(
      or(
        ilike(accessRequests.name, term),
        ilike(accessRequests.email, term),
        ilike(accessRequests.companyName, term),
      )!,
    );
  }
  const quoteSelect = db
    .select({
      id: quoteRequests.id,
      kind: sql<RequestKind>`'quote'`.as('kind'),
      status: quoteRequests.status,
      name: quoteRequests.name,
      email: quoteRequests.email,
      phone: quoteRequests.phone,
      subject: sql<string>`${quoteRequests.serviceTitle}`.as('subject'),
      createdAt: quoteRequests.createdAt,
    })
    .from(quoteRequests)
    .where(and(...quoteWhere));
  const accessSelect = db
    .select({
      id: accessRequests.id,
      kind: sql<RequestKind>`'access'`.as('kind'),
      status: accessRequests.status,
      name: accessRequests.name,
      email: accessRequests.email,
      phone: accessRequests.phone,
      subject:
        sql<string>`case when ${accessRequests.clientType} = 'company' then 'Empresa' else 'Persona Física' end`.as(
          'subject',
        ),
      createdAt: accessRequests.createdAt,
    })
    .from(accessRequests)
    .where(and(...accessWhere));

  const offset = (query.page - 1) * query.limit;
  const countOf = async (table: typeof quoteRequests | typeof accessRequests, where: SQL[]) => {
    const [row] = await db
      .select({ n: count() })
      .from(table)
      .where(and(...where));
    return row?.n ?? 0;
  };
  let rows: Awaited<typeof quoteSelect>;
  let total: number;
  if (query.kind === 'quote') {
    rows = await quoteSelect
      .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
      .limit(query.limit)
      .offset(offset);
    total = await countOf(quoteRequests, quoteWhere);
  } else if (query.kind === 'access') {
    rows = await accessSelect
      .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
      .limit(query.limit)
      .offset(offset);
    total = await countOf(accessRequests, accessWhere);
  } else {
    rows = await unionAll(quoteSelect, accessSelect)
      .orderBy(desc(sql`created_at`), desc(sql`id`))
      .limit(query.limit)
      .offset(offset);
    total = (await countOf(quoteRequests, quoteWhere)) + (await countOf(accessRequests, accessWhere));
  }
  const newCount =
    (await countOf(quoteRequests, [eq(quoteRequests.status, 'new')])) +
    (await countOf(accessRequests, [eq(accessRequests.status, 'new')]));

  const requests: RequestListItem[] = rows.map((r) => ({
    _id: r.id,
    kind: r.kind,
    status: r.status,
    name: r.name,
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
  return {
    requests,
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      pages: Math.max(1, Math.ceil(total / query.limit)),
    },
    newCount,
  };
}

function toQuote(row: typeof quoteRequests.$inferSelect): QuoteRequest {
  return {
    _id: row.id,
    kind: 'quote',
    status: row.status,
    serviceId: row.serviceId as ServiceId,
    serviceTitle: row.serviceTitle,
    serviceFeatures: row.serviceFeatures,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    budget: row.budget,
    timeline: row.timeline,
    description: row.description,
    requirements: row.requirements,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAccess(row: typeof accessRequests.$inferSelect): AccessRequest {
  return {
    _id: row.id,
    kind: 'access',
    status: row.status,
    clientType: row.clientType,
    name: row.name,
    email: row.email,
    phone: row.phone,
    data: row.data,
    files: row.files.map((f) => ({
      _id: f.fileId,
      field: f.field,
      filename: f.filename,
      contentType: f.contentType,
      size: f.size,
    })),
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `GET /requests/{kind}/{id}`: one request in full (403 unless the policy lets `actor` read; 404 when it does not exist). */
export async function getRequest(opts: { db: Db; actor: Actor; kind: RequestKind; id: string }) {
  assertAllowed(opts.actor, 'read');
  return loadRequest(opts);
}

/** One request in full; 404 when it does not exist. */
async function loadRequest(opts: { db: Db | Tx; kind: RequestKind; id: string }) {
  if (opts.kind === 'quote') {
    const [row] = await opts.db.select().from(quoteRequests).where(eq(quoteRequests.id, opts.id));
    if (!row) throw notFound('Solicitud no encontrada');
    return toQuote(row);
  }
  const [row] = await opts.db.select().from(accessRequests).where(eq(accessRequests.id, opts.id));
  if (!row) throw notFound('Solicitud no encontrada');
  return toAccess(row);
}

/**
 * Moves a request along REQUEST_STATUS_TRANSITIONS (409 otherwise). Converting an access
 * request creates the client record from its data (409 when a client with that email exists)
 * and calls {@link onAccessRequestConverted}, all in one transaction.
 */
export async function updateRequestStatus(opts: {
  db: Db;
  actor: Actor;
  /** PUBLIC_URL, the base of the registration link a converted access request sends. */
  publicUrl: string;
  kind: RequestKind;
  id: string;
  status: RequestStatus;
  ctx: AuditContext;
}) {
  const { db, actor, publicUrl, kind, id, status, ctx } = opts;
  assertAllowed(actor, 'changeStatus');
  return db.transaction(async (tx) => {
    const current = await loadRequest({ db: tx, kind, id });
    if (!REQUEST_STATUS_TRANSITIONS[current.status].includes(status)) {
      throw conflict(
        `No se puede cambiar el estado de «${REQUEST_STATUS_LABELS[current.status]}» a «${REQUEST_STATUS_LABELS[status]}»`,
      );
    }
    const now = new Date();
    let clientId: string | null = null;
    if (kind === 'quote') {
      await tx
        .update(quoteRequests)
        .set({ status, handledBy: actor.id, updatedAt: now })
        .where(eq(quoteRequests.id, id));
    } else {
      if (status === 'converted') {
        clientId = await createClientFromAccessRequest(tx, current as AccessRequest);
      }
      await tx
        .update(accessRequests)
        .set({ status, handledBy: actor.id, updatedAt: now, ...(clientId ? { clientId } : {}) })
        .where(eq(accessRequests.id, id));
    }
    await audit(
      tx,
      ctx,
      `${kind}_request.status_changed`,
      { type: `${kind}_request`, id },
      {
        from: current.status,
        to: status,
        ...(clientId ? { clientId } : {}),
      },
    );
    if (clientId) {
      const access = current as AccessRequest;
      await onAccessRequestConverted({
        tx,
        publicUrl,
        actor,
        clientId,
        email: access.email,
        clientType: access.clientType,
        data: access.data as Partial<AccessRequestData>,
      });
    }
    return loadRequest({ db: tx, kind, id });
  });
}

async function createClientFromAccessRequest(tx: Tx, request: AccessRequest): Promise<string> {
  const d = request.data as Partial<AccessRequestData>;
  const [existing] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(sql`lower(${clients.email}) = ${request.email.toLowerCase()}`)
    .limit(1);
  if (existing) throw conflict(`Ya existe un cliente con el email ${request.email}`);
  const isCompany = request.clientType === 'company';
  const taxId = onlyDigits((isCompany ? d.rnc : d.cedula) ?? '') || null;
  await assertNotAgencyTaxId({ db: tx, taxId, field: isCompany ? 'rnc' : 'cedula' });
  const contact =
    d.preferredContact === 'phone' || d.preferredContact === 'whatsapp' ? d.preferredContact : 'email';
  const [client] = await tx
    .insert(clients)
    .values({
      clientType: request.clientType,
      firstName: d.firstName ?? request.name,
      lastName: [d.lastName, d.secondLastName].filter(Boolean).join(' '),
      email: request.email,
      phone: request.phone,
      companyName: isCompany ? (d.companyName ?? null) : null,
      companyRnc: taxId,
      industry: d.businessSector ?? null,
      website: d.website ?? d.currentWebsite ?? null,
      street: [d.address, d.sector].filter(Boolean).join(', ') || null,
      city: d.city ?? null,
      state: d.province ?? null,
      country: d.country ?? 'República Dominicana',
      postalCode: d.postalCode ?? null,
      preferredCommunication: contact,
      status: 'active',
      notes: d.projectDescription ? `Solicitud de acceso: ${d.projectDescription}` : null,
    })
    .returning({ id: clients.id });
  return client!.id;
}

/** A stored upload of an access request (404 unless it belongs to that request). */
export async function getAccessRequestFile(opts: { db: Db; actor: Actor; id: string; fileId: string }) {
  assertAllowed(opts.actor, 'downloadFile');
  const file = await readFile(opts.db, opts.fileId);
  if (file?.ownerType !== 'access_request' || file.ownerId !== opts.id)
    throw notFound('Archivo no encontrado');
  return file;
}
