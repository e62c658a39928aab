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
>;

/** The company settings a snapshot reads. */
export type SnapshotSettings = Pick<
  CompanySettingsRow,
  'name' | 'taxId' | 'address' | 'city' | 'state' | 'country'
>;

/**
 * The fiscal snapshot of a document issued now (decision 132): the buyer from the client row (name
 * by {@link buyerNames}, RNC/cédula digits and their DGII type by `buyerIdType`, address by
 * `addressLine`, fiscal profile, e-mail) and the issuer from the company settings (name, RNC,
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
