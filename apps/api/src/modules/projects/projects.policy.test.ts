import { EMPLOYEE_EDITABLE_PROJECT_FIELDS, ROLES } from '@agencia/shared';
import { describe, expect, it } from 'vitest';
import { policyCases, type Rule } from '../../lib/policy.js';
import {
  editableFields,
  ownsFile,
  ownsNote,
  ownsTimeEntry,
  PROJECT_COUNT_SCOPE,
  type ProjectAction,
  projectPolicy,
} from './projects.policy.js';

/**
 * The projects table as it should read (decision 121), written out independently of
 * projects.policy.ts: a changed cell there fails the case below that names it.
 */
const EXPECTED: Record<ProjectAction, { admin: Rule; employee: Rule; client: Rule }> = {
  create: { admin: true, employee: false, client: false },
  delete: { admin: true, employee: false, client: false },
  update: { admin: true, employee: true, client: false },
  updateAnyField: { admin: true, employee: false, client: false },
  changeClosed: { admin: true, employee: false, client: false },
  manageMilestones: { admin: true, employee: true, client: false },
  manageMeetings: { admin: true, employee: true, client: false },
  logTime: { admin: true, employee: 'own', client: false },
  changeTimeEntry: { admin: true, employee: 'own', client: false },
  addNote: { admin: true, employee: true, client: true },
  addInternalNote: { admin: true, employee: true, client: false },
  editNote: { admin: 'own', employee: 'own', client: 'own' },
  deleteNote: { admin: true, employee: 'own', client: 'own' },
  commentNotifiesTeam: { admin: false, employee: false, client: true },
  uploadFile: { admin: true, employee: true, client: true },
  readHiddenBudget: { admin: true, employee: true, client: false },
  deleteFile: { admin: true, employee: 'own', client: 'own' },
  readInternal: { admin: true, employee: true, client: false },
  pickAnyOfClient: { admin: true, employee: true, client: false },
};

const expectedAnswer = (rule: Rule, owns: boolean) => (rule === 'own' ? owns : rule);

describe('projectPolicy (decision 121)', () => {
  it('has exactly the actions of the expected table', () => {
    expect(Object.keys(projectPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(projectPolicy.table))('$role may $action (owns: $owns)', ({ role, action, owns }) => {
    expect(projectPolicy.can(role, action, owns)).toBe(expectedAnswer(EXPECTED[action][role], owns));
  });

  it('roles() lists the roles with any allowed cell (route guards, docs)', () => {
    for (const action of Object.keys(EXPECTED) as ProjectAction[]) {
      expect(projectPolicy.roles(action)).toEqual(ROLES.filter((r) => EXPECTED[action][r] !== false));
    }
  });
});

describe('ownership and editable fields', () => {
  const me = { id: 'u1', role: 'employee' as const };

  it('a note is owned by its author; a note of a removed author by nobody', () => {
    expect(ownsNote(me, { authorId: 'u1' })).toBe(true);
    expect(ownsNote(me, { authorId: 'u2' })).toBe(false);
    expect(ownsNote(me, { authorId: null })).toBe(false);
    // Admins delete any note but edit only their own.
    expect(
      projectPolicy.can('admin', 'deleteNote', ownsNote({ id: 'a', role: 'admin' }, { authorId: null })),
    ).toBe(true);
    expect(
      projectPolicy.can('admin', 'editNote', ownsNote({ id: 'a', role: 'admin' }, { authorId: 'u1' })),
    ).toBe(false);
  });

  it('a time entry is owned by the member whose time it is; a file by its uploader', () => {
    expect(ownsTimeEntry(me, { userId: 'u1' })).toBe(true);
    expect(ownsTimeEntry(me, { userId: 'u2' })).toBe(false);
    expect(ownsFile(me, { uploadedBy: 'u1' })).toBe(true);
    expect(ownsFile(me, { uploadedBy: null })).toBe(false);
  });

  it('admins may send every field, employees status/progress/description, clients none', () => {
    expect(editableFields('admin')).toBeNull();
    expect(editableFields('employee')).toEqual(EMPLOYEE_EDITABLE_PROJECT_FIELDS);
    expect(editableFields('client')).toEqual([]);
  });

  it('admins count every client counter row, clients their own, employees never the counters (decision 122)', () => {
    expect(PROJECT_COUNT_SCOPE).toEqual({ admin: 'all', employee: 'team', client: 'ownClient' });
  });
});
