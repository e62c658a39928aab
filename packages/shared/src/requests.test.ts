import { describe, expect, it } from 'vitest';
import {
  ACCESS_MESSAGES,
  accessRequestStepErrors,
  CreateAccessRequestSchema,
  DR_PROVINCES,
} from './requests.js';

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
