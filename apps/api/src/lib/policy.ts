import { ROLES, type Role } from '@agencia/shared';

/**
 * One cell of a policy table: `true` the role may, `false` it may not, `'own'` only on
 * resources it owns (its own client record, its own note, a project on its team — each policy
 * says what "own" means for its module).
 */
export type Rule = boolean | 'own';

/** A module's policy table: action × role → rule (decision 121). */
export type PolicyTable<Action extends string> = Readonly<Record<Action, Readonly<Record<Role, Rule>>>>;

/** The checks built from a policy table; services call these instead of comparing roles inline. */
export interface Policy<Action extends string> {
  readonly table: PolicyTable<Action>;
  /**
   * True when `role` may perform `action`; `owns` says whether the resource is the actor's
   * own and only matters for `'own'` cells (omitted: not owned).
   */
  can(role: Role, action: Action, owns?: boolean): boolean;
  /** The roles whose cell for `action` is `true` or `'own'` (for route guards and docs). */
  roles(action: Action): Role[];
}

/**
 * Builds a module's policy from its table (decision 121). Every module that checks access
 * has a `*.policy.ts` exporting one of these plus its row scopes (SQL), and a table-driven
 * test (role × action × ownership).
 */
export function definePolicy<Action extends string>(table: PolicyTable<Action>): Policy<Action> {
  return {
    table,
    can(role, action, owns = false) {
      const rule = table[action][role];
      return rule === 'own' ? owns : rule;
    },
    roles(action) {
      return ROLES.filter((role) => table[action][role] !== false);
    },
  };
}

/** Every (role, action, owns) triple of a table with its expected answer: the rows of a policy test. */
export function policyCases<Action extends string>(
  table: PolicyTable<Action>,
): Array<{ role: Role; action: Action; owns: boolean; allowed: boolean }> {
  const out: Array<{ role: Role; action: Action; owns: boolean; allowed: boolean }> = [];
  for (const action of Object.keys(table) as Action[]) {
    for (const role of ROLES) {
      for (const owns of [false, true]) {
        const rule = table[action][role];
        out.push({ role, action, owns, allowed: rule === 'own' ? owns : rule });
      }
    }
  }
  return out;
}
