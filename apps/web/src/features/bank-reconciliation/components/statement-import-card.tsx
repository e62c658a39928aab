import {
  ErrorCodes,
  ErrorResponseSchema,
  formatMoney,
  type ImportStatementResponse,
  type ReconciliationAccount,
  STATEMENT_LAYOUT_LABELS,
  STATEMENT_MAX_BYTES,
} from '@agencia/shared';
import { Alert, Button, Card, FileButton, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { AxiosError } from 'axios';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { useImportStatement } from '../api/bank-accounts';
import { StatementMappingModal } from './statement-mapping-modal';

/** What the statement input offers; the server reads the bytes. */
const STATEMENT_ACCEPT =
  '.csv,.txt,.xlsx,.ofx,.qfx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** True for the import's 400 that no preset nor the account's mapping reads the file (its error code). */
function isUnknownLayout(error: unknown): boolean {
  if (!(error instanceof AxiosError)) return false;
  const body = ErrorResponseSchema.safeParse(error.response?.data);
  return body.success && body.data.code === ErrorCodes.UNKNOWN_STATEMENT_LAYOUT;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The import's answer, said plainly: new lines, lines already kept, breaks in the running balance. */
export function ImportResult({ result, currency }: { result: ImportStatementResponse; currency: string }) {
  useDateDisplay();
  return (
    <Alert
      color={result.gaps.length > 0 ? 'orange' : 'teal'}
      title={
        result.imported === 0
          ? 'No había líneas nuevas'
          : `${count(result.imported, 'línea importada', 'líneas importadas')}`
      }
      role="status"
    >
      <Stack gap={4}>
        <Text size="sm">
          {STATEMENT_LAYOUT_LABELS[result.layout]}
          {result.from && result.to ? ` · del ${formatDate(result.from)} al ${formatDate(result.to)}` : ''} ·{' '}
          {count(result.lines, 'línea en el archivo', 'líneas en el archivo')}
        </Text>
        <Text size="sm">
          Nuevas: <b>{result.imported}</b> · Ya importadas (duplicadas): <b>{result.duplicates}</b> · Saltos
          de balance: <b>{result.gaps.length}</b>
        </Text>
        {result.gaps.length > 0 && (
          <>
            <Text size="sm">El balance del banco no sigue de una línea a la anterior en:</Text>
            <List size="sm">
              {result.gaps.slice(0, 5).map((g) => (
                <List.Item key={g.row}>
                  Fila {g.row} ({formatDate(g.date)}): se esperaba {formatMoney(g.expected, currency)}, el
                  archivo dice {formatMoney(g.actual, currency)}
                  {g.previous &&
                    ` · contra la última línea ya importada (${formatDate(g.previous.date)}${g.previous.reference ? `, ref. ${g.previous.reference}` : ''})`}
                </List.Item>
              ))}
            </List>
            <Text size="xs">Puede faltar un estado de cuenta anterior: impórtalo y el salto desaparece.</Text>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * "Importar estado de cuenta" (decision 167): pick the bank's file (CSV, XLSX, OFX), see the upload's
 * progress and then the reading step, and read the answer's counts. A file no preset reads opens
 * the mapping dialog; once the mapping is saved the same file is imported again.
 */
export function StatementImportCard({ account }: { account: ReconciliationAccount }) {
  const importing = useImportStatement();
  const [progress, setProgress] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportStatementResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mapping, setMapping] = useState(false);

  const run = async (picked: File) => {
    setFile(picked);
    setResult(null);
    setError(null);
    setProgress(0);
    if (picked.size > STATEMENT_MAX_BYTES) {
      setError('El archivo pasa de 10 MB. Exporta un período más corto.');
      return;
    }
    try {
      setResult(
        await importing.mutateAsync({ accountId: account._id, file: picked, onProgress: setProgress }),
      );
    } catch (e) {
      if (isUnknownLayout(e)) setMapping(true);
      else setError(getErrorMessage(e, 'No se pudo importar el estado de cuenta'));
    }
  };

  const uploaded = progress >= 1;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="statement-import-title">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: '1 1 260px' }}>
          <Title order={2} size="h4" id="statement-import-title">
            Importar estado de cuenta
          </Title>
          <Text size="sm" c="dimmed">
            El archivo que descargas del banco: CSV, Excel (XLSX) u OFX. Popular, BHD y Banreservas se
            reconocen solos; las líneas ya importadas no se repiten.
          </Text>
        </div>
        <FileButton onChange={(f) => f && run(f)} accept={STATEMENT_ACCEPT}>
          {(props) => (
            <Button {...props} leftSection={<IconFileUpload size={18} />} loading={importing.isPending}>
              Importar archivo
            </Button>
          )}
        </FileButton>
      </Group>
      {importing.isPending && (
        <Stack gap={4} mt="md">
          <Text size="sm" aria-live="polite">
            {uploaded
              ? 'Leyendo las líneas y buscando coincidencias…'
              : `Subiendo ${file?.name ?? 'el archivo'}… ${Math.round(progress * 100)} %`}
          </Text>
          <Progress
            value={uploaded ? 100 : progress * 100}
            animated={uploaded}
            striped={uploaded}
            aria-label="Progreso de la importación"
          />
        </Stack>
      )}
      {result && (
        <Stack mt="md">
          <ImportResult result={result} currency={account.currency} />
        </Stack>
      )}
      {error && (
        <Alert color="red" role="alert" mt="md" title="No se importó ninguna línea">
          {error}
        </Alert>
      )}
      <StatementMappingModal
        opened={mapping}
        file={file}
        account={account}
        onClose={() => setMapping(false)}
        onSaved={() => {
          setMapping(false);
          if (file) void run(file);
        }}
      />
    </Card>
  );
}
