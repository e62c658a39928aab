import { COMMUNICATION_DIRECTION_LABELS, COMMUNICATION_TYPE_LABELS } from '@agencia/shared';
import { ActionIcon, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPagination } from '../../../components/ui/list-pagination';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toastError } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useCommunications, useDeleteCommunication } from '../api/clients';
import { Empty } from './client-detail-parts';
import { CommunicationModal } from './communication-modal';

/** The client detail's "Comunicación" tab: the log of calls, mails and meetings, add and delete. */
export function ClientCommunicationTab({ id }: { id: string }) {
  useDateDisplay();
  const [page, setPage] = useState(1);
  const q = useCommunications(id, page);
  const remove = useDeleteCommunication(id);
  const [adding, setAdding] = useState(false);
  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setAdding(true)}>
          Registrar comunicación
        </Button>
      </Group>
      {q.isLoading ? (
        <Loader aria-label="Cargando comunicaciones" />
      ) : !q.data?.communications.length ? (
        <Empty text="No hay comunicaciones registradas" />
      ) : (
        <Stack gap="sm">
          {q.data.communications.map((c) => (
            <Card key={c._id} withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Badge variant="light">{COMMUNICATION_TYPE_LABELS[c.type]}</Badge>
                    <Badge variant="outline" color="gray">
                      {COMMUNICATION_DIRECTION_LABELS[c.direction]}
                    </Badge>
                    <Text fw={600} size="sm">
                      {c.subject}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(c.date)}
                    {c.duration ? ` · ${c.duration} min` : ''}
                    {c.createdBy ? ` · ${c.createdBy}` : ''}
                  </Text>
                  {c.notes && <Text size="sm">{c.notes}</Text>}
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Eliminar comunicación ${c.subject}`}
                  onClick={() =>
                    modals.openConfirmModal({
                      title: 'Eliminar comunicación',
                      children: (
                        <Text size="sm">
                          ¿Eliminar "{c.subject}" del registro? Esta acción no se puede deshacer.
                        </Text>
                      ),
                      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
                      confirmProps: { color: 'red' },
                      onConfirm: () =>
                        remove
                          .mutateAsync(c._id)
                          .catch((error) =>
                            toastError('Error', getErrorMessage(error, 'No se pudo eliminar')),
                          ),
                    })
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <ListPagination
        pagination={q.data?.pagination}
        noun="comunicaciones"
        singular="comunicación"
        onChange={setPage}
      />
      <CommunicationModal clientId={id} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
