import { describe, expect, it } from 'vitest';
import { LoginRequestSchema } from './auth.js';
import {
  cedulaCheckDigit,
  emailSchema,
  formatCedula,
  isEmail,
  isValidCedula,
  isValidRnc,
  passwordStrength,
  rncCheckDigit,
} from './validators.js';
import './zod-locale.js';

describe('email', () => {
  it.each(['ana@demo.do', 'a.b+c@sub.example.com'])('accepts %s', (v) => expect(isEmail(v)).toBe(true));
  it.each(['', 'ana', 'ana@', '@demo.do', 'ana @demo.do', 'ana@demo'])('rejects %j', (v) =>
    expect(isEmail(v)).toBe(false),
  );
  it('trims and lower-cases', () => expect(emailSchema.parse('  Ana@Demo.DO ')).toBe('ana@demo.do'));
});

describe('login schema (spec doc 1 §5 messages)', () => {
  const messages = (input: unknown) => {
    const r = LoginRequestSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('requires both fields with the exact messages', () => {
    expect(messages({ email: '', password: '' })).toEqual([
      'email: Email es requerido',
      'password: Contraseña es requerida',
    ]);
  });
  it('checks email shape and the 6-character minimum', () => {
    expect(messages({ email: 'x@', password: '12345' })).toEqual([
      'email: Email inválido',
      'password: La contraseña debe tener al menos 6 caracteres',
    ]);
  });
  it('accepts valid credentials', () =>
    expect(messages({ email: 'admin@demo.do', password: '123456' })).toEqual([]));
});

describe('password strength bar (spec doc 2 §5)', () => {
  it('is weak under 6, medium at 6–7, strong at 8+', () => {
    expect(passwordStrength('12345')).toEqual({ score: 30, label: 'weak', color: 'red' });
    expect(passwordStrength('123456')).toMatchObject({ score: 60, color: 'yellow' });
    expect(passwordStrength('1234567')).toMatchObject({ score: 60 });
    expect(passwordStrength('12345678')).toEqual({ score: 100, label: 'strong', color: 'green' });
  });
});

describe('cédula (Luhn mod 10 over the first 10 digits)', () => {
  it('accepts valid numbers with or without dashes', () => {
    expect(isValidCedula('001-1391825-4')).toBe(true);
    expect(isValidCedula('00113918254')).toBe(true);
  });
  it('rejects a wrong check digit, wrong length and letters', () => {
    expect(isValidCedula('001-1391825-5')).toBe(false);
    expect(isValidCedula('0011391825')).toBe(false);
    expect(isValidCedula('001-139182A-4')).toBe(false);
    expect(isValidCedula('00-11391825-4')).toBe(false);
  });
  it('computes check digits and formats', () => {
    expect(cedulaCheckDigit('0010000000')).toBe(9);
    expect(formatCedula('00113918254')).toBe('001-1391825-4');
  });
});

describe('RNC (DGII weights 7,9,8,6,5,4,3,2 mod 11)', () => {
  it('accepts the DGII own RNC 401-50625-4 and 101010632', () => {
    expect(isValidRnc('401-50625-4')).toBe(true);
    expect(isValidRnc('101010632')).toBe(true);
  });
  it('rejects a wrong check digit or length', () => {
    expect(isValidRnc('401506255')).toBe(false);
    expect(isValidRnc('40150625')).toBe(false);
    expect(isValidRnc('4015062540')).toBe(false);
  });
  it('maps remainders 0 → 2 and 1 → 1', () => {
    // Find 8-digit bases whose weighted sum mod 11 is 0 and 1.
    const w = [7, 9, 8, 6, 5, 4, 3, 2];
    const rem = (b: string) => [...b].reduce((s, d, i) => s + Number(d) * w[i]!, 0) % 11;
    const base0 = ['00000000', '10000003'].find((b) => rem(b) === 0)!;
    expect(rncCheckDigit(base0)).toBe(2);
    let base1 = '';
    for (let n = 1; !base1; n++) {
      const b = String(n).padStart(8, '0');
      if (rem(b) === 1) base1 = b;
    }
    expect(rncCheckDigit(base1)).toBe(1);
  });
});
