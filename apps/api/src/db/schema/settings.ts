import type { BusinessHours, PaymentInstructions } from '@agencia/shared';
import { AGENCY_TAXPAYER_KINDS, CURRENCIES, DEFAULT_BUSINESS_HOURS, FISCAL_MODES } from '@agencia/shared';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Company settings: a single row (id = 1). Spec doc 2 §3 "Company settings";
 * defaults from spec doc 2 §9 (tax 18 = ITBIS, DOP, hourly rate 25).
 */
export const companySettings = pgTable(
  'company_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull().default('República Dominicana'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    whatsappNumber: text('whatsapp_number'),
    taxId: text('tax_id'),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('DOP'),
    timezone: text('timezone').notNull().default('America/Santo_Domingo'),
    dateFormat: text('date_format').notNull().default('DD/MM/YYYY'),
    timeFormat: text('time_format').notNull().default('12h'),
    defaultProjectHourlyRate: integer('default_project_hourly_rate').notNull().default(25),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(18),
    emailSignature: text('email_signature'),
    primaryColor: text('primary_color').notNull().default('#1c4fd8'),
    secondaryColor: text('secondary_color').notNull().default('#0f766e'),
    logo: text('logo'),
    fiscalMode: text('fiscal_mode', { enum: FISCAL_MODES }).notNull().default('paper'),
    taxpayerKind: text('taxpayer_kind', { enum: AGENCY_TAXPAYER_KINDS })
      .notNull()
      .default('persona_juridica'),
    /**
     * Bank accounts and other ways to pay (issue 18, decision 106), validated on write by
     * UpdatePaymentInstructionsRequestSchema; read and written whole, so one jsonb value.
     */
    paymentInstructions: jsonb('payment_instructions')
      .$type<PaymentInstructions>()
      .notNull()
      .default({ bankAccounts: [], otherMethods: null }),
    /** Automatic payment reminders: days from the due date (decision 111); empty = off. */
    reminderOffsets: jsonb('reminder_offsets').$type<number[]>().notNull().default([]),
    /**
     * Working hours per weekday (decision 145), validated on write by
     * UpdateBusinessHoursRequestSchema; read and written whole, so one jsonb value.
     */
    businessHours: jsonb('business_hours').$type<BusinessHours>().notNull().default(DEFAULT_BUSINESS_HOURS),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('company_settings_singleton', sql`${t.id} = 1`),
    check('company_settings_tax_range', sql`${t.taxRate} between 0 and 100`),
  ],
);
