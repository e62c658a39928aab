/**
 * The product's own view of an electronic fiscal document (e-CF) before it becomes XML (issue 26).
 * The builder (`ecf-xml.ts`) turns it into the DGII's XML; the issuing code fills it from an
 * invoice or a credit note and its frozen fiscal snapshot (decision 132). Money is in centavos
 * (integers) and always in the document's own currency; dates are ISO `YYYY-MM-DD` business days
 * (America/Santo_Domingo).
 */

/**
 * The e-CF types the product issues (DGII technical report v1.0, "Tipos de e-CF"): sales documents
 * and notes, plus the purchase documents the agency issues itself (decision 140): E41 compras, E43
 * gastos menores, E47 pagos al exterior. In those three the agency is the Emisor; E41 names the
 * supplier in Comprador (RNCComprador), E47 may name the foreign supplier (IdentificadorExtranjero),
 * E43 has no Comprador (XSDs `e-CF 41/43/47 v.1.0.xsd`).
 */
export const ECF_TYPES = ['E31', 'E32', 'E33', 'E34', 'E41', 'E43', 'E44', 'E45', 'E46', 'E47'] as const;
export type EcfType = (typeof ECF_TYPES)[number];

/** One line item (DetallesItems/Item). `totalCents` = quantity × unit price, rounded half-up. */
export interface EcfLine {
  description: string;
  /** Up to 4 decimals; ≥ 1 in this product. */
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  /** Exempt of ITBIS (IndicadorFacturacion 4) instead of taxed at the document's rate (1 = 18 %). */
  taxExempt: boolean;
  /** IndicadorBienoServicio 1 (bien) instead of 2 (servicio, the default: the agency sells services). */
  goods?: boolean;
  /** E41: ITBIS the agency withholds on this line (Retencion/MontoITBISRetenido), centavos. */
  itbisWithheldCents?: number;
  /** E41/E47: ISR the agency withholds on this line (Retencion/MontoISRRetenido), centavos. */
  isrWithheldCents?: number;
}

/** The party data as frozen at issue (decision 132). */
export interface EcfIssuer {
  /** RNC (9 digits) or cédula (11 digits) of the agency. */
  rnc: string;
  name: string;
  address: string;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
}

/**
 * The Comprador. In E41 it is the informal supplier the agency buys from (its cédula as
 * RNCComprador); in E47 the foreign supplier paid abroad; E43 has none (ignored).
 */
export interface EcfBuyer {
  /** RNC/cédula digits; null for a consumidor final without id or a foreign buyer. */
  taxId: string | null;
  /** Foreign buyer's identifier (passport, foreign tax id) for E46/exports. */
  foreignId?: string | null;
  name: string;
  address?: string | null;
  email?: string | null;
}

/** The modified document of a note (InformacionReferencia), E33/E34. */
export interface EcfReference {
  /** NCF or e-NCF of the invoice the note modifies. */
  ncf: string;
  /** That invoice's issue date. */
  date: string;
  /** CodigoModificacion 1–5 (DGII technical report: 1 anula, 2 corrige texto, 3 corrige montos, 4 reemplazo por contingencia, 5 referencia factura consumo electrónica). */
  modificationCode: 1 | 2 | 3 | 4 | 5;
  reason?: string | null;
}

/** Everything an e-CF needs, already computed by the totals engine (decision 052). */
export interface EcfDocumentInput {
  type: EcfType;
  /** e-NCF: E + 2-digit type + 10-digit sequence. */
  encf: string;
  /** FechaVencimientoSecuencia: the range's expiry (not used by E32 and E34). */
  sequenceExpiresOn: string | null;
  issueDate: string;
  /** FechaLimitePago, for credit sales (TipoPago 2). */
  dueDate: string | null;
  /** Days between issue date and due date (TerminoPago text). */
  paymentTermDays: number | null;
  /** TipoPago: 1 contado, 2 crédito, 3 gratuito. */
  paymentType: 1 | 2 | 3;
  issuer: EcfIssuer;
  buyer: EcfBuyer;
  lines: EcfLine[];
  /** The DGII's TipoMoneda codes this product uses; EUR is refused by checkEcf for now. */
  currency: 'DOP' | 'USD' | 'EUR';
  /** DOP per unit of `currency` when it is not DOP (TipoCambio); null for DOP. */
  exchangeRate: number | null;
  totals: {
    subtotalCents: number;
    /** Global discount on the document (DescuentosORecargos). */
    discountCents: number;
    /** Exempt lines net of their share of the discount. */
    exemptCents: number;
    /** ITBIS base: subtotal − discount − exempt. */
    taxableBaseCents: number;
    /** Percent, 18 in this product. */
    taxRate: number;
    taxCents: number;
    totalCents: number;
    /** E41: TotalITBISRetenido, the sum of the lines' MontoITBISRetenido (0 or absent elsewhere). */
    itbisWithheldCents?: number;
    /** E41/E47: TotalISRRetencion, the sum of the lines' MontoISRRetenido (0 or absent elsewhere). */
    isrWithheldCents?: number;
  };
  /** E33/E34 only. */
  reference: EcfReference | null;
  /** FechaHoraFirma: the instant the document is signed. */
  signedAt: Date;
}
