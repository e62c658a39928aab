import { describe, expect, it } from 'vitest';
import { addressLine, documentBuyer, type FiscalSnapshot } from './fiscal-snapshot.js';

const client = {
  firstName: 'Pedro',
  lastName: 'Gómez',
  email: 'pedro@nueva.do',
  company: 'Ferretería Nueva SA',
  companyRUC: null,
};
const snapshot: FiscalSnapshot = {
  buyer: {
    name: 'Ferretería Duarte SRL',
    person: 'Rosa Peña',
    taxId: '130770011',
    taxIdType: 1,
    address: null,
    taxpayerType: 'contribuyente',
    email: 'compras@duarte.do',
  },
  issuer: { name: 'Agencia Digital RD', taxId: '131855423', address: null },
};

describe('documentBuyer (decision 132)', () => {
  it('is the snapshot of an issued document, whatever the client is today', () => {
    expect(documentBuyer({ fiscalSnapshot: snapshot, client })).toEqual({
      name: 'Ferretería Duarte SRL',
      person: 'Rosa Peña',
      taxId: '130770011',
      email: 'compras@duarte.do',
    });
  });
  it('is the client as it is now without a snapshot (a draft): company with contact, else the person', () => {
    expect(documentBuyer({ fiscalSnapshot: null, client })).toEqual({
      name: 'Ferretería Nueva SA',
      person: 'Pedro Gómez',
      taxId: null,
      email: 'pedro@nueva.do',
    });
    expect(documentBuyer({ fiscalSnapshot: null, client: { ...client, company: null } })).toMatchObject({
      name: 'Pedro Gómez',
      person: null,
    });
  });
});

describe('addressLine', () => {
  it('joins the non-empty parts, trimmed, and is null when nothing is left', () => {
    expect(addressLine([' Calle 1 ', null, '', 'Santiago', undefined])).toBe('Calle 1, Santiago');
    expect(addressLine([null, ' ', ''])).toBeNull();
  });
});
