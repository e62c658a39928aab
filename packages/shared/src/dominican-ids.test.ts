import { describe, expect, it } from 'vitest';
import { CEDULA_EXCEPTIONS, RNC_EXCEPTIONS } from './dominican-ids.data.js';
import { STDNUM_VALID_CEDULAS, STDNUM_VALID_RNCS } from './dominican-ids.vectors.js';
import { cedulaCheckDigit, isValidCedula, isValidRnc, rncCheckDigit } from './validators.js';

/** Vectors and lists from python-stdnum (see dominican-ids.data.ts / .vectors.ts for the commit). */
describe('cédulas issued with a failing check digit (python-stdnum lists)', () => {
  it('validates every issued cédula of stdnum tests/test_do_cedula.doctest', () => {
    expect(STDNUM_VALID_CEDULAS.length).toBe(64);
    expect(STDNUM_VALID_CEDULAS.filter((c) => !isValidCedula(c))).toEqual([]);
    // Without the list, the check digit alone would accept only 4 of the 64.
    const byDigitOnly = STDNUM_VALID_CEDULAS.filter(
      (c) => c.length === 11 && cedulaCheckDigit(c.slice(0, 10)) === Number(c[10]),
    );
    expect(byDigitOnly.length).toBe(4);
    expect(STDNUM_VALID_CEDULAS.filter((c) => !CEDULA_EXCEPTIONS.has(c) && !byDigitOnly.includes(c))).toEqual(
      [],
    );
  });
  it('accepts the listed cédulas dashed as XXX-XXXXXXX-X (XXX-XXXXXX-X for the 10-digit ones), no other layout', () => {
    const dashed = (c: string) => `${c.slice(0, 3)}-${c.slice(3, -1)}-${c.slice(-1)}`;
    expect(STDNUM_VALID_CEDULAS.filter((c) => !isValidCedula(dashed(c)))).toEqual([]);
    expect(isValidCedula(' 001-0028892-9 ')).toBe(true);
    expect(isValidCedula('009-466266-7')).toBe(true);
    for (const bad of [
      '00-10028892-9',
      '0010-028892-9',
      '-00100288929',
      '00100288929-',
      '0094-66266-7',
      '00946626-67',
    ])
      expect(isValidCedula(bad), bad).toBe(false);
  });
  it('keeps the doctest cases: valid, bad check digit, bad format and length', () => {
    for (const ok of ['00114272360', '00105606543', '00113918205', '00113918213', '001-1391820-5'])
      expect(isValidCedula(ok), ok).toBe(true);
    for (const bad of [
      '00114272368',
      '00113918204',
      '0011391820x',
      'x0113918205',
      '00113x18205',
      '1234567890',
      '123456789111',
      'abcasdqwerz',
      '0011391820A',
    ])
      expect(isValidCedula(bad), bad).toBe(false);
  });
  it('holds the list as digit strings (11 digits, a few of 10 as issued) that all validate', () => {
    expect(CEDULA_EXCEPTIONS.size).toBe(578);
    for (const c of CEDULA_EXCEPTIONS) {
      expect(c).toMatch(/^\d{10,11}$/);
      expect(isValidCedula(c), c).toBe(true);
    }
    expect(isValidCedula('0710208839')).toBe(false);
  });
});

describe('RNCs issued with a failing check digit (python-stdnum lists)', () => {
  it('validates every RNC of stdnum tests/test_do_rnc.doctest', () => {
    expect(STDNUM_VALID_RNCS.length).toBe(102);
    expect(STDNUM_VALID_RNCS.filter((r) => !isValidRnc(r))).toEqual([]);
    // Without the list, the check digit alone refuses exactly these two (both listed).
    const refusedByDigit = STDNUM_VALID_RNCS.filter(
      (r) => r.length !== 9 || rncCheckDigit(r.slice(0, 8)) !== Number(r[8]),
    );
    expect(refusedByDigit).toEqual(['10233317', '501676936']);
    expect(refusedByDigit.every((r) => RNC_EXCEPTIONS.has(r))).toBe(true);
    expect(isValidRnc('5-01-67693-6')).toBe(true);
  });
  it('keeps the doctest cases and the DGII rule (weights 7,9,8,6,5,4,3,2)', () => {
    expect(isValidRnc('122011226')).toBe(true);
    expect(isValidRnc('101637587')).toBe(true);
    expect(isValidRnc('1-01-63758-7')).toBe(true);
    for (const bad of [
      '112031226',
      '12345678',
      '1234567890',
      '123456789012',
      'acvbnmkjh',
      '-101637587',
      '101637587-',
    ])
      expect(isValidRnc(bad), bad).toBe(false);
    expect(rncCheckDigit('12201122')).toBe(6);
  });
  it('accepts the listed RNCs, including the 8-digit one, and nothing else of that length', () => {
    expect(RNC_EXCEPTIONS.size).toBe(23);
    for (const r of RNC_EXCEPTIONS) expect(isValidRnc(r), r).toBe(true);
    expect(isValidRnc('10233317')).toBe(true);
    expect(isValidRnc('10233318')).toBe(false);
  });
});
