import { MAIL_STATUS_LABELS, type MailOutboxMessage, type MailOutboxStatus } from '@agencia/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Flex,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { ListPagination } from '../../../components/ui/list-pagination';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useMailOutbox, useResendMail } from '../api/mail-outbox';

const VIEWS: Array<{ value: MailOutboxStatus; label: string; empty: string }> = [
  { value: 'failed', label: 'Fallidos', empty: 'No hay correos fallidos' },
  { value: 'queued', label: 'Pendientes', empty: 'No hay correos pendientes' },
];

/**
 * Configuración → Correos (admin, issue 13, decision 098): failed mail (the dispatcher gave up
 * after every retry) with a "Reenviar" button, and pending mail with its next attempt. One card
 * per mail, so the same markup reads as a row at 1440 px and stacks at 390 px. Status and page
 * live in the URL (`?tab=mail&status=queued&page=2`).
 */
export function MailOutboxPanel() {
  const [params, setParams] = useListParams({ status: 'failed' });
  const status: MailOutboxStatus = params.status === 'queued' ? 'queued' : 'failed';
  const view = VIEWS.find((v) => v.value === status)!;
  const { data, isLoading, error } = useMailOutbox({ status, page: params.page, limit: 20 });
  const resend = useResendMail();

  const onResend = async (mail: MailOutboxMessage) => {
    try {
      await resend.mutateAsync(mail._id);
      toastSuccess('Correo en cola de nuevo', `Se volverá a intentar el envío a ${mail.to}.`);
    } catch (err) {
      toastError('No se pudo reenviar', getErrorMessage(err, 'Inténtalo de nuevo.'));
    }
  };

  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label="Correos">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" maw={560}>
          Un correo que no se puede entregar se reintenta solo, cada vez con más espera (hasta 1,5 días). Si
          aun así falla, aparece aquí y puedes reenviarlo.
        </Text>
        <SegmentedControl
          aria-label="Estado de los correos"
          data={VIEWS.map((v) => ({ value: v.value, label: v.label }))}
          value={status}
          onChange={(v) => setParams({ status: v })}
          w={{ base: '100%', xs: 'auto' }}
        />
      </Group>
      {isLoading ? (
        <Center py="lg">
          <Loader aria-label="Cargando correos" />
        </Center>
      ) : error || !data ? (
        <Alert color="red">{getErrorMessage(error, 'No se pudieron cargar los correos')}</Alert>
      ) : data.messages.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {view.empty}
        </Text>
      ) : (
        <>
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.messages.map((mail) => (
              <MailRow
                key={mail._id}
                mail={mail}
                pending={resend.isPending && resend.variables === mail._id}
                onResend={() => void onResend(mail)}
              />
            ))}
          </Stack>
          <ListPagination
            pagination={data.pagination}
            noun="correos"
            singular="correo"
            onChange={(page) => setParams({ page })}
          />
        </>
      )}
    </Card>
  );
}

/** One mail: subject and status, recipient, last error, attempts and dates; "Reenviar" when failed. */
function MailRow({
  mail,
  pending,
  onResend,
}: {
  mail: MailOutboxMessage;
  pending: boolean;
  onResend: () => void;
}) {
  useDateDisplay();
  const failed = mail.status === 'failed';
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        gap="sm"
        justify="space-between"
        align={{ base: 'stretch', sm: 'center' }}
      >
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} lineClamp={2} title={mail.subject} style={{ overflowWrap: 'anywhere' }}>
              {mail.subject}
            </Text>
            <Badge color={failed ? 'red' : 'yellow'} variant="light" style={{ flexShrink: 0 }}>
              {MAIL_STATUS_LABELS[mail.status]}
            </Badge>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Para: {mail.to}
          </Text>
          {mail.lastError && (
            <Text size="xs" c="red" lineClamp={2} title={mail.lastError} style={{ overflowWrap: 'anywhere' }}>
              Último error: {mail.lastError}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {mail.attempts === 1 ? '1 intento' : `${mail.attempts} intentos`} · Creado{' '}
            {formatDateTime(mail.createdAt)}
            {mail.lastAttemptAt && ` · Último intento ${formatDateTime(mail.lastAttemptAt)}`}
            {mail.nextAttemptAt && ` · Próximo intento ${formatDateTime(mail.nextAttemptAt)}`}
          </Text>
        </Stack>
        {failed && (
          <Button
            variant="light"
            leftSection={<IconSend size={16} />}
            onClick={onResend}
            loading={pending}
            aria-label={`Reenviar «${mail.subject}» a ${mail.to}`}
            style={{ flexShrink: 0 }}
          >
            Reenviar
          </Button>
        )}
      </Flex>
    </Paper>
  );
}
