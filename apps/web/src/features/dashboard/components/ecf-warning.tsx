import type { EcfAlerts } from '@agencia/shared';
import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { certificateExpiry, daysText } from '../../../lib/ecf-certificate';
import { formatNumericDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { useEcfAlerts } from '../api/get-ecf-alerts';

/** A link in the alert's text colour (the theme's blue on the tinted alert falls under 4.5:1). */
function AlertLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" c="inherit" fw={600} underline="always">
      {children}
    </Anchor>
  );
}

/** One line (with its link) per e-CF problem the admin should act on; empty when all is fine. */
export function ecfWarnings(
  alerts: EcfAlerts,
  now: Date = new Date(),
): Array<{ key: string; node: ReactNode }> {
  const out: Array<{ key: string; node: ReactNode }> = [];
  if (alerts.rejected > 0)
    out.push({
      key: 'rejected',
      node: (
        <>
          {alerts.rejected === 1
            ? 'La DGII rechazó 1 e-CF: no tiene validez fiscal hasta que emitas uno que lo sustituya. '
            : `La DGII rechazó ${alerts.rejected} e-CF: no tienen validez fiscal hasta que emitas los que los sustituyan. `}
          <AlertLink to="/billing?ecfStatus=rejected">Ver facturas con e-CF rechazado</AlertLink>
        </>
      ),
    });
  if (alerts.stalePending > 0)
    out.push({
      key: 'stale',
      node: (
        <>
          {alerts.stalePending === 1
            ? '1 e-CF lleva más de una hora sin respuesta de la DGII. '
            : `${alerts.stalePending} e-CF llevan más de una hora sin respuesta de la DGII. `}
          <AlertLink to="/settings?tab=fiscal">Probar la conexión en Configuración → Fiscal</AlertLink>
        </>
      ),
    });
  if (alerts.ecfMode === 'direct' && alerts.certificateValidTo) {
    const expiry = certificateExpiry(alerts.certificateValidTo, now);
    const day = formatNumericDate(alerts.certificateValidTo);
    if (expiry.state !== 'valid')
      out.push({
        key: 'certificate',
        node: (
          <>
            {expiry.state === 'expired'
              ? `El certificado digital venció el ${day}: el portal no puede firmar e-CF. `
              : `El certificado digital vence el ${day} (en ${daysText(expiry.daysLeft)}). `}
            <AlertLink to="/settings?tab=fiscal">Cargar el certificado en Configuración → Fiscal</AlertLink>
          </>
        ),
      });
  }
  return out;
}

/**
 * Dashboard notice for admins about direct e-CF emission (issue 26): e-CF the DGII rejected, e-CF
 * waiting over an hour, and a certificate that expires within 30 days or has expired (direct mode
 * only). Nothing when all is fine; never asked for other roles.
 */
export function EcfWarning() {
  useDateDisplay();
  const q = useEcfAlerts(true);
  const warnings = q.data ? ecfWarnings(q.data) : [];
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle />}
      title="Facturación electrónica (e-CF)"
      mb="lg"
      role="status"
    >
      <List size="sm" spacing={4}>
        {warnings.map((w) => (
          <List.Item key={w.key}>{w.node}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
