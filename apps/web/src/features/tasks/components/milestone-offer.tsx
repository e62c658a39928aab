import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCompleteMilestone } from '../api/task-mutations';

/**
 * After a move or an edit whose answer says the milestone's tasks are all done
 * (`milestoneReady`), asks whether to complete the milestone too.
 */
export function useMilestoneOffer() {
  const complete = useCompleteMilestone();
  return (projectId: string, milestone: { _id: string; title: string } | null) => {
    if (!milestone) return;
    modals.openConfirmModal({
      title: 'Hito listo',
      children: (
        <Text size="sm">
          Todas las tareas del hito «{milestone.title}» están hechas. ¿Marcar el hito como completado?
        </Text>
      ),
      labels: { confirm: 'Completar hito', cancel: 'Ahora no' },
      onConfirm: async () => {
        try {
          await complete.mutateAsync({ projectId, milestoneId: milestone._id });
          toastSuccess('Hito completado', milestone.title);
        } catch (error) {
          toastError('Error', getErrorMessage(error, 'No se pudo completar el hito'));
        }
      },
    });
  };
}
