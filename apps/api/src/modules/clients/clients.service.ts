import {
  type Client,
  type ClientStats,
  type ClientSubListQuerySchema,
  type Communication,
  type CreateClientRequestSchema,
  type CreateCommunicationRequestSchema,
  clientOptionLabel,
  defaultTaxpayerType,
  fromCents,
  isValidBuyerId,
  type ListClientsQuerySchema,
  type ListClientsResponse,
  type Option,
  type OptionsQuerySchema,
  type UpdateClientRequestSchema,
} from '@agencia/shared';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  ilike,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  clientCommunications,
  clients,
  invoices,
  projectCounts,
  projects,
  quotes,
  tickets,
  users,
} from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { listTotalCap, pagedSelect } from '../../lib/paging.js';
import type { Actor } from '../../plugins/auth.js';

/** `"clients"."id"` qualified: drizzle renders bare column names in single-table selects, which a correlated subquery would resolve to its own table. */
const CLIENT_ID = sql.raw('"clients"."id"');

/** Statuses of projects that count as active work. */
const ACTIVE_PROJECT_STATUSES = sql`('approved', 'in_progress', 'in_review')`;

const toIso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/**
 * The computed columns of a client (spec doc 2 §3): project counts from `projects`, revenue =
 * payments received on its non-cancelled invoices (centavos), last activity from the feed.
 */
const computed = {
  // The three counts [total, active, completed] of the client's live projects, from the project
  // counters kept by the writes (decision 122): at most 7 rows instead of all its projects.
  projectCounts: sql<
    [number, number, number]
  >`(select json_build_array(coalesce(sum(pc.n), 0)::int, coalesce(sum(pc.n) filter (where pc.status in ${ACTIVE_PROJECT_STATUSES}), 0)::int, coalesce(sum(pc.n) filter (where pc.status = 'completed'), 0)::int) from ${projectCounts} pc where pc.client_id = ${CLIENT_ID})`.mapWith(
    (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as [number, number, number],
  ),
  revenueCents:
    sql<number>`(select coalesce(sum(i.paid_cents), 0)::bigint from ${invoices} i where i.client_id = ${CLIENT_ID} and i.status <> 'cancelled')`.mapWith(
      Number,
    ),
  lastActivity: sql<
    string | null
  >`(select max(a.created_at) from activities a where a.client_id = ${CLIENT_ID})`.mapWith(toIso),
  registeredUsers:
    sql<number>`(select count(*)::int from ${users} u where u.client_id = ${CLIENT_ID})`.mapWith(Number),
};

type ClientRow = typeof clients.$inferSelect & {
  projectCounts: [number, number, number];
  revenueCents: number;
  lastActivity: string | null;
  registeredUsers: number;
};

/** Maps a row with its computed columns to the API shape (`companyRnc` → `companyRUC`). */
export function toClientDto(row: ClientRow): Client {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    avatar: row.avatar,
    clientType: row.clientType,
    companyName: row.companyName,
    companyRUC: row.companyRnc,
    taxpayerType: row.taxpayerType,
    taxIdOverrideReason: row.taxIdOverrideReason,
    industry: row.industry,
    website: row.website,
    address: {
      street: row.street,
      city: row.city,
      state: row.state,
      country: row.country,
      postalCode: row.postalCode,
    },
    status: row.status,
    joinDate: row.joinDate.toISOString(),
    lastActivity: row.lastActivity,
    lastContact: row.lastContact?.toISOString() ?? null,
    totalProjects: row.projectCounts[0],
    activeProjects: row.projectCounts[1],
    completedProjects: row.projectCounts[2],
    totalRevenue: fromCents(row.revenueCents),
    averageProjectValue:
      row.projectCounts[0] > 0 ? fromCents(Math.round(row.revenueCents / row.projectCounts[0])) : 0,
    satisfactionRating: row.satisfactionRating,
    preferredCommunication: row.preferredCommunication,
    timezone: row.timezone,
    notes: row.notes,
    registeredUsers: row.registeredUsers,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectClients(db: Db) {
  return db.select({ ...getTableColumns(clients), ...computed }).from(clients);
}

/** `%`, `_` and `\` escaped for ILIKE, wrapped in `%…%`. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `GET /clients`: one page of clients filtered by text (name, email, company, RNC), status and
 * type; archived hidden unless asked. Newest first (`created_at desc, id desc`); `total` counts
 * every match. The computed columns are evaluated for the page's rows only.
 */
export async function listClients(
  db: Db,
  query: z.output<typeof ListClientsQuerySchema>,
): Promise<ListClientsResponse> {
  const where: SQL[] = [];
  where.push(query.archived === 'true' ? isNotNull(clients.archivedAt) : isNull(clients.archivedAt));
  if (query.status && query.status !== 'all') where.push(eq(clients.status, query.status));
  if (query.clientType && query.clientType !== 'all') where.push(eq(clients.clientType, query.clientType));
  if (query.search) {
    const term = containsPattern(query.search);
    where.push(
      or(
        ilike(clients.firstName, term),
        ilike(clients.lastName, term),
        ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, term),
        ilike(clients.email, term),
        ilike(clients.companyName, term),
        ilike(clients.companyRnc, term),
      )!,
    );
  }
  const cond = and(...where);
  const { rows, pagination } = await pagedSelect(db, query, {
    table: clients,
    where: cond,
    rows: ({ limit, offset }) =>
      selectClients(db)
        .where(cond)
        .orderBy(desc(clients.createdAt), desc(clients.id))
        .limit(limit)
        .offset(offset),
  });
  return {
    clients: rows.map(toClientDto),
    pagination,
  };
}

/**
 * `GET /clients/options`: up to `limit` non-archived clients for a picker, A–Z by company or
 * name, matching `search` on name, company, email or RNC; `id` answers that client alone
 * (archived included, so a saved value keeps its label).
 */
export async function listClientOptions(
  db: Db,
  query: z.output<typeof OptionsQuerySchema>,
): Promise<Option[]> {
  const where: (SQL | undefined)[] = [query.id ? eq(clients.id, query.id) : isNull(clients.archivedAt)];
  if (query.search) {
    const term = containsPattern(query.search);
    where.push(
      or(
        ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, term),
        ilike(clients.companyName, term),
        ilike(clients.email, term),
        ilike(clients.companyRnc, term),
      ),
    );
  }
  const rows = await db
    .select({
      id: clients.id,
      companyName: clients.companyName,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
    })
    .from(clients)
    .where(and(...where))
    .orderBy(
      asc(sql`coalesce(${clients.companyName}, ${clients.firstName} || ' ' || ${clients.lastName})`),
      asc(clients.id),
    )
    .limit(query.limit);
  return rows.map((c) => ({ value: c.id, label: clientOptionLabel(c), description: c.email }));
}

/** One client with totals; 404 when missing. */
export async function getClient(db: Db, id: string): Promise<Client> {
  const [row] = await selectClients(db).where(eq(clients.id, id)).limit(1);
  if (!row) throw notFound('Cliente no encontrado');
  return toClientDto(row);
}

/** `GET /clients/stats` over non-archived clients; totalRevenue = all payments received. */
export async function clientStats(db: Db): Promise<ClientStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${clients.status} = 'active')::int`.mapWith(Number),
      companies: sql<number>`count(*) filter (where ${clients.clientType} = 'company')::int`.mapWith(Number),
    })
    .from(clients)
    .where(isNull(clients.archivedAt));
  const [rev] = await db
    .select({ cents: sql<number>`coalesce(sum(${invoices.paidCents}), 0)::bigint`.mapWith(Number) })
    .from(invoices)
    .where(sql`${invoices.status} <> 'cancelled'`);
  return {
    total: row?.total ?? 0,
    active: row?.active ?? 0,
    companies: row?.companies ?? 0,
    totalRevenue: fromCents(rev?.cents ?? 0),
  };
}

type CreateInput = z.output<typeof CreateClientRequestSchema>;
type UpdateInput = z.output<typeof UpdateClientRequestSchema>;

async function assertEmailFree(db: Db, email: string, exceptId?: string) {
  const [dup] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(sql`lower(${clients.email})`, email.toLowerCase()),
        isNull(clients.archivedAt),
        exceptId ? sql`${clients.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (dup) throw conflict('Ya existe un cliente con ese email');
}

/** The override reason to store: only when the tax id fails its check digit (issue 12). */
function taxIdOverride(taxId: string | null | undefined, reason: string | null | undefined): string | null {
  return taxId && !isValidBuyerId(taxId) ? (reason ?? null) : null;
}

/** A tax id accepted against its check digit is audited with the reason (issue 12). */
async function auditTaxIdOverride(
  tx: Tx,
  ctx: AuditContext,
  clientId: string,
  taxId: string | null | undefined,
  reason: string | null | undefined,
): Promise<void> {
  const stored = taxIdOverride(taxId, reason);
  if (stored)
    await audit(
      tx,
      ctx,
      'client.tax_id_override',
      { type: 'client', id: clientId },
      { taxId, reason: stored },
    );
}

/** `POST /clients` (admin). 409 when a non-archived client has the same email. */
export async function createClient(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  input: CreateInput,
): Promise<Client> {
  await assertEmailFree(db, input.email);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clients)
      .values({
        clientType: input.clientType,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        companyName: input.companyName,
        companyRnc: input.companyRUC,
        taxpayerType: input.taxpayerType ?? defaultTaxpayerType(input.clientType),
        taxIdOverrideReason: taxIdOverride(input.companyRUC, input.taxIdOverrideReason),
        industry: input.industry,
        website: input.website,
        street: input.address?.street ?? null,
        city: input.address?.city ?? null,
        state: input.address?.state ?? null,
        country: input.address?.country ?? 'República Dominicana',
        postalCode: input.address?.postalCode ?? null,
        status: input.status,
        satisfactionRating: input.satisfactionRating ?? null,
        preferredCommunication: input.preferredCommunication,
        timezone: input.timezone,
        notes: input.notes,
      })
      .returning({ id: clients.id });
    await audit(tx, ctx, 'client.created', { type: 'client', id: row!.id });
    await auditTaxIdOverride(tx, ctx, row!.id, input.companyRUC, input.taxIdOverrideReason);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'client.created',
      entityType: 'client',
      entityId: row!.id,
      clientId: row!.id,
      title: `Cliente creado: ${input.companyName ?? `${input.firstName} ${input.lastName}`.trim()}`,
    });
    return row!.id;
  });
  return getClient(db, id);
}

/** `PUT /clients/{id}` (admin): partial update; `archived` archives/restores. 404 / 409 (email). */
export async function updateClient(
  db: Db,
  ctx: AuditContext,
  id: string,
  input: UpdateInput,
): Promise<Client> {
  const [current] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  if (!current) throw notFound('Cliente no encontrado');
  if (input.email && input.email !== current.email.toLowerCase()) await assertEmailFree(db, input.email, id);
  const set: Partial<typeof clients.$inferInsert> = { updatedAt: new Date() };
  const direct = [
    'firstName',
    'lastName',
    'email',
    'phone',
    'clientType',
    'companyName',
    'industry',
    'website',
    'status',
    'satisfactionRating',
    'preferredCommunication',
    'timezone',
    'notes',
  ] as const;
  for (const key of direct) if (input[key] !== undefined) (set as Record<string, unknown>)[key] = input[key];
  if (input.taxpayerType !== undefined) set.taxpayerType = input.taxpayerType;
  if (input.companyRUC !== undefined) {
    set.companyRnc = input.companyRUC;
    set.taxIdOverrideReason = taxIdOverride(input.companyRUC, input.taxIdOverrideReason);
  }
  if (input.address) {
    const a = input.address;
    if (a.street !== undefined) set.street = a.street;
    if (a.city !== undefined) set.city = a.city;
    if (a.state !== undefined) set.state = a.state;
    if (a.country) set.country = a.country;
    if (a.postalCode !== undefined) set.postalCode = a.postalCode;
  }
  if (input.archived !== undefined)
    set.archivedAt = input.archived ? (current.archivedAt ?? new Date()) : null;
  await db.transaction(async (tx) => {
    await tx.update(clients).set(set).where(eq(clients.id, id));
    if (input.companyRUC !== undefined)
      await auditTaxIdOverride(tx, ctx, id, input.companyRUC, input.taxIdOverrideReason);
    await audit(
      tx,
      ctx,
      input.archived === true ? 'client.archived' : 'client.updated',
      { type: 'client', id },
      {
        fields: Object.keys(input),
      },
    );
  });
  return getClient(db, id);
}

/**
 * `DELETE /clients/{id}` (admin). Refused with 409 while the client has invoices, projects, quotes or
 * portal users (archive instead, decision 051); 404 when missing.
 */
export async function deleteClient(db: Db, ctx: AuditContext, id: string): Promise<void> {
  const [row] = await db
    .select({
      id: clients.id,
      invoices:
        sql<number>`(select count(*)::int from ${invoices} i where i.client_id = ${CLIENT_ID})`.mapWith(
          Number,
        ),
      projects:
        sql<number>`(select count(*)::int from ${projects} p where p.client_id = ${CLIENT_ID})`.mapWith(
          Number,
        ),
      users: sql<number>`(select count(*)::int from ${users} u where u.client_id = ${CLIENT_ID})`.mapWith(
        Number,
      ),
      quotes: sql<number>`(select count(*)::int from ${quotes} q where q.client_id = ${CLIENT_ID})`.mapWith(
        Number,
      ),
    })
    .from(clients)
    .where(eq(clients.id, id))
    .limit(1);
  if (!row) throw notFound('Cliente no encontrado');
  if (row.invoices > 0)
    throw conflict('No se puede eliminar un cliente con facturas. Archívalo en su lugar.');
  if (row.projects > 0)
    throw conflict('No se puede eliminar un cliente con proyectos. Archívalo en su lugar.');
  if (row.users > 0)
    throw conflict('No se puede eliminar un cliente con usuarios registrados. Archívalo en su lugar.');
  if (row.quotes > 0)
    throw conflict('No se puede eliminar un cliente con cotizaciones. Archívalo en su lugar.');
  await db.transaction(async (tx) => {
    await tx.delete(clients).where(eq(clients.id, id));
    await audit(tx, ctx, 'client.deleted', { type: 'client', id });
  });
}

type SubListQuery = z.output<typeof ClientSubListQuerySchema>;
/**
 * `GET /clients/{id}/projects`: one page of the client's projects, newest first (ties on id; total capped, decision 113),
 * budget in major units. Throws 404 for an unknown client.
 */
export async function listClientProjects(db: Db, id: string, query: SubListQuery) {
  await getClientRow(db, id);
  const cond = and(eq(projects.clientId, id), isNull(projects.deletedAt));
  const { rows, pagination } = await pagedSelect(db, query, {
    table: projects,
    where: cond,
    cap: listTotalCap(),
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(projects)
        .where(cond)
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(limit)
        .offset(offset),
  });
  return {
    projects: rows.map((p) => ({
      _id: p.id,
      title: p.title,
      status: p.status,
      startDate: p.startDate,
      endDate: p.actualEndDate ?? p.estimatedEndDate,
      budget: p.approvedBudgetCents === null ? null : fromCents(p.approvedBudgetCents),
      progress: p.progressPercentage,
    })),
    pagination,
  };
}

/** `GET /clients/{id}/tickets`: one page of the client's tickets, newest first (total capped, decision 113). Throws 404 for an unknown client. */
export async function listClientTickets(db: Db, id: string, query: SubListQuery) {
  await getClientRow(db, id);
  const cond = eq(tickets.clientId, id);
  const { rows, pagination } = await pagedSelect(db, query, {
    table: tickets,
    where: cond,
    cap: listTotalCap(),
    rows: ({ limit, offset }) =>
      db
        .select({
          id: tickets.id,
          title: tickets.title,
          status: tickets.status,
          priority: tickets.priority,
          project: projects.title,
          createdAt: tickets.createdAt,
        })
        .from(tickets)
        .leftJoin(projects, eq(projects.id, tickets.projectId))
        .where(cond)
        .orderBy(desc(tickets.createdAt), desc(tickets.id))
        .limit(limit)
        .offset(offset),
  });
  return {
    tickets: rows.map((r) => ({
      _id: r.id,
      title: r.title,
      status: r.status,
      priority: r.priority,
      project: r.project ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    pagination,
  };
}

async function getClientRow(db: Db, id: string) {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).limit(1);
  if (!row) throw notFound('Cliente no encontrado');
  return row;
}

type CommRow = typeof clientCommunications.$inferSelect & { createdByName: string | null };
function toCommunicationDto(r: CommRow): Communication {
  return {
    _id: r.id,
    type: r.type,
    subject: r.subject,
    date: r.date.toISOString(),
    direction: r.direction,
    duration: r.durationMinutes,
    notes: r.notes,
    createdBy: r.createdByName,
    createdAt: r.createdAt.toISOString(),
  };
}

const commSelect = {
  ...getTableColumns(clientCommunications),
  createdByName: sql<
    string | null
  >`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = "client_communications"."created_by")`,
};

/** One page of the client's communication log, latest date first (ties on id). Throws 404 for an unknown client. */
export async function listCommunications(db: Db, clientId: string, query: SubListQuery) {
  await getClientRow(db, clientId);
  const cond = eq(clientCommunications.clientId, clientId);
  const { rows, pagination } = await pagedSelect(db, query, {
    table: clientCommunications,
    where: cond,
    rows: ({ limit, offset }) =>
      db
        .select(commSelect)
        .from(clientCommunications)
        .where(cond)
        .orderBy(desc(clientCommunications.date), desc(clientCommunications.id))
        .limit(limit)
        .offset(offset),
  });
  return {
    communications: rows.map((r) => toCommunicationDto(r as CommRow)),
    pagination,
  };
}

/** Logs a communication (admin); updates the client's lastContact when it is newer. */
export async function createCommunication(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  clientId: string,
  input: z.output<typeof CreateCommunicationRequestSchema>,
): Promise<Communication> {
  await getClientRow(db, clientId);
  const date = new Date(input.date);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clientCommunications)
      .values({
        clientId,
        type: input.type,
        subject: input.subject,
        date,
        direction: input.direction,
        durationMinutes: input.duration ?? null,
        notes: input.notes,
        createdBy: actor.id,
      })
      .returning({ id: clientCommunications.id });
    await tx
      .update(clients)
      .set({
        lastContact: sql`greatest(coalesce(${clients.lastContact}, ${date.toISOString()}::timestamptz), ${date.toISOString()}::timestamptz)`,
      })
      .where(eq(clients.id, clientId));
    await audit(tx, ctx, 'client.communication.created', { type: 'client', id: clientId });
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'client.communication',
      entityType: 'client',
      entityId: clientId,
      clientId,
      title: `Comunicación registrada: ${input.subject}`,
      isInternal: true,
    });
    return row!.id;
  });
  const [row] = await db.select(commSelect).from(clientCommunications).where(eq(clientCommunications.id, id));
  return toCommunicationDto(row as CommRow);
}

/** Deletes a communication entry (admin); 404 when it is not the client's. */
export async function deleteCommunication(db: Db, ctx: AuditContext, clientId: string, commId: string) {
  const deleted = await db
    .delete(clientCommunications)
    .where(and(eq(clientCommunications.id, commId), eq(clientCommunications.clientId, clientId)))
    .returning({ id: clientCommunications.id });
  if (!deleted[0]) throw notFound('Comunicación no encontrada');
  await audit(db, ctx, 'client.communication.deleted', { type: 'client', id: clientId }, { commId });
}
