import {
  type Client,
  type CreateClientRequestSchema,
  defaultTaxpayerType,
  FOREIGN_TAX_ID_ONLY_ABROAD,
  isValidBuyerId,
  type UpdateClientRequestSchema,
} from '@agencia/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { clients, invoices, projects, quotes, users } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';

import { getCompanySettings } from '../settings/settings.service.js';
import { CLIENT_ID, getClient } from './clients.queries.js';

type CreateInput = z.output<typeof CreateClientRequestSchema>;
type UpdateInput = z.output<typeof UpdateClientRequestSchema>;

/* Writes of the clients module (admin only, routes guard `clients.write`): create, update, delete. */

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

/**
 * 400 on `field` when `taxId` is the agency's own RNC (company settings): a document issued to it
 * would name the issuer as its buyer, which no 607 line or e-CF accepts (issue 27, point 9).
 * Compared on digits, so "1-31-85542-3" and "131855423" are the same RNC. Used wherever a client
 * record gets a tax id: the client form, self-registration and an approved access request.
 */
export async function assertNotAgencyTaxId({
  db,
  taxId,
  field = 'companyRUC',
}: {
  db: Db | Tx;
  taxId: string | null | undefined;
  field?: string;
}): Promise<void> {
  if (!taxId) return;
  const settings = await getCompanySettings(db);
  const digits = (value: string) => value.replace(/\D/g, '');
  if (!settings.taxId || digits(settings.taxId) !== digits(taxId)) return;
  const message = 'Ese es el RNC de la agencia: un cliente no puede tener el RNC de quien factura.';
  throw badRequest(message, [{ field, message }]);
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
export async function createClient({
  db,
  actor,
  ctx,
  input,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  input: CreateInput;
}): Promise<Client> {
  await assertEmailFree(db, input.email);
  await assertNotAgencyTaxId({ db, taxId: input.companyRUC });
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
        foreignTaxId: input.foreignTaxId ?? null,
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
  return getClient({ db, id });
}

/**
 * `PUT /clients/{id}` (admin): partial update; `archived` archives/restores; `clearEmailFailing`
 * or a different `email` clears the bounce mark (audited as `client.email_failing_cleared` with
 * what it said). 404 / 409 (email).
 */
export async function updateClient({
  db,
  ctx,
  id,
  input,
}: {
  db: Db;
  ctx: AuditContext;
  id: string;
  input: UpdateInput;
}): Promise<Client> {
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
  if (input.foreignTaxId !== undefined) set.foreignTaxId = input.foreignTaxId;
  // A foreign id belongs to a foreign buyer only (issue 42): checked on the merged record.
  if (
    (set.foreignTaxId ?? (input.foreignTaxId === undefined ? current.foreignTaxId : null)) &&
    (set.taxpayerType ?? current.taxpayerType) !== 'extranjero'
  )
    throw badRequest(FOREIGN_TAX_ID_ONLY_ABROAD, [
      { field: 'foreignTaxId', message: FOREIGN_TAX_ID_ONLY_ABROAD },
    ]);
  if (input.companyRUC !== undefined) {
    await assertNotAgencyTaxId({ db, taxId: input.companyRUC });
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
  // A bounce mark (decision 168) belongs to the address that bounced: a new address, or staff
  // saying they fixed it, clears it.
  const emailChanged = input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase();
  const clearsBounce = current.emailFailingAt !== null && (input.clearEmailFailing === true || emailChanged);
  if (clearsBounce) {
    set.emailFailingAt = null;
    set.emailFailingReason = null;
  }
  await db.transaction(async (tx) => {
    await tx.update(clients).set(set).where(eq(clients.id, id));
    if (input.companyRUC !== undefined)
      await auditTaxIdOverride(tx, ctx, id, input.companyRUC, input.taxIdOverrideReason);
    if (clearsBounce)
      await audit(
        tx,
        ctx,
        'client.email_failing_cleared',
        { type: 'client', id },
        {
          email: current.email,
          failingAt: current.emailFailingAt!.toISOString(),
          reason: current.emailFailingReason,
          why: emailChanged ? 'email_changed' : 'cleared',
        },
      );
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
  return getClient({ db, id });
}

/**
 * `DELETE /clients/{id}` (admin). Refused with 409 while the client has invoices, projects, quotes or
 * portal users (archive instead, decision 051); 404 when missing.
 */
export async function deleteClient({
  db,
  ctx,
  id,
}: {
  db: Db;
  ctx: AuditContext;
  id: string;
}): Promise<void> {
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
