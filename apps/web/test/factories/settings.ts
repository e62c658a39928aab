import type { CompanySettings, FiscalSequence } from '@agencia/shared';

// Test data builders: company settings and NCF ranges (Configuración).

/** The demo agency's settings (persona jurídica, paper NCF, DOP, ITBIS 18 %) as `GET /settings` answers them, with overrides. */
export function buildCompanySettings(overrides: Partial<CompanySettings> = {}): CompanySettings {
  return {
    name: 'Agencia Digital RD',
    address: null,
    city: 'Santo Domingo',
    state: null,
    zipCode: null,
    country: 'República Dominicana',
    phone: null,
    email: null,
    website: null,
    whatsappNumber: null,
    taxId: '131855423',
    currency: 'DOP',
    timezone: 'America/Santo_Domingo',
    dateFormat: 'DD/MM/YYYY',
    timeFormat: '12h',
    defaultProjectHourlyRate: 1500,
    taxRate: 18,
    emailSignature: null,
    primaryColor: '#1e3a8a',
    secondaryColor: '#f59e0b',
    logo: null,
    fiscalMode: 'paper',
    taxpayerKind: 'persona_juridica',
    updatedAt: '2026-01-10T14:00:00.000Z',
    ...overrides,
  };
}

/** An active B01 range 1–500 with 53 used (next B0100000054), expiring 2027-12-31, with overrides. */
export function buildFiscalSequence(overrides: Partial<FiscalSequence> = {}): FiscalSequence {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    documentType: 'B01',
    rangeFrom: 1,
    rangeTo: 500,
    nextNumber: 54,
    nextNcf: 'B0100000054',
    used: 53,
    remaining: 447,
    remainingPercent: 89.4,
    expiresOn: '2027-12-31',
    alertThreshold: 35,
    active: true,
    isExpired: false,
    isExhausted: false,
    isLow: false,
    expiresSoon: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
