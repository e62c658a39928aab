import type { DashboardTicket, DashboardTicketStats, TicketResolution } from '@agencia/shared';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../plugins/auth.js';

/**
 * Ticket figures for the dashboard, supplied by the tickets module (decision record 034).
 * Every function counts only what `actor` may see. Until the tickets module sets them the
 * dashboard answers zeros and empty lists. The tickets module plugs in with, e.g.:
 *
 *   app.dashboardTickets.stats = (db, actor) => ticketDashboardStats(db, actor);
 *   app.dashboardTickets.recent = (db, actor, limit) => recentTicketsForDashboard(db, actor, limit);
 *   app.dashboardTickets.resolution = (db, actor, days) => ticketResolution(db, actor, days);
 */
export interface DashboardTicketProviders {
  stats?: (db: Db, actor: Actor) => Promise<DashboardTicketStats>;
  recent?: (db: Db, actor: Actor, limit: number) => Promise<DashboardTicket[]>;
  resolution?: (db: Db, actor: Actor, days: number) => Promise<TicketResolution>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Ticket blocks of the dashboard; set by the tickets module (see {@link DashboardTicketProviders}). */
    dashboardTickets: DashboardTicketProviders;
  }
}

/** Decorates the app with the (empty) ticket provider slots; registered before the feature modules. */
export const dashboardRegistry = fp(
  async (app) => {
    app.decorate('dashboardTickets', {} as DashboardTicketProviders);
  },
  { name: 'dashboard-registry' },
);
