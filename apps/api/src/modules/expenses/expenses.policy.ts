import type { Role } from '@agencia/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { expenses, projectMembers, projects } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what on suppliers and purchases (decision 140), one table:
 *
 * | action                      | admin | employee                         | client |
 * |-----------------------------|-------|----------------------------------|--------|
 * | manage suppliers            | yes   | no                               | no     |
 * | pick a supplier (options)   | yes   | yes                              | no     |
 * | list / read purchases       | all   | own: of a project on their team  | no     |
 * | record / edit / delete      | all   | own: of a project on their team  | no     |
 * | purchases without a project | yes   | no                               | no     |
 * | issue B11/B13/B17 (agency)  | yes   | no                               | no     |
 * | per-user cost rate          | yes   | no                               | no     |
 *
 * "Own" is the project-membership rule of the projects policy (`project_members`, the team a
 * project's employee sees). Clients never see purchases, costs or margins: every route answers
 * them 403; a purchase an employee may not see answers 404 (existence does not leak).
 */
export const expensePolicy = definePolicy({
  manageSuppliers: { admin: true, employee: false, client: false },
  pickSupplier: { admin: true, employee: true, client: false },
  /** See a purchase; own = it belongs to a project on the actor's team. */
  read: { admin: true, employee: 'own', client: false },
  /** Record, edit or delete a purchase; own = of a project on the actor's team. */
  write: { admin: true, employee: 'own', client: false },
  /** Number a B11/B13/B17 (E41/E43/E47) from the agency's ranges, or record one. */
  issueAgencyDocument: { admin: true, employee: false, client: false },
  manageCostRates: { admin: true, employee: false, client: false },
});

/** The actions of {@link expensePolicy}. */
export type ExpenseAction = keyof typeof expensePolicy.table;

/** SQL: `expenses.project_id` is a project `actorId` is a member of. */
export function onExpenseTeam(actorId: string): SQL {
  return sql`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${expenses.projectId} and ${projectMembers.userId} = ${actorId})`;
}

/**
 * SQL condition selecting the purchases `actor` may see: admins all, employees those of projects
 * on their team (not deleted), clients none.
 */
export function visibleExpenses(actor: Pick<Actor, 'id' | 'role'>): SQL | undefined {
  const scopes: Record<Role, () => SQL | undefined> = {
    admin: () => undefined,
    employee: () =>
      and(
        onExpenseTeam(actor.id),
        sql`exists (select 1 from ${projects} where ${projects.id} = ${expenses.projectId} and ${projects.deletedAt} is null)`,
      ),
    client: () => sql`false`,
  };
  return scopes[actor.role]();
}
