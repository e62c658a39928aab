import { type PurchaseDocumentType, SUPPLIER_NCF_TYPES } from '@agencia/shared';
import type { Tx } from '../../db/client.js';
import { expenses } from '../../db/schema/index.js';
import { supplierForTaxId } from './suppliers.service.js';

/**
 * A received e-CF becomes a purchase to complete (`draft`): its supplier found or created by the
 * issuer's RNC, its e-NCF and date, the amount before ITBIS as services and the ITBIS as invoiced
 * (the admin corrects goods/services, expense type and payment form when completing). Only
 * supplier types a purchase may carry (E31, E32, E44, E45); notes and others are skipped. Runs in
 * the receiver's transaction; a second arrival of the same e-NCF adds nothing.
 */
export async function draftFromReceivedEcf({
  tx,
  ecf,
}: {
  tx: Tx;
  ecf: {
    id: string;
    issuerRnc: string;
    issuerName: string;
    encf: string;
    issueDate: string;
    totalCents: number;
    taxCents: number;
  };
}): Promise<string | null> {
  const type = ecf.encf.slice(0, 3);
  if (!(SUPPLIER_NCF_TYPES as readonly string[]).includes(type)) return null;
  const supplier = await supplierForTaxId({ tx, taxId: ecf.issuerRnc, name: ecf.issuerName });
  const itbisCents = Math.min(Math.max(ecf.taxCents, 0), Math.max(ecf.totalCents, 0));
  const [row] = await tx
    .insert(expenses)
    .values({
      status: 'draft',
      supplierId: supplier.id,
      documentType: type as PurchaseDocumentType,
      ncf: ecf.encf,
      issueDate: ecf.issueDate,
      goodsCents: 0,
      servicesCents: Math.max(ecf.totalCents - itbisCents, 0),
      itbisCents,
      description: `e-CF ${ecf.encf} recibido de ${ecf.issuerName}`,
      ecfReceivedId: ecf.id,
    })
    .onConflictDoNothing()
    .returning({ id: expenses.id });
  return row?.id ?? null;
}
