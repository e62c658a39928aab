import {
  CALENDAR_TASK_LAYER_LABEL,
  DEFAULT_BUSINESS_HOURS,
  EVENT_TYPE_COLORS,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  type EventType,
} from '@agencia/shared';
import type { EventChangeInfo } from '@fullcalendar/react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Collapse,
  Grid,
  Group,
  Loader,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconCalendar,
  IconCalendarShare,
  IconFilter,
  IconList,
  IconPlus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/ui/list-pagination';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchInput } from '../../../components/ui/search-input';
import { getErrorMessage } from '../../../lib/api-client';
import { businessHoursQuery } from '../../../lib/business-hours';
import { useListParams } from '../../../lib/list-params';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useSessionStore } from '../../../stores/session-store';
import { useCalendarTasks } from '../../tasks';
import {
  useCalendarStats,
  useEventMutations,
  useEventPage,
  useEvents,
  useUpcomingEvents,
} from '../api/calendar-api';
import { CalendarView } from '../components/calendar-view';
import { EventFormModal } from '../components/event-form-modal';
import { typeOptions } from '../components/event-labels';
import { EventList } from '../components/event-list';
import { FeedModal } from '../components/feed-modal';
import { useTaskLayer } from '../components/use-task-layer';

/** Events a page of the "Lista de eventos" tab shows (issue 14; the API default). */
const EVENTS_PAGE_SIZE = 20;

/**
 * /calendar (spec doc 2 §2 "Calendar"): FullCalendar, filters, summary cards, list and statistics
 * tabs. Tab, filters and the list's page are kept in the URL.
 */
export function CalendarPage() {
  const navigate = useNavigate();
  const role = useSessionStore((s) => s.user?.role);
  const userId = useSessionStore((s) => s.user?._id);
  const staff = role === 'admin' || role === 'employee';
  // Creating events needs calendar.write (clients do not hold it by default; decision 061).
  const canCreate = useSessionStore((s) => s.user?.permissions?.includes('calendar.write') ?? false);
  // Tab, filters and the list's page live in the URL (issue 14): `?tab=list&type=call&page=2`.
  const [listParams, setListParams] = useListParams({ tab: 'calendar', type: '', search: '' });
  const tab = listParams.tab;
  const setTab = (value: string | null) => setListParams({ tab: value ?? 'calendar' });
  const [filtersOpen, filters] = useDisclosure(Boolean(listParams.type || listParams.search));
  const type =
    listParams.type && listParams.type in EVENT_TYPE_LABELS ? (listParams.type as EventType) : null;
  const setType = (value: EventType | null) => setListParams({ type: value ?? '' });
  const [search, setSearch] = useState(listParams.search);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the URL
  useEffect(() => setListParams({ search: debouncedSearch }), [debouncedSearch]);
  const [range, setRange] = useState<{ start: string; end: string } | null>(() => ({
    start: dayjs().startOf('month').toISOString(),
    end: dayjs().endOf('month').toISOString(),
  }));
  const [createAt, setCreateAt] = useState<Date | null>(null);
  // `?new=1` (dashboard quick action 'new-event') opens the create modal.
  const [params, setParams] = useSearchParams();
  const [createOpen, create] = useDisclosure(params.get('new') === '1' && canCreate);
  const closeCreate = () => {
    create.close();
    if (params.has('new'))
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('new');
          return next;
        },
        { replace: true },
      );
  };
  const [feedOpen, feed] = useDisclosure(false);

  // The grids open at the working day's start, read once on mount: the calendar waits for the
  // company's hours (the defaults if they cannot be read).
  const hoursQuery = useQuery(businessHoursQuery);
  const businessHours = hoursQuery.data ?? (hoursQuery.isError ? DEFAULT_BUSINESS_HOURS : null);
  const events = useEvents(
    range && { ...range, type: type ?? undefined, search: listParams.search || undefined },
  );
  // The list: events not ended 30 days ago onwards, one page at a time (decision 103).
  const list = useEventPage(
    tab === 'list'
      ? {
          start_date: dayjs().subtract(30, 'day').startOf('day').toISOString(),
          type: type ?? undefined,
          search: listParams.search || undefined,
          page: listParams.page,
          limit: EVENTS_PAGE_SIZE,
        }
      : null,
  );
  // The task layer (decision 165): due dates of open tasks in the visible days, switchable and
  // remembered per user. The grid's end is exclusive, hence the millisecond back.
  const [showTasks, setShowTasks] = useTaskLayer(userId);
  const taskDays = range
    ? {
        start: dayjs(range.start).format('YYYY-MM-DD'),
        end: dayjs(range.end).subtract(1, 'millisecond').format('YYYY-MM-DD'),
      }
    : { start: '', end: '' };
  const calendarTasks = useCalendarTasks(taskDays.start, taskDays.end, showTasks);
  const upcoming = useUpcomingEvents();
  const isPhone = useIsPhone();
  const stats = useCalendarStats();
  const { update } = useEventMutations();

  useEffect(() => {
    if (events.isError) toastError('Error', 'No se pudieron cargar los eventos del calendario');
  }, [events.isError]);

  const openCreate = (date: Date | null) => {
    setCreateAt(date);
    create.open();
  };

  const onEventChange = async (info: EventChangeInfo) => {
    const { event } = info;
    if (!event.start) return info.revert();
    try {
      await update.mutateAsync({
        id: event.id,
        body: {
          startDate: event.start.toISOString(),
          endDate: (
            event.end ??
            dayjs(event.start)
              .add(event.allDay ? 1 : 1, event.allDay ? 'day' : 'hour')
              .toDate()
          ).toISOString(),
          isAllDay: event.allDay,
        },
      });
      toastSuccess('Evento actualizado', event.title);
    } catch (error) {
      info.revert();
      toastError('Error', getErrorMessage(error, 'No se pudo mover el evento'));
    }
  };

  const cards = [
    { label: 'Eventos hoy', value: stats.data?.today, color: 'blue' },
    { label: 'Esta semana', value: stats.data?.thisWeek, color: 'cyan' },
    { label: 'Reuniones', value: stats.data?.meetings, color: 'indigo' },
    { label: 'Fechas límite', value: stats.data?.deadlines, color: 'red' },
  ];

  const filterControls = (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <SearchInput
        label="Buscar eventos"
        placeholder="Título, descripción o ubicación"
        value={search}
        onChange={setSearch}
      />
      <Select
        label="Tipo de evento"
        placeholder="Todos los tipos"
        clearable
        data={typeOptions}
        value={type}
        onChange={(v) => setType((v as EventType | null) ?? null)}
      />
    </SimpleGrid>
  );

  // Issue 44 point 12: on a phone the four summary cards go below the calendar, so the grid (week
  // or day view) starts right under the header instead of a screen further down.
  const summaryCards = (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" mb={isPhone ? 0 : 'lg'} mt={isPhone ? 'lg' : 0}>
      {cards.map((c) => (
        <Paper key={c.label} withBorder radius="md" p="md">
          <Text size="sm" c="dimmed">
            {c.label}
          </Text>
          <Text fw={700} fz={28} c={c.color}>
            {c.value ?? '—'}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );

  return (
    <>
      <PageHeader
        title="Calendario"
        description="Reuniones, llamadas, entregas y fechas importantes."
        actions={
          <Group gap="xs">
            <Button
              variant={filtersOpen || type || search ? 'light' : 'default'}
              leftSection={<IconFilter size={16} aria-hidden />}
              onClick={filters.toggle}
              aria-expanded={filtersOpen}
            >
              Filtros
            </Button>
            {canCreate && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openCreate(null)}>
                Nuevo Evento
              </Button>
            )}
          </Group>
        }
      />

      <Collapse expanded={filtersOpen}>
        <Card withBorder radius="md" mb="lg">
          {filterControls}
        </Card>
      </Collapse>

      {!isPhone && summaryCards}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Card withBorder radius="md">
            <Tabs value={tab} onChange={setTab}>
              <Tabs.List mb="md">
                <Tabs.Tab value="calendar" leftSection={<IconCalendar size={16} aria-hidden />}>
                  Calendario
                </Tabs.Tab>
                <Tabs.Tab value="list" leftSection={<IconList size={16} aria-hidden />}>
                  Lista de eventos
                </Tabs.Tab>
                <Tabs.Tab value="stats">Estadísticas</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="calendar">
                <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
                  <Switch
                    label={CALENDAR_TASK_LAYER_LABEL}
                    description="Fechas de entrega de las tareas abiertas"
                    checked={showTasks}
                    onChange={(e) => setShowTasks(e.currentTarget.checked)}
                  />
                  {showTasks && calendarTasks.isFetching && (
                    <Loader size="xs" aria-label="Cargando tareas del calendario" />
                  )}
                </Group>
                {showTasks && calendarTasks.isError ? (
                  <Alert color="orange" icon={<IconAlertCircle size={18} aria-hidden />} mb="sm">
                    {getErrorMessage(calendarTasks.error, 'No se pudieron cargar las tareas del calendario')}
                  </Alert>
                ) : null}
                {showTasks && calendarTasks.data?.truncated ? (
                  <Text size="sm" c="dimmed" mb="sm">
                    Se muestran las primeras {calendarTasks.data.tasks.length} tareas de estas fechas.
                  </Text>
                ) : null}
                {events.isError ? (
                  <Alert
                    color="red"
                    icon={<IconAlertCircle size={18} aria-hidden />}
                    title="Error al cargar el calendario"
                    mb="md"
                  >
                    {getErrorMessage(events.error, 'Error al cargar los eventos')}
                  </Alert>
                ) : null}
                {!businessHours || (events.isPending && !events.data) ? (
                  <Center py="xl" role="status">
                    <Stack align="center" gap="xs">
                      <Loader />
                      <Text c="dimmed">Cargando calendario...</Text>
                    </Stack>
                  </Center>
                ) : null}
                {businessHours && (
                  <div style={{ display: events.isPending && !events.data ? 'none' : undefined }}>
                    <CalendarView
                      events={events.data ?? []}
                      businessHours={businessHours}
                      onRangeChange={setRange}
                      onDateClick={(date) => canCreate && openCreate(date)}
                      onEventClick={(id) => navigate(`/calendar/${id}`)}
                      tasks={showTasks ? (calendarTasks.data?.tasks ?? []) : []}
                      onTaskClick={(task) =>
                        navigate(`/projects/${task.project._id}?tab=tareas&tarea=${task._id}`)
                      }
                      onEventChange={(info) => void onEventChange(info)}
                      canDrag={staff && canCreate}
                    />
                  </div>
                )}
              </Tabs.Panel>
              <Tabs.Panel value="list">
                <Stack gap="md">
                  {filterControls}
                  {list.isPending ? (
                    <Center py="md">
                      <Loader aria-label="Cargando eventos" />
                    </Center>
                  ) : list.isError ? (
                    <Alert color="red" title="Error al cargar el calendario">
                      {getErrorMessage(list.error, 'Error al cargar los eventos')}
                    </Alert>
                  ) : (
                    <div
                      aria-busy={list.isPlaceholderData}
                      style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
                    >
                      <EventList events={list.data.events} empty="No hay eventos para mostrar" />
                    </div>
                  )}
                  <ListPagination
                    pagination={list.data?.pagination}
                    noun="eventos"
                    singular="evento"
                    onChange={(page) => setListParams({ page })}
                  />
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="stats">
                <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
                  {[
                    { label: 'Total de eventos', value: stats.data?.total },
                    { label: 'Reuniones', value: stats.data?.meetings },
                    { label: 'Fechas límite', value: stats.data?.deadlines },
                  ].map((s) => (
                    <Paper key={s.label} withBorder p="md" radius="md">
                      <Text size="sm" c="dimmed">
                        {s.label}
                      </Text>
                      <Text fw={700} fz={28}>
                        {s.value ?? '—'}
                      </Text>
                    </Paper>
                  ))}
                </SimpleGrid>
                <Title order={2} size="h5" mb="sm">
                  Por tipo
                </Title>
                <Stack gap="xs">
                  {EVENT_TYPES.map((t) => {
                    const n = stats.data?.byType[t] ?? 0;
                    const pct = stats.data?.total ? Math.round((n / stats.data.total) * 100) : 0;
                    return (
                      <div key={t}>
                        <Group justify="space-between">
                          <Text size="sm">{EVENT_TYPE_LABELS[t]}</Text>
                          <Text size="sm" c="dimmed">
                            {n}
                          </Text>
                        </Group>
                        <Progress
                          value={pct}
                          color={EVENT_TYPE_COLORS[t]}
                          aria-label={`${EVENT_TYPE_LABELS[t]}: ${n}`}
                        />
                      </div>
                    );
                  })}
                </Stack>
              </Tabs.Panel>
            </Tabs>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack gap="lg">
            <Card withBorder radius="md">
              <Title order={2} size="h5" mb="sm">
                Próximos eventos
              </Title>
              {upcoming.isPending ? (
                <Center py="sm">
                  <Loader size="sm" aria-label="Cargando próximos eventos" />
                </Center>
              ) : (
                <EventList events={upcoming.data ?? []} empty="No hay eventos próximos" />
              )}
            </Card>
            <Card withBorder radius="md">
              <Title order={2} size="h5" mb="sm">
                Accesos rápidos
              </Title>
              <Stack gap={6}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  ta="left"
                  onClick={() => setTab('calendar')}
                >
                  Ver calendario
                </Anchor>
                <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setTab('list')}>
                  Ver lista de eventos
                </Anchor>
                <Anchor component="button" type="button" size="sm" ta="left" onClick={feed.open}>
                  <Group gap={4} wrap="nowrap">
                    <IconCalendarShare size={14} aria-hidden /> Sincronizar con Google u Outlook
                  </Group>
                </Anchor>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      {isPhone && summaryCards}

      {createOpen && <EventFormModal opened onClose={closeCreate} initialDate={createAt} />}
      <FeedModal opened={feedOpen} onClose={feed.close} />
    </>
  );
}
