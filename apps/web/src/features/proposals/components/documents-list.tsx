import { DOCUMENT_KIND_LABELS, type DocumentKind, formatMoney, type SignableDocument } from '@agencia/shared';
import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { useSignableDocuments } from '../api/proposals-api';
import { DocumentStatusBadge, documentPath } from './document-status';
import { NewDocumentModal } from './new-document-modal';

/**
 * One document as a row: number and title (the link), status, total, date and views. For the
 * recipient (`forRecipient`, the client in the portal) neither its own name nor the view count.
 */
export function DocumentRow({
  doc,
  forRecipient = false,
}: {
  doc: SignableDocument;
  forRecipient?: boolean;
}) {
  useDateDisplay();
  return (
    <Card withBorder component="li" padding="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Anchor
            component={Link}
            to={documentPath(doc)}
            fw={600}
            underline="always"
            style={{ overflowWrap: 'anywhere' }}
          >
            {doc.number} · {doc.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {DOCUMENT_KIND_LABELS[doc.kind]}
            {doc.version > 1 ? ` · versión ${doc.version}` : ''}
            {forRecipient ? '' : ` · ${doc.recipient.name}`} ·{' '}
            {formatDate(forRecipient ? (doc.sentAt ?? doc.createdAt) : doc.createdAt)}
            {!forRecipient && doc.views.count > 0
              ? ` · ${doc.views.count === 1 ? '1 vista' : `${doc.views.count} vistas`}`
              : ''}
          </Text>
        </Stack>
        <Group gap="sm">
          <Text size="sm" fw={500} data-amount>
            {formatMoney(doc.total, doc.currency)}
          </Text>
          <DocumentStatusBadge status={doc.status} />
        </Group>
      </Group>
    </Card>
  );
}

/** True for admins and users granted `proposals.write` (decision 171). */
export function useCanWriteProposals(): boolean {
  return useSessionStore(
    (s) => s.user?.role === 'admin' || (s.user?.permissions ?? []).includes('proposals.write'),
  );
}

/** True for admins and users granted `proposals.read` (decision 171). */
export function useCanReadProposals(): boolean {
  return useSessionStore(
    (s) => s.user?.role === 'admin' || (s.user?.permissions ?? []).includes('proposals.read'),
  );
}

/**
 * The proposals and contracts of one lead or client (its detail page, decision 173): both kinds,
 * newest first, with "Nueva propuesta" / "Nuevo contrato".
 */
export function DocumentsSection({
  leadId,
  clientId,
  defaultTitle,
}: {
  leadId?: string;
  clientId?: string;
  defaultTitle?: string;
}) {
  const filters = { leadId, clientId, limit: 50 };
  const proposals = useSignableDocuments('proposal', filters);
  const contracts = useSignableDocuments('contract', filters);
  const canWrite = useCanWriteProposals();
  const [creating, setCreating] = useState<DocumentKind | null>(null);
  const loading = proposals.isLoading || contracts.isLoading;
  const failed = proposals.isError || contracts.isError;
  const docs = [...(proposals.data?.documents ?? []), ...(contracts.data?.documents ?? [])].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  return (
    <Stack gap="sm">
      {canWrite && (
        <Group gap="xs">
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating('proposal')}>
            Nueva propuesta
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            onClick={() => setCreating('contract')}
          >
            Nuevo contrato
          </Button>
        </Group>
      )}
      {loading ? (
        <Center py="md">
          <Loader size="sm" aria-label="Cargando propuestas" />
        </Center>
      ) : failed ? (
        <Alert color="red" icon={<IconAlertTriangle />}>
          No se pudieron cargar las propuestas y contratos.
        </Alert>
      ) : docs.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aún no hay propuestas ni contratos.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {docs.map((doc) => (
            <DocumentRow key={doc._id} doc={doc} />
          ))}
        </Stack>
      )}
      {creating && (
        <NewDocumentModal
          opened
          onClose={() => setCreating(null)}
          initialKind={creating}
          leadId={leadId}
          clientId={clientId}
          defaultTitle={defaultTitle}
        />
      )}
    </Stack>
  );
}
