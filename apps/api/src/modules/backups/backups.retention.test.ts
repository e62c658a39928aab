import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { archivesToKeep } from './backups.retention.js';
import { pruneArchives } from './backups.service.js';

const name = (iso: string) =>
  `agencia-backup-${iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-scheduled.tar.gz`;

/** One archive a day at 07:00 UTC (03:00 in Santo Domingo) for `days` days up to 2026-11-28. */
function daily(days: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < days; i++) out.push(name(new Date(Date.UTC(2026, 10, 28 - i, 7)).toISOString()));
  return out;
}

describe('backup retention', () => {
  it('keeps the newest archive of the last 7 days, 4 weeks and 12 months', () => {
    const names = daily(400);
    const keep = archivesToKeep(
      names.map((n) => ({
        name: n,
        takenAt: new Date(`${n.slice(15, 19)}-${n.slice(19, 21)}-${n.slice(21, 23)}T07:00:00Z`),
      })),
      { daily: 7, weekly: 4, monthly: 12 },
    );
    const kept = [...keep]
      .map((n) => n.slice(15, 23))
      .sort()
      .reverse();
    expect(kept).toEqual([
      // 7 days: 22 → 28 November (the 23rd is a Monday, the 22nd a Sunday).
      '20261128',
      '20261127',
      '20261126',
      '20261125',
      '20261124',
      '20261123',
      '20261122',
      // 4 ISO weeks: the newest of each; the 22nd (Sunday) is already the newest of its week; then 15th and 8th.
      '20261115',
      '20261108',
      // 12 months: the last day of each earlier month (November's newest is the 28th).
      '20261031',
      '20260930',
      '20260831',
      '20260731',
      '20260630',
      '20260531',
      '20260430',
      '20260331',
      '20260228',
      '20260131',
      '20251231',
    ]);
  });

  it('counts days in Santo Domingo time, keeps the newest archive of a day, and always the newest overall', () => {
    const at = (iso: string) => ({ name: name(iso), takenAt: new Date(iso) });
    // 02:30 UTC on the 28th is 22:30 on the 27th in Santo Domingo.
    const archives = [at('2026-11-28T02:30:00Z'), at('2026-11-27T20:00:00Z'), at('2026-11-28T05:00:00Z')];
    const keep = archivesToKeep(archives, { daily: 1, weekly: 0, monthly: 0 });
    expect([...keep]).toEqual([name('2026-11-28T05:00:00Z')]);
    const two = archivesToKeep(archives, { daily: 2, weekly: 0, monthly: 0 });
    expect([...two].sort()).toEqual([name('2026-11-28T02:30:00Z'), name('2026-11-28T05:00:00Z')].sort());
  });

  it('deletes from the folder exactly the archives it does not keep, and nothing else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agencia-retention-'));
    const names = daily(20);
    for (const n of names) writeFileSync(join(dir, n), 'x');
    writeFileSync(join(dir, 'notas.txt'), 'no es una copia');
    const removed = pruneArchives({ dir, policy: { keepDaily: 3, keepWeekly: 0, keepMonthly: 0 } });
    expect(removed).toHaveLength(17);
    expect(readdirSync(dir).sort()).toEqual([...names.slice(0, 3), 'notas.txt'].sort());
  });
});
