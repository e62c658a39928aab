import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/security.js';
import { seedBilling } from './billing.js';
import { seedCalendar } from './calendar.js';
import { DEMO_PASSWORD, seedFoundation } from './foundation.js';
import { seedLeads } from './leads.js';
import { seedProjects } from './projects.js';
import { seedProposals } from './proposals.js';
import { seedPurchases } from './purchases.js';
import { seedQuotes } from './quotes.js';
import { seedTasks } from './tasks.js';
import { seedTickets } from './tickets.js';

/**
 * Seeds the demo agency when the database has no users yet (first start). Runs in one
 * transaction: either the whole demo is there or none of it. Returns true when it seeded.
 * Feature modules add their seed step after `seedFoundation`, using its ids.
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const ids = await seedFoundation(tx, passwordHash);
    const projectIds = await seedProjects(tx, ids);
    await seedBilling(tx, ids);
    await seedPurchases(tx, ids, projectIds);
    await seedQuotes(tx, ids);
    await seedTickets(tx, ids);
    await seedCalendar(tx, ids);
    await seedTasks(tx, ids);
    await seedLeads(tx, ids);
    await seedProposals(tx, ids);
  });
  return true;
}
