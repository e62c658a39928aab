import { z } from 'zod';
import { TaxpayerTypeSchema } from './fiscal.js';

/*
 * The fiscal snapshot of an issued document (issue 27, decision 132): the buyer's and the issuer's
 * fiscal data as they were when the invoice or credit note took its NCF. A comprobante fiscal is
 * what was issued — the DGII reads the buyer's RNC/cédula of each NCF in the 607 (Norma General
 * 07-2018) and the e-CF carries RNCComprador and RazonSocialComprador (e-CF format v1.0) — so the
 * PDF, the client's view, the 607 and the e-CF read the snapshot, never the client's record as it
 * is today.
 */

/** DGII id type of the buyer: 1 RNC, 2 cédula, 3 other (see `buyerIdType`). */
export const BuyerIdTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** The buyer as issued. */
export const FiscalBuyerSnapshotSchema = z.object({
  /** Company name, else the person's full name: the name printed under "CLIENTE". */
  name: z.string(),
  /** The contact person when the buyer is a company (has a company name); null otherwise. */
  person: z.string().nullable(),
  /** RNC (9 digits) or cédula (11 digits), digits only; null when the client had none. */
  taxId: z.string().nullable(),
  /** DGII id type of `taxId` (`buyerIdType`): 1 RNC, 2 cédula, 3 other; null without taxId. */
  taxIdType: BuyerIdTypeSchema.nullable(),
  /** Street, city, province and country on one line (`addressLine`); null when none was recorded. */
  address: z.string().nullable(),
  /**
   * A foreign buyer's passport or foreign tax id (issue 42), letters and digits: the e-CF's
   * IdentificadorExtranjero and the 607's id type 3. Absent from snapshots taken before it existed.
   */
  foreignTaxId: z.string().nullable().optional(),
  /** The client's fiscal profile when the document was issued. */
  taxpayerType: TaxpayerTypeSchema,
  email: z.string(),
});
export type FiscalBuyerSnapshot = z.infer<typeof FiscalBuyerSnapshotSchema>;

/** The agency as issuer, from the company settings (Configuración → Empresa). */
export const FiscalIssuerSnapshotSchema = z.object({
  name: z.string(),
  /** The agency's RNC (digits); null when the settings had none. */
  taxId: z.string().nullable(),
  /** Street, city, province and country on one line (`addressLine`); null when none. */
  address: z.string().nullable(),
});
export type FiscalIssuerSnapshot = z.infer<typeof FiscalIssuerSnapshotSchema>;

/**
 * `fiscalSnapshot` of an invoice or credit note: buyer and issuer frozen when the document was
 * issued (decision 132). Null on drafts; documents issued before the snapshot existed were filled
 * by migration 0013 from the client and settings of that day.
 */
export const FiscalSnapshotSchema = z.object({
  buyer: FiscalBuyerSnapshotSchema,
  issuer: FiscalIssuerSnapshotSchema,
});
export type FiscalSnapshot = z.infer<typeof FiscalSnapshotSchema>;

/**
 * An address's parts (street, city, province, country) as one line: trimmed, empty parts left out,
 * joined with ", "; null when nothing is left. Migration 0013 writes the same with `concat_ws`.
 */
export function addressLine(parts: ReadonlyArray<string | null | undefined>): string | null {
  return (
    parts
      .map((p) => p?.trim())
      .filter(Boolean)
      .join(', ') || null
  );
}

/**
 * The printed buyer name and contact person of a client: the company name with the person as
 * contact, or the person alone (what the PDF has always printed under "CLIENTE"; an empty company
 * name counts as none).
 */
export function buyerNames(client: { companyName: string | null; firstName: string; lastName: string }): {
  name: string;
  person: string | null;
} {
  const person = `${client.firstName} ${client.lastName}`.trim();
  return { name: client.companyName || person, person: client.companyName ? person : null };
}

/** The buyer block of a document: name, contact person, RNC/cédula digits and e-mail. */
export interface DocumentBuyer {
  name: string;
  person: string | null;
  taxId: string | null;
  email: string;
}

/**
 * The buyer of an invoice or credit note as it must be shown: the snapshot's when the document was
 * issued, else (a draft) the client's current record. Used by the PDFs, the share page and the
 * invoice screen, so none of them can show an issued document with today's client data.
 */
export function documentBuyer(doc: {
  fiscalSnapshot: FiscalSnapshot | null;
  client: {
    firstName: string;
    lastName: string;
    email: string;
    company: string | null;
    companyRUC: string | null;
  };
}): DocumentBuyer {
  const b = doc.fiscalSnapshot?.buyer;
  if (b) return { name: b.name, person: b.person, taxId: b.taxId, email: b.email };
  const c = doc.client;
  return { ...buyerNames({ ...c, companyName: c.company }), taxId: c.companyRUC, email: c.email };
}
