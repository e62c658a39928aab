import { type CertificationOverview, DGII_ECF_ENVIRONMENT_LABELS } from '@agencia/shared';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCircleCheck, IconCircleDashed, IconRosetteDiscountCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumericDate } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useConfirmCertifiedElsewhere } from '../api/confirm-certified-elsewhere';
import { ECF_CARD_PATH } from './certification-header';

/** One line of the checklist: icon and state in words (never colour alone), what to do. */
function Item({
  done,
  title,
  state,
  children,
}: {
  done: boolean | null;
  title: string;
  state: string;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" role="listitem">
      {done ? (
        <IconCircleCheck
          size={20}
          color="var(--mantine-color-green-light-color)"
          aria-hidden
          style={{ flexShrink: 0 }}
        />
      ) : (
        <IconCircleDashed
          size={20}
          color="var(--mantine-color-dimmed)"
          aria-hidden
          style={{ flexShrink: 0 }}
        />
      )}
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {title}: {state}
        </Text>
        <Text size="sm" c="dimmed" component="div">
          {children}
        </Text>
      </div>
    </Group>
  );
}

/**
 * "Pasar a producción": what changes once the DGII certifies the company — the server's
 * environment (DGII_ECF_ENV=eCF), new e-NCF ranges for production and the certificate — and
 * "Ya estoy certificado por otra vía" (with a confirmation) for a company certified elsewhere.
 */
export function ProductionChecklist({ overview }: { overview: CertificationOverview }) {
  useDateDisplay();
  const confirm = useConfirmCertifiedElsewhere();
  const inProduction = overview.environment === 'eCF';
  const { certified, certifiedElsewhereAt } = overview.production;

  const openConfirm = () =>
    modals.openConfirmModal({
      title: '¿Ya está certificada la empresa?',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Confírmalo solo si la DGII ya certificó a la empresa como emisor electrónico por otra vía (por
            ejemplo, con otro software o con un proveedor anterior).
          </Text>
          <Text size="sm">
            La certificación quedará como terminada y el portal podrá emitir e-CF en producción cuando el
            servidor use el ambiente eCF.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Sí, ya estoy certificado', cancel: 'Volver' },
      onConfirm: async () => {
        try {
          await confirm.mutateAsync();
          toastSuccess('Certificación registrada', 'La empresa consta como certificada por la DGII');
        } catch (error) {
          toastError('No se pudo registrar', getErrorMessage(error, 'Intenta nuevamente.'));
        }
      },
    });

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="certification-production-title">
      <Title order={2} size="h4" id="certification-production-title">
        Pasar a producción
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Cuando la DGII te certifique, revisa estos tres puntos antes de emitir comprobantes reales.
      </Text>
      <Stack gap="sm" role="list" aria-label="Lista para pasar a producción">
        <Item
          done={inProduction}
          title="Ambiente de producción"
          state={inProduction ? 'activo' : `ahora ${DGII_ECF_ENVIRONMENT_LABELS[overview.environment]}`}
        >
          Se cambia en la configuración del servidor: <code>DGII_ECF_ENV=eCF</code>.
        </Item>
        <Item done={null} title="Secuencias e-NCF de producción" state="por revisar">
          Las secuencias usadas en la certificación no sirven en producción: solicita rangos nuevos en la
          Oficina Virtual de la DGII y regístralos en{' '}
          <Anchor component={Link} to="/settings?tab=fiscal" size="sm" underline="always">
            Configuración → Fiscal
          </Anchor>
          .
        </Item>
        <Item
          done={overview.hasCertificate}
          title="Certificado digital"
          state={overview.hasCertificate ? 'cargado' : 'falta'}
        >
          El mismo certificado sirve en producción; revisa que esté vigente en{' '}
          <Anchor component={Link} to={ECF_CARD_PATH} size="sm" underline="always">
            Facturación electrónica
          </Anchor>
          .
        </Item>
      </Stack>
      {certified ? (
        <Alert color="green" icon={<IconRosetteDiscountCheck />} mt="md" title="Empresa certificada">
          {certifiedElsewhereAt
            ? `Certificada por otra vía (confirmado el ${formatNumericDate(certifiedElsewhereAt)}).`
            : 'La DGII certificó a la empresa desde este portal.'}
        </Alert>
      ) : (
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            onClick={openConfirm}
            loading={confirm.isPending}
            h="auto"
            py={6}
            maw="100%"
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          >
            Ya estoy certificado por otra vía
          </Button>
        </Group>
      )}
    </Card>
  );
}
