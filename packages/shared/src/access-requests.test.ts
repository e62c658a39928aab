import { describe, expect, it } from 'vitest';
import {
  ACCESS_MESSAGES,
  ACCESS_REQUEST_STEP_GATES,
  accessRequestStepErrors,
  accessRequestStepOf,
  CreateAccessRequestSchema,
  DR_PROVINCES,
} from './access-requests.js';
import { HONEYPOT_FIELD } from './quote-requests.js';

const empty = {
  clientType: 'individual',
  primaryEmail: '',
  primaryPhone: '',
  firstName: '',
  lastName: '',
  cedula: '',
  companyName: '',
  rnc: '',
  legalRepresentativeName: '',
  legalRepresentativeCedula: '',
  projectDescription: '',
  estimatedBudget: '',
  preferredContact: 'email',
  address: '',
  city: '',
  province: '',
  country: 'República Dominicana',
  acceptTerms: false,
};

describe('access request step gating (spec doc 1 §4, decision 021)', () => {
  it('step 1 for an individual needs email, phone, names and a cédula with a valid check digit', () => {
    expect(Object.keys(accessRequestStepErrors(empty, 1)).sort()).toEqual(
      ['cedula', 'firstName', 'lastName', 'primaryEmail', 'primaryPhone'].sort(),
    );
    const filled = {
      ...empty,
      primaryEmail: 'a@b.do',
      primaryPhone: '809-555-1234',
      firstName: 'Ana',
      lastName: 'Pérez',
      cedula: '00112345674',
    };
    expect(accessRequestStepErrors(filled, 1)).toEqual({ cedula: ACCESS_MESSAGES.cedulaCheckDigit });
    expect(accessRequestStepErrors({ ...filled, cedula: '001-1234567-3' }, 1)).toEqual({});
  });

  it('step 1 for a company needs firstName, companyName, RNC and the legal representative', () => {
    const errors = accessRequestStepErrors(
      { ...empty, clientType: 'company', primaryEmail: 'a@b.do', primaryPhone: '1' },
      1,
    );
    expect(errors).toEqual({
      firstName: ACCESS_MESSAGES.firstNameRequired,
      companyName: ACCESS_MESSAGES.companyNameRequired,
      rnc: ACCESS_MESSAGES.rncRequired,
      legalRepresentativeName: ACCESS_MESSAGES.legalRepNameRequired,
      legalRepresentativeCedula: ACCESS_MESSAGES.legalRepCedulaRequired,
    });
  });

  it('step 2 gates description (30+) and budget; step 3 the address; steps 4-5 nothing; step 6 the terms', () => {
    expect(accessRequestStepErrors({ ...empty, projectDescription: 'corto' }, 2)).toEqual({
      projectDescription: ACCESS_MESSAGES.projectDescriptionShort,
      estimatedBudget: ACCESS_MESSAGES.estimatedBudgetRequired,
    });
    expect(Object.keys(accessRequestStepErrors(empty, 3)).sort()).toEqual(['address', 'city', 'province']);
    expect(accessRequestStepErrors({ ...empty, country: '' }, 3).country).toBe(
      ACCESS_MESSAGES.countryRequired,
    );
    expect(accessRequestStepErrors(empty, 4)).toEqual({});
    expect(accessRequestStepErrors(empty, 5)).toEqual({});
    expect(accessRequestStepErrors(empty, 6)).toEqual({ acceptTerms: ACCESS_MESSAGES.acceptTerms });
  });

  it('puts every field of the schema on exactly one step, so no hidden field can block a step', () => {
    const fields = Object.keys(CreateAccessRequestSchema.shape).filter((f) => f !== HONEYPOT_FIELD);
    const placed = Object.values(ACCESS_REQUEST_STEP_GATES).flat();
    expect([...placed].sort()).toEqual([...fields].sort());
    expect(new Set(placed).size).toBe(placed.length);
    expect(accessRequestStepOf('emergencyContactPhone')).toBe(4);
    expect(accessRequestStepOf(HONEYPOT_FIELD)).toBeUndefined();
  });

  it('a bad emergency phone blocks step 4 (where it is shown), not step 3', () => {
    const values = { ...empty, emergencyContactPhone: 'abc' };
    expect(accessRequestStepErrors(values, 3).emergencyContactPhone).toBeUndefined();
    expect(accessRequestStepErrors(values, 4)).toEqual({
      emergencyContactPhone: ACCESS_MESSAGES.phoneInvalid,
    });
  });

  it('too-long cédulas and RNCs get the §5 format message; an RNC may not end in a dash', () => {
    expect(accessRequestStepErrors({ ...empty, cedula: '001-1234567-33' }, 1).cedula).toBe(
      ACCESS_MESSAGES.cedulaFormat,
    );
    const company = {
      ...empty,
      clientType: 'company',
      primaryEmail: 'a@b.do',
      primaryPhone: '809-555-1234',
      firstName: 'Ana',
      companyName: 'X SRL',
      legalRepresentativeName: 'Ana',
      legalRepresentativeCedula: '00112345673',
    };
    for (const rnc of ['1-30-12345-4-5-6-7-8-9', '131000002-', '-131000002', '1--31000002'])
      expect(accessRequestStepErrors({ ...company, rnc }, 1).rnc).toBe(ACCESS_MESSAGES.rncFormat);
    expect(accessRequestStepErrors({ ...company, rnc: '1-30-12345-4' }, 1)).toEqual({});
  });

  it('lists the 32 provinces and accepts RNC with dashes', () => {
    expect(DR_PROVINCES).toHaveLength(32);
    const ok = CreateAccessRequestSchema.safeParse({
      ...empty,
      clientType: 'company',
      primaryEmail: 'A@B.do',
      primaryPhone: '(809) 555-1234',
      firstName: 'Ana',
      companyName: 'X SRL',
      rnc: '1-30-12345-4',
      legalRepresentativeName: 'Ana',
      legalRepresentativeCedula: '00112345673',
      projectDescription: 'Un proyecto con una descripción suficientemente larga.',
      estimatedBudget: 'flexible',
      address: 'C/ 1',
      city: 'Santiago',
      province: 'Santiago',
      acceptTerms: true,
    });
    expect(ok.success).toBe(true);
    expect(ok.data?.primaryEmail).toBe('a@b.do');
  });
});
