import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { certificationWizardPolicy } from './certification-wizard.policy.js';

/** The expected table, cell by cell: [not own, own] per role. Nothing is "own" here. */
const EXPECTED = {
  read: { admin: [true, true], employee: [false, false], client: [false, false] },
  manage: { admin: [true, true], employee: [false, false], client: [false, false] },
  sign: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('certificationWizardPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(certificationWizardPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(certificationWizardPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(certificationWizardPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );
});
