import { schemaResolver } from '@mantine/form';
import type { z } from 'zod';

/**
 * Mantine form validator from a shared zod schema (zod 4 implements Standard Schema).
 * Keeps the first message per field, so "required" wins over "too short" on an empty input.
 */
export function zodResolver(schema: z.ZodType) {
  return schemaResolver(schema, { sync: true });
}
