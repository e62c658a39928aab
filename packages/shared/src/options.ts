import { z } from 'zod';
import { PAGE_SIZE_DEFAULT } from './pagination.js';

/**
 * Picker contracts (issue 14, decision 100): forms and filters no longer load whole lists of
 * projects, clients or users; they ask `GET /<entity>/options?search=&limit=` for a few matches as
 * the user types, and `?id=` for the label of a value already chosen. Answers are role-scoped by
 * the server exactly like the entity's list.
 */

/** Most options one call returns (a picker shows a short list, never a page of 100). */
export const OPTIONS_LIMIT_MAX = 50;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** One choice of a picker: `value` is the entity id, `label` what the select shows. */
export const OptionSchema = z.object({
  value: z.uuid(),
  label: z.string(),
  /** Second line (client of a project, email of a user); absent when there is none. */
  description: z.string().optional(),
});
export type Option = z.infer<typeof OptionSchema>;

/**
 * Query shared by every options endpoint: `search` (case-insensitive, contains, ≤ 100 chars),
 * `limit` 1–50 (default 20), `id` = answer only that row (label of a saved value; empty when
 * the caller may not see it). Bad values answer 400 with a Spanish message.
 */
export const OptionsQuerySchema = z.object({
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100, 'Máximo 100 caracteres').optional()),
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int('El límite debe ser un número entero')
    .min(1, 'El límite mínimo es 1')
    .max(OPTIONS_LIMIT_MAX, `El límite máximo es ${OPTIONS_LIMIT_MAX}`)
    .default(PAGE_SIZE_DEFAULT),
  id: z.preprocess(emptyToUndefined, z.uuid({ message: 'Identificador inválido' }).optional()),
});
export type OptionsQuery = z.input<typeof OptionsQuerySchema>;

/** `GET /projects/options`: also `clientId` (projects of one client, for invoice and ticket forms). */
export const ProjectOptionsQuerySchema = OptionsQuerySchema.extend({
  clientId: z.preprocess(emptyToUndefined, z.uuid({ message: 'Cliente inválido' }).optional()),
});
export type ProjectOptionsQuery = z.input<typeof ProjectOptionsQuerySchema>;

/** Roles a user picker may ask for: `staff` = admins and employees. */
export const USER_OPTION_ROLES = ['staff', 'admin', 'employee', 'client'] as const;

/**
 * `GET /users/options`: `role` narrows the users (default `staff`); only active users. Employees
 * may ask for staff only; client users are listed to admins holding `users.read`.
 */
export const UserOptionsQuerySchema = OptionsQuerySchema.extend({
  role: z.preprocess(emptyToUndefined, z.enum(USER_OPTION_ROLES, { error: 'Rol inválido' }).default('staff')),
});
export type UserOptionsQuery = z.input<typeof UserOptionsQuerySchema>;

/** Every options endpoint → `data`: at most `limit` options, best match first. */
export const ListOptionsResponseSchema = z.object({ options: z.array(OptionSchema) });
export type ListOptionsResponse = z.infer<typeof ListOptionsResponseSchema>;

/**
 * Label of a client in pickers: 'Empresa (Nombre Apellido)', or 'Nombre Apellido' without a
 * company. The server builds `/clients/options` labels with it; forms use it for a saved value.
 */
export function clientOptionLabel(c: {
  companyName: string | null;
  firstName: string;
  lastName: string;
}): string {
  const person = `${c.firstName} ${c.lastName}`.trim();
  return c.companyName?.trim() ? `${c.companyName.trim()} (${person})` : person;
}
