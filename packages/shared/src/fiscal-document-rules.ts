import type { FiscalDocumentType, TaxpayerType } from './fiscal.js';

/*
 * Which document type may go to whom and what it prints (issue 27, decision 131): rules the DGII's
 * norms and e-CF formats give per document type.
 */

/**
 * Document types whose printed representation carries the range's expiry ("Válido hasta"). The
 * e-CF formats say it: `FechaVencimientoSecuencia` is in the XSDs of e-CF 31, 33, 41, 43, 44, 45,
 * 46 and 47, and absent from 32 (consumo) and 34 (nota de crédito) (DGII, "Formato Comprobante
 * Fiscal Electrónico (e-CF) v1.0", ECF-32.xsd and ECF-34.xsd; ../shared/dgii-xsd). Their paper
 * counterparts B02 and B04 print none either (issue 27, point 9).
 */
export function printsSequenceExpiry(type: FiscalDocumentType | null): boolean {
  return type !== null && !['B02', 'B04', 'E32', 'E34'].includes(type);
}

/**
 * The buyer profile a document type is for, when it is for one only (issue 27, point 7): B14/E44
 * to a buyer under a régimen especial, B15/E45 to a government body, B16/E46 to a buyer abroad
 * (DGII, Norma General 06-2018 sobre Comprobantes Fiscales, tipos 14, 15 y 16; e-CF 44, 45 and 46
 * in "Formato Comprobante Fiscal Electrónico (e-CF) v1.0"). Null: any buyer (B01/E31 still need the
 * buyer's RNC, `requiresBuyerId`).
 */
export function buyerProfileOf(type: FiscalDocumentType): TaxpayerType | null {
  switch (type) {
    case 'B14':
    case 'E44':
      return 'regimen_especial';
    case 'B15':
    case 'E45':
      return 'gubernamental';
    case 'B16':
    case 'E46':
      return 'extranjero';
    default:
      return null;
  }
}

/**
 * True when a document of `type` may go to a buyer with fiscal profile `profile`
 * ({@link buyerProfileOf}): types for one profile only to that profile, the rest to anyone, and a
 * profile that takes only some types ({@link typesOnlyFor}) only those.
 */
export const typeFitsBuyer = (type: FiscalDocumentType, profile: TaxpayerType): boolean => {
  const only = buyerProfileOf(type);
  const allowed = typesOnlyFor(profile);
  return (only === null || only === profile) && (allowed === null || allowed.includes(type));
};

/**
 * Export documents (B16/E46) carry no ITBIS: exports of goods and services are taxed at a zero
 * rate (Código Tributario, Ley 11-92, art. 343).
 */
export const isExportType = (type: FiscalDocumentType): boolean => type === 'B16' || type === 'E46';

/**
 * The only invoice types a buyer profile may receive, when it is restricted (issue 42, point 8):
 * sales to the State take the comprobante gubernamental, B15 or E45 — the DGII's type 15 is the
 * comprobante for the sales of goods and services to the government's bodies (Norma General
 * 06-2018, tipo 15; DGII, *Guía Informativa sobre Comprobantes Fiscales*, 2018, as read for
 * decision 138), so an E31/B01 or a consumo document to a government client is refused. Null: the
 * profile may take any type its own rules allow ({@link buyerProfileOf}).
 */
export function typesOnlyFor(profile: TaxpayerType): readonly FiscalDocumentType[] | null {
  return profile === 'gubernamental' ? ['B15', 'E45'] : null;
}
