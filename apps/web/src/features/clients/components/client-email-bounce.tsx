import { type Client, hasPermission } from '@agencia/shared';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumericDate } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { useUpdateClient } from '../api/clients';

/** "El correo rebotó el 04/03/2026: 5.1.1 …" — the line of a bounce mark (decision 168). */
export function bounceLine(client: Pick<Client, 'emailFailingAt' | 'emailFailingReason'>): string {
  const reason = client.emailFailingReason?.trim();
  return `El correo rebotó el ${formatNumericDate(client.emailFailingAt)}${reason ? `: ${reason}` : ''}`;
}

/**
 * The client detail's notice that our mail to the client's address bounced (decision 168), with
 * "Quitar aviso" for staff who may edit clients (`clients.write`): after fixing the address in
 * Editar (a new address clears it by itself) or checking it with the client. Nothing when the
 * address works.
 */
export function ClientEmailBounce({ client }: { client: Client }) {
  useDateDisplay();
  const user = useSessionStore((s) => s.user);
  const update = useUpdateClient();
  if (!client.emailFailingAt) return null;
  const canClear = !!user && hasPermission(user, 'clients.write');
  const clear = () =>
    update.mutate(
      { id: client._id, body: { clearEmailFailing: true } },
      {
        onSuccess: () => toastSuccess('Aviso de correo rebotado quitado'),
        onError: (err) =>
          toastError('No se pudo quitar el aviso', getErrorMessage(err, 'Inténtalo de nuevo')),
      },
    );
  return (
    <Alert color="orange" icon={<IconMailOff />} title="Correo no entregado">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {bounceLine(client)}
      </Text>
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        Los correos a {client.email} no están llegando. Corrige la dirección en «Editar» o, si ya la
        comprobaste con el cliente, quita el aviso.
      </Text>
      {canClear && (
        <Group mt="sm">
          <Button size="xs" variant="default" loading={update.isPending} onClick={clear}>
            Quitar aviso
          </Button>
        </Group>
      )}
    </Alert>
  );
}
