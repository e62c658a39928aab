import {
  DeclineDocumentRequestSchema,
  DOCUMENT_KIND_LABELS,
  type PublicSignableDocument,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Divider,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileText, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { MarkdownText } from '../../../components/ui/markdown-text';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import {
  type PublicSignResult,
  useDeclineDocument,
  usePublicSignableDocument,
  useRequestSignOtp,
  useSignDocument,
} from '../api/public-sign-api';
import { PriceTable } from '../components/price-table';
import { PublicHeader } from '../components/public-header';
import { SignForm } from '../components/sign-form';

const docName = (doc: PublicSignableDocument) =>
  `${DOCUMENT_KIND_LABELS[doc.kind]} ${doc.number}${doc.version > 1 ? ` (versión ${doc.version})` : ''}`;

/** `text` ending in one period ("… 12:05 p. m." keeps its own). */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** "Rechazar": the reason is required (the API keeps it and tells the agency). */
function DeclineModal({ token, opened, onClose }: { token: string; opened: boolean; onClose: () => void }) {
  const decline = useDeclineDocument(token);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const parsed = DeclineDocumentRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Indica el motivo');
      return;
    }
    try {
      await decline.mutateAsync(parsed.data);
      onClose();
    } catch (e) {
      setError(getErrorMessage(e, 'No se pudo registrar el rechazo. Inténtalo de nuevo.'));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Rechazar el documento" centered>
      <Stack>
        <Textarea
          label="Motivo del rechazo"
          description="La agencia lo recibirá para ajustar su oferta."
          required
          autosize
          minRows={3}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button color="red" onClick={submit} loading={decline.isPending}>
            Rechazar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What the page says once the document is signed (now or earlier) or declined. */
function Outcome({ doc, result }: { doc: PublicSignableDocument; result: PublicSignResult | null }) {
  useDateDisplay();
  const signedAt = result?.signedAt ?? doc.signedAt;
  if (doc.status === 'declined' && !result?.signedAt) {
    return (
      <Alert color="orange" icon={<IconX />} title="Documento rechazado">
        {sentence(
          `Rechazaste este documento${doc.declinedAt ? ` el ${formatDateTime(doc.declinedAt)}` : ''}`,
        )}{' '}
        La agencia ya fue notificada.
      </Alert>
    );
  }
  return (
    <Alert color="green" icon={<IconCircleCheck />} title="¡Documento firmado!" role="status">
      <Stack gap="xs">
        <Text size="sm">
          {sentence(
            `Firmaste ${doc.kind === 'contract' ? 'el contrato' : 'la propuesta'} ${doc.number}${
              signedAt ? ` el ${formatDateTime(signedAt)}` : ''
            }`,
          )}{' '}
          {doc.status === 'signed'
            ? 'La agencia lo firmará también y recibirás una copia por correo.'
            : 'Recibirás una copia por correo.'}
        </Text>
        {(result?.documentSha256 ?? doc.documentSha256) && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Huella SHA-256 del documento firmado: {result?.documentSha256 ?? doc.documentSha256}
          </Text>
        )}
        <Group>
          <Button component="a" href={doc.pdfUrl} download leftSection={<IconDownload size={16} />}>
            Descargar PDF firmado
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function DocumentToSign({ token, doc }: { token: string; doc: PublicSignableDocument }) {
  useDateDisplay();
  const otp = useRequestSignOtp(token);
  const sign = useSignDocument(token);
  const [result, setResult] = useState<PublicSignResult | null>(null);
  const [signing, setSigning] = useState(false);
  const [declining, setDeclining] = useState(false);
  const done = doc.signed || result !== null || doc.status === 'declined';
  const closed = doc.status === 'expired';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {doc.title}
          </Title>
          <Group gap="xs">
            <Text size="sm">{docName(doc)}</Text>
            <Badge variant="light">{doc.statusLabel}</Badge>
          </Group>
        </Stack>
        <Button
          component="a"
          href={doc.pdfUrl}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconFileText size={16} />}
        >
          Ver PDF
        </Button>
      </Group>
      {done && <Outcome doc={doc} result={result} />}
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Para: {doc.recipientName}
          </Text>
          <MarkdownText source={doc.mergedContent} empty="Este documento no tiene texto." />
          <PriceTable items={doc.items} currency={doc.currency} total={doc.total} />
        </Stack>
      </Paper>
      {closed && (
        <Alert color="orange" icon={<IconAlertTriangle />}>
          Este enlace venció. Pide a la agencia un enlace nuevo.
        </Alert>
      )}
      {!done && !closed && (
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          {signing ? (
            <Stack gap="md">
              <Title order={2} size="h3">
                Aceptar y firmar
              </Title>
              <SignForm
                consentText={doc.consentText}
                documentSha256={doc.documentSha256}
                requestOtp={() => otp.mutateAsync()}
                sign={async (body) => setResult(await sign.mutateAsync(body))}
                initialName={doc.recipientName}
              />
            </Stack>
          ) : (
            <Stack gap="sm">
              <Text size="sm">
                Al aceptar firmarás este documento de forma electrónica: te pediremos tu nombre, tu cédula o
                RNC y un código que enviaremos a {doc.emailMasked}.
              </Text>
              <Group>
                <Button onClick={() => setSigning(true)}>Aceptar y firmar</Button>
                <Button variant="default" color="red" onClick={() => setDeclining(true)}>
                  Rechazar
                </Button>
              </Group>
            </Stack>
          )}
        </Paper>
      )}
      <Divider />
      <Text size="xs" c="dimmed">
        {sentence(`El enlace vence el ${formatDateTime(doc.expiresAt)}`)}
      </Text>
      <DeclineModal token={token} opened={declining} onClose={() => setDeclining(false)} />
    </Stack>
  );
}

/**
 * `/firmar/{token}` (decision 173): the recipient reads a proposal or contract without signing in,
 * and accepts and signs it (name, cédula/RNC, optional drawn signature, consent, e-mailed code) or
 * declines it with a reason. Not indexed. Unknown link → "El enlace no es válido"; expired or
 * revoked → "venció".
 */
export function SignPage() {
  const { token = '' } = useParams();
  const query = usePublicSignableDocument(token);
  const status = getErrorStatus(query.error);
  return (
    <>
      <PublicHeader>
        <Anchor component={Link} to="/verificar" size="sm" underline="always">
          Verificar un documento
        </Anchor>
      </PublicHeader>
      <main>
        <title>Firmar documento</title>
        <meta name="robots" content="noindex, nofollow" />
        <Container size={860} py={{ base: 'md', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
          {query.isLoading ? (
            <Center py="xl">
              <Loader aria-label="Cargando el documento" />
            </Center>
          ) : query.isError ? (
            <Alert color={status === 410 ? 'orange' : 'red'} icon={<IconAlertTriangle />}>
              <Title order={1} size="h4" mb={4}>
                {status === 410 ? 'Este enlace venció o fue revocado' : 'Enlace no disponible'}
              </Title>
              {status === 410
                ? 'Pide a la agencia un enlace nuevo.'
                : status === 404 || status === 400
                  ? 'El enlace no es válido. Verifica que lo copiaste completo.'
                  : getErrorMessage(
                      query.error,
                      'No se pudo cargar el documento. Inténtalo de nuevo en unos minutos.',
                    )}
            </Alert>
          ) : query.data ? (
            <DocumentToSign token={token} doc={query.data} />
          ) : null}
        </Container>
      </main>
    </>
  );
}
