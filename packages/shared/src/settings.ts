import { z } from 'zod';
import { CURRENCIES } from './money.js';

/** The part of the company settings every visitor may read (title, logo, money format, colours). */
export const PublicSettingsSchema = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  whatsappNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

/** `GET /settings/public` → `data`. */
export const GetPublicSettingsResponseSchema = z.object({ settings: PublicSettingsSchema });

/** `GET /nav/badges` → `data`: live counts for the navigation rail (active projects, open tickets). */
export const NavBadgesSchema = z.object({
  projects: z.number().int().nonnegative(),
  tickets: z.number().int().nonnegative(),
});
export type NavBadges = z.infer<typeof NavBadgesSchema>;

/** `GET /health` → `data`. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});
