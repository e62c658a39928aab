import {
  formatMoney,
  type PublicSharedDocument,
  type PublicShareResponse,
  SHARE_LINK_GONE,
} from '@agencia/shared';
import {
  Alert,
  Button,
  Center,
  Container,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { TableScroll } from '../../../components/ui/table-scroll';
import { apiClient, getErrorStatus, unwrap } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';

type Lines = Extract<PublicSharedDocument, { type: 'invoice' | 'quote' }>;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </Stack>
  );
}

/** Lines and totals of a shared invoice or quote. */
function LinesTable({ doc }: { doc: Lines }) {
  const money = (n: number) => formatMoney(n, doc.currency);
  return (
    <>
      <TableScroll label="Detalle del documento" minWidth={480}>
        <Table striped aria-label="Detalle">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Descripción</Table.Th>
              <Table.Th ta="right">Cantidad</Table.Th>
              <Table.Th ta="right">Precio</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {doc.items.map((it, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only lines without ids
              <Table.Tr key={i}>
                <Table.Td>{it.description}</Table.Td>
                <Table.Td ta="right">{it.quantity.toLocaleString('es-DO')}</Table.Td>
                <Table.Td ta="right" data-amount>
                  {money(it.unitPrice)}
                </Table.Td>
                <Table.Td ta="right" data-amount>
                  {money(it.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Stack gap={4} align="flex-end">
        <Text size="sm">Subtotal: {money(doc.subtotal)}</Text>
        {doc.discountAmount > 0 && <Text size="sm">Descuento: −{money(doc.discountAmount)}</Text>}
        <Text size="sm">
          ITBIS ({doc.taxRate}%): {money(doc.taxAmount)}
        </Text>
        <Text fw={700} size="lg">
          Total: {money(doc.total)}
        </Text>
        {doc.type === 'invoice' && doc.balance !== doc.total && (
          <Text size="sm">Saldo pendiente: {money(doc.balance)}</Text>
        )}
      </Stack>
    </>
  );
}

function DocumentView({ data, token }: { data: PublicShareResponse; token: string }) {
  useDateDisplay();
  const doc = data.document;
  const pdf = doc.type !== 'ticket' && (
    <Button
      component="a"
      href={`/api/public/share/${encodeURIComponent(token)}/pdf`}
      download
      leftSection={<IconDownload size={16} />}
    >
      Descargar PDF
    </Button>
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text c="dimmed" size="sm">
            {doc.company}
          </Text>
          <Title order={1} size="h2">
            {doc.type === 'invoice'
              ? `Factura ${doc.invoiceNumber}`
              : doc.type === 'quote'
                ? `Cotización ${doc.quoteNumber}`
                : `Ticket #${doc.number}: ${doc.title}`}
          </Title>
        </Stack>
        {pdf}
      </Group>
      <Paper withBorder p="md" radius="md">
        {doc.type === 'ticket' ? (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Field label="Estado" value={doc.statusLabel} />
              <Field label="Creado" value={formatDateTime(doc.createdAt)} />
            </SimpleGrid>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{doc.description}</Text>
            <Divider label="Conversación" labelPosition="left" />
            {doc.messages.length === 0 ? (
              <Text c="dimmed">Aún no hay mensajes.</Text>
            ) : (
              <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {doc.messages.map((m) => (
                  <Paper key={`${m.createdAt}-${m.author}`} component="li" withBorder p="sm" radius="sm">
                    <Text size="xs" c="dimmed">
                      {m.author} · {formatDateTime(m.createdAt)}
                    </Text>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{m.content}</Text>
                  </Paper>
                ))}
              </Stack>
            )}
          </Stack>
        ) : (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Field label="Cliente" value={doc.clientName} />
              <Field label="Estado" value={doc.statusLabel} />
              <Field label="Fecha" value={formatDate(doc.issueDate)} />
              {doc.type === 'invoice' ? (
                <Field label="Vence" value={formatDate(doc.dueDate)} />
              ) : (
                <Field label="Válida hasta" value={formatDate(doc.validUntil)} />
              )}
              {doc.type === 'invoice' && doc.ncf && <Field label="NCF" value={doc.ncf} />}
            </SimpleGrid>
            <LinesTable doc={doc} />
          </Stack>
        )}
      </Paper>
      <Text size="xs" c="dimmed">
        Vista de solo lectura · el enlace vence el {formatDateTime(data.expiresAt)}
      </Text>
    </Stack>
  );
}

/**
 * `/compartido/{token}` (decision 116): a shared invoice, quote or ticket, read-only, without
 * signing in; not indexed. Expired or revoked → "Este enlace venció o fue revocado".
 */
export function SharedDocumentPage() {
  const { token = '' } = useParams();
  const query = useQuery({
    queryKey: ['public-share', token],
    queryFn: () => unwrap<PublicShareResponse>(apiClient.get(`/public/share/${encodeURIComponent(token)}`)),
    retry: false,
  });
  const status = getErrorStatus(query.error);
  return (
    <main>
      <title>Documento compartido</title>
      <meta name="robots" content="noindex, nofollow" />
      <Container size={900} py={{ base: 'lg', sm: 48 }}>
        {query.isLoading ? (
          <Center py="xl">
            <Loader aria-label="Cargando el documento" />
          </Center>
        ) : query.isError ? (
          <Alert color={status === 410 ? 'orange' : 'red'} icon={<IconAlertTriangle />}>
            <Title order={1} size="h4" mb={4}>
              {status === 410 ? SHARE_LINK_GONE : 'Enlace no disponible'}
            </Title>
            {status === 410
              ? 'Pide a quien te lo envió un enlace nuevo.'
              : status === 404 || status === 400
                ? 'El enlace no es válido. Verifica que lo copiaste completo.'
                : 'No se pudo cargar el documento. Inténtalo de nuevo en unos minutos.'}
          </Alert>
        ) : query.data ? (
          <DocumentView data={query.data} token={token} />
        ) : null}
      </Container>
    </main>
  );
}
