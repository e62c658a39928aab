import { describe, expect, it } from 'vitest';

/**
 * The date formatters read the display store without subscribing (decision 123): a component that
 * writes a date must call `useDateDisplay()` so that a changed date format, zone or clock shows at
 * once. This guard lists every component file (`.tsx`) that formats a date and lacks the call.
 */
const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const FORMATTER = /\b(formatDate|formatDateTime|formatNumericDate|formatNumericDateTime|fmtDate)\(/;

describe('date display subscription', () => {
  it('every component file that formats a date subscribes to the display settings', () => {
    const formatting = Object.entries(sources).filter(([, text]) => FORMATTER.test(text));
    // The guard must see the real screens (tickets, billing, projects, profile…).
    expect(formatting.length).toBeGreaterThan(30);
    const missing = formatting.filter(([, text]) => !text.includes('useDateDisplay()')).map(([path]) => path);
    expect(missing).toEqual([]);
  });
});
