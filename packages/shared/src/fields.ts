import { z } from 'zod';

/*
 * Field builders shared by the entity contracts (tickets, calendar): optional free text stored as
 * NULL and list filters that treat an empty query string as absent. Internal to packages/shared
 * (not re-exported by index.ts).
 */

/** Optional trimmed text of at most `max` characters; empty, null or absent become null. */
export const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

/** `z.preprocess` step for list filters: an empty query string (`?status=`) counts as absent. */
export const blankAsUndefined = (v: unknown) => (v === '' ? undefined : v);
