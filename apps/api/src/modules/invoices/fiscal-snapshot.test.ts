import type { FiscalSnapshot, Invoice } from '@agencia/shared';
import { describe, expect, it } from 'vitest';
import type { CompanySettingsRow } from '../settings/settings.service.js';
import { buildFiscalSnapshot, type SnapshotClient, settingsAsIssued } from './fiscal-snapshot.js';
import { invoiceQr } from './invoices.pdf.js';

const company: SnapshotClient = {
  companyName: 'Café Cibao SRL',
  firstName: 'María',
  lastName: 'Fernández',
  companyRnc: '130458715',
  street: ' Calle del Sol 12 ',
  city: 'Santiago',
  state: '',
  country: 'República Dominicana',
  taxpayerType: 'contribuyente',
  email: 'cliente@demo.do',
};
const settings = {
  name: 'Agencia Digital RD',
  taxId: '131855423',
  address: 'Av. Winston Churchill 1099',
  city: 'Santo Domingo',
  state: 'Distrito Nacional',
  country: 'República Dominicana',
  logo: 'data:image/png;base64,AAAA',
  phone: '809-555-0142',
} as unknown as CompanySettingsRow;

describe('buildFiscalSnapshot (decision 132)', () => {
  it('freezes a company buyer with its contact person, RNC (type 1) and one-line address, and the agency', () => {
    expect(buildFiscalSnapshot(company, settings)).toEqual({
      buyer: {
        name: 'Café Cibao SRL',
        person: 'María Fernández',
        taxId: '130458715',
        taxIdType: 1,
        address: 'Calle del Sol 12, Santiago, República Dominicana',
        taxpayerType: 'contribuyente',
        email: 'cliente@demo.do',
      },
      issuer: {
        name: 'Agencia Digital RD',
        taxId: '131855423',
        address: 'Av. Winston Churchill 1099, Santo Domingo, Distrito Nacional, República Dominicana',
      },
    });
  });

  it('names a person by their full name (cédula, type 2), and leaves out what the records lack', () => {
    const person = buildFiscalSnapshot(
      {
        ...company,
        companyName: '',
        lastName: '',
        companyRnc: '00114272360',
        street: null,
        city: null,
        state: null,
        country: ' ',
        taxpayerType: 'consumidor_final',
      },
      { ...settings, taxId: '', address: null, city: null, state: null, country: '' },
    );
    expect(person.buyer).toMatchObject({
      name: 'María',
      person: null,
      taxId: '00114272360',
      taxIdType: 2,
      address: null,
    });
    expect(person.issuer).toEqual({ name: 'Agencia Digital RD', taxId: null, address: null });
    const noId = buildFiscalSnapshot({ ...company, companyRnc: null }, settings);
    expect(noId.buyer).toMatchObject({ taxId: null, taxIdType: null });
  });
});

const frozen: FiscalSnapshot = {
  buyer: {
    name: 'Café Cibao SRL',
    person: 'María Fernández',
    taxId: '130458715',
    taxIdType: 1,
    address: null,
    taxpayerType: 'contribuyente',
    email: 'cliente@demo.do',
  },
  issuer: { name: 'Agencia Digital RD', taxId: '131855423', address: 'Av. Winston Churchill 1099' },
};
const today = { ...settings, name: 'Otra Agencia SA', taxId: '101010101' } as CompanySettingsRow;

describe('settingsAsIssued', () => {
  it("prints the snapshot's issuer over today's settings, keeping the logo and contact lines", () => {
    expect(settingsAsIssued(today, null)).toBe(today);
    expect(settingsAsIssued(today, frozen)).toMatchObject({
      name: 'Agencia Digital RD',
      taxId: '131855423',
      address: 'Av. Winston Churchill 1099',
      city: null,
      state: null,
      country: '',
      logo: settings.logo,
      phone: settings.phone,
    });
  });
});

describe('invoiceQr', () => {
  const ecf = {
    documentType: 'E31',
    ncf: 'E310000000051',
    issueDate: '2026-11-10',
    total: 4086,
    securityCode: 'A1B2C3',
    signedAt: '2026-11-10T14:15:30.000Z',
    client: {
      firstName: 'Pedro',
      lastName: 'Gómez',
      email: 'otro@demo.do',
      company: 'Renombrada SA',
      companyRUC: '101823741',
    },
  } as unknown as Invoice;

  it('carries the RNCs the e-CF was issued with, not those of today', () => {
    const url = invoiceQr({ ...ecf, fiscalSnapshot: frozen }, today)!.url;
    expect(url).toContain('RncEmisor=131855423&RncComprador=130458715&ENCF=E310000000051&');
    const withoutBuyerId = invoiceQr(
      { ...ecf, fiscalSnapshot: { ...frozen, buyer: { ...frozen.buyer, taxId: null, taxIdType: null } } },
      today,
    )!.url;
    expect(withoutBuyerId).not.toContain('RncComprador');
    // A document without a snapshot (none left after migration 0013) reads today's records.
    expect(invoiceQr({ ...ecf, fiscalSnapshot: null }, today)!.url).toContain(
      'RncEmisor=101010101&RncComprador=101823741&',
    );
  });
});
