import { addressLine, buyerIdType, buyerNames, type FiscalSnapshot } from '@agencia/shared';
import type { clients } from '../../db/schema/index.js';
import type { CompanySettingsRow } from '../settings/settings.service.js';

/** The client columns a snapshot reads. */
export type SnapshotClient = Pick<
  typeof clients.$inferSelect,
  | 'companyName'
  | 'firstName'
  | 'lastName'
  | 'companyRnc'
  | 'street'
  | 'city'
  | 'state'
  | 'country'
  | 'taxpayerType'
  | 'email'
> & { foreignTaxId?: string | null };

/** The company settings a snapshot reads. */
export type SnapshotSettings = Pick<
  CompanySettingsRow,
  'name' | 'taxId' | 'address' | 'city' | 'state' | 'country'
>;

/**
 * The fiscal snapshot of a document issued now (decision 132): the buyer from the client row (name
 * by {@link buyerNames}, RNC/cédula digits and their DGII type by `buyerIdType`, a foreign buyer's
 * passport or foreign tax id when it has one (issue 42), address by `addressLine`, fiscal profile, e-mail) and the issuer from the company settings (name, RNC,
 * address). Pure; migration 0013 writes the same value in SQL for documents issued before it.
 */
export function buildFiscalSnapshot(client: SnapshotClient, settings: SnapshotSettings): FiscalSnapshot {
  const taxId = client.companyRnc || null;
  return {
    buyer: {
      ...buyerNames(client),
      taxId,
      taxIdType: buyerIdType(taxId),
      address: addressLine([client.street, client.city, client.state, client.country]),
      // Only when set, so a snapshot equals the one migration 0013 wrote for the same client.
      ...(client.foreignTaxId ? { foreignTaxId: client.foreignTaxId } : {}),
      taxpayerType: client.taxpayerType,
      email: client.email,
    },
    issuer: {
      name: settings.name,
      taxId: settings.taxId || null,
      address: addressLine([settings.address, settings.city, settings.state, settings.country]),
    },
  };
}

/**
 * The company settings as an issued document prints them: the snapshot's issuer name, RNC and
 * address (one line) over today's settings; the logo, colours, phone, e-mail and website stay
 * current (they are not fiscal data). Without a snapshot (a draft) the settings as they are.
 */
export function settingsAsIssued(
  settings: CompanySettingsRow,
  snapshot: FiscalSnapshot | null,
): CompanySettingsRow {
  if (!snapshot) return settings;
  const { issuer } = snapshot;
  return {
    ...settings,
    name: issuer.name,
    taxId: issuer.taxId,
    address: issuer.address,
    city: null,
    state: null,
    country: '',
  };
}

/**
 * The fiscal snapshot of a credit or debit note issued now (issue 42, point 4): the buyer is the
 * one of the invoice it modifies, as that invoice was issued — a note reverses or extends the
 * operation of the modified NCF and may only go to the same buyer ("sólo podrán ser emitidas al
 * mismo adquiriente o usuario para modificar comprobantes emitidos con anterioridad", Norma
 * General 06-2018, tipos 03 y 04) — so a client's later change of RNC or name never moves the
 * note to another taxpayer. The issuer is the agency as it is today. An invoice without a snapshot
 * (none is left after migration 0013) falls back to the client as it is.
 */
export function noteFiscalSnapshot(
  invoiceSnapshot: FiscalSnapshot | null,
  client: SnapshotClient,
  settings: SnapshotSettings,
): FiscalSnapshot {
  const now = buildFiscalSnapshot(client, settings);
  return invoiceSnapshot ? { buyer: invoiceSnapshot.buyer, issuer: now.issuer } : now;
}

/**
 * The buyer id a note is checked with (`assertBuyerId`): its invoice's frozen RNC/cédula, with the
 * client's override reason (staff accepted a failing check digit when the invoice was issued).
 */
export function noteBuyerId(
  invoiceSnapshot: FiscalSnapshot | null,
  client: { companyRnc: string | null; taxIdOverrideReason: string | null; foreignTaxId: string | null },
): { companyRnc: string | null; taxIdOverrideReason: string | null; foreignTaxId: string | null } {
  return invoiceSnapshot
    ? {
        companyRnc: invoiceSnapshot.buyer.taxId,
        taxIdOverrideReason: client.taxIdOverrideReason,
        foreignTaxId: invoiceSnapshot.buyer.foreignTaxId ?? null,
      }
    : client;
}
