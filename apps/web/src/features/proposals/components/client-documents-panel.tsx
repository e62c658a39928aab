import { DOCUMENT_KIND_LABELS } from '@agencia/shared';
import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { awaitsRecipient, useClientDocuments } from './client-documents';
import { DocumentStatusBadge, documentPath } from './document-status';

/**
 * The client's entry to its proposals and contracts (decision 174), on its dashboard — the
 * client's navigation is pinned (nav tests), so the documents come to where the client already
 * looks: up to three, those waiting for its signature first, and "Ver todos" (`/proposals`).
 * Nothing is shown while loading, on an error, or when the agency never sent it one.
 */
export function ClientDocumentsPanel() {
  useDateDisplay();
  const { docs, isLoading, isError } = useClientDocuments();
  if (isLoading || isError || docs.length === 0) return null;
  const waiting = docs.filter((d) => awaitsRecipient(d)).length;
  return (
    <Paper withBorder radius="md" p="md" mb="lg" component="section" aria-labelledby="client-documents-title">
      <Group justify="space-between" mb="sm" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap="xs" miw={0}>
          <Title order={2} size="h4" id="client-documents-title" style={{ overflowWrap: 'anywhere' }}>
            Propuestas y contratos
          </Title>
          {waiting > 0 && (
            <Badge color="blue" variant="filled" leftSection={<IconSignature size={12} aria-hidden />}>
              {waiting === 1 ? '1 por firmar' : `${waiting} por firmar`}
            </Badge>
          )}
        </Group>
        <Button
          component={Link}
          to="/proposals"
          variant="subtle"
          size="compact-sm"
          aria-label="Ver todos: Propuestas y contratos"
          style={{ flexShrink: 0 }}
        >
          Ver todos
        </Button>
      </Group>
      <Stack gap="sm">
        {docs.slice(0, 3).map((doc) => (
          <Group key={doc._id} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} miw={0}>
              <Anchor component={Link} to={documentPath(doc)} fw={600} size="sm" lineClamp={1}>
                {doc.title}
              </Anchor>
              <Text size="xs" c="dimmed" truncate>
                {DOCUMENT_KIND_LABELS[doc.kind]} {doc.number}
                {awaitsRecipient(doc) && doc.expiresAt
                  ? ` · firmar antes del ${formatDateTime(doc.expiresAt)}`
                  : ''}
              </Text>
            </Stack>
            <Box style={{ flexShrink: 0 }}>
              <DocumentStatusBadge status={doc.status} />
            </Box>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
