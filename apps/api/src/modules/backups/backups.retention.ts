import { businessToday } from '@agencia/shared';

/** How many archives to keep per period (`BACKUP_KEEP_DAILY`, `_WEEKLY`, `_MONTHLY`). */
export interface RetentionPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

/** An archive as retention sees it: its name and the instant it was taken. */
export interface DatedArchive {
  name: string;
  takenAt: Date;
}

/** ISO 8601 week of a YYYY-MM-DD day, as "2026-W48" (weeks start on Monday). */
function isoWeek(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0
  d.setUTCDate(d.getUTCDate() - weekday + 3); // the week's Thursday decides its year
  const year = d.getUTCFullYear();
  const week = 1 + Math.floor((d.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Grandfather-father-son retention (decision 143): keeps the newest archive of each of the last
 * `daily` days that have one, of the last `weekly` ISO weeks and of the last `monthly` months
 * (days in the business time zone, America/Santo_Domingo). Answers the names to keep; the newest
 * archive is always kept.
 */
export function archivesToKeep(archives: DatedArchive[], policy: RetentionPolicy): Set<string> {
  const newestFirst = [...archives].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const keep = new Set<string>();
  if (newestFirst[0]) keep.add(newestFirst[0].name);
  const pick = (period: (day: string) => string, count: number) => {
    const seen = new Set<string>();
    for (const a of newestFirst) {
      if (seen.size >= count) break;
      const key = period(businessToday(a.takenAt));
      if (seen.has(key)) continue;
      seen.add(key);
      keep.add(a.name);
    }
  };
  pick((day) => day, policy.daily);
  pick(isoWeek, policy.weekly);
  pick((day) => day.slice(0, 7), policy.monthly);
  return keep;
}
