import type { DocumentKind } from '@agencia/shared';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiClient } from '../../../lib/api-client';
import { kindPath } from '../api/proposals-api';

/**
 * The exact PDF of a document (`GET /proposals/{id}/pdf`, decision 173): fetched with the session's
 * token (an iframe's own request could not send it) and shown from a blob URL in an iframe (the
 * CSP allows `frame-src blob:`; `object-src` stays 'none'), with "Descargar PDF" for phones that do
 * not show PDFs inline. `version` (the document's `updatedAt`) refetches it after a save.
 */
export function PdfPreview({
  kind,
  id,
  number,
  version,
  description = 'Así lo verá y firmará el destinatario. Si no se muestra aquí, usa «Descargar PDF».',
}: {
  kind: DocumentKind;
  id: string;
  number: string;
  version: string;
  /** The line above the PDF (the recipient in the portal reads its own wording). */
  description?: string;
}) {
  const pdf = useQuery({
    queryKey: ['signable-documents', kind, 'pdf', id, version],
    queryFn: async () =>
      (await apiClient.get<Blob>(`${kindPath(kind)}/${id}/pdf`, { responseType: 'blob' })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(() => (pdf.data ? URL.createObjectURL(pdf.data) : null), [pdf.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  if (pdf.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Generando el PDF" />
      </Center>
    );
  if (pdf.isError || !url)
    return (
      <Alert color="red" icon={<IconAlertTriangle />}>
        No se pudo generar el PDF.{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void pdf.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <Button component="a" href={url} download={`${number}.pdf`} leftSection={<IconDownload size={16} />}>
          Descargar PDF
        </Button>
      </Group>
      <iframe
        src={url}
        title={`PDF de ${number}`}
        style={{
          width: '100%',
          height: '75vh',
          minHeight: 420,
          border: '1px solid var(--mantine-color-default-border)',
          background: 'white',
        }}
      />
    </Stack>
  );
}
