import {
  type AgencyTaxpayerKind,
  agencyPurchaseTypeFor,
  defaultPurchaseWithholdings,
  EXPENSE_TYPE_LABELS,
  EXPENSE_TYPES,
  type FiscalDocumentType,
  fiscalDocumentTypeLabel,
  fromCents,
  ISR_WITHHOLDING_TYPE_LABELS,
  ISR_WITHHOLDING_TYPES,
  isAgencyPurchaseType,
  PURCHASE_PAYMENT_METHOD_LABELS,
  PURCHASE_PAYMENT_METHODS,
  type PurchaseDocumentType,
  SUPPLIER_NCF_TYPES,
  type SupplierTaxpayerType,
  toCents,
} from '@agencia/shared';

/** A number input's value as a number ('' and junk → 0). */
export const num = (v: number | string): number => {
  const n = typeof v === 'number' ? v : Number(String(v).replace(/,/g, ''));
  return Number.isFinite(n) ? n : 0;
};

/** `01 · Gastos de personal`: the 606 code and the DGII name (selects). */
export const EXPENSE_TYPE_OPTIONS = EXPENSE_TYPES.map((t) => ({
  value: t,
  label: `${t} · ${EXPENSE_TYPE_LABELS[t]}`,
}));
export const ISR_TYPE_OPTIONS = ISR_WITHHOLDING_TYPES.map((t) => ({
  value: t,
  label: `${t} · ${ISR_WITHHOLDING_TYPE_LABELS[t]}`,
}));
export const PAYMENT_METHOD_OPTIONS = PURCHASE_PAYMENT_METHODS.map((t) => ({
  value: t,
  label: `${t} · ${PURCHASE_PAYMENT_METHOD_LABELS[t]}`,
}));

/** What the agency issues for a purchase, by kind, in its fiscal mode (B11/E41, B13/E43, B17/E47). */
const AGENCY_KINDS = [
  { kind: 'compras', hint: 'proveedor informal sin RNC' },
  { kind: 'gastos_menores', hint: 'gastos menores' },
  { kind: 'exterior', hint: 'proveedor del exterior' },
] as const;

/**
 * The document-type select, grouped: the supplier's own comprobante (it has an NCF the user
 * types) and, for admins, the ones the agency issues and numbers itself (Norma General 05-2019).
 */
export function documentTypeOptions(mode: 'paper' | 'electronic', canIssue: boolean) {
  const supplier = {
    group: 'Comprobante del suplidor',
    items: SUPPLIER_NCF_TYPES.map((t) => ({ value: t, label: fiscalDocumentTypeLabel(t) })),
  };
  if (!canIssue) return [supplier];
  return [
    supplier,
    {
      group: 'Emitido por la agencia (NCF automático)',
      items: AGENCY_KINDS.map(({ kind }) => {
        const t = agencyPurchaseTypeFor(kind, mode);
        return { value: t, label: fiscalDocumentTypeLabel(t as FiscalDocumentType) };
      }),
    },
  ];
}

/**
 * The one-line hint shown under an agency-issued type in the select's list ("proveedor informal
 * sin RNC" under B11/E41…), or null. Kept out of the option's label so the chosen value fits a
 * half-width field on a phone (issue 44 point 12).
 */
export function documentTypeHint(value: string, mode: 'paper' | 'electronic'): string | null {
  return AGENCY_KINDS.find(({ kind }) => agencyPurchaseTypeFor(kind, mode) === value)?.hint ?? null;
}

/** Amounts of the form in pesos (or dollars) as typed. */
export interface AmountValues {
  goodsAmount: number | string;
  servicesAmount: number | string;
  itbis: number | string;
  itbisWithheld: number | string;
  isrWithheld: number | string;
}

/**
 * The purchase's live totals in centavos of its currency: total = goods + services + ITBIS
 * (606 fields 14–15 and 16), withheld = ITBIS withheld + ISR withheld, and what is paid to the
 * supplier = total − withheld.
 */
export function expenseTotals(v: AmountValues) {
  const goods = toCents(num(v.goodsAmount));
  const services = toCents(num(v.servicesAmount));
  const itbis = toCents(num(v.itbis));
  const withheld = toCents(num(v.itbisWithheld)) + toCents(num(v.isrWithheld));
  const total = goods + services + itbis;
  return { goods, services, itbis, total, withheld, payable: total - withheld };
}

/** The withholdings the form pre-fills, in pesos, and the sentence that says why (or null: none). */
export function suggestedWithholdings(input: {
  documentType: PurchaseDocumentType;
  supplierTaxpayerType: SupplierTaxpayerType;
  agencyKind: AgencyTaxpayerKind;
  goodsAmount: number | string;
  servicesAmount: number | string;
  itbis: number | string;
}) {
  const d = defaultPurchaseWithholdings({
    documentType: input.documentType,
    supplierTaxpayerType: input.supplierTaxpayerType,
    agencyKind: input.agencyKind,
    goodsCents: toCents(num(input.goodsAmount)),
    servicesCents: toCents(num(input.servicesAmount)),
    itbisCents: toCents(num(input.itbis)),
  });
  const t = input.documentType;
  const reason =
    t === 'B11' || t === 'E41'
      ? 'Comprobante de compras: se retiene el 100 % del ITBIS y el 10 % de ISR de los servicios (Norma General 05-2019).'
      : t === 'B17' || t === 'E47'
        ? 'Pago al exterior: se retiene el 27 % de ISR (Código Tributario, art. 305).'
        : d.itbisWithheldCents > 0 || d.isrWithheldCents > 0
          ? 'Servicios de una persona física: se retiene el 100 % del ITBIS y el 10 % de ISR (Reglamento 293-11, art. 25; Código Tributario, art. 309).'
          : null;
  return {
    itbisWithheld: fromCents(d.itbisWithheldCents),
    isrWithheld: fromCents(d.isrWithheldCents),
    isrWithholdingType: d.isrWithholdingType,
    reason,
  };
}

export { isAgencyPurchaseType };

/**
 * The comprobante a purchase from `supplierType` is normally on (decision 163): an informal
 * supplier without RNC → the agency's B11/E41 (compras), a foreign one → B17/E47 (exterior);
 * null for anyone else, who hands over their own NCF. Minor expenses without a supplier's NCF
 * (B13/E43) are said in the select's description: no supplier type tells them apart.
 */
export function suggestedDocumentType(
  supplierType: SupplierTaxpayerType,
  mode: 'paper' | 'electronic',
): PurchaseDocumentType | null {
  if (supplierType === 'informal') return agencyPurchaseTypeFor('compras', mode);
  if (supplierType === 'extranjero') return agencyPurchaseTypeFor('exterior', mode);
  return null;
}
