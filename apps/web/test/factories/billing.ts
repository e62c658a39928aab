import {
  businessToday,
  type CreditNote,
  type DebitNote,
  type FiscalSnapshot,
  type Invoice,
  type InvoiceStats,
  type InvoiceSummary,
  type RecurringInvoice,
} from '@agencia/shared';

// Test data builders: invoices, credit notes, invoice stats and retainers (igualas).

/** The buyer (Café Cibao SRL, the factory invoice's client) and the agency as an invoice was issued to them. */
export const FISCAL_SNAPSHOT: FiscalSnapshot = {
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
    address: 'Av. Winston Churchill 1099, Santo Domingo, República Dominicana',
  },
};

/** An issued B01 invoice of 3,666.66 + ITBIS 660.00 as `GET /invoices/{id}` answers it, with overrides. */
export function buildInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01',
    invoiceNumber: 'FAC-2026-0042',
    series: 'FAC',
    // The agency's business day, as the API dates an issued invoice (decision 132).
    issueDate: businessToday(),
    dueDate: '2099-12-31',
    paidDate: null,
    status: 'sent',
    isOverdue: false,
    daysOverdue: 0,
    client: {
      _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e02',
      firstName: 'María',
      lastName: 'Fernández',
      email: 'cliente@demo.do',
      company: 'Café Cibao SRL',
      avatar: null,
      companyRUC: '130458715',
    },
    project: null,
    documentType: 'B01',
    ncf: 'B0100000051',
    ncfExpiresOn: '2027-12-31',
    securityCode: null,
    ecfStatus: null,
    signedAt: null,
    issuedAt: '2026-11-20T14:00:00.000Z',
    subtotal: 3666.66,
    exemptSubtotal: 0,
    taxableBase: 3666.66,
    taxRate: 18,
    taxAmount: 660,
    discountAmount: 0,
    total: 4326.66,
    totalAmount: 4326.66,
    amountPaid: 0,
    amountWithheld: 0,
    amountCredited: 0,
    amountDebited: 0,
    balance: 4326.66,
    currency: 'DOP',
    paymentMethod: 'bank_transfer',
    paymentTerms: 30,
    createdAt: '2026-11-20T14:00:00.000Z',
    updatedAt: '2026-11-20T14:00:00.000Z',
    items: [
      {
        _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e03',
        description: 'Diseño web',
        details: null,
        quantity: 1,
        unitPrice: 3666.66,
        total: 3666.66,
        taxExempt: false,
      },
    ],
    notes: null,
    sentAt: null,
    // Issued: the buyer and the agency as they were then (decision 132); null on a draft.
    fiscalSnapshot: overrides.status === 'draft' ? null : FISCAL_SNAPSHOT,
    exchangeRate: null,
    exchangeRateDate: null,
    trackId: null,
    dgiiMessages: [],
    payments: [],
    creditNotes: [],
    debitNotes: [],
    history: [],
    ...overrides,
  };
}

/** A B04 credit note of RD$1,180.00 (code 3, no lines, nothing refunded) on {@link buildInvoice}'s invoice, with overrides. */
export function buildCreditNote(overrides: Partial<CreditNote> = {}): CreditNote {
  return {
    _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e09',
    invoiceId: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01',
    documentType: 'B04',
    ncf: 'B0400000007',
    ncfExpiresOn: '2027-12-31',
    modifiedNcf: 'B0100000051',
    modifiedIssueDate: '2026-11-20',
    modificationCode: 3,
    reason: 'Ajuste',
    issueDate: '2026-11-21',
    lines: [],
    subtotal: 1000,
    exemptAmount: 0,
    taxAmount: 180,
    total: 1180,
    refundAmount: 0,
    fiscalSnapshot: FISCAL_SNAPSHOT,
    securityCode: null,
    signedAt: null,
    ecfStatus: null,
    createdAt: '2026-11-21T14:00:00.000Z',
    ...overrides,
  };
}

/** A B03 debit note of RD$590.00 (interest, no lines) on {@link buildInvoice}'s invoice, with overrides. */
export function buildDebitNote(overrides: Partial<DebitNote> = {}): DebitNote {
  return {
    _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e0d',
    invoiceId: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01',
    documentType: 'B03',
    ncf: 'B0300000003',
    ncfExpiresOn: '2027-12-31',
    modifiedNcf: 'B0100000051',
    modifiedIssueDate: '2026-11-20',
    reason: 'Intereses por mora',
    issueDate: '2026-12-22',
    lines: [],
    subtotal: 500,
    exemptAmount: 0,
    taxAmount: 90,
    total: 590,
    fiscalSnapshot: FISCAL_SNAPSHOT,
    securityCode: null,
    signedAt: null,
    ecfStatus: null,
    createdAt: '2026-12-22T14:00:00.000Z',
    ...overrides,
  };
}

/** {@link buildInvoice}'s invoice as `GET /invoices` lists it (no items, payments or history), with overrides. */
export function buildInvoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  const {
    items,
    notes,
    sentAt,
    fiscalSnapshot,
    exchangeRate,
    exchangeRateDate,
    trackId,
    dgiiMessages,
    payments,
    creditNotes,
    debitNotes,
    history,
    ...summary
  } = buildInvoice();
  return { ...summary, ...overrides };
}

/** `GET /invoices/stats` with nothing invoiced yet (DOP), with overrides. */
export function buildInvoiceStats(overrides: Partial<InvoiceStats> = {}): InvoiceStats {
  return {
    totalRevenue: 0,
    pendingRevenue: 0,
    paidInvoices: 0,
    unpaidInvoices: 0,
    totalInvoices: 0,
    overdueInvoices: 0,
    partiallyPaidInvoices: 0,
    averageInvoiceValue: 0,
    currency: 'DOP',
    ...overrides,
  };
}

/** An active monthly retainer (iguala) of RD$10,000 + ITBIS on day 1, nothing generated yet, with overrides. */
export function buildRecurringInvoice(overrides: Partial<RecurringInvoice> = {}): RecurringInvoice {
  return {
    _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c01',
    client: { _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e02', name: 'Café Cibao SRL' },
    project: null,
    frequency: 'monthly',
    dayOfMonth: 1,
    startDate: '2026-01-01',
    endDate: null,
    count: null,
    autoSend: false,
    status: 'active',
    finished: false,
    items: [
      { description: 'Mantenimiento web', details: null, quantity: 1, unitPrice: 10000, taxExempt: false },
    ],
    taxRate: 18,
    currency: 'DOP',
    paymentTerms: 15,
    hoursIncluded: null,
    overageRate: null,
    hoursUsed: null,
    notes: null,
    subtotal: 10000,
    taxAmount: 1800,
    total: 11800,
    nextInvoiceDate: '2026-12-01',
    generatedCount: 0,
    lastInvoice: null,
    createdAt: '2026-01-01T14:00:00.000Z',
    updatedAt: '2026-01-01T14:00:00.000Z',
    ...overrides,
  };
}
