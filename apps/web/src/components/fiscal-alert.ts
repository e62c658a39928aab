import { FISCAL_DOCUMENT_TYPE_LABELS, type FiscalSequence } from '@agencia/shared';

const dateEs = (iso: string) => iso.split('-').reverse().join('/');

/** One Spanish line per active range that needs attention (issue 12 alert rules). */
export function fiscalWarnings(sequences: FiscalSequence[]): string[] {
  const out: string[] = [];
  for (const s of sequences.filter((x) => x.active)) {
    const name = `${s.documentType} · ${FISCAL_DOCUMENT_TYPE_LABELS[s.documentType]}`;
    if (s.isExhausted) out.push(`El rango ${name} está agotado.`);
    else if (s.isLow)
      out.push(`Quedan ${s.remaining} comprobantes ${name} (${s.remainingPercent}\u00a0% del rango).`);
    if (s.isExpired) out.push(`El rango ${name} venció el ${dateEs(s.expiresOn)}.`);
    else if (s.expiresSoon) out.push(`El rango ${name} vence el ${dateEs(s.expiresOn)}.`);
  }
  return out;
}
