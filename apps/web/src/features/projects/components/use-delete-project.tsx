import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDeleteProject } from '../api/project-mutations';

/** Returns `confirmDelete(project)`: asks for confirmation, then deletes and toasts the result. */
export function useConfirmDeleteProject(onDeleted?: () => void) {
  const mutation = useDeleteProject();
  return (project: { _id: string; title: string }) =>
    modals.openConfirmModal({
      title: 'Eliminar proyecto',
      children: (
        <Text size="sm">
          ¿Seguro que deseas eliminar el proyecto «{project.title}»? Dejará de aparecer para el equipo y el
          cliente.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await mutation.mutateAsync(project._id);
          toastSuccess('Proyecto eliminado', project.title);
          onDeleted?.();
        } catch (error) {
          toastError('Error', getErrorMessage(error, 'No se pudo eliminar el proyecto'));
        }
      },
    });
}
