import { describe, expect, it } from 'vitest';
import {
  findUnsafeText,
  hasUnsafeText,
  isCalendarDate,
  isoDateTimeSchema,
  isTimeZone,
  safeText,
} from './text.js';

describe('unsafe text (NUL, unpaired surrogates)', () => {
  it('flags NUL and lone surrogates, accepts real pairs (emoji) and accents', () => {
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'x\udc00y', '\ud83d'])
      expect(hasUnsafeText(bad), JSON.stringify(bad)).toBe(true);
    for (const ok of ['', 'Ñandú', 'café 😀', 'línea\nnueva']) expect(hasUnsafeText(ok), ok).toBe(false);
  });
  it('finds the path of the first unsafe string, keys included, in null-prototype objects too', () => {
    expect(findUnsafeText({ items: [{ description: 'ok' }, { description: 'x\u0000' }] })).toBe(
      'items.1.description',
    );
    const query = Object.assign(Object.create(null), { search: '\u0000' });
    expect(findUnsafeText(query)).toBe('search');
    expect(findUnsafeText({ 'k\ud800': 1 })).toBe('k\ud800');
    expect(findUnsafeText('\u0000')).toBe('value');
    expect(findUnsafeText({ a: 'b', n: 1, d: new Date(), buf: new Uint8Array([0]) })).toBeNull();
  });
  it('safeText refuses it with the Spanish message', () => {
    expect(safeText().safeParse('a\u0000').error?.issues[0]?.message).toBe(
      'El texto contiene caracteres no permitidos',
    );
  });
});

describe('dates and time zones', () => {
  it('accepts real days between 1900 and 2999 only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const bad of [
      '2026-02-30',
      '2025-02-29',
      '0000-01-01',
      '1899-12-31',
      '3000-01-01',
      '2026-13-01',
      '2026-1-01',
    ])
      expect(isCalendarDate(bad), bad).toBe(false);
    expect(isoDateTimeSchema().safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(isoDateTimeSchema().safeParse('2026-11-24T10:00:00-04:00').success).toBe(true);
  });
  it('knows IANA zones', () => {
    expect(isTimeZone('America/Santo_Domingo')).toBe(true);
    expect(isTimeZone('Not/AZone')).toBe(false);
    expect(isTimeZone('America/Santo_Domingo\u0000')).toBe(false);
  });
});
