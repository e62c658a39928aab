import { createHash, randomBytes } from 'node:crypto';
import type { CalendarEvent } from '@agencia/shared';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarEvents, calendarFeedTokens, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { ActorCall, Audited } from '../../lib/service-args.js';
import { toEvents } from './calendar.mappers.js';
import { eventScope } from './calendar.policy.js';

/* The private iCalendar feed: one secret token per user (stored hashed) and its events. */

/** Visible events in [from, to) for the iCalendar feed. */
export async function eventsForFeed({
  db,
  actor,
  from,
  to,
}: {
  db: Db;
  actor: Actor;
  from: Date;
  to: Date;
}): Promise<CalendarEvent[]> {
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(and(eventScope(actor), lt(calendarEvents.startDate, to), gt(calendarEvents.endDate, from)))
    .orderBy(asc(calendarEvents.startDate))
    .limit(2000);
  return toEvents(db, actor, rows);
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Feed status of the caller (the URL itself is only shown when created). */
export async function feedStatus({ db, actor }: ActorCall) {
  const [row] = await db
    .select()
    .from(calendarFeedTokens)
    .where(eq(calendarFeedTokens.userId, actor.id))
    .limit(1);
  return { active: !!row, createdAt: row ? row.createdAt.toISOString() : null, url: null };
}

/**
 * Creates (or replaces, revoking the old one) the caller's feed token and writes the
 * `calendar.feed.created` audit entry; returns the new secret.
 */
export async function rotateFeedToken({
  db,
  actor,
  ctx,
}: Audited<ActorCall>): Promise<{ token: string; createdAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(calendarFeedTokens)
    .values({ userId: actor.id, tokenHash: hashToken(token) })
    .onConflictDoUpdate({
      target: calendarFeedTokens.userId,
      set: { tokenHash: hashToken(token), createdAt: new Date() },
    })
    .returning();
  await audit(db, ctx, 'calendar.feed.created');
  return { token, createdAt: row!.createdAt.toISOString() };
}

/** Revokes the caller's feed and writes the `calendar.feed.revoked` audit entry. */
export async function revokeFeedToken({ db, actor, ctx }: Audited<ActorCall>): Promise<void> {
  await db.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, actor.id));
  await audit(db, ctx, 'calendar.feed.revoked');
}

/** The active user behind a feed token, as an Actor, or null. */
export async function actorForFeedToken({ db, token }: { db: Db; token: string }): Promise<Actor | null> {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      clientId: users.clientId,
      permissions: users.permissions,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      mustChangePassword: users.mustChangePassword,
    })
    .from(calendarFeedTokens)
    .innerJoin(users, eq(users.id, calendarFeedTokens.userId))
    .where(eq(calendarFeedTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (row?.status !== 'active') return null;
  return {
    id: row.id,
    role: row.role,
    clientId: row.clientId,
    sessionId: 'calendar-feed',
    permissions: row.permissions,
    firstName: row.firstName,
    lastName: row.lastName,
    mustChangePassword: row.mustChangePassword,
  };
}
