import type { ProjectDetail } from '@agencia/shared';
import { ActionIcon, Button, FileButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import { PagedSection, useUrlPage } from '../../../components/ui/paged-section';
import { getErrorMessage } from '../../../lib/api-client';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { useProjectFiles } from '../api/get-project-sub-lists';
import { downloadProjectFile, useDeleteProjectFile, useUploadProjectFile } from '../api/project-mutations';

const ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf,text/plain,application/zip,.txt,.pdf,.zip';

/** Files tab (20 a page, `GET /projects/{id}/files`): upload (PDF, images, text, zip; 10 MB), download, delete own uploads (admins any). */
export function FilesTab({ project }: { project: ProjectDetail }) {
  useDateDisplay();
  const user = useSessionStore((s) => s.user);
  const upload = useUploadProjectFile(project._id);
  const remove = useDeleteProjectFile(project._id);
  const [page, setPage] = useUrlPage();
  const list = useProjectFiles(project._id, page);

  const onPick = async (file: File | null) => {
    if (!file) return;
    if (file.size > 10 * 1024 * 1024) {
      toastError('Error', 'El archivo supera el tamaño máximo de 10 MB');
      return;
    }
    try {
      await upload.mutateAsync(file);
      setPage(1); // the new file is the first of page 1
      toastSuccess('Archivo subido', file.name);
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo subir el archivo'));
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          PDF, imágenes, texto o ZIP; máximo 10 MB por archivo.
        </Text>
        <FileButton onChange={onPick} accept={ACCEPT}>
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending}>
              Subir archivo
            </Button>
          )}
        </FileButton>
      </Group>
      <PagedSection
        query={list}
        label="Cargando archivos"
        empty="No hay archivos en este proyecto."
        noun="archivos"
        singular="archivo"
        onPage={setPage}
      >
        {list.data?.files.map((f) => (
          <Paper key={f._id} withBorder radius="md" p="sm" data-testid="project-file">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <IconFile size={22} aria-hidden />
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={500} truncate>
                    {f.filename}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatBytes(f.size)} ·{' '}
                    {f.uploadedBy ? `${f.uploadedBy.firstName} ${f.uploadedBy.lastName}` : '—'} ·{' '}
                    {formatDateTime(f.createdAt)}
                  </Text>
                </Stack>
              </Group>
              <Group gap={4} wrap="nowrap">
                <Tooltip label="Descargar">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Descargar ${f.filename}`}
                    onClick={() =>
                      downloadProjectFile(project._id, f).catch((error) =>
                        toastError('Error', getErrorMessage(error, 'No se pudo descargar el archivo')),
                      )
                    }
                  >
                    <IconDownload size={18} />
                  </ActionIcon>
                </Tooltip>
                {(user?.role === 'admin' || f.uploadedBy?._id === user?._id) && (
                  <Tooltip label="Eliminar">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Eliminar ${f.filename}`}
                      onClick={() =>
                        modals.openConfirmModal({
                          title: 'Eliminar archivo',
                          children: (
                            <Text size="sm">¿Eliminar «{f.filename}»? Esta acción no se puede deshacer.</Text>
                          ),
                          labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
                          confirmProps: { color: 'red' },
                          onConfirm: () =>
                            remove.mutateAsync(f._id).then(
                              () => toastSuccess('Archivo eliminado', f.filename),
                              (error) =>
                                toastError('Error', getErrorMessage(error, 'No se pudo eliminar el archivo')),
                            ),
                        })
                      }
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
          </Paper>
        ))}
      </PagedSection>
    </Stack>
  );
}
