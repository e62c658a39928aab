import {
  type ListOptionsResponse,
  QUOTE_PAGE_SIZE,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  type QuoteStatus,
} from '@agencia/shared';
import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDebouncedSearch } from '../../../components/ui/list-filters';
import { PageHeader } from '../../../components/ui/page-header';
import { TableScroll } from '../../../components/ui/table-scroll';
import { apiClient, getErrorMessage, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { DocumentListPanel } from '../../billing-shared/components/document-list-panel';
import { formatDate, formatMoney } from '../../billing-shared/components/format';
import { getRequest } from '../../requests';
import { useQuotes } from '../api/quotes';
import { QuoteFormModal, type QuotePrefill } from '../components/quote-form-modal';
import { QuoteStatusBadge } from '../components/quote-status-badge';

const STATUS_FILTER = [
  { value: 'all', label: 'Todos' },
  ...QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] })),
];

/**
 * The quote form prefilled from a public quote request (`?solicitud=<id>`, decision 114): the
 * service as the first line, the project description as its details, the requirements as notes,
 * and the client whose e-mail matches the request (else none, and the form says so).
 */
function useRequestPrefill(requestId: string | null) {
  return useQuery({
    queryKey: ['quotes', 'prefill', requestId],
    enabled: Boolean(requestId),
    queryFn: async (): Promise<QuotePrefill> => {
      const request = await getRequest('quote', requestId!);
      if (request.kind !== 'quote') return { quoteRequestId: requestId! };
      const found = await unwrap(
        apiClient.get<SuccessEnvelope<ListOptionsResponse>>('/clients/options', {
          params: { search: request.email, limit: 1 },
        }),
      );
      const client = found.options[0];
      return {
        quoteRequestId: request._id,
        clientId: client?.value ?? null,
        clientLabel: client?.label,
        items: [
          { description: request.serviceTitle, details: request.description, quantity: 1, unitPrice: 0 },
        ],
        notes: request.requirements,
      };
    },
  });
}

/**
 * /billing/quotes (decision 114): admins and employees see every quote, a client its own sent ones
 * ("Mis cotizaciones"). Filters and page live in the URL like the invoices list.
 */
export function QuotesPage() {
  useDateDisplay();
  const role = useSessionStore((s) => s.user?.role);
  const canManage = role === 'admin';
  const navigate = useNavigate();
  const [params, setParams] = useListParams({ status: 'all', search: '' });
  const [search, setSearch] = useDebouncedSearch(params.search, (text) => setParams({ search: text }));
  const [urlParams, setUrlParams] = useSearchParams();
  const requestId = urlParams.get('solicitud');
  const [creating, setCreating] = useState(false);
  const prefill = useRequestPrefill(canManage ? requestId : null);
  const list = useQuotes({
    page: params.page,
    limit: QUOTE_PAGE_SIZE,
    status: params.status as QuoteStatus,
    search: params.search,
  });

  useEffect(() => {
    if (prefill.data) setCreating(true);
  }, [prefill.data]);
  const closeForm = () => {
    setCreating(false);
    if (requestId) {
      const next = new URLSearchParams(urlParams);
      next.delete('solicitud');
      setUrlParams(next, { replace: true });
    }
  };
  const quotes = list.data?.quotes ?? [];
  const formPrefill = useMemo(() => (requestId ? (prefill.data ?? null) : null), [requestId, prefill.data]);

  return (
    <>
      <PageHeader
        title={role === 'client' ? 'Mis cotizaciones' : 'Cotizaciones'}
        description={
          role === 'client'
            ? 'Revisa las cotizaciones de la agencia y acéptalas o recházalas'
            : 'Cotizaciones enviadas a los clientes y su respuesta'
        }
        actions={
          <Group>
            <Button
              component={Link}
              to="/billing"
              variant="default"
              leftSection={<IconArrowLeft size={18} />}
            >
              {role === 'client' ? 'Mis Facturas' : 'Facturación'}
            </Button>
            {canManage && (
              <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
                Nueva cotización
              </Button>
            )}
          </Group>
        }
      />
      {prefill.isError && (
        <Alert color="red" mb="md" title="No se pudo cargar la solicitud">
          {getErrorMessage(prefill.error, 'Inténtalo de nuevo')}
        </Alert>
      )}
      <DocumentListPanel
        filters={{
          searchLabel: 'Buscar cotizaciones',
          placeholder: 'Buscar por número, cliente o proyecto',
          search,
          onSearch: setSearch,
          selects: [
            {
              label: 'Filtrar por estado',
              data: STATUS_FILTER,
              value: params.status,
              onChange: (status) => setParams({ status }),
            },
          ],
        }}
        pagination={{
          pagination: list.data?.pagination,
          noun: 'cotizaciones',
          singular: 'cotización',
          onChange: (p) => setParams({ page: p }),
        }}
        loading={list.isLoading}
        error={list.isError ? list.error : null}
        count={quotes.length}
        loadingLabel="Cargando cotizaciones"
        errorMessage="Error al cargar las cotizaciones"
        emptyIcon={<IconFileInvoice size={40} color="var(--mantine-color-dimmed)" aria-hidden />}
        emptyTitle="No hay cotizaciones"
        emptyHint="Las cotizaciones aparecerán aquí."
        filtered={Boolean(params.search) || params.status !== 'all'}
      >
        <TableScroll label="Cotizaciones" minWidth={680} visibleFrom="sm">
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cotización</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Válida hasta</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {quotes.map((q) => (
                <Table.Tr
                  key={q._id}
                  style={{ cursor: 'pointer' }}
                  onClick={(e) => {
                    if (!(e.target as HTMLElement).closest('a')) navigate(`/billing/quotes/${q._id}`);
                  }}
                >
                  <Table.Td>
                    <Anchor component={Link} to={`/billing/quotes/${q._id}`} fw={600} size="sm">
                      {q.quoteNumber}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {q.project?.title ?? formatDate(q.issueDate)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{q.client.name}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(q.total, q.currency)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <QuoteStatusBadge status={q.status} />
                  </Table.Td>
                  <Table.Td>{formatDate(q.validUntil)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <Stack gap="sm" hiddenFrom="sm">
          {quotes.map((q) => (
            <Paper key={q._id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Anchor component={Link} to={`/billing/quotes/${q._id}`} fw={600} size="sm">
                      {q.quoteNumber}
                    </Anchor>
                    <QuoteStatusBadge status={q.status} />
                  </Group>
                  <Text size="sm" truncate>
                    {q.client.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Válida hasta {formatDate(q.validUntil)}
                  </Text>
                </Stack>
                <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(q.total, q.currency)}
                </Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      </DocumentListPanel>
      {canManage && (
        <QuoteFormModal
          opened={creating}
          onClose={closeForm}
          prefill={formPrefill}
          onSaved={(saved) => navigate(`/billing/quotes/${saved._id}`)}
        />
      )}
    </>
  );
}
