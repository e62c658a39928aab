import { describe, expect, it } from 'vitest';
import { CreateExpenseRequestSchema } from './expenses.js';
import { AGENCY_PURCHASE_DOCUMENT_TYPES, INVOICE_DOCUMENT_TYPES } from './fiscal.js';
import {
  EXPENSE_TYPES,
  ISR_WITHHOLDING_TYPES,
  isSupplierNcfOfType,
  PURCHASE_PAYMENT_METHODS,
} from './purchase-codes.js';
import { defaultPurchaseWithholdings } from './purchase-withholdings.js';
import { CreateSupplierRequestSchema } from './suppliers.js';

describe('606 codes', () => {
  it('has expense types 01–11, ISR withholding types 01–08 and payment forms 01–07', () => {
    expect(EXPENSE_TYPES).toHaveLength(11);
    expect(ISR_WITHHOLDING_TYPES).toHaveLength(8);
    expect(PURCHASE_PAYMENT_METHODS).toEqual(['01', '02', '03', '04', '05', '06', '07']);
  });

  it('never offers a purchase document type on an invoice', () => {
    for (const t of AGENCY_PURCHASE_DOCUMENT_TYPES) expect(INVOICE_DOCUMENT_TYPES).not.toContain(t);
  });
});

describe('supplier NCF', () => {
  it('matches the type and the length of its family', () => {
    expect(isSupplierNcfOfType('B0100000001', 'B01')).toBe(true);
    expect(isSupplierNcfOfType('b01 0000 0001', 'B01')).toBe(true);
    expect(isSupplierNcfOfType('B0200000001', 'B01')).toBe(false);
    expect(isSupplierNcfOfType('E310000000001', 'E31')).toBe(true);
    expect(isSupplierNcfOfType('E3100000001', 'E31')).toBe(false);
  });
});

describe('defaultPurchaseWithholdings', () => {
  const base = { supplierTaxpayerType: 'informal', agencyKind: 'persona_juridica', goodsCents: 0 } as const;
  it('B11: 100 % of the ITBIS and 10 % ISR of the services', () => {
    expect(
      defaultPurchaseWithholdings({
        ...base,
        documentType: 'B11',
        servicesCents: 600_000,
        itbisCents: 108_000,
      }),
    ).toEqual({ itbisWithheldCents: 108_000, isrWithheldCents: 60_000, isrWithholdingType: '02' });
  });
  it('B17 and E47: 27 % ISR of the amount paid abroad', () => {
    for (const documentType of ['B17', 'E47'] as const)
      expect(
        defaultPurchaseWithholdings({
          ...base,
          supplierTaxpayerType: 'extranjero',
          documentType,
          servicesCents: 10_000,
          itbisCents: 0,
        }),
      ).toEqual({ itbisWithheldCents: 0, isrWithheldCents: 2_700, isrWithholdingType: '03' });
  });
  it('a persona física billing services to a company: 100 % ITBIS and 10 % ISR; nothing for a company or B13', () => {
    const pf = {
      ...base,
      supplierTaxpayerType: 'persona_fisica',
      servicesCents: 100_000,
      itbisCents: 18_000,
    } as const;
    expect(defaultPurchaseWithholdings({ ...pf, documentType: 'B01' })).toEqual({
      itbisWithheldCents: 18_000,
      isrWithheldCents: 10_000,
      isrWithholdingType: '02',
    });
    expect(
      defaultPurchaseWithholdings({ ...pf, agencyKind: 'persona_fisica', documentType: 'B01' })
        .isrWithheldCents,
    ).toBe(0);
    expect(
      defaultPurchaseWithholdings({ ...pf, supplierTaxpayerType: 'persona_juridica', documentType: 'B01' })
        .itbisWithheldCents,
    ).toBe(0);
    expect(defaultPurchaseWithholdings({ ...pf, documentType: 'B13' }).isrWithheldCents).toBe(0);
  });
});

describe('contracts', () => {
  it('normalises an RNC to digits and refuses a bad check digit', () => {
    expect(
      CreateSupplierRequestSchema.parse({
        name: 'A',
        taxIdType: 'rnc',
        taxId: '1-01-58160-1',
        taxpayerType: 'persona_juridica',
      }).taxId,
    ).toBe('101581601');
    expect(
      CreateSupplierRequestSchema.safeParse({
        name: 'A',
        taxIdType: 'cedula',
        taxId: '00100000000',
        taxpayerType: 'persona_fisica',
      }).success,
    ).toBe(false);
    expect(
      CreateSupplierRequestSchema.parse({
        name: 'Varios',
        taxIdType: 'none',
        taxId: '123',
        taxpayerType: 'informal',
      }).taxId,
    ).toBeNull();
  });

  it('needs a supplier NCF for B01 and refuses one for B13', () => {
    const base = {
      supplierId: '00000000-0000-4000-8000-000000000001',
      issueDate: '2026-11-02',
      expenseType: '02',
      servicesAmount: 100,
      paymentMethod: '01',
      description: 'x',
    };
    expect(CreateExpenseRequestSchema.safeParse({ ...base, documentType: 'B01' }).success).toBe(false);
    expect(
      CreateExpenseRequestSchema.safeParse({ ...base, documentType: 'B01', ncf: 'B0100000009' }).success,
    ).toBe(true);
    expect(
      CreateExpenseRequestSchema.safeParse({ ...base, documentType: 'B13', ncf: 'B1300000001' }).success,
    ).toBe(false);
    expect(CreateExpenseRequestSchema.safeParse({ ...base, documentType: 'B13' }).success).toBe(true);
  });
});
