import { DOCUMENT_KIND_LABELS, DOCUMENT_STATUS_LABELS, type VerifyDocumentResponse } from '@agencia/shared';
import {
  Alert,
  Button,
  Card,
  Container,
  FileInput,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFileSearch,
  IconShieldCheck,
  IconX,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient, getErrorMessage, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { PublicHeader } from '../components/public-header';

/** Largest PDF the page sends (the API's limit decides; this spares a useless upload). */
const MAX_BYTES = 20 * 1024 * 1024;

function Result({ result }: { result: VerifyDocumentResponse }) {
  useDateDisplay();
  const doc = result.document;
  if (!result.match || !doc)
    return (
      <Alert color="red" icon={<IconX />} title="No coincide con ningún documento firmado" role="status">
        <Text size="sm">
          Este PDF no es uno de los documentos que firmamos: cualquier cambio, por pequeño que sea, cambia su
          huella.
        </Text>
        {result.sha256 && (
          <Text size="xs" c="dimmed" mt="xs" style={{ overflowWrap: 'anywhere' }}>
            Huella SHA-256 del archivo: {result.sha256}
          </Text>
        )}
      </Alert>
    );
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconCircleCheck />} title="Documento auténtico" role="status">
        <Text size="sm">
          {result.match === 'sealed'
            ? 'Es la copia sellada, con su certificado de firma, exactamente como la emitimos.'
            : 'Es el documento exactamente como se firmó.'}
        </Text>
      </Alert>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {DOCUMENT_KIND_LABELS[doc.kind]} {doc.number}
          {doc.version > 1 ? ` (versión ${doc.version})` : ''}: {doc.title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <div>
            <Text size="xs" c="dimmed">
              Estado
            </Text>
            <Text size="sm">{DOCUMENT_STATUS_LABELS[doc.status]}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Firmantes
            </Text>
            <List size="sm">
              {doc.signers.map((s) => (
                <List.Item key={`${s.role}-${s.signedAt}`}>
                  {s.name} ({s.role === 'agency' ? 'agencia' : 'destinatario'}) · {formatDateTime(s.signedAt)}
                </List.Item>
              ))}
            </List>
          </div>
          {doc.documentSha256 && (
            <div>
              <Text size="xs" c="dimmed">
                SHA-256 del documento firmado
              </Text>
              <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {doc.documentSha256}
              </Text>
            </div>
          )}
          {doc.sealedSha256 && (
            <div>
              <Text size="xs" c="dimmed">
                SHA-256 del PDF sellado
              </Text>
              <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {doc.sealedSha256}
              </Text>
            </div>
          )}
        </SimpleGrid>
        {result.seal && (
          <Group gap="xs" mt="sm">
            <IconShieldCheck size={18} aria-hidden />
            <Text size="sm">
              {result.seal.sealed
                ? result.seal.intact
                  ? `Sello digital íntegro${result.seal.signerName ? ` de ${result.seal.signerName}` : ''}${result.seal.timestamped ? ', con sello de tiempo' : ''}.`
                  : 'El sello digital no coincide con el contenido.'
                : 'Sin sello digital.'}
            </Text>
          </Group>
        )}
      </Card>
      {result.events.length > 0 && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Historial de la firma
          </Title>
          <Timeline bulletSize={12} lineWidth={2}>
            {result.events.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the trail is append-only
              <Timeline.Item key={i} title={e.event}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.at)}
                  {e.ip ? ` · IP ${e.ip}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Card>
      )}
    </Stack>
  );
}

/**
 * `/verificar` (decision 173; the certificate page's QR points here): anyone uploads a PDF and
 * learns whether it is a document signed here — its SHA-256 against the stored hashes, the seal,
 * and the trail. No sign-in; the file is only hashed, never kept.
 */
export function VerifyPage() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation({
    retry: false,
    mutationFn: (pdf: File) => {
      const form = new FormData();
      form.append('file', pdf);
      return unwrap(
        apiClient.post<SuccessEnvelope<VerifyDocumentResponse>>('/public/verify', form, {
          headers: { 'Content-Type': 'multipart/form-data' },
          timeout: 60_000,
        }),
      );
    },
  });
  const submit = async () => {
    setError(null);
    if (!file) {
      setError('Elige el PDF que quieres verificar');
      return;
    }
    if (file.size > MAX_BYTES) {
      setError('El archivo es demasiado grande (máximo 20 MB)');
      return;
    }
    try {
      await verify.mutateAsync(file);
    } catch (e) {
      setError(getErrorMessage(e, 'No se pudo verificar el archivo. Inténtalo de nuevo.'));
    }
  };
  return (
    <>
      <PublicHeader />
      <main>
        <title>Verificar un documento firmado</title>
        <Container size={760} py={{ base: 'md', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} size="h2">
                Verificar un documento firmado
              </Title>
              <Text c="dimmed">
                Sube el PDF para comprobar que es el documento que se firmó, sin cambios, y ver quién lo firmó
                y cuándo.
              </Text>
            </Stack>
            <Card withBorder>
              <Stack gap="sm">
                <FileInput
                  label="Documento PDF"
                  placeholder="Elegir archivo"
                  accept="application/pdf"
                  value={file}
                  onChange={(f) => {
                    setFile(f);
                    setError(null);
                    verify.reset();
                  }}
                  leftSection={<IconFileSearch size={16} aria-hidden />}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
                  error={error && !verify.isError ? error : undefined}
                />
                <Group>
                  <Button onClick={submit} loading={verify.isPending}>
                    Verificar
                  </Button>
                </Group>
                {error && verify.isError && (
                  <Alert color="red" icon={<IconAlertTriangle />} role="alert">
                    {error}
                  </Alert>
                )}
              </Stack>
            </Card>
            {verify.data && <Result result={verify.data} />}
          </Stack>
        </Container>
      </main>
    </>
  );
}
