import {
  type ClientType,
  ErrorCodes,
  formatLongDate,
  REGISTRATION_LINK_TTL_DAYS,
  type RegisterRequestSchema,
  type RegistrationInfo,
  type RegistrationPrefill,
  type Session,
} from '@agencia/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { clients, registrationLinks, users } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { effects, type Written } from '../../lib/effects.js';
import { link as emailLink, line, renderEmail } from '../../lib/email-template.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { queueEmail } from '../../lib/mailer.js';
import { createNotifications } from '../../lib/notify.js';
import { hashPassword, randomToken, sha256 } from '../../lib/security.js';
import { type ClientInfo, openSession } from '../auth/auth.service.js';
import { assertNotAgencyTaxId } from '../clients/clients.service.js';
import { registrationPolicy } from './registration.policy.js';

/** What {@link createRegistrationLink} needs. */
export interface CreateRegistrationLinkInput {
  /** The caller's transaction (the link and its email commit or roll back with it). */
  db: Db | Tx;
  /** Absolute base of the link: PUBLIC_URL (`app.publicUrl`), never the request's Host. */
  publicUrl: string;
  email: string;
  clientType: ClientType;
  /** Join this existing client record instead of creating one. */
  clientId?: string | null;
  /** Values the form starts with (names, phone, company, RNC/cédula). */
  prefill?: RegistrationPrefill;
  /** Staff user generating it (null for system flows). */
  createdBy?: string | null;
  /** Where the link comes from: 'admin', 'access_request' … */
  source?: string;
  /** Queue the invitation email (default true). */
  sendEmail?: boolean;
}

/** A generated link: the raw token exists only here (only its SHA-256 is stored). */
export interface RegistrationLink {
  id: string;
  link: string;
  token: string;
  expiresAt: Date;
}

/**
 * Creates a single-use, 7-day registration link (256-bit token stored as SHA-256) and queues
 * the invitation email in the same transaction. Hook for other features (access-request
 * 'convert'). Throws 404 when `clientId` does not exist, 409 when the email already has an account.
 */
export async function createRegistrationLink(input: CreateRegistrationLinkInput): Promise<RegistrationLink> {
  const tx = input.db;
  const email = input.email.trim().toLowerCase();
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing) throw conflict('Ya existe una cuenta con este email');
  let companyName: string | null = null;
  if (input.clientId) {
    const [client] = await tx
      .select({ id: clients.id, companyName: clients.companyName, clientType: clients.clientType })
      .from(clients)
      .where(eq(clients.id, input.clientId))
      .limit(1);
    if (!client) throw notFound('Cliente no encontrado');
    companyName = client.companyName;
  }
  const token = randomToken();
  const expiresAt = new Date(Date.now() + REGISTRATION_LINK_TTL_DAYS * 24 * 60 * 60 * 1000);
  const [row] = await tx
    .insert(registrationLinks)
    .values({
      tokenHash: sha256(token),
      email,
      clientType: input.clientType,
      clientId: input.clientId ?? null,
      prefill: cleanPrefill(input.prefill),
      source: input.source ?? 'admin',
      createdBy: input.createdBy ?? null,
      expiresAt,
    })
    .returning({ id: registrationLinks.id });
  const link = `${input.publicUrl.replace(/\/+$/, '')}/register/${token}`;
  if (input.sendEmail !== false) {
    const who = companyName ? ` como parte de ${companyName}` : '';
    // The agency's calendar (decision 123): "15 de marzo de 2026".
    const expires = formatLongDate(expiresAt);
    await queueEmail(tx, {
      to: email,
      subject: 'Completa tu registro en el portal de clientes',
      ...renderEmail({
        greeting: 'Hola,',
        paragraphs: [
          `Te invitamos a crear tu cuenta en nuestro portal de clientes${who}.`,
          line`${emailLink('Completar mi registro', link)}`,
          `El link es de un solo uso y vence el ${expires}.`,
        ],
        signature: [],
      }),
    });
  }
  return { id: row!.id, link, token, expiresAt };
}

function cleanPrefill(prefill: RegistrationPrefill | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(prefill ?? {}))
    if (typeof v === 'string' && v.trim()) out[k] = v.trim().slice(0, 200);
  return out;
}

type LinkRow = typeof registrationLinks.$inferSelect;

/** Throws 404 (unknown), 410 GONE (used or expired) for an unusable link. */
function assertUsable(row: LinkRow | undefined): asserts row is LinkRow {
  if (!row) throw notFound('El link de registro no es válido');
  if (row.usedAt) throw new AppError(410, ErrorCodes.GONE, 'Este link de registro ya fue utilizado');
  if (row.expiresAt <= new Date())
    throw new AppError(410, ErrorCodes.GONE, 'Este link de registro ha expirado');
}

/**
 * `POST /auth/generate-registration-link`: creates a link (and its invitation email) and audits
 * `registration_link.created`, in one transaction. 403 unless the policy lets `actor` generate
 * links; otherwise as {@link createRegistrationLink}.
 */
export async function generateRegistrationLink(opts: {
  db: Db;
  actor: Actor;
  publicUrl: string;
  input: { email: string; clientType: ClientType; clientId?: string | null };
  ctx: AuditContext;
}): Promise<RegistrationLink> {
  const { db, actor, publicUrl, input, ctx } = opts;
  if (!registrationPolicy.can(actor.role, 'generateLink')) throw forbidden();
  return db.transaction(async (tx) => {
    const created = await createRegistrationLink({
      db: tx,
      publicUrl,
      email: input.email,
      clientType: input.clientType,
      clientId: input.clientId ?? null,
      createdBy: actor.id,
    });
    await audit(
      tx,
      ctx,
      'registration_link.created',
      { type: 'registration_link', id: created.id },
      {
        email: input.email,
        clientType: input.clientType,
        clientId: input.clientId ?? null,
      },
    );
    return created;
  });
}

/** `GET /auth/register/{token}`: what the registration page shows; 404/410 when unusable. */
export async function getRegistrationInfo({
  db,
  token,
}: {
  db: Db;
  token: string;
}): Promise<RegistrationInfo> {
  const [row] = await db
    .select({ link: registrationLinks, companyName: clients.companyName })
    .from(registrationLinks)
    .leftJoin(clients, eq(clients.id, registrationLinks.clientId))
    .where(eq(registrationLinks.tokenHash, sha256(token)))
    .limit(1);
  assertUsable(row?.link);
  const link = row!.link;
  return {
    email: link.email,
    clientType: link.clientType,
    companyName: row!.companyName ?? null,
    joinsExistingClient: link.clientId !== null,
    prefill: link.prefill,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/**
 * `POST /auth/register/{token}`: in one transaction locks the link, creates (or joins) the
 * client record and a `client` user, marks the link used and opens a session. Errors: 404
 * unknown link, 410 used/expired, 400 type mismatch, 409 email already registered.
 */
export async function register({
  db,
  jwtSecret,
  token,
  input,
  client,
}: {
  db: Db;
  jwtSecret: Uint8Array;
  token: string;
  input: z.output<typeof RegisterRequestSchema>;
  client: ClientInfo;
}): Promise<Written<{ session: Session; userId: string }>> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(registrationLinks)
      .where(eq(registrationLinks.tokenHash, sha256(token)))
      .for('update')
      .limit(1);
    assertUsable(link);
    if (input.clientType !== link.clientType)
      throw badRequest('El tipo de cliente no coincide con el link de registro', [
        { field: 'clientType', message: 'El tipo de cliente no coincide con el link de registro' },
      ]);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, link.email))
      .limit(1);
    if (taken) throw conflict('Ya existe una cuenta con este email');
    const taxId = input.clientType === 'company' ? input.rnc : input.cedula;
    await assertNotAgencyTaxId({ db: tx, taxId, field: input.clientType === 'company' ? 'rnc' : 'cedula' });
    let clientId = link.clientId;
    if (clientId) {
      const [existing] = await tx.select().from(clients).where(eq(clients.id, clientId)).limit(1);
      if (!existing) throw notFound('El link de registro no es válido');
      await tx
        .update(clients)
        .set({
          companyRnc: existing.companyRnc ?? taxId,
          phone: existing.phone ?? input.phone,
          lastContact: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(clients.id, clientId));
    } else {
      const [created] = await tx
        .insert(clients)
        .values({
          clientType: input.clientType,
          firstName: input.firstName,
          lastName: input.lastName,
          email: link.email,
          phone: input.phone,
          companyName: input.clientType === 'company' ? input.companyName : null,
          companyRnc: taxId,
          status: 'active',
        })
        .returning({ id: clients.id });
      clientId = created!.id;
    }
    const [user] = await tx
      .insert(users)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: link.email,
        passwordHash,
        role: 'client',
        phone: input.phone,
        clientId,
        lastLogin: new Date(),
      })
      .returning();
    await tx
      .update(registrationLinks)
      .set({ usedAt: new Date(), usedBy: user!.id })
      .where(eq(registrationLinks.id, link.id));
    await audit(
      tx,
      { ...client, actorId: user!.id },
      'client.registered',
      { type: 'client', id: clientId },
      {
        linkId: link.id,
        joined: link.clientId !== null,
      },
    );
    await recordActivity(tx, {
      actorId: user!.id,
      type: 'client.registered',
      entityType: 'client',
      entityId: clientId,
      clientId,
      title: `${input.firstName} ${input.lastName} completó su registro en el portal`,
    });
    const notifications = await createNotifications(tx, {
      roles: ['admin'],
      topic: 'system',
      title: 'Nuevo cliente registrado',
      message: `${input.firstName} ${input.lastName} (${link.email}) completó su registro.`,
      link: `/clients/${clientId}`,
      email: false,
    });
    const session = await openSession({ db: tx, jwtSecret, user: user!, client });
    return { value: { session, userId: user!.id }, effects: effects({ notifications }) };
  });
}
