import {
  type ListProjectsQuery,
  PROJECT_CATEGORIES,
  PROJECT_CATEGORY_LABELS,
  PROJECT_PRIORITIES,
  PROJECT_PRIORITY_LABELS,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
} from '@agencia/shared';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFolderOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSocketEvent } from '../../../components/realtime/realtime-provider';
import { PageHeader } from '../../../components/ui/page-header';
import { getErrorMessage } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { projectKeys, useProjects } from '../api/get-projects';
import { ProjectCard } from '../components/project-card';
import { useConfirmDeleteProject } from '../components/use-delete-project';

const FILTER_KEYS = ['search', 'status', 'category', 'priority'] as const;

const statusOptions = PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }));
const categoryOptions = PROJECT_CATEGORIES.map((c) => ({ value: c, label: PROJECT_CATEGORY_LABELS[c] }));
const priorityOptions = PROJECT_PRIORITIES.map((p) => ({ value: p, label: PROJECT_PRIORITY_LABELS[p] }));

/**
 * /projects (spec doc 2 §2 "Projects list"): filters live in the URL (a link reproduces the view),
 * search is debounced, each change refetches; three-column card grid.
 */
export function ProjectsPage() {
  const role = useSessionStore((state) => state.user?.role);
  const isAdmin = role === 'admin';
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : [])),
  ) as ListProjectsQuery;

  const [searchText, setSearchText] = useState(params.get('search') ?? '');
  // Debounced push of the search into the URL (replace: typing should not flood the history).
  const pushSearch = useDebouncedCallback((value: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value.trim()) next.set('search', value.trim());
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
  }, 350);
  // Back/forward or a pasted link: the input follows the URL.
  const urlSearch = params.get('search') ?? '';
  useEffect(() => {
    setSearchText((current) => (current.trim() === urlSearch ? current : urlSearch));
  }, [urlSearch]);

  const setFilter = (key: (typeof FILTER_KEYS)[number], value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };

  const query = useProjects(filters);
  const queryClient = useQueryClient();
  useSocketEvent('project:changed', () => {
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
  });
  const confirmDelete = useConfirmDeleteProject();

  // §8: a notice once per failure, plus the alert below.
  const notified = useRef<unknown>(null);
  useEffect(() => {
    if (query.isError && notified.current !== query.error) {
      notified.current = query.error;
      notifications.show({ color: 'red', title: 'Error', message: 'No se pudieron cargar los proyectos' });
    }
  }, [query.isError, query.error]);

  const hasFilters = FILTER_KEYS.some((k) => params.get(k));

  return (
    <>
      <PageHeader
        title={isAdmin ? 'Proyectos' : 'Mis Proyectos'}
        description="Seguimiento de proyectos, avances y presupuestos"
        actions={
          isAdmin && (
            <Button component={Link} to="/projects/new" leftSection={<IconPlus size={18} />}>
              Nuevo Proyecto
            </Button>
          )
        }
      />

      <Paper withBorder radius="md" p="md" mb="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <TextInput
            label="Buscar"
            placeholder="Título, descripción o cliente"
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.currentTarget.value);
              pushSearch(e.currentTarget.value);
            }}
            type="search"
          />
          <Select
            label="Estado"
            placeholder="Todos los estados"
            data={statusOptions}
            value={params.get('status')}
            onChange={(v) => setFilter('status', v)}
            clearable
          />
          <Select
            label="Categoría"
            placeholder="Todas las categorías"
            data={categoryOptions}
            value={params.get('category')}
            onChange={(v) => setFilter('category', v)}
            clearable
          />
          <Select
            label="Prioridad"
            placeholder="Todas las prioridades"
            data={priorityOptions}
            value={params.get('priority')}
            onChange={(v) => setFilter('priority', v)}
            clearable
          />
        </SimpleGrid>
      </Paper>

      {query.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Error" mb="lg">
          {getErrorMessage(query.error, 'Error loading projects')}
        </Alert>
      )}

      {query.isPending ? (
        <Center py="xl" role="status" aria-live="polite">
          <Loader aria-label="Cargando proyectos" />
        </Center>
      ) : query.data && query.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs" py="lg">
            <IconFolderOff size={40} aria-hidden />
            <Text fw={600}>No se encontraron proyectos</Text>
            <Text c="dimmed" size="sm" ta="center">
              {hasFilters
                ? 'Prueba con otros filtros o limpia la búsqueda.'
                : 'Aún no hay proyectos para mostrar.'}
            </Text>
            {hasFilters && (
              <Button
                variant="light"
                onClick={() => {
                  pushSearch.cancel();
                  setSearchText('');
                  setParams(new URLSearchParams());
                }}
              >
                Limpiar filtros
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        query.data && (
          <>
            <Group justify="space-between" mb="xs">
              <Text size="sm" c="dimmed" aria-live="polite">
                {query.data.length === 1 ? '1 proyecto' : `${query.data.length} proyectos`}
              </Text>
              {query.isFetching && <Loader size="xs" aria-label="Actualizando" />}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {query.data.map((project) => (
                <ProjectCard
                  key={project._id}
                  project={project}
                  canManage={isAdmin}
                  onDelete={confirmDelete}
                />
              ))}
            </SimpleGrid>
          </>
        )
      )}
    </>
  );
}
