import { z } from 'zod';

/*
 * Field builders shared by the public forms' schemas (quote request, access request): only
 * continuable checks (no `abort`, no `pipe`), so an object-level refinement still runs when a
 * field is empty and every step's errors are known at once. Internal to packages/shared (not
 * re-exported by index.ts).
 */

/** Required trimmed text (at most `max` characters), `message` when empty. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Máximo ${max} caracteres`);
/** A value from an option list; a refine (continuable) rather than z.enum, which aborts the object. */
export const requiredOption = <T extends string>(values: readonly T[], message: string) =>
  z
    .string({ error: message })
    .refine((v) => (values as readonly string[]).includes(v), message)
    .transform((v) => v as T);
/** Optional trimmed text (at most `max` characters); empty becomes undefined. */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .optional()
    .transform((v) => (v ? v : undefined));
/** The `value`s of an option list, as a tuple for `z.enum`. */
export const optionValues = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]];
