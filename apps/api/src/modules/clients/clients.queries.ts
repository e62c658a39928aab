import {
  type Client,
  type ClientStats,
  clientOptionLabel,
  fromCents,
  type ListClientsQuerySchema,
  type ListClientsResponse,
  type Option,
  type OptionsQuerySchema,
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
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { clients, invoices, projectCounts, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { pagedSelect } from '../../lib/paging.js';
import { preparedStatement } from '../../lib/prepared.js';

/*
 * Reads of the clients module (spec doc 2 §3): the client row with its computed columns, the
 * list, the picker options, one client and the stats.
 */

/** `"clients"."id"` qualified: drizzle renders bare column names in single-table selects, which a correlated subquery would resolve to its own table. */
export const CLIENT_ID = sql.raw('"clients"."id"');

/** Statuses of projects that count as active work. */
const ACTIVE_PROJECT_STATUSES = sql`('approved', 'in_progress', 'in_review')`;

const toIso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/**
 * The computed columns of a client (spec doc 2 §3): project counts from `projects`, revenue =
 * payments received on its non-cancelled invoices (centavos), last activity from the feed.
 */
const computed = {
  // One scan of the client's projects for the three counts: [total, active, completed].
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
    foreignTaxId: row.foreignTaxId,
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
    emailFailingAt: row.emailFailingAt?.toISOString() ?? null,
    emailFailingReason: row.emailFailingAt ? row.emailFailingReason : null,
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
export async function listClients({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof ListClientsQuerySchema>;
}): Promise<ListClientsResponse> {
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
  const page = (w: SQL | undefined, limit: number | Placeholder, offset: number | Placeholder) =>
    selectClients(db).where(w).orderBy(desc(clients.createdAt), desc(clients.id)).limit(limit).offset(offset);
  // Without a search the page is a prepared statement per shape: archived or not, which of the
  // status and type filters are set (decision 154).
  const status = query.status && query.status !== 'all' ? query.status : undefined;
  const clientType = query.clientType && query.clientType !== 'all' ? query.clientType : undefined;
  const name = `clients_${query.archived === 'true' ? 'archived' : 'live'}${status ? '_s' : ''}${clientType ? '_t' : ''}`;
  const { rows, pagination } = await pagedSelect(db, query, {
    table: clients,
    where: cond,
    rows: ({ limit, offset }) =>
      query.search
        ? page(cond, limit, offset)
        : preparedStatement(db, name, () =>
            page(
              and(
                query.archived === 'true' ? isNotNull(clients.archivedAt) : isNull(clients.archivedAt),
                status
                  ? eq(clients.status, sql.placeholder('status') as unknown as typeof status)
                  : undefined,
                clientType
                  ? eq(clients.clientType, sql.placeholder('clientType') as unknown as typeof clientType)
                  : undefined,
              ),
              sql.placeholder('limit'),
              sql.placeholder('offset'),
            ).prepare(name),
          ).execute({ status, clientType, limit, offset }),
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
export async function listClientOptions({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof OptionsQuerySchema>;
}): Promise<Option[]> {
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
export async function getClient({ db, id }: { db: Db; id: string }): Promise<Client> {
  const [row] = await selectClients(db).where(eq(clients.id, id)).limit(1);
  if (!row) throw notFound('Cliente no encontrado');
  return toClientDto(row);
}

/** `GET /clients/stats` over non-archived clients; totalRevenue = all payments received. */
export async function clientStats({ db }: { db: Db }): Promise<ClientStats> {
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
