import {
  type ListTicketsQuery,
  pageCount,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_TYPE_LABELS,
  type TicketPriority,
  type TicketStatus,
  type TicketType,
} from '@agencia/shared';
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, IconTicket } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FilterDisclosure } from '../../../components/ui/filter-disclosure';
import { ListPagination } from '../../../components/ui/list-pagination';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchInput } from '../../../components/ui/search-input';
import { getErrorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { toastError } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { useTicketStats } from '../api/get-ticket-stats';
import { useTickets } from '../api/get-tickets';
import { CreateTicketModal } from '../components/create-ticket-modal';
import { optionsOf } from '../components/ticket-badges';
import { TicketCard } from '../components/ticket-card';

const pick = <K extends string>(value: string | null, labels: Record<K, string>): K | undefined =>
  value && value in labels ? (value as K) : undefined;

/** Tickets a page shows (issue 14; the API default). */
const TICKETS_PAGE_SIZE = 20;

/**
 * /tickets (spec doc 2 §2 "Tickets list"): counters, filters and page kept in the URL
 * (`?status=open&page=2`), one page of cards with the total, 'Nuevo Ticket'.
 */
export function TicketsPage() {
  const [params, setParams] = useListParams({ search: '', status: '', priority: '', type: '' });
  const [urlParams, setUrlParams] = useSearchParams();
  const role = useSessionStore((s) => s.user?.role);
  const canCreate = useSessionStore((s) => s.user?.permissions?.includes('tickets.write') ?? false);
  // `?new=1` (dashboard quick action 'new-ticket') opens the modal.
  const [opened, { open, close: closeModal }] = useDisclosure(urlParams.get('new') === '1');
  const close = () => {
    closeModal();
    if (urlParams.has('new'))
      setUrlParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('new');
          return next;
        },
        { replace: true },
      );
  };
  const [search, setSearch] = useState(params.search);
  const [debounced] = useDebouncedValue(search, 300);

  const status = pick<TicketStatus>(params.status, TICKET_STATUS_LABELS);
  const priority = pick<TicketPriority>(params.priority, TICKET_PRIORITY_LABELS);
  const type = pick<TicketType>(params.type, TICKET_TYPE_LABELS);
  const filters: ListTicketsQuery = {
    search: params.search || undefined,
    status,
    priority,
    type,
    page: params.page,
    limit: TICKETS_PAGE_SIZE,
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the URL
  useEffect(() => setParams({ search: debounced.trim() }), [debounced]);

  const tickets = useTickets(filters);
  // A page past the end (old link, tickets closed meanwhile) moves to the last page.
  const lastPage = tickets.data ? pageCount(tickets.data.pagination) : 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new page count can move the page
  useEffect(() => {
    if (tickets.data && !tickets.isPlaceholderData && params.page > lastPage) setParams({ page: lastPage });
  }, [lastPage, tickets.data]);
  const stats = useTicketStats();

  useEffect(() => {
    if (tickets.isError) toastError('Error', 'No se pudieron cargar los tickets');
  }, [tickets.isError]);

  const counters = [
    { label: 'Total', value: stats.data?.total, color: 'blue' },
    { label: 'Abiertos', value: stats.data?.open, color: 'cyan' },
    { label: 'En Progreso', value: stats.data?.inProgress, color: 'yellow' },
    { label: 'Resueltos', value: stats.data?.resolved, color: 'green' },
  ];
  const hasFilters = Boolean(filters.search || status || priority || type);

  return (
    <>
      <PageHeader
        title="Tickets de Soporte"
        description="Reporta problemas, solicita cambios y sigue cada caso hasta su resolución."
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
              Nuevo Ticket
            </Button>
          )
        }
      />

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" mb="lg">
        {counters.map((c) => (
          <Paper key={c.label} withBorder radius="md" p="md">
            <Text size="sm" c="dimmed">
              {c.label}
            </Text>
            <Text fw={700} fz={28} c={c.color} aria-live="polite">
              {c.value ?? '—'}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Card withBorder radius="md" mb="lg" p="md">
        <FilterDisclosure
          activeCount={[status, priority, type].filter(Boolean).length}
          layout={(content) => (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              {content}
            </SimpleGrid>
          )}
          search={
            <SearchInput
              label="Buscar"
              placeholder="Título, descripción o número"
              value={search}
              onChange={setSearch}
            />
          }
        >
          <Select
            label="Estado"
            placeholder="Todos"
            clearable
            data={optionsOf(TICKET_STATUS_LABELS)}
            value={status ?? null}
            onChange={(v) => setParams({ status: v ?? '' })}
          />
          <Select
            label="Prioridad"
            placeholder="Todas"
            clearable
            data={optionsOf(TICKET_PRIORITY_LABELS)}
            value={priority ?? null}
            onChange={(v) => setParams({ priority: v ?? '' })}
          />
          <Select
            label="Tipo"
            placeholder="Todos"
            clearable
            data={optionsOf(TICKET_TYPE_LABELS)}
            value={type ?? null}
            onChange={(v) => setParams({ type: v ?? '' })}
          />
        </FilterDisclosure>
        {hasFilters && (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setSearch('');
                setParams({ search: '', status: '', priority: '', type: '' });
              }}
            >
              Limpiar filtros
            </Button>
          </Group>
        )}
      </Card>

      {tickets.isPending ? (
        <Center py="xl" role="status">
          <Loader aria-label="Cargando tickets" />
        </Center>
      ) : tickets.isError ? (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title="No se pudieron cargar los tickets"
        >
          {getErrorMessage(tickets.error, 'Error al cargar los tickets')}
        </Alert>
      ) : tickets.data.tickets.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs" py="lg">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
              <IconTicket size={26} />
            </ThemeIcon>
            <Text fw={600}>No hay tickets</Text>
            <Text size="sm" c="dimmed" ta="center">
              {hasFilters
                ? 'Ningún ticket coincide con los filtros.'
                : 'Cuando abras un ticket aparecerá aquí.'}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid
          cols={{ base: 1, md: 2, xl: 3 }}
          spacing="md"
          aria-busy={tickets.isPlaceholderData}
          style={{ opacity: tickets.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          {tickets.data.tickets.map((t) => (
            <TicketCard key={t._id} ticket={t} showClient={role !== 'client'} />
          ))}
        </SimpleGrid>
      )}
      <ListPagination
        pagination={tickets.data?.pagination}
        noun="tickets"
        singular="ticket"
        onChange={(page) => {
          setParams({ page });
          window.scrollTo({ top: 0 });
        }}
      />

      <CreateTicketModal opened={opened} onClose={close} />
    </>
  );
}
