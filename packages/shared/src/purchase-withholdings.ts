import type { AgencyTaxpayerKind } from './fiscal.js';
import { percentOfCents } from './money.js';
import type { IsrWithholdingType, PurchaseDocumentType } from './purchase-codes.js';
import type { SupplierTaxpayerType } from './suppliers.js';

/*
 * The withholdings the agency applies to a purchase by default (606 fields 14–17): ITBIS and ISR
 * withheld, by document type, supplier and agency kind (decision 140).
 */

/** ISR withheld on payments abroad: 27 % (Código Tributario art. 305, as amended by Ley 253-12 art. 5). */
export const FOREIGN_PAYMENT_ISR_PERCENT = 27;
/** ISR withheld on professional services of individuals: 10 % (Código Tributario art. 309). */
export const INDIVIDUAL_SERVICES_ISR_PERCENT = 10;

/**
 * Withholding defaults the purchase form pre-fills and the API applies when the request leaves
 * them out (amounts in centavos of the document's currency); the user may change them.
 * - B11/E41 (compras to an informal supplier): 100 % of the ITBIS (Norma General 05-2019, which
 *   raised Norma 08-2010's 75 %) and 10 % ISR of the services, type 02 (Código Tributario art.
 *   309; DGII: services of individuals). Goods carry no ISR default.
 * - B17/E47 (pagos al exterior): 27 % ISR of the amount paid, type 03 "otras rentas" (Código
 *   Tributario art. 305, Ley 253-12 art. 5).
 * - A persona física's services billed to an agency that is a persona jurídica: 100 % of the
 *   ITBIS (Reglamento 293-11 del ITBIS art. 25) and 10 % ISR, type 02 (Código Tributario art. 309).
 * - B13/E43 and everything else: none.
 */
export function defaultPurchaseWithholdings(input: {
  documentType: PurchaseDocumentType;
  supplierTaxpayerType: SupplierTaxpayerType;
  agencyKind: AgencyTaxpayerKind;
  goodsCents: number;
  servicesCents: number;
  itbisCents: number;
}): { itbisWithheldCents: number; isrWithheldCents: number; isrWithholdingType: IsrWithholdingType | null } {
  const t = input.documentType;
  if (t === 'B11' || t === 'E41')
    return {
      itbisWithheldCents: input.itbisCents,
      isrWithheldCents: percentOfCents(input.servicesCents, INDIVIDUAL_SERVICES_ISR_PERCENT),
      isrWithholdingType: input.servicesCents > 0 ? '02' : null,
    };
  if (t === 'B17' || t === 'E47')
    return {
      itbisWithheldCents: 0,
      isrWithheldCents: percentOfCents(input.goodsCents + input.servicesCents, FOREIGN_PAYMENT_ISR_PERCENT),
      isrWithholdingType: '03',
    };
  if (
    input.supplierTaxpayerType === 'persona_fisica' &&
    input.agencyKind === 'persona_juridica' &&
    input.servicesCents > 0 &&
    !(t === 'B13' || t === 'E43')
  )
    return {
      itbisWithheldCents: input.itbisCents,
      isrWithheldCents: percentOfCents(input.servicesCents, INDIVIDUAL_SERVICES_ISR_PERCENT),
      isrWithholdingType: '02',
    };
  return { itbisWithheldCents: 0, isrWithheldCents: 0, isrWithholdingType: null };
}
