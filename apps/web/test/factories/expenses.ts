import type { Expense, Supplier } from '@agencia/shared';

// Test data builders: suppliers and purchases (Gastos, decision 140).

/** A company supplier with a valid RNC (101637587), active, in DO, with overrides. */
export function buildSupplier(overrides: Partial<Supplier> = {}): Supplier {
  return {
    _id: '22222222-2222-4222-8222-222222222222',
    name: 'Imprenta Santo Domingo SRL',
    taxId: '101637587',
    taxIdType: 'rnc',
    taxpayerType: 'persona_juridica',
    email: null,
    phone: null,
    contactName: null,
    country: 'DO',
    active: true,
    createdAt: '2026-11-01T14:00:00.000Z',
    updatedAt: '2026-11-01T14:00:00.000Z',
    ...overrides,
  };
}

/** A recorded B01 purchase of RD$10,000 in services + RD$1,800 ITBIS, no project, with overrides. */
export function buildExpense(overrides: Partial<Expense> = {}): Expense {
  return {
    _id: '33333333-3333-4333-8333-333333333333',
    status: 'recorded',
    supplier: {
      _id: '22222222-2222-4222-8222-222222222222',
      name: 'Imprenta Santo Domingo SRL',
      taxId: '101637587',
    },
    documentType: 'B01',
    ncf: 'B0100000123',
    issuedByAgency: false,
    issueDate: '2026-11-20',
    paymentDate: null,
    expenseType: '02',
    currency: 'DOP',
    exchangeRate: null,
    goodsAmount: 0,
    servicesAmount: 10_000,
    itbis: 1_800,
    itbisToCost: 0,
    itbisWithheld: 0,
    isrWithholdingType: null,
    isrWithheld: 0,
    paymentMethod: '02',
    projectId: null,
    project: null,
    billable: false,
    invoiceId: null,
    description: 'Impresión de brochures',
    receipt: null,
    ecfReceivedId: null,
    ecfStatus: null,
    createdBy: { _id: '44444444-4444-4444-8444-444444444444', name: 'Admin Demo' },
    createdAt: '2026-11-20T14:00:00.000Z',
    updatedAt: '2026-11-20T14:00:00.000Z',
    total: 11_800,
    dop: {
      goodsAmount: 0,
      servicesAmount: 10_000,
      itbis: 1_800,
      itbisToCost: 0,
      itbisWithheld: 0,
      isrWithheld: 0,
      total: 11_800,
    },
    ...overrides,
  };
}
