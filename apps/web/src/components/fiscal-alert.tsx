import { FISCAL_DOCUMENT_TYPE_LABELS, type FiscalSequence } from '@agencia/shared';
import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useFiscalSequences } from '../lib/fiscal-api';

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

/** Dashboard warning for admins when an NCF range is low, exhausted, expired or about to expire. */
export function FiscalAlert() {
  const q = useFiscalSequences();
  const warnings = fiscalWarnings(q.data ?? []);
  if (warnings.length === 0) return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle />} title="Comprobantes fiscales" mb="lg" role="status">
      <List size="sm" spacing={2}>
        {warnings.map((w) => (
          <List.Item key={w}>{w}</List.Item>
        ))}
      </List>
      <Anchor component={Link} to="/settings?tab=fiscal" size="sm" mt={6} display="inline-block">
        Gestionar rangos en Configuración → Fiscal
      </Anchor>
    </Alert>
  );
}
