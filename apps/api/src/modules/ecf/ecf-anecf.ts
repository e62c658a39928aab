import { formatEcfDateTime } from './ecf-xml.js';

/** A run of consecutive e-NCF of one type to annul. */
export interface AnnulledRange {
  /** e-CF type digits (31, 32, 34…). */
  type: number;
  from: string;
  to: string;
  count: number;
}

/**
 * The unsigned ANECF (Anulación de e-NCF, DGII "Formato Anulación de e-NCF v1.0" and ANECF.xsd):
 * `Encabezado` {Version 1.0, RncEmisor, CantidadeNCFAnulados (the total), FechaHoraAnulacioneNCF
 * (dd-MM-yyyy HH:mm:ss, Santo Domingo time)} and one `Anulacion` per range {NoLinea, TipoeCF,
 * TablaRangoSecuenciasAnuladaseNCF/Secuencias {SecuenciaeNCFDesde, SecuenciaeNCFHasta},
 * CantidadeNCFAnulados}. At most 10 ranges (the XSD's `maxOccurs`); no whitespace between
 * elements; the signer appends the signature. Throws RangeError outside those bounds.
 */
export function buildAnecfXml(input: { issuerRnc: string; at: Date; ranges: AnnulledRange[] }): string {
  if (input.ranges.length < 1 || input.ranges.length > 10) throw new RangeError('ANECF: 1 to 10 ranges');
  if (!/^(\d{9}|\d{11})$/.test(input.issuerRnc)) throw new RangeError('ANECF: RncEmisor of 9 or 11 digits');
  const total = input.ranges.reduce((sum, r) => sum + r.count, 0);
  const lines = input.ranges
    .map(
      (r, i) =>
        `<Anulacion><NoLinea>${i + 1}</NoLinea><TipoeCF>${r.type}</TipoeCF><TablaRangoSecuenciasAnuladaseNCF><Secuencias><SecuenciaeNCFDesde>${r.from}</SecuenciaeNCFDesde><SecuenciaeNCFHasta>${r.to}</SecuenciaeNCFHasta></Secuencias></TablaRangoSecuenciasAnuladaseNCF><CantidadeNCFAnulados>${r.count}</CantidadeNCFAnulados></Anulacion>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?><ANECF><Encabezado><Version>1.0</Version><RncEmisor>${input.issuerRnc}</RncEmisor><CantidadeNCFAnulados>${total}</CantidadeNCFAnulados><FechaHoraAnulacioneNCF>${formatEcfDateTime(input.at)}</FechaHoraAnulacioneNCF></Encabezado><DetalleAnulacion>${lines}</DetalleAnulacion></ANECF>`;
}
