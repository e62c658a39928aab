import type { User } from '@agencia/shared';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDeleteUser, useUpdateUserStatus } from '../api/user-mutations';

/**
 * Status toggle and delete of spec doc 2 §2/§4: active → inactive, inactive or pending → active
 * ('Estado actualizado'); delete after '¿Estás seguro?' … 'no se puede deshacer' ('Usuario eliminado').
 */
export function useUserActions() {
  const statusMutation = useUpdateUserStatus();
  const deleteMutation = useDeleteUser();

  const toggleStatus = async (user: User) => {
    const status = user.status === 'active' ? 'inactive' : 'active';
    try {
      await statusMutation.mutateAsync({ id: user._id, status });
      toastSuccess(
        'Estado actualizado',
        status === 'active'
          ? `${user.firstName} ${user.lastName} está activo`
          : `${user.firstName} ${user.lastName} está inactivo y sus sesiones se cerraron`,
      );
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo actualizar el estado del usuario'));
    }
  };

  const confirmDelete = (user: User, onDeleted?: () => void) =>
    modals.openConfirmModal({
      title: '¿Estás seguro?',
      children: (
        <Text size="sm">
          Vas a eliminar a {user.firstName} {user.lastName} ({user.email}). Esta acción no se puede deshacer.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteMutation.mutateAsync(user._id);
          toastSuccess('Usuario eliminado', `${user.firstName} ${user.lastName} fue eliminado`);
          onDeleted?.();
        } catch (error) {
          toastError('Error', getErrorMessage(error, 'No se pudo eliminar el usuario'));
        }
      },
    });

  return { toggleStatus, confirmDelete, isBusy: statusMutation.isPending || deleteMutation.isPending };
}
