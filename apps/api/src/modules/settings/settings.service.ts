import {
  type BusinessHours,
  BusinessHoursSchema,
  type CompanySettings,
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_COMPANY_NAME,
  EMPTY_PAYMENT_INSTRUCTIONS,
  onlyDigits,
  type PaymentInstructions,
  PaymentInstructionsSchema,
  type PublicSettings,
  type UpdateCompanySettingsRequest,
} from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companySettings, files, users } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { renderEmail } from '../../lib/email-template.js';
import { badRequest } from '../../lib/errors.js';
import { queueEmail } from '../../lib/mailer.js';
import type { WriteCall } from '../../lib/service-args.js';

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
    timezone: row.timezone,
    timeFormat: row.timeFormat === '24h' ? '24h' : '12h',
  };
}

/** The full settings as the API exposes them (ISO `updatedAt`). */
export function toCompanySettings(row: CompanySettingsRow): CompanySettings {
  const { id: _id, updatedAt, paymentInstructions: _payment, businessHours: _hours, ...rest } = row;
  return { ...rest, taxRate: Number(row.taxRate), updatedAt: updatedAt.toISOString() };
}

/**
 * `PUT /settings` (admin): replaces every field. The logo must be a file uploaded as
 * `company_logo` (400 otherwise); the RNC is stored as 9 digits. Audited with the changed keys.
 */
export async function updateCompanySettings(opts: {
  db: Db;
  input: Omit<UpdateCompanySettingsRequest, 'logo'> & { logo: string | null };
  ctx: AuditContext;
}): Promise<CompanySettings> {
  const { db, input, ctx } = opts;
  const current = await getCompanySettings(db);
  if (input.logo && input.logo !== current.logo) {
    const fileId = input.logo.split('/').pop()!;
    const [file] = await db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.ownerType, 'company_logo')))
      .limit(1);
    if (!file) throw badRequest('Logo inválido', [{ field: 'logo', message: 'Logo inválido' }]);
  }
  const values = { ...input, taxId: input.taxId ? onlyDigits(input.taxId) : null } as Record<string, unknown>;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(companySettings)
      .set({ ...(values as object), updatedAt: new Date() })
      .where(eq(companySettings.id, 1))
      .returning();
    const changed = Object.keys(values).filter(
      (k) => String(values[k] ?? '') !== String((current as Record<string, unknown>)[k] ?? ''),
    );
    await audit(tx, ctx, 'settings.updated', { type: 'company_settings', id: '1' }, { fields: changed });
    return toCompanySettings(row!);
  });
}

/**
 * The company's payment instructions (issue 18, decision 106). Rows written before migration 0005
 * or by hand are re-read through the contract so a malformed value reads as "nothing configured"
 * rather than breaking an invoice page or PDF.
 */
export function toPaymentInstructions(row: CompanySettingsRow): PaymentInstructions {
  const parsed = PaymentInstructionsSchema.safeParse(row.paymentInstructions);
  return parsed.success ? parsed.data : { ...EMPTY_PAYMENT_INSTRUCTIONS };
}

/** `GET /settings/payment-instructions`: the bank accounts and other ways to pay. */
export async function getPaymentInstructions(db: Db | Tx): Promise<PaymentInstructions> {
  return toPaymentInstructions(await getCompanySettings(db));
}

/**
 * `PUT /settings/payment-instructions` (admin): replaces the list and the other methods in one
 * statement (the input is already validated and normalised by the shared schema: holder ids as
 * digits, empty text as null). Audited with the number of accounts.
 */
export async function updatePaymentInstructions(opts: {
  db: Db;
  input: PaymentInstructions;
  ctx: AuditContext;
}): Promise<PaymentInstructions> {
  const { db, input, ctx } = opts;
  await getCompanySettings(db);
  const value: PaymentInstructions = {
    bankAccounts: input.bankAccounts.map((a) => ({
      bank: a.bank,
      accountType: a.accountType,
      currency: a.currency,
      accountNumber: a.accountNumber,
      holderName: a.holderName,
      holderId: a.holderId,
    })),
    otherMethods: input.otherMethods,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(companySettings)
      .set({ paymentInstructions: value, updatedAt: new Date() })
      .where(eq(companySettings.id, 1))
      .returning();
    await audit(
      tx,
      ctx,
      'settings.payment_instructions_updated',
      { type: 'company_settings', id: '1' },
      { bankAccounts: value.bankAccounts.length, otherMethods: value.otherMethods !== null },
    );
    return toPaymentInstructions(row!);
  });
}

/**
 * The company's business hours (decision 145): working days in weekday order, Monday first. A
 * malformed stored value (written by hand) reads as the defaults rather than breaking the calendar.
 */
export function toBusinessHours(row: CompanySettingsRow): BusinessHours {
  const parsed = BusinessHoursSchema.safeParse(row.businessHours);
  return parsed.success ? parsed.data : DEFAULT_BUSINESS_HOURS.map((d) => ({ ...d }));
}

/** `GET /settings/business-hours`: every signed-in user (the calendar needs them). */
export async function getBusinessHours(db: Db | Tx): Promise<BusinessHours> {
  return toBusinessHours(await getCompanySettings(db));
}

/**
 * `PUT /settings/business-hours` (admin): replaces the working days in one statement (the input
 * is validated and sorted by UpdateBusinessHoursRequestSchema). Audited with the days kept.
 */
export async function updateBusinessHours(opts: {
  db: Db;
  input: BusinessHours;
  ctx: AuditContext;
}): Promise<BusinessHours> {
  const { db, input, ctx } = opts;
  await getCompanySettings(db);
  const value: BusinessHours = input.map((d) => ({
    dayOfWeek: d.dayOfWeek,
    startTime: d.startTime,
    endTime: d.endTime,
  }));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(companySettings)
      .set({ businessHours: value, updatedAt: new Date() })
      .where(eq(companySettings.id, 1))
      .returning();
    await audit(
      tx,
      ctx,
      'settings.business_hours_updated',
      { type: 'company_settings', id: '1' },
      { days: value.map((d) => d.dayOfWeek) },
    );
    return toBusinessHours(row!);
  });
}

/**
 * `POST /settings/test-email`: queues a test e-mail (Spanish) to `to`, else to the caller's own
 * address, and writes the `settings.test_email` audit entry; answers the address it went to.
 */
export async function sendTestEmail({ db, actor, ctx, to }: WriteCall & { to?: string }): Promise<string> {
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.id));
  const address = to ?? me!.email;
  const settings = await getCompanySettings(db);
  await queueEmail(db, {
    to: address,
    subject: `Correo de prueba de ${settings.name}`,
    ...renderEmail({
      greeting: `Hola ${actor.firstName}:`,
      paragraphs: [
        'Este es un correo de prueba enviado desde la configuración del portal. Si lo recibes, el envío de correos funciona.',
      ],
      signature: (settings.emailSignature ?? settings.name).split('\n'),
    }),
  });
  await audit(db, ctx, 'settings.test_email', undefined, { to: address });
  return address;
}
