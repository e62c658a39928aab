import { BACKUP_REASON_LABELS, type BackupFile } from '@agencia/shared';
import { Alert, Badge, Button, Code, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { downloadBackup, useBackups, useCreateBackup } from '../api/backups-api';

/** "1,2 MB" / "340 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

/** `text` ending in one full stop ("… a las 3:00 a. m." keeps its own). */
export function sentence(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}

/**
 * Settings → "Copias de seguridad" (admin, decision 143): the archives with size and date, "Crear
 * copia ahora", download, and how to restore.
 */
export function BackupsPanel() {
  useDateDisplay();
  const backups = useBackups();
  const create = useCreateBackup();
  const [downloading, setDownloading] = useState<string | null>(null);

  const createNow = async () => {
    try {
      const backup = await create.mutateAsync();
      toastSuccess('Copia creada', `${backup.name} (${formatBytes(backup.bytes)})`);
    } catch (err) {
      toastError('No se pudo crear la copia', getErrorMessage(err, 'Inténtalo de nuevo'));
    }
  };
  const download = async (backup: BackupFile) => {
    setDownloading(backup.name);
    try {
      await downloadBackup(backup.name);
    } catch (err) {
      toastError('No se pudo descargar la copia', getErrorMessage(err, 'Inténtalo de nuevo'));
    } finally {
      setDownloading(null);
    }
  };
  const data = backups.data;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Copias de seguridad
            </Title>
            <Button onClick={createNow} loading={create.isPending}>
              Crear copia ahora
            </Button>
          </Group>
          {data && (
            <Text size="sm" c="dimmed">
              {data.schedule ? sentence(data.schedule) : 'Sin copia diaria programada (BACKUP_SCHEDULE=off).'}{' '}
              {data.encrypted ? 'Las copias están cifradas.' : 'Las copias no están cifradas.'}{' '}
              {data.copyTo ? `Segunda copia en ${data.copyTo}.` : 'Sin segunda ubicación configurada.'} Se
              conservan {data.retention.daily} diarias, {data.retention.weekly} semanales y{' '}
              {data.retention.monthly} mensuales.
            </Text>
          )}
          <Alert color="yellow" variant="light" title="Una copia es tan sensible como la base de datos">
            Contiene todos los datos, los archivos subidos y las claves que los protegen. Guárdala en un lugar
            seguro y no la compartas.
          </Alert>
          <TableScroll label="Copias de seguridad" minWidth={600}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Tipo</Table.Th>
                  <Table.Th>Tamaño</Table.Th>
                  <Table.Th>Archivo</Table.Th>
                  <Table.Th>Acción</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.backups.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text size="sm">Aún no hay copias de seguridad.</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {(data?.backups ?? []).map((b) => (
                  <Table.Tr key={b.name}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(b.createdAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Group gap={4} wrap="nowrap">
                        <Badge variant="light" miw="max-content">
                          {BACKUP_REASON_LABELS[b.reason]}
                        </Badge>
                        {b.encrypted && (
                          <Badge variant="light" color="grape" miw="max-content">
                            Cifrada
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatBytes(b.bytes)}</Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace">
                        {b.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => download(b)}
                        loading={downloading === b.name}
                        aria-label={`Descargar ${b.name}`}
                      >
                        Descargar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Cómo restaurar una copia
          </Title>
          <List type="ordered" size="sm" spacing="xs">
            <List.Item>Detén el servidor.</List.Item>
            <List.Item>
              Prepara un destino vacío: un <Code>DATA_DIR</Code> nuevo, o una base de datos PostgreSQL vacía
              en <Code>DATABASE_URL</Code> (también sirve para pasar de PGlite a PostgreSQL).
            </List.Item>
            <List.Item>
              Ejecuta <Code>npm run restore -- /ruta/agencia-backup-….tar.gz</Code>. Si la copia está cifrada,
              usa la misma <Code>BACKUP_PASSPHRASE</Code> o escríbela cuando te la pida.
            </List.Item>
            <List.Item>
              La restauración verifica las sumas SHA-256 antes de escribir nada, se niega si el destino tiene
              datos (añade <Code>--force</Code> para reemplazarlos), migra a la versión actual y muestra las
              filas comparadas por tabla.
            </List.Item>
            <List.Item>
              Inicia el servidor con <Code>npm start</Code>.
            </List.Item>
          </List>
        </Stack>
      </Paper>
    </Stack>
  );
}
