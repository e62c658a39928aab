import { ECF_STATUS_LABELS, type EcfStatus } from '@agencia/shared';
import { ColorBadge } from '../../../components/ui/color-badge';

/**
 * Palette of each e-CF status: waiting (yellow), received (blue), accepted (green), accepted with
 * observations (teal), rejected (red). Light badges keep WCAG AA in both schemes (decision 108).
 */
export const ECF_STATUS_COLORS: Record<EcfStatus, string> = {
  pending: 'yellow',
  sent: 'blue',
  accepted: 'green',
  conditionally_accepted: 'teal',
  rejected: 'red',
};

/**
 * The DGII status of an e-CF (issue 26). `prefixed` writes "e-CF · Aceptado", for places where
 * it sits beside the invoice's own status (the billing list).
 */
export function EcfStatusBadge({ status, prefixed = false }: { status: EcfStatus; prefixed?: boolean }) {
  return (
    <ColorBadge color={ECF_STATUS_COLORS[status]} style={{ textTransform: 'none' }}>
      {prefixed ? `e-CF · ${ECF_STATUS_LABELS[status]}` : ECF_STATUS_LABELS[status]}
    </ColorBadge>
  );
}
