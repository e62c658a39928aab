import { Alert, Button, FileInput, Group, List, Stack } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useUploadWorkbook, type WorkbookKind } from '../api/upload-test-set';
import { workbookProblems } from '../api/workbook-problems';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const TEXT: Record<WorkbookKind, { label: string; description: string; submit: string; done: string }> = {
  ecf: {
    label: 'Set de pruebas de la DGII (.xlsx)',
    description: 'El libro que descargaste del portal de certificación, sin cambios.',
    submit: 'Importar set de pruebas',
    done: 'Set de pruebas importado',
  },
  approval: {
    label: 'Archivo de aprobaciones comerciales de la DGII (.xlsx)',
    description: 'Al importarlo, las aprobaciones y rechazos se envían a la DGII de inmediato, en su orden.',
    submit: 'Importar y enviar aprobaciones',
    done: 'Aprobaciones importadas; el envío empezó',
  },
};

/**
 * The DGII workbook's upload (step 2's test set, step 3's approvals). A refused workbook shows why:
 * a 400 (not a workbook) as one message, a 422 as one line per problem, "Caso X · campo Y: …".
 */
export function WorkbookUpload({ kind }: { kind: WorkbookKind }) {
  const upload = useUploadWorkbook(kind);
  const text = TEXT[kind];
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; problems: string[] } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!file) {
      setFileError('Selecciona el archivo .xlsx que entregó la DGII.');
      return;
    }
    try {
      const set = await upload.mutateAsync(file);
      toastSuccess(text.done, `${set.fileName}: ${set.cases.length} casos`);
      setFile(null);
    } catch (error) {
      setFailure({
        message: getErrorMessage(error, 'No se pudo importar el archivo'),
        problems: [...new Set(workbookProblems(error))],
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={text.submit}>
      <Stack gap="sm">
        <FileInput
          label={text.label}
          description={text.description}
          placeholder="Seleccionar archivo"
          accept={XLSX_ACCEPT}
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={(next) => {
            setFile(next);
            setFileError(null);
            setFailure(null);
          }}
          error={fileError}
          required
        />
        {failure && (
          <Alert color="red" role="alert" title={failure.message}>
            {failure.problems.length > 0 && (
              <>
                Corrige el archivo o descarga uno nuevo de la DGII. Problemas encontrados:
                <List size="sm" mt="xs" spacing={4} aria-label="Problemas del archivo">
                  {failure.problems.map((p) => (
                    <List.Item key={p} style={{ overflowWrap: 'anywhere' }}>
                      {p}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
            {text.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
