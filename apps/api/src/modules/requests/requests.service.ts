import {
  ACCESS_BUDGETS,
  ACCESS_REQUEST_ALLOWED_TYPES,
  ACCESS_REQUEST_MAX_FILE_BYTES,
  type AccessRequest,
  type AccessRequestData,
  type AccessRequestUploadField,
  accessRequestReference,
  type CreateQuoteRequest,
  type ListRequestsQuerySchema,
  onlyDigits,
  QUOTE_BUDGETS,
  QUOTE_TIMELINES,
  type QuoteRequest,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUS_TRANSITIONS,
  type RequestKind,
  type RequestListItem,
  type RequestStatus,
  SERVICE_TITLES,
  type ServiceId,
} from '@agencia/shared';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { accessRequests, clients, quoteRequests } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { effects, type Written } from '../../lib/effects.js';
import { renderEmail } from '../../lib/email-template.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { queueEmail } from '../../lib/mailer.js';
import { createNotifications } from '../../lib/notify.js';
import { readFile, saveFile } from '../../lib/storage.js';
import { assertNotAgencyTaxId } from '../clients/clients.service.js';
import { onAccessRequestConverted } from './requests.hooks.js';
import { type RequestAction, requestPolicy } from './requests.policy.js';

/** Throws 403 unless `actor` may perform `action` on requests ({@link requestPolicy}). */
function assertAllowed(actor: Actor, action: RequestAction): void {
  if (!requestPolicy.can(actor.role, action)) throw forbidden();
}

type QuoteInput = z.output<typeof import('@agencia/shared').CreateQuoteRequestSchema>;

/** An uploaded file as the route hands it over (bytes already buffered within the size limit). */
export interface UploadedFile {
  field: AccessRequestUploadField;
  filename: string;
  data: Buffer;
}

const labelOf = (options: readonly { value: string; label: string }[], value: string | undefined) =>
  options.find((o) => o.value === value)?.label ?? value ?? '';

/**
 * Stores a quote request from `/quote` and notifies every active admin (notification row and
 * email in the outbox), all in one transaction; the route publishes the effects (the realtime
 * push) after commit.
 */
export async function createQuoteRequest(opts: {
  db: Db;
  input: QuoteInput;
  ctx: AuditContext;
}): Promise<Written<{ id: string }>> {
  const { db, input, ctx } = opts;
  const serviceTitle = SERVICE_TITLES[input.serviceId as ServiceId];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quoteRequests)
      .values({
        serviceId: input.serviceId,
        serviceTitle,
        serviceFeatures: input.serviceFeatures,
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company ?? null,
        budget: input.budget,
        timeline: input.timeline,
        description: input.description,
        requirements: input.requirements ?? null,
        ip: ctx.ip ?? null,
      })
      .returning({ id: quoteRequests.id });
    await audit(tx, ctx, 'quote_request.created', { type: 'quote_request', id: row!.id });
    const created = await createNotifications(tx, {
      roles: ['admin'],
      topic: 'system',
      title: `Nueva cotización: ${serviceTitle}`,
      message: quoteMessage({ input, serviceTitle }),
      link: `/clients/requests?kind=quote&id=${row!.id}`,
    });
    return { value: row!, effects: effects({ notifications: created }) };
  });
}

/**
 * The text the original composed and only logged (spec doc 1 §7): form values, the service and
 * its first five features. Sent to admins as the notification / email body.
 */
export function quoteMessage({ input, serviceTitle }: { input: QuoteInput; serviceTitle: string }): string {
  const lines = [
    `Servicio: ${serviceTitle}`,
    ...(input.serviceFeatures.length
      ? ['Características:', ...input.serviceFeatures.map((f) => `  • ${f}`)]
      : []),
    `Nombre: ${input.name}`,
    `Email: ${input.email}`,
    `Teléfono: ${input.phone}`,
    `Empresa: ${input.company ?? '—'}`,
    `Presupuesto: ${labelOf(QUOTE_BUDGETS, input.budget)}`,
    `Tiempo de entrega: ${labelOf(QUOTE_TIMELINES, input.timeline)}`,
    `Descripción: ${input.description}`,
    `Requerimientos adicionales: ${input.requirements ?? '—'}`,
  ];
  return lines.join('\n');
}

function accessName(data: AccessRequestData): string {
  if (data.clientType === 'company') return data.companyName ?? data.firstName;
  return [data.firstName, data.lastName].filter(Boolean).join(' ');
}

/**
 * Stores an access request with its uploads (type-sniffed, ≤ 5 MB each, PDF/JPEG/PNG/WebP:
 * 413/415 otherwise, and then nothing is stored) and notifies every active admin; the route
 * publishes the effects after commit.
 */
export async function createAccessRequest(opts: {
  db: Db;
  input: AccessRequestData;
  uploads: UploadedFile[];
  ctx: AuditContext;
}): Promise<Written<{ id: string; reference: string }>> {
  const { db, input, uploads, ctx } = opts;
  const { homepage: _honeypot, ...data } = input;
  const name = accessName(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accessRequests)
      .values({
        clientType: input.clientType,
        name,
        email: input.primaryEmail,
        phone: input.primaryPhone,
        companyName: input.companyName ?? null,
        data,
        ip: ctx.ip ?? null,
      })
      .returning({ id: accessRequests.id });
    const stored = [];
    for (const upload of uploads) {
      const file = await saveFile(tx, {
        ownerType: 'access_request',
        ownerId: row!.id,
        filename: upload.filename,
        data: upload.data,
        uploadedBy: null,
        maxBytes: ACCESS_REQUEST_MAX_FILE_BYTES,
        allowed: ACCESS_REQUEST_ALLOWED_TYPES,
      });
      stored.push({
        fileId: file.id,
        field: upload.field,
        filename: file.filename,
        contentType: file.contentType,
        size: file.sizeBytes,
      });
    }
    if (stored.length)
      await tx.update(accessRequests).set({ files: stored }).where(eq(accessRequests.id, row!.id));
    await audit(
      tx,
      ctx,
      'access_request.created',
      { type: 'access_request', id: row!.id },
      { files: stored.length },
    );
    const created = await createNotifications(tx, {
      roles: ['admin'],
      topic: 'system',
      title: `Nueva solicitud de acceso: ${name}`,
      message: [
        `${input.clientType === 'company' ? 'Empresa' : 'Persona Física'}: ${name}`,
        `Email: ${input.primaryEmail}`,
        `Teléfono: ${input.primaryPhone}`,
        `Presupuesto estimado: ${labelOf(ACCESS_BUDGETS, input.estimatedBudget)}`,
        `Proyecto: ${input.projectDescription}`,
        stored.length ? `Documentos adjuntos: ${stored.length}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
      link: `/clients/requests?kind=access&id=${row!.id}`,
    });
    // The requester's copy of the confirmation screen: reference and what happens next (issue 32).
    const reference = accessRequestReference(row!.id);
    await queueEmail(tx, {
      to: input.primaryEmail,
      subject: `Recibimos tu solicitud de acceso (${reference})`,
      ...renderEmail({
        greeting: `Hola ${input.firstName},`,
        paragraphs: [
          `Recibimos tu solicitud de acceso al portal de clientes. Tu número de referencia es ${reference}.`,
          ACCESS_NEXT_STEPS,
          'Si tienes alguna pregunta, responde a este correo indicando tu número de referencia.',
        ],
        signature: [],
      }),
    });
    return { value: { ...row!, reference }, effects: effects({ notifications: created }) };
  });
}

/** What happens after an access request, in the requester's words (confirmation screen and email). */
const ACCESS_NEXT_STEPS =
  'Te contactaremos dentro de 24 horas para comenzar tu proyecto. Si aprobamos tu solicitud, te enviaremos a este correo un link para crear tu cuenta en el portal.';

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

export type { CreateQuoteRequest };
