import {
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  formatMoney,
  type SignableDocument,
  signConsentText,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MarkdownText } from '../../../components/ui/markdown-text';
import { PageHeader } from '../../../components/ui/page-header';
import { apiClient, getErrorStatus } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toastError } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import {
  kindPath,
  usePortalDecline,
  usePortalSign,
  usePortalSignOtp,
  useSignableDocument,
} from '../api/proposals-api';
import { AWAITING, awaitsRecipient, useClientDocuments } from '../components/client-documents';
import { DocumentStatusBadge } from '../components/document-status';
import { DocumentRow } from '../components/documents-list';
import { PdfPreview } from '../components/pdf-preview';
import { PriceTable } from '../components/price-table';
import { RecipientSignPanel } from '../components/recipient-sign-panel';
import { SignOutcome } from '../components/sign-outcome';

function DocumentList({ docs }: { docs: SignableDocument[] }) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {docs.map((doc) => (
        <DocumentRow key={doc._id} doc={doc} forRecipient />
      ))}
    </Stack>
  );
}

/**
 * `/proposals` for a client (decision 174): the proposals and contracts the agency sent to it —
 * "Por firmar" first, then the rest (signed, declined, expired, replaced). Reached from the
 * dashboard's "Propuestas y contratos" panel (the client's navigation stays as it is).
 */
export function ClientDocumentsPage() {
  const { docs, isLoading, isError } = useClientDocuments();
  const waiting = docs.filter((d) => awaitsRecipient(d));
  const others = docs.filter((d) => !awaitsRecipient(d));
  return (
    <>
      <PageHeader
        title="Propuestas y contratos"
        description="Lo que la agencia te envió para leer y firmar"
      />
      {isLoading ? (
        <Center py="xl">
          <Loader aria-label="Cargando propuestas" />
        </Center>
      ) : isError ? (
        <Alert color="red" icon={<IconAlertTriangle />}>
          No se pudieron cargar tus propuestas y contratos.
        </Alert>
      ) : docs.length === 0 ? (
        <Text c="dimmed">La agencia aún no te ha enviado propuestas ni contratos.</Text>
      ) : (
        <Stack gap="lg">
          {waiting.length > 0 && (
            <Stack gap="xs">
              <Title order={2} size="h4">
                Por firmar
              </Title>
              <DocumentList docs={waiting} />
            </Stack>
          )}
          {others.length > 0 && (
            <Stack gap="xs">
              <Title order={2} size="h4">
                {waiting.length > 0 ? 'Anteriores' : 'Tus documentos'}
              </Title>
              <DocumentList docs={others} />
            </Stack>
          )}
        </Stack>
      )}
    </>
  );
}

/** "Descargar PDF firmado": the stored copy (sealed when it is), fetched with the session's token. */
function DownloadSigned({ doc }: { doc: SignableDocument }) {
  const download = async () => {
    try {
      const blob = (
        await apiClient.get<Blob>(`${kindPath(doc.kind)}/${doc._id}/pdf`, { responseType: 'blob' })
      ).data;
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${doc.number}-v${doc.version}-firmado.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      toastError('Error', 'No se pudo descargar el PDF');
    }
  };
  return (
    <Button onClick={download} leftSection={<IconDownload size={16} />}>
      Descargar PDF firmado
    </Button>
  );
}

/**
 * `/proposals/{id}` and `/contracts/{id}` for a client (decision 174): the document as sent (text
 * and price table, and the exact PDF), then "Aceptar y firmar" or "Rechazar" with the SAME panel
 * and form as the public `/firmar/{token}` page; the calls go to the portal's own routes, which
 * record the signed-in user in the trail. Signed, declined, expired or replaced documents say so.
 */
export function ClientDocumentPage({ kind }: { kind: DocumentKind }) {
  useDateDisplay();
  const { id = '' } = useParams();
  const q = useSignableDocument(kind, id);
  const otp = usePortalSignOtp(kind, id);
  const sign = usePortalSign(kind, id);
  const decline = usePortalDecline(kind, id);
  const user = useSessionStore((s) => s.user);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'content';

  if (q.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Cargando el documento" />
      </Center>
    );
  if (q.isError || !q.data)
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title="Error">
        {getErrorStatus(q.error) === 404 ? 'Documento no encontrado.' : 'No se pudo cargar el documento.'}{' '}
        <Anchor component={Link} to="/proposals" c="inherit" fw={600} underline="always">
          Volver a tus propuestas y contratos
        </Anchor>
      </Alert>
    );
  const doc = q.data.document;
  const recipientSig = doc.signatures.find((s) => s.role === 'recipient');
  const open = awaitsRecipient(doc);
  const expired =
    doc.status === 'expired' ||
    ((AWAITING as readonly string[]).includes(doc.status) &&
      Boolean(doc.expiresAt && new Date(doc.expiresAt).getTime() <= Date.now()));

  return (
    <>
      <Anchor component={Link} to="/proposals" size="sm" underline="always" mb="xs" display="inline-flex">
        <IconArrowLeft size={14} aria-hidden style={{ marginRight: 4 }} />
        Propuestas y contratos
      </Anchor>
      <PageHeader
        title={doc.title}
        description={
          <Group gap="xs">
            <Text size="sm">
              {DOCUMENT_KIND_LABELS[doc.kind]} {doc.number}
              {doc.version > 1 ? ` · versión ${doc.version}` : ''}
            </Text>
            <DocumentStatusBadge status={doc.status} />
          </Group>
        }
      />
      <Stack gap="lg">
        {(recipientSig || doc.status === 'declined') && (
          <SignOutcome
            kind={doc.kind}
            number={doc.number}
            declined={doc.status === 'declined'}
            awaitingCountersign={doc.status === 'signed' && doc.requiresCountersign}
            signedAt={recipientSig?.signedAt ?? null}
            declinedAt={doc.declinedAt}
            documentSha256={recipientSig?.documentSha256 ?? null}
            download={<DownloadSigned doc={doc} />}
          />
        )}
        {doc.supersededById && (
          <Alert color="gray" icon={<IconAlertTriangle />}>
            La agencia reemplazó esta versión por una más reciente: la verás en{' '}
            <Anchor component={Link} to="/proposals" c="inherit" fw={600} underline="always">
              tus propuestas y contratos
            </Anchor>{' '}
            cuando te la envíe.
          </Alert>
        )}
        {expired && !doc.supersededById && (
          <Alert color="orange" icon={<IconAlertTriangle />}>
            El plazo para firmar este documento venció. Pide a la agencia uno nuevo.
          </Alert>
        )}
        <Card withBorder>
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
            <div>
              <Text size="xs" c="dimmed">
                Total
              </Text>
              <Text size="sm">{formatMoney(doc.total, doc.currency)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                Enviado
              </Text>
              <Text size="sm">{doc.sentAt ? formatDateTime(doc.sentAt) : '—'}</Text>
            </div>
            {open && doc.expiresAt && (
              <div>
                <Text size="xs" c="dimmed">
                  Firmar antes del
                </Text>
                <Text size="sm">{formatDateTime(doc.expiresAt)}</Text>
              </div>
            )}
          </SimpleGrid>
        </Card>
        <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="content">Documento</Tabs.Tab>
            <Tabs.Tab value="pdf">PDF</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="content" pt="md">
            <Stack gap="md">
              <MarkdownText source={doc.mergedContent} empty="Este documento no tiene texto." />
              <PriceTable items={doc.items} currency={doc.currency} total={doc.total} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="pdf" pt="md">
            <PdfPreview
              kind={doc.kind}
              id={doc._id}
              number={doc.number}
              version={doc.updatedAt}
              description={
                recipientSig
                  ? 'El PDF firmado. Si no se muestra aquí, usa «Descargar PDF».'
                  : 'El PDF exacto que firmarás. Si no se muestra aquí, usa «Descargar PDF».'
              }
            />
          </Tabs.Panel>
        </Tabs>
        {open && (
          <RecipientSignPanel
            emailTo={doc.recipient.email ?? 'tu correo'}
            consentText={signConsentText(doc)}
            documentSha256={doc.sentSha256 ?? undefined}
            initialName={user ? `${user.firstName} ${user.lastName}` : doc.recipient.name}
            requestOtp={() => otp.mutateAsync()}
            sign={(body) => sign.mutateAsync(body)}
            decline={(body) => decline.mutateAsync(body)}
            declinePending={decline.isPending}
          />
        )}
      </Stack>
    </>
  );
}
