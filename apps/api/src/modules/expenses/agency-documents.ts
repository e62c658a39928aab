import {
  type AgencyPurchaseDocumentType,
  agencyPurchaseTypeFor,
  businessToday,
  toCents,
  type UpdateExpenseRequestSchema,
} from '@agencia/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { type ExpenseRow, ncfVoids, type SupplierRow } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { recordEcfAnnulment, withdrawExpenseEcf } from '../ecf/ecf-runtime.js';
import { getCompanySettings } from '../settings/settings.service.js';

/*
 * Documents the agency numbers itself for a purchase (decision 140): B11/B13/B17 on paper,
 * E41/E43/E47 in electronic mode (Norma General 05-2019; e-CF 41/43/47). Who they may be issued
 * to, what may change once signed, and what deleting one leaves behind (608 annulment, ANECF).
 */

/**
 * The agency's type for the requested one in its fiscal mode: B11 ↔ E41 (compras), B13 ↔ E43
 * (gastos menores), B17 ↔ E47 (pagos al exterior), whichever of the pair was asked for.
 */
export function agencyDocumentTypeFor(
  requested: AgencyPurchaseDocumentType,
  mode: 'paper' | 'electronic',
): AgencyPurchaseDocumentType {
  const kind =
    requested.endsWith('11') || requested.endsWith('41')
      ? 'compras'
      : requested.endsWith('13') || requested.endsWith('43')
        ? 'gastos_menores'
        : 'exterior';
  return agencyPurchaseTypeFor(kind, mode);
}

/**
 * Who the agency may issue an agency document for (Norma General 05-2019): B11/E41 only to a
 * supplier not registered with an RNC (an informal person, by cédula or without id); B17/E47 only
 * to a foreign supplier. 400 on `documentType` otherwise.
 */
export function checkAgencyDocumentSupplier(type: AgencyPurchaseDocumentType, supplier: SupplierRow): void {
  let message: string | null = null;
  if (
    (type === 'B11' || type === 'E41') &&
    (supplier.taxIdType === 'rnc' || supplier.taxpayerType === 'extranjero')
  )
    message = 'El comprobante de compras (B11/E41) es para proveedores informales, no registrados con RNC';
  if ((type === 'B17' || type === 'E47') && supplier.taxpayerType !== 'extranjero')
    message = 'El comprobante de pagos al exterior (B17/E47) es para proveedores del exterior';
  if (message) throw badRequest(message, [{ field: 'documentType', message }]);
}

/**
 * Whether an update touches what the signed e-CF of an agency document states (supplier, dates,
 * currency, amounts, withholdings, description, payment form: see `signExpenseEcf`). Fields sent
 * with their current value are no change.
 */
function signedFieldsChange(cur: ExpenseRow, input: z.output<typeof UpdateExpenseRequestSchema>): boolean {
  const money = (v: number | undefined, cents: number) => v !== undefined && toCents(v) !== cents;
  const same = <T>(v: T | undefined, current: T) => v === undefined || v === current;
  return (
    !same(input.supplierId, cur.supplierId) ||
    !same(input.issueDate, cur.issueDate) ||
    !same(input.paymentDate, cur.paymentDate) ||
    !same(input.currency, cur.currency) ||
    !same(input.description, cur.description) ||
    !same(input.paymentMethod, cur.paymentMethod) ||
    money(input.goodsAmount, cur.goodsCents) ||
    money(input.servicesAmount, cur.servicesCents) ||
    money(input.itbis, cur.itbisCents) ||
    money(input.itbisWithheld, cur.itbisWithheldCents) ||
    money(input.isrWithheld, cur.isrWithheldCents)
  );
}

/**
 * 409 when an update would change what an agency document may not: its type or number, or — once
 * its e-CF is signed (direct mode) — anything the signed document states.
 */
export function assertAgencyDocumentKept(
  cur: ExpenseRow,
  input: z.output<typeof UpdateExpenseRequestSchema>,
): void {
  if ((input.documentType && input.documentType !== cur.documentType) || (input.ncf && input.ncf !== cur.ncf))
    throw conflict('El tipo y el número de un comprobante emitido por la agencia no se pueden cambiar.');
  if (cur.ecfStatus !== null && signedFieldsChange(cur, input))
    throw conflict(
      'El e-CF de este comprobante ya está firmado: su proveedor, fecha, moneda, montos, retenciones, descripción y forma de pago no se pueden cambiar. Elimínalo y regístralo de nuevo.',
    );
}

/**
 * The number of a deleted agency document is not reused: it is recorded as annulled (608, type 04
 * "Corrección de la información"); a signed e-CF leaves the outbox (409 once the DGII has it,
 * `withdrawExpenseEcf`) and an ANECF is queued for the unused e-NCF (decision 136). Runs in the
 * deletion's transaction.
 */
export async function annulAgencyDocument(tx: Tx, e: ExpenseRow, actorId: string): Promise<void> {
  await withdrawExpenseEcf(tx, e.id);
  await tx.insert(ncfVoids).values({
    sequenceId: e.sequenceId,
    documentType: e.documentType,
    ncf: e.ncf,
    annulmentType: '04',
    reason: 'Gasto eliminado',
    voidedOn: businessToday(),
    createdBy: actorId,
  });
  // Also a number taken before direct mode was switched on: never sent, so unused for the DGII.
  await recordEcfAnnulment(tx, {
    documentType: e.documentType,
    ncfs: [e.ncf],
    issuerRnc: (await getCompanySettings(tx)).taxId || null,
    actorId,
  });
}
