import type { Client } from '@agencia/shared';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDeleteClient, useUpdateClient } from '../api/clients';

/** Card-menu and detail actions of a client: edit, generate link, delete (confirmed; archive offered on 409). */
export function useClientActions(afterDelete?: () => void) {
  const [editing, setEditing] = useState<Client | null>(null);
  const [linkFor, setLinkFor] = useState<Client | null>(null);
  const remove = useDeleteClient();
  const update = useUpdateClient();

  const archive = async (client: Client) => {
    try {
      await update.mutateAsync({ id: client._id, body: { archived: true } });
      toastSuccess('Cliente archivado', 'Ya no aparece en la lista de clientes');
      afterDelete?.();
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo archivar el cliente'));
    }
  };

  const confirmDelete = (client: Client) =>
    modals.openConfirmModal({
      title: 'Eliminar cliente',
      children: (
        <Text size="sm">
          ¿Estás seguro de eliminar a {client.companyName ?? `${client.firstName} ${client.lastName}`}? Esta
          acción no se puede deshacer.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(client._id);
          toastSuccess('Cliente eliminado', 'El cliente fue eliminado');
          afterDelete?.();
        } catch (error) {
          if (getErrorStatus(error) === 409) {
            modals.openConfirmModal({
              title: 'No se puede eliminar',
              children: <Text size="sm">{getErrorMessage(error, 'El cliente tiene datos asociados.')}</Text>,
              labels: { confirm: 'Archivar cliente', cancel: 'Cancelar' },
              onConfirm: () => archive(client),
            });
            return;
          }
          toastError('Error', getErrorMessage(error, 'No se pudo eliminar el cliente'));
        }
      },
    });

  return { editing, setEditing, linkFor, setLinkFor, confirmDelete, archive };
}
