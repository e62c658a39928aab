import {
  CERTIFICATION_STEP_COUNT,
  type CertificationOverview,
  DGII_ECF_ENVIRONMENT_LABELS,
} from '@agencia/shared';
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ColorBadge } from '../../../components/ui/color-badge';
import { formatNumericDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { CountProgress } from './count-progress';
import { ENVIRONMENT_COLORS } from './labels';

/** Where the e-CF card (certificate upload, connection test, mode) lives. */
export const ECF_CARD_PATH = '/settings?tab=fiscal';

/**
 * "Estado de la certificación": the DGII environment the server talks to, whether the company's
 * certificate is loaded (a link to the e-CF card when not) and the overall progress, N of 15.
 */
export function CertificationHeader({ overview }: { overview: CertificationOverview }) {
  useDateDisplay();
  const done = overview.steps.filter((s) => s.completedAt !== null).length;
  const total = overview.steps.length || CERTIFICATION_STEP_COUNT;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="certification-status-title">
      <Title order={2} size="h4" id="certification-status-title" mb="sm">
        Estado de la certificación
      </Title>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <div>
            <Text size="xs" c="dimmed">
              Ambiente de la DGII
            </Text>
            <ColorBadge color={ENVIRONMENT_COLORS[overview.environment]} mt={4}>
              {DGII_ECF_ENVIRONMENT_LABELS[overview.environment]}
            </ColorBadge>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Certificado digital
            </Text>
            {overview.hasCertificate ? (
              <Group gap={6} mt={4} wrap="nowrap">
                <IconCircleCheck size={18} color="var(--mantine-color-green-light-color)" aria-hidden />
                <Text size="sm" fw={500}>
                  Cargado
                </Text>
              </Group>
            ) : (
              <Text size="sm" fw={500} mt={4}>
                No cargado
              </Text>
            )}
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Progreso
            </Text>
            <Text size="sm" fw={500} mt={4}>
              {done} de {total} pasos
            </Text>
            <CountProgress done={done} total={total} label="Progreso de la certificación" mt={6} />
          </div>
        </SimpleGrid>
        {overview.production.certified && (
          <Alert color="green" icon={<IconCircleCheck />} title="Empresa certificada como emisor electrónico">
            {overview.production.certifiedElsewhereAt
              ? `Confirmaste el ${formatNumericDate(overview.production.certifiedElsewhereAt)} que la DGII ya certificó a la empresa por otra vía.`
              : 'La DGII certificó a la empresa. Revisa la lista "Pasar a producción" al final de la página.'}
          </Alert>
        )}
        {!overview.hasCertificate && (
          <Alert color="orange" icon={<IconCertificate />} title="Falta el certificado digital">
            Para firmar los casos de prueba y la declaración jurada, carga el certificado digital de la
            empresa en{' '}
            <Anchor component={Link} to={ECF_CARD_PATH} c="inherit" fw={600} underline="always">
              Configuración → Fiscal → Facturación electrónica
            </Anchor>
            .
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
