import { describe, expect, it } from 'vitest';
import { CreateCreditNoteRequestSchema } from './credit-notes.js';
import {
  CreateFiscalSequenceRequestSchema,
  creditNoteTypeFor,
  DgiiReportQuerySchema,
  defaultDocumentType,
  formatNcf,
  isValidNcf,
  requiresBuyerId,
  withholdingForPreset,
} from './fiscal.js';

describe('NCF / e-NCF numbers (Norma 06-2018, Norma 05-2019; stdnum do/ncf.py vectors)', () => {
  it('accepts paper NCF of 11 characters and e-NCF of 13 of the known types', () => {
    for (const v of [
      'B0100000005',
      'B0200000001',
      'B0499999999',
      'B1500000123',
      'E310000000005',
      'E340000000001',
      'E470000000009',
    ])
      expect(isValidNcf(v), v).toBe(true);
    expect(isValidNcf(' b01 0000 0005 ')).toBe(true);
  });
  it('refuses other letters, unknown types and wrong lengths', () => {
    for (const v of [
      'Z0100000005',
      'B0500000005',
      'B010000005',
      'B01000000005',
      'E300000000005',
      'E3100000005',
      'A020010210100000005',
      '',
    ])
      expect(isValidNcf(v), v).toBe(false);
  });
  it('formats serials with 8 digits on paper and 10 electronically, and refuses serials that do not fit', () => {
    expect(formatNcf('B01', 51)).toBe('B0100000051');
    expect(formatNcf('E31', 51)).toBe('E310000000051');
    expect(() => formatNcf('B01', 100_000_000)).toThrow(RangeError);
    expect(() => formatNcf('B01', 0)).toThrow(RangeError);
    expect(formatNcf('E32', 9_999_999_999)).toBe('E329999999999');
  });
  it('matches credit notes to the invoice family', () => {
    expect(creditNoteTypeFor('B01')).toBe('B04');
    expect(creditNoteTypeFor('E32')).toBe('E34');
  });
});

describe('buyer identification', () => {
  it('is required for crédito fiscal, special, governmental and export types, paper and electronic', () => {
    for (const t of ['B01', 'B14', 'B15', 'B16', 'E31', 'E44', 'E45', 'E46'] as const)
      expect(requiresBuyerId(t, 1), t).toBe(true);
  });
  it('is required for consumo from RD$250,000 (25,000,000 centavos) up only', () => {
    expect(requiresBuyerId('B02', 24_999_999)).toBe(false);
    expect(requiresBuyerId('B02', 25_000_000)).toBe(true);
    expect(requiresBuyerId('E32', 25_000_000)).toBe(true);
    expect(requiresBuyerId('E32', 100)).toBe(false);
  });
});

describe('document type preselected from the fiscal profile and the agency mode', () => {
  it('maps each profile to its paper and electronic type', () => {
    expect(defaultDocumentType('contribuyente', 'paper')).toBe('B01');
    expect(defaultDocumentType('consumidor_final', 'paper')).toBe('B02');
    expect(defaultDocumentType('regimen_especial', 'paper')).toBe('B14');
    expect(defaultDocumentType('gubernamental', 'electronic')).toBe('E45');
    expect(defaultDocumentType('extranjero', 'electronic')).toBe('E46');
  });
});

describe('withholding presets', () => {
  it('computes 30 % of the ITBIS, 100 % ITBIS + 10 % ISR, and 5 % ISR (half-up centavos)', () => {
    const amounts = { taxCents: 18_001, baseCents: 100_005 };
    expect(withholdingForPreset('company_services', amounts)).toEqual({
      itbisWithheldCents: 5_400,
      isrWithheldCents: 0,
    });
    expect(withholdingForPreset('persona_fisica', amounts)).toEqual({
      itbisWithheldCents: 18_001,
      isrWithheldCents: 10_001,
    });
    expect(withholdingForPreset('government', amounts)).toEqual({
      itbisWithheldCents: 0,
      isrWithheldCents: 5_000,
    });
    expect(withholdingForPreset('none', amounts)).toEqual({ itbisWithheldCents: 0, isrWithheldCents: 0 });
  });
});

describe('fiscal request contracts', () => {
  it('defaults the alert threshold to 35 % and refuses serials longer than the type holds', () => {
    const ok = CreateFiscalSequenceRequestSchema.parse({
      documentType: 'B01',
      rangeFrom: 1,
      rangeTo: 500,
      expiresOn: '2027-12-31',
    });
    expect(ok.alertThreshold).toBe(35);
    const long = CreateFiscalSequenceRequestSchema.safeParse({
      documentType: 'B01',
      rangeFrom: 1,
      rangeTo: 100_000_000,
      expiresOn: '2027-12-31',
    });
    expect(long.error?.issues[0]?.message).toBe(
      'El número excede los dígitos del comprobante (8 en papel, 10 electrónico)',
    );
  });
  it('takes either an amount or lines on a credit note, with a DGII modification code 1–5', () => {
    const both = CreateCreditNoteRequestSchema.safeParse({
      amount: 10,
      lines: [{ description: 'x', quantity: 1, unitPrice: 10 }],
      reason: 'Ajuste',
      modificationCode: 3,
    });
    expect(both.error?.issues[0]?.message).toBe('Indica un monto o las líneas de la nota, no ambos');
    const code = CreateCreditNoteRequestSchema.safeParse({
      amount: 10,
      reason: 'Ajuste',
      modificationCode: 6,
    });
    expect(code.error?.issues[0]?.message).toBe('Código de modificación inválido (1–5)');
    const cents = CreateCreditNoteRequestSchema.safeParse({
      amount: 0.001,
      reason: 'Ajuste',
      modificationCode: 1,
    });
    expect(cents.error?.issues[0]?.message).toBe('El monto mínimo es RD$0.01');
  });
  it('accepts a period YYYYMM only', () => {
    expect(DgiiReportQuerySchema.safeParse({ period: '202611' }).success).toBe(true);
    for (const period of ['202613', '2026-11', '20261', '202600'])
      expect(DgiiReportQuerySchema.safeParse({ period }).success, period).toBe(false);
    expect(DgiiReportQuerySchema.safeParse({ period: '201804' }).error?.issues[0]?.message).toBe(
      'Los formatos 607 y 608 aplican desde mayo de 2018 (201805)',
    );
  });
});
