import {
  type ListProjectsQuery,
  PROJECT_CATEGORIES,
  PROJECT_CATEGORY_LABELS,
  PROJECT_PRIORITIES,
  PROJECT_PRIORITY_LABELS,
  PROJECT_SORT_LABELS,
  PROJECT_SORTS,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type ProjectSort,
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
import { IconAlertCircle, IconFolderOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSocketEvent } from '../../../components/realtime/realtime-provider';
import { FilterDisclosure } from '../../../components/ui/filter-disclosure';
import { ListPagination } from '../../../components/ui/list-pagination';
import { PageHeader } from '../../../components/ui/page-header';
import { getErrorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { toastError } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { projectKeys, useProjects } from '../api/get-projects';
import { ProjectCard } from '../components/project-card';
import { useConfirmDeleteProject } from '../components/use-delete-project';

/** Filters of the Proyectos screen and their defaults (left out of the URL). */
const FILTER_DEFAULTS = { search: '', status: '', category: '', priority: '', sort: 'recent' };
const FILTER_KEYS = ['search', 'status', 'category', 'priority'] as const;
/** Cards per page: a multiple of the 3-column grid. */
export const PROJECTS_PAGE_SIZE = 12;

const statusOptions = PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }));
const categoryOptions = PROJECT_CATEGORIES.map((c) => ({ value: c, label: PROJECT_CATEGORY_LABELS[c] }));
const priorityOptions = PROJECT_PRIORITIES.map((p) => ({ value: p, label: PROJECT_PRIORITY_LABELS[p] }));
const sortOptions = PROJECT_SORTS.map((s) => ({ value: s, label: PROJECT_SORT_LABELS[s] }));

/**
 * /projects (spec doc 2 §2 "Projects list"): filters, order and page live in the URL (a link
 * reproduces the view, issue 14); search is debounced; one page of cards in a three-column grid
 * with the total and the pager below.
 */
export function ProjectsPage() {
  const role = useSessionStore((state) => state.user?.role);
  const isAdmin = role === 'admin';
  const [params, setParams] = useListParams(FILTER_DEFAULTS);
  const filters: ListProjectsQuery = {
    page: params.page,
    limit: PROJECTS_PAGE_SIZE,
    sort: params.sort as ProjectSort,
    search: params.search,
    status: (params.status || undefined) as ListProjectsQuery['status'],
    category: (params.category || undefined) as ListProjectsQuery['category'],
    priority: (params.priority || undefined) as ListProjectsQuery['priority'],
  };

  const [searchText, setSearchText] = useState(params.search);
  // Debounced push of the search into the URL (replace: typing should not flood the history).
  const pushSearch = useDebouncedCallback((value: string) => setParams({ search: value.trim() }), 350);
  // Back/forward or a pasted link: the input follows the URL.
  const urlSearch = params.search;
  useEffect(() => {
    setSearchText((current) => (current.trim() === urlSearch ? current : urlSearch));
  }, [urlSearch]);

  const setFilter = (key: (typeof FILTER_KEYS)[number] | 'sort', value: string | null) =>
    setParams({ [key]: value ?? FILTER_DEFAULTS[key] });

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
      toastError('Error', 'No se pudieron cargar los proyectos');
    }
  }, [query.isError, query.error]);

  const hasFilters = FILTER_KEYS.some((k) => params[k]);
  const page = query.data;

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
        <FilterDisclosure
          activeCount={
            [params.status, params.category, params.priority].filter(Boolean).length +
            (params.sort !== FILTER_DEFAULTS.sort ? 1 : 0)
          }
          layout={(content) => (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
              {content}
            </SimpleGrid>
          )}
          search={
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
          }
        >
          <Select
            label="Estado"
            placeholder="Todos los estados"
            data={statusOptions}
            value={params.status || null}
            onChange={(v) => setFilter('status', v)}
            clearable
          />
          <Select
            label="Categoría"
            placeholder="Todas las categorías"
            data={categoryOptions}
            value={params.category || null}
            onChange={(v) => setFilter('category', v)}
            clearable
          />
          <Select
            label="Prioridad"
            placeholder="Todas las prioridades"
            data={priorityOptions}
            value={params.priority || null}
            onChange={(v) => setFilter('priority', v)}
            clearable
          />
          <Select
            label="Ordenar por"
            data={sortOptions}
            value={params.sort}
            onChange={(v) => setFilter('sort', v)}
            allowDeselect={false}
          />
        </FilterDisclosure>
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
      ) : page && page.projects.length === 0 && page.pagination.total === 0 ? (
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
                  setParams({ search: '', status: '', category: '', priority: '' });
                }}
              >
                Limpiar filtros
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        page && (
          <>
            <Group justify="flex-end" mb="xs" mih={16}>
              {query.isFetching && <Loader size="xs" aria-label="Actualizando" />}
            </Group>
            {page.projects.length === 0 ? (
              // A page past the end (e.g. after deletions): offer the first page.
              <Paper withBorder radius="md" p="xl">
                <Stack align="center" gap="xs">
                  <Text>Esta página ya no tiene proyectos.</Text>
                  <Button variant="light" onClick={() => setParams({ page: 1 })}>
                    Ir a la primera página
                  </Button>
                </Stack>
              </Paper>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {page.projects.map((project) => (
                  <ProjectCard
                    key={project._id}
                    project={project}
                    canManage={isAdmin}
                    onDelete={confirmDelete}
                  />
                ))}
              </SimpleGrid>
            )}
            <ListPagination
              pagination={page.pagination}
              noun="proyectos"
              singular="proyecto"
              onChange={(p) => {
                setParams({ page: p });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )
      )}
    </>
  );
}
