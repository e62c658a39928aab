import { z } from 'zod';
import { CEDULA_EXCEPTIONS, RNC_EXCEPTIONS } from './dominican-ids.data.js';

/** Spec doc 1 §5 (login table): the messages every email field uses. */
export const EMAIL_REQUIRED = 'Email es requerido';
export const EMAIL_INVALID = 'Email inválido';
/** Spec doc 1 §5 / doc 2 §5: password minimum length 6. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_REQUIRED = 'Contraseña es requerida';
export const PASSWORD_TOO_SHORT = 'La contraseña debe tener al menos 6 caracteres';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** True when `value` looks like an email address (local@domain.tld, no spaces). */
export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value.trim());
}

/** Email: required + email-like, trimmed and lower-cased (emails are unique case-insensitively). */
export const emailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, { error: EMAIL_REQUIRED, abort: true })
  .max(254, EMAIL_INVALID)
  .refine(isEmail, EMAIL_INVALID)
  .transform((v) => v.toLowerCase());

/** Password as typed at login: required, at least 6 characters (spec doc 1 §5). */
export const passwordSchema = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, { error: PASSWORD_REQUIRED, abort: true })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(200, 'La contraseña es demasiado larga');

/** Strength levels of the change-password bar (spec doc 2 §5). */
export type PasswordStrength = {
  score: 30 | 60 | 100;
  label: 'weak' | 'medium' | 'strong';
  color: 'red' | 'yellow' | 'green';
};

/**
 * Strength bar of spec doc 2 §5: 8+ characters strong (100, green),
 * 6–7 medium (60, yellow), fewer weak (30, red).
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length >= 8) return { score: 100, label: 'strong', color: 'green' };
  if (password.length >= PASSWORD_MIN_LENGTH) return { score: 60, label: 'medium', color: 'yellow' };
  return { score: 30, label: 'weak', color: 'red' };
}

/** Digits only. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

const CEDULA_RE = /^\d{3}-?\d{7}-?\d{1}$/;
// The two 10-digit cédulas of the list, laid out as python-stdnum formats them (XXX-XXXXXX-X).
const CEDULA_10_RE = /^\d{3}-?\d{6}-?\d{1}$/;

/**
 * Check digit of a Dominican cédula from its first 10 digits: Luhn (mod 10) with weights
 * 1,2,1,2… and digits of products above 9 summed (JCE rule).
 */
export function cedulaCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let n = Number(first10[i]) * (i % 2 === 0 ? 1 : 2);
    if (n > 9) n -= 9;
    sum += n;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Dominican cédula: 11 digits as XXX-XXXXXXX-X (dashes optional) whose last digit is the JCE
 * Luhn check digit over the first 10 (see {@link cedulaCheckDigit}), or one of the cédulas the
 * JCE issued with a failing check digit (python-stdnum `stdnum/do/cedula.py` whitelist,
 * {@link CEDULA_EXCEPTIONS}; two of those have 10 digits, accepted as XXX-XXXXXX-X).
 */
export function isValidCedula(value: string): boolean {
  const v = value.trim();
  // As stdnum does, the list is consulted before the length: two listed cédulas have 10 digits.
  if (CEDULA_10_RE.test(v)) return CEDULA_EXCEPTIONS.has(onlyDigits(v));
  if (!CEDULA_RE.test(v)) return false;
  const digits = onlyDigits(v);
  return CEDULA_EXCEPTIONS.has(digits) || cedulaCheckDigit(digits.slice(0, 10)) === Number(digits[10]);
}

/**
 * Check digit of a Dominican RNC from its first 8 digits (DGII rule): weights
 * 7,9,8,6,5,4,3,2, r = sum mod 11; r 0 → 2, r 1 → 1, else 11 − r.
 */
export function rncCheckDigit(first8: string): number {
  const weights = [7, 9, 8, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(first8[i]) * weights[i]!;
  const r = sum % 11;
  return r === 0 ? 2 : r === 1 ? 1 : 11 - r;
}

/**
 * Dominican RNC: 9 digits (dashes optional, not leading or trailing) ending in the DGII check
 * digit (weights 7,9,8,6,5,4,3,2 mod 11, {@link rncCheckDigit}), or one of the RNCs the DGII
 * issued with a failing check digit (python-stdnum `stdnum/do/rnc.py` whitelist,
 * {@link RNC_EXCEPTIONS}; one has 8 digits).
 */
export function isValidRnc(value: string): boolean {
  const v = value.trim();
  const digits = onlyDigits(v);
  if (!/^\d[\d-]*\d$/.test(v)) return false;
  if (RNC_EXCEPTIONS.has(digits)) return true;
  if (digits.length !== 9) return false;
  return rncCheckDigit(digits.slice(0, 8)) === Number(digits[8]);
}

/** Formats 11 cédula digits as XXX-XXXXXXX-X. */
export function formatCedula(value: string): string {
  const d = onlyDigits(value);
  return d.length === 11 ? `${d.slice(0, 3)}-${d.slice(3, 10)}-${d.slice(10)}` : value;
}

/** Phone as the access request accepts it: digits, spaces, dash, plus, parentheses (spec doc 1 §5). */
export const PHONE_RE = /^[\d\s\-+()]+$/;
