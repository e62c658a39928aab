import type { ReceivedEcfDetail } from '@agencia/shared';
import {
  Alert,
  Button,
  Center,
  Divider,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconDownload, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { useDateDisplay } from '../../../stores/display-store';
import { formatDate, formatDateTime } from '../../billing-shared/components/format';
import { useReceivedEcf } from '../api/ecf-received';
import {
  ApprovalStatusBadge,
  type ReceivedEcfActions,
  receivedMoney,
  receivedTypeLabel,
  VerificationBadge,
} from './received-ecf-actions';

/** One labelled value of the detail. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The commercial answer: status, reason, when it went to the DGII and what the DGII said. */
function ApprovalSection({ document }: { document: ReceivedEcfDetail }) {
  const failed = document.approvalMessages.some((m) => m.code === 'envio_fallido');
  return (
    <section aria-labelledby="received-ecf-approval">
      <Title order={3} size="h5" mb="xs" id="received-ecf-approval">
        Aprobación comercial
      </Title>
      <Stack gap="xs">
        {document.verification !== 'verified' && (
          <Group gap="xs">
            <VerificationBadge document={document} />
            {document.verificationMessage && (
              <Text size="sm" c="dimmed">
                {document.verificationMessage}
              </Text>
            )}
          </Group>
        )}
        <Group gap="xs">
          <ApprovalStatusBadge status={document.approvalStatus} />
          {document.approvalStatus !== 'pending' && (
            <Text size="sm" c="dimmed">
              {document.approvalSentAt
                ? `Enviada a la DGII el ${formatDateTime(document.approvalSentAt)}`
                : failed
                  ? 'No se pudo enviar a la DGII'
                  : 'Firmada; aún no enviada a la DGII'}
            </Text>
          )}
        </Group>
        {document.approvalStatus === 'pending' && (
          <Text size="sm" c="dimmed">
            Aprueba o rechaza este comprobante: la respuesta se firma y se envía a la DGII.
          </Text>
        )}
        {document.approvalReason && <Fact label="Motivo del rechazo">{document.approvalReason}</Fact>}
        {document.approvalMessages.length > 0 && (
          <div>
            <Text size="xs" c="dimmed" mb={4}>
              Mensajes de la DGII
            </Text>
            <Stack
              component="ul"
              gap={4}
              aria-label="Mensajes de la DGII"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {document.approvalMessages.map((m) => (
                <Text
                  component="li"
                  size="sm"
                  key={`${m.code}-${m.message}`}
                  c={m.code === 'envio_fallido' ? 'red' : undefined}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  <Text span ff="monospace" fw={600}>
                    {m.code}
                  </Text>{' '}
                  · {m.message}
                </Text>
              ))}
            </Stack>
          </div>
        )}
      </Stack>
    </section>
  );
}

/** The detail's content once loaded. */
function ReceivedEcfDetailView({
  document,
  actions,
}: {
  document: ReceivedEcfDetail;
  actions: ReceivedEcfActions;
}) {
  const pending = document.approvalStatus === 'pending';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Fact label="Emisor">
          {document.issuerName}
          <Text size="xs" c="dimmed">
            RNC {document.issuerRnc}
          </Text>
        </Fact>
        <Fact label="Tipo">{receivedTypeLabel(document.documentType)}</Fact>
        <Fact label="e-NCF">
          <Text span ff="monospace" fw={600}>
            {document.encf}
          </Text>
        </Fact>
        <Fact label="Fecha de emisión">{formatDate(document.issueDate)}</Fact>
        <Fact label="Recibido">{formatDateTime(document.receivedAt)}</Fact>
        <Fact label="RNC comprador">{document.buyerRnc}</Fact>
      </SimpleGrid>
      <Divider />
      <SimpleGrid cols={2} spacing="sm">
        <Fact label="ITBIS">{receivedMoney(document.taxCents)}</Fact>
        <Fact label="Total">
          <Text span fw={700} fz="lg">
            {receivedMoney(document.totalCents)}
          </Text>
        </Fact>
      </SimpleGrid>
      <Divider />
      <ApprovalSection document={document} />
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={actions.downloading === document._id}
          onClick={() => actions.download(document)}
        >
          Descargar XML
        </Button>
        {pending && (
          <>
            <Button
              color="green"
              leftSection={<IconCheck size={16} />}
              onClick={() => actions.approve(document)}
            >
              Aprobar
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} />}
              onClick={() => actions.reject(document)}
            >
              Rechazar
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

/**
 * A received e-CF's detail in a drawer (full screen on phones): issuer, amounts, the commercial
 * answer with the DGII's messages, "Descargar XML", "Aprobar" and "Rechazar".
 */
export function ReceivedEcfDrawer({
  id,
  onClose,
  actions,
}: {
  id: string | null;
  onClose: () => void;
  actions: ReceivedEcfActions;
}) {
  // Dates follow the user's display settings and re-render when they change.
  useDateDisplay();
  const detail = useReceivedEcf(id);
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={
        <Text fw={700} component="span">
          {detail.data ? `e-CF ${detail.data.encf}` : 'e-CF recibido'}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {detail.isPending ? (
        <Center py="xl">
          <Loader aria-label="Cargando el e-CF recibido" />
        </Center>
      ) : detail.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="No se pudo cargar el e-CF">
          {getErrorMessage(detail.error, 'Es posible que ya no exista.')}
        </Alert>
      ) : (
        <ReceivedEcfDetailView document={detail.data} actions={actions} />
      )}
    </Drawer>
  );
}
