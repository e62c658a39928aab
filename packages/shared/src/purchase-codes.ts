import { z } from 'zod';
import { AGENCY_PURCHASE_DOCUMENT_TYPES } from './fiscal.js';

/*
 * Suppliers and purchases (compras y gastos; decision 140). A purchase is what the DGII's 606
 * ("Formato de Envío de Compras de Bienes y Servicios", Norma General 07-2018) reports line by
 * line: supplier RNC/cédula, expense type, NCF, issue and payment dates, services and goods
 * amounts, ITBIS invoiced / withheld / taken to cost, ISR withholding type and amount, payment
 * form. Codes and their order follow the 606 format and indexa-git/l10n-dominicana
 * (`dgii_reports/models/dgii_report.py` `process_606_report_data`, `account_invoice.py`
 * `_compute_isr_withholding_type`, `_compute_in_invoice_payment_form`, and the `expense_type`
 * selection of its fiscal types).
 */

/** 606 field 3, "Tipo de Bienes y Servicios Comprados" (codes 01–11). */
export const EXPENSE_TYPES = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11'] as const;
export const ExpenseTypeSchema = z.enum(EXPENSE_TYPES, { error: 'Tipo de gasto inválido (01–11)' });
export type ExpenseType = z.infer<typeof ExpenseTypeSchema>;
/** The DGII names of {@link EXPENSE_TYPES} (606 instructions; l10n-dominicana `expense_type`). */
export const EXPENSE_TYPE_LABELS: Record<ExpenseType, string> = {
  '01': 'Gastos de personal',
  '02': 'Gastos por trabajos, suministros y servicios',
  '03': 'Arrendamientos',
  '04': 'Gastos de activos fijos',
  '05': 'Gastos de representación',
  '06': 'Otras deducciones admitidas',
  '07': 'Gastos financieros',
  '08': 'Gastos extraordinarios',
  '09': 'Compras y gastos que forman parte del costo de venta',
  '10': 'Adquisiciones de activos',
  '11': 'Gastos de seguros',
};

/** 606 field 17, "Tipo de Retención en ISR" (codes 01–08). */
export const ISR_WITHHOLDING_TYPES = ['01', '02', '03', '04', '05', '06', '07', '08'] as const;
export const IsrWithholdingTypeSchema = z.enum(ISR_WITHHOLDING_TYPES, {
  error: 'Tipo de retención de ISR inválido (01–08)',
});
export type IsrWithholdingType = z.infer<typeof IsrWithholdingTypeSchema>;
/** The DGII names of {@link ISR_WITHHOLDING_TYPES} (606 instructions; l10n-dominicana). */
export const ISR_WITHHOLDING_TYPE_LABELS: Record<IsrWithholdingType, string> = {
  '01': 'Alquileres',
  '02': 'Honorarios por servicios independientes',
  '03': 'Otras rentas',
  '04': 'Otras rentas (rentas presuntas)',
  '05': 'Intereses pagados a personas jurídicas residentes',
  '06': 'Intereses pagados a personas físicas residentes',
  '07': 'Retención por proveedores del Estado',
  '08': 'Juegos telefónicos de venta de premios',
};

/** 606 field 23, "Forma de Pago" (codes 01–07). */
export const PURCHASE_PAYMENT_METHODS = ['01', '02', '03', '04', '05', '06', '07'] as const;
export const PurchasePaymentMethodSchema = z.enum(PURCHASE_PAYMENT_METHODS, {
  error: 'Forma de pago inválida (01–07)',
});
export type PurchasePaymentMethod = z.infer<typeof PurchasePaymentMethodSchema>;
/** The DGII names of {@link PURCHASE_PAYMENT_METHODS} (606 instructions; l10n-dominicana). */
export const PURCHASE_PAYMENT_METHOD_LABELS: Record<PurchasePaymentMethod, string> = {
  '01': 'Efectivo',
  '02': 'Cheques / transferencias / depósito',
  '03': 'Tarjeta crédito / débito',
  '04': 'Compra a crédito',
  '05': 'Permuta',
  '06': 'Notas de crédito',
  '07': 'Mixto',
};

/**
 * Types a supplier's own comprobante may carry when the agency buys from it (Norma General
 * 06-2018 and 05-2019; e-CF Norma 05-2019 / Ley 32-23): crédito fiscal, consumo, regímenes
 * especiales, gubernamental, paper and electronic. The NCF's prefix must match the type.
 */
export const SUPPLIER_NCF_TYPES = ['B01', 'B02', 'B14', 'B15', 'E31', 'E32', 'E44', 'E45'] as const;
export type SupplierNcfType = (typeof SUPPLIER_NCF_TYPES)[number];

export type AgencyPurchaseDocumentType = (typeof AGENCY_PURCHASE_DOCUMENT_TYPES)[number];

/** Every document type a purchase may carry: the supplier's NCF or one the agency issues. */
export const PURCHASE_DOCUMENT_TYPES = [...SUPPLIER_NCF_TYPES, ...AGENCY_PURCHASE_DOCUMENT_TYPES] as const;
export const PurchaseDocumentTypeSchema = z.enum(PURCHASE_DOCUMENT_TYPES, {
  error: 'Tipo de comprobante inválido para una compra',
});
export type PurchaseDocumentType = z.infer<typeof PurchaseDocumentTypeSchema>;

/** True for B11/B13/B17/E41/E43/E47: the agency numbers the document from its own range. */
export const isAgencyPurchaseType = (t: string): t is AgencyPurchaseDocumentType =>
  (AGENCY_PURCHASE_DOCUMENT_TYPES as readonly string[]).includes(t);

/**
 * The agency-issued type for a purchase kind in the agency's fiscal mode: compras B11/E41,
 * gastos menores B13/E43, pagos al exterior B17/E47 (Norma General 05-2019; e-CF 41/43/47).
 */
export function agencyPurchaseTypeFor(
  kind: 'compras' | 'gastos_menores' | 'exterior',
  mode: 'paper' | 'electronic',
): AgencyPurchaseDocumentType {
  const pair = { compras: ['B11', 'E41'], gastos_menores: ['B13', 'E43'], exterior: ['B17', 'E47'] } as const;
  return pair[kind][mode === 'electronic' ? 1 : 0];
}

/** Supplier NCF: the 11/13-character shape whose prefix is `type` (stdnum `do/ncf.py` shapes). */
export function isSupplierNcfOfType(ncf: string, type: SupplierNcfType): boolean {
  const v = ncf.replace(/\s/g, '').toUpperCase();
  return type.startsWith('E')
    ? new RegExp(`^${type}\\d{10}$`).test(v)
    : new RegExp(`^${type}\\d{8}$`).test(v);
}

/** Currencies a purchase may be recorded in; USD converts with the day's rate (decision 137). */
export const PURCHASE_CURRENCIES = ['DOP', 'USD'] as const;
export type PurchaseCurrency = (typeof PURCHASE_CURRENCIES)[number];

/** A received e-CF becomes a `draft` purchase to complete; a typed or completed one is `recorded`. */
export const EXPENSE_STATUSES = ['draft', 'recorded'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = {
  draft: 'Por completar',
  recorded: 'Registrado',
};
