import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { fiscalWarnings } from '../../../components/fiscal-alert';
import { useFiscalSequences } from '../../../lib/fiscal-api';

/**
 * Dashboard notice for admins when an active NCF range is low, exhausted, expired or expires
 * within 30 days (issue 12); one `GET /fiscal/sequences`, shared with Configuración → Fiscal.
 * The link takes the alert's text colour: the theme's blue on the orange alert falls under
 * 4.5:1 in both schemes (WCAG 1.4.3).
 */
export function FiscalWarning() {
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
      <Anchor
        component={Link}
        to="/settings?tab=fiscal"
        size="sm"
        mt={6}
        display="inline-block"
        c="inherit"
        fw={600}
        underline="always"
      >
        Gestionar rangos en Configuración → Fiscal
      </Anchor>
    </Alert>
  );
}
