import { DEFAULT_COMPANY_NAME, type PublicSettings } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companySettings } from '../../db/schema/index.js';

export type CompanySettingsRow = typeof companySettings.$inferSelect;

/** Reads the settings row, creating it with defaults when missing (fresh install without demo). */
export async function getCompanySettings(db: Db | Tx): Promise<CompanySettingsRow> {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.id, 1)).limit(1);
  if (row) return row;
  const [created] = await db
    .insert(companySettings)
    .values({ id: 1, name: DEFAULT_COMPANY_NAME })
    .onConflictDoNothing()
    .returning();
  return created ?? (await getCompanySettings(db));
}

/** The public subset of the settings (title, logo, currency, colours, contact). */
export function toPublicSettings(row: CompanySettingsRow): PublicSettings {
  return {
    name: row.name,
    logo: row.logo,
    currency: row.currency,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    whatsappNumber: row.whatsappNumber,
    email: row.email,
    phone: row.phone,
  };
}
