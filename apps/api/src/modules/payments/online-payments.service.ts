import {
  AZUL_AUTH_KEY_REQUIRED,
  type OnlinePaymentSettings,
  type UpdateOnlinePaymentSettingsRequestSchema,
} from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { onlinePaymentSettings } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { badRequest } from '../../lib/errors.js';
import { openSealed, seal } from '../../lib/sealed.js';
import { AZUL_PAYMENT_PAGE_URLS, type AzulMerchant } from './azul-payment-page.js';

type Row = typeof onlinePaymentSettings.$inferSelect;

async function row(db: Db | Tx): Promise<Row> {
  const [found] = await db
    .select()
    .from(onlinePaymentSettings)
    .where(eq(onlinePaymentSettings.id, 1))
    .limit(1);
  if (found) return found;
  // Migration 0021 inserts the row; a database restored from before it gets it here.
  const [created] = await db
    .insert(onlinePaymentSettings)
    .values({ id: 1 })
    .onConflictDoNothing()
    .returning();
  return created ?? (await row(db));
}

function toDto(r: Row): OnlinePaymentSettings {
  return {
    azul: {
      enabled: r.azulEnabled,
      environment: r.azulEnvironment,
      merchantId: r.azulMerchantId,
      merchantName: r.azulMerchantName,
      merchantType: r.azulMerchantType,
      hasAuthKey: r.azulAuthKeySealed !== null,
      currencies: r.azulCurrencies,
    },
  };
}

/** `GET /settings/online-payments` (admin): the Azul set-up without its key (`hasAuthKey`). */
export async function getOnlinePaymentSettings(db: Db | Tx): Promise<OnlinePaymentSettings> {
  return toDto(await row(db));
}

/**
 * `PUT /settings/online-payments` (admin): saves the Azul set-up. A given `authKey` is sealed
 * under `key` (`lib/sealed.ts`); omitted, the stored one stays. Enabling without any key → 400
 * on `azul.authKey`. Audited (`settings.online_payments_updated`, without the key).
 */
export async function updateOnlinePaymentSettings(opts: {
  db: Db;
  ctx: AuditContext;
  key: Buffer;
  input: z.output<typeof UpdateOnlinePaymentSettingsRequestSchema>;
}): Promise<OnlinePaymentSettings> {
  const { db, ctx, key, input } = opts;
  const { azul } = input;
  return db.transaction(async (tx) => {
    const current = await row(tx);
    if (azul.enabled && !azul.authKey && current.azulAuthKeySealed === null)
      throw badRequest(AZUL_AUTH_KEY_REQUIRED, [{ field: 'azul.authKey', message: AZUL_AUTH_KEY_REQUIRED }]);
    const [saved] = await tx
      .update(onlinePaymentSettings)
      .set({
        azulEnabled: azul.enabled,
        azulEnvironment: azul.environment,
        azulMerchantId: azul.merchantId,
        azulMerchantName: azul.merchantName,
        azulMerchantType: azul.merchantType,
        azulCurrencies: [...new Set(azul.currencies)],
        ...(azul.authKey ? { azulAuthKeySealed: seal(key, azul.authKey) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(onlinePaymentSettings.id, 1))
      .returning();
    await audit(
      tx,
      ctx,
      'settings.online_payments_updated',
      { type: 'settings', id: 'online-payments' },
      {
        enabled: azul.enabled,
        environment: azul.environment,
        authKeyChanged: Boolean(azul.authKey),
      },
    );
    return toDto(saved!);
  });
}

/** The usable Azul set-up: merchant with its opened key, currencies and Payment Page URL. */
export interface AzulSetup {
  merchant: AzulMerchant;
  currencies: string[];
  paymentPageUrl: string;
}

/**
 * The Azul set-up when card payments are on (enabled, with a key), else null. The Payment Page
 * URL is `override` (`AZUL_PAYMENT_PAGE_URL`) or the one of the chosen environment. Throws when
 * the sealed key cannot be opened (another `ECF_ENCRYPTION_KEY`).
 */
export async function azulSetup({
  db,
  key,
  override,
}: {
  db: Db | Tx;
  key: Buffer;
  override: string | null;
}): Promise<AzulSetup | null> {
  const r = await row(db);
  if (!r.azulEnabled || r.azulAuthKeySealed === null) return null;
  return {
    merchant: {
      merchantId: r.azulMerchantId,
      merchantName: r.azulMerchantName,
      merchantType: r.azulMerchantType,
      authKey: openSealed(key, r.azulAuthKeySealed),
    },
    currencies: r.azulCurrencies,
    paymentPageUrl: override ?? AZUL_PAYMENT_PAGE_URLS[r.azulEnvironment],
  };
}

/**
 * The stored auth key even when card payments were turned off since (answers to attempts made
 * before still arrive), or null without one.
 */
export async function azulAuthKey({ db, key }: { db: Db | Tx; key: Buffer }): Promise<string | null> {
  const r = await row(db);
  return r.azulAuthKeySealed === null ? null : openSealed(key, r.azulAuthKeySealed);
}
