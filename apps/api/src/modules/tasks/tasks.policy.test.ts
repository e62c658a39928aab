import { ROLES } from '@agencia/shared';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { policyCases, type Rule } from '../../lib/policy.js';
import { staffTaskScope, type TaskAction, taskPolicy } from './tasks.policy.js';

/**
 * The tasks table as it should read (issue 45, decision 164), written out independently of
 * tasks.policy.ts: a changed cell there fails the case below that names it.
 */
const EXPECTED: Record<TaskAction, { admin: Rule; employee: Rule; client: Rule }> = {
  create: { admin: true, employee: true, client: false },
  request: { admin: false, employee: false, client: true },
  update: { admin: true, employee: true, client: false },
  delete: { admin: true, employee: true, client: false },
  comment: { admin: true, employee: true, client: true },
  commentInternal: { admin: true, employee: true, client: false },
  uploadFile: { admin: true, employee: true, client: true },
  deleteFile: { admin: true, employee: 'own', client: 'own' },
  readInternal: { admin: true, employee: true, client: false },
  timer: { admin: true, employee: true, client: false },
  manageSettings: { admin: true, employee: false, client: false },
  myTasks: { admin: true, employee: true, client: false },
  commentNotifiesAssignees: { admin: false, employee: false, client: true },
};

const expectedAnswer = (rule: Rule, owns: boolean) => (rule === 'own' ? owns : rule);

describe('taskPolicy (decision 164)', () => {
  it('has exactly the actions of the expected table', () => {
    expect(Object.keys(taskPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(taskPolicy.table))('$role may $action (owns: $owns)', ({ role, action, owns }) => {
    expect(taskPolicy.can(role, action, owns)).toBe(expectedAnswer(EXPECTED[action][role], owns));
  });

  it('roles() lists the roles with any allowed cell (route guards, docs)', () => {
    for (const action of Object.keys(EXPECTED) as TaskAction[]) {
      expect(taskPolicy.roles(action)).toEqual(ROLES.filter((r) => EXPECTED[action][r] !== false));
    }
  });
});

describe('staffTaskScope (decision 178)', () => {
  const dialect = new PgDialect();
  const text = (scope: SQL | null) => (scope ? dialect.sqlToQuery(scope).sql : null);
  const column = sql`"queue"."project_id"`;

  it('admins see tasks of live projects, employees of live projects they are on the team of', () => {
    const admin = text(staffTaskScope({ id: 'a', role: 'admin' }, column));
    expect(admin).toContain('"queue"."project_id"');
    expect(admin).toContain('deleted_at is null');
    expect(admin).not.toContain('project_members');
    const employee = text(staffTaskScope({ id: 'e', role: 'employee' }, column));
    expect(employee).toContain('deleted_at is null');
    expect(employee).toContain('project_members');
    expect(employee).not.toContain('"tasks"."project_id"');
  });

  it('has no queue scope for a client (its scope needs the task row)', () => {
    expect(staffTaskScope({ id: 'c', role: 'client' }, column)).toBeNull();
  });
});
