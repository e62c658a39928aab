import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { type UploadAction, uploadPolicy } from './uploads.policy.js';

/** The upload rules written out (decision 121): `yes` or `no` per role. */
const EXPECTED: Record<UploadAction, { admin: string; employee: string; client: string }> = {
  uploadAvatar: { admin: 'yes', employee: 'yes', client: 'yes' },
  uploadLogo: { admin: 'yes', employee: 'no', client: 'no' },
};

const cases = policyCases(uploadPolicy.table).map((c) => {
  const cell = EXPECTED[c.action][c.role];
  return { ...c, expected: cell === 'own' ? c.owns : cell === 'yes' };
});

describe('upload policy table', () => {
  it('has exactly the actions of the written-out table', () => {
    expect(Object.keys(uploadPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(cases).toHaveLength(Object.keys(EXPECTED).length * 3 * 2);
  });

  it.each(cases)('$role $action (owns: $owns) → $expected', ({ role, action, owns, allowed, expected }) => {
    expect(uploadPolicy.can(role, action, owns)).toBe(expected);
    expect(allowed).toBe(expected);
  });
});
