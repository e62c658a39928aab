import { LEAD_SOURCE_LABELS, LEAD_SOURCES, type Lead, type ListLeadsQuery } from '@agencia/shared';
import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconColumns, IconFileText, IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type BoardMove, KanbanBoard } from '../../../components/board/kanban-board';
import { AccessDenied } from '../../../components/errors/access-denied';
import { ListFilters, useDebouncedSearch } from '../../../components/ui/list-filters';
import { ListPagination } from '../../../components/ui/list-pagination';
import { PageHeader } from '../../../components/ui/page-header';
import { getErrorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useSessionStore } from '../../../stores/session-store';
import { useLeadOwners, useLeadStages, useLeads, useMoveLead } from '../api/leads-api';
import { LeadCard } from '../components/lead-card';
import { LeadFormModal } from '../components/lead-form-modal';
import { LeadList } from '../components/lead-list';
import { totalsText } from '../components/lead-money';
import { LostReasonModal } from '../components/lost-reason-modal';
import { StageEditorModal } from '../components/stage-editor-modal';
import { useCanReadLeads } from '../components/use-can-read-leads';

/** The board shows up to this many leads (the API's largest page); the totals count them all. */
const BOARD_LIMIT = 100;

/**
 * /leads "Prospectos" (decision 170): a board by stage (drag with the mouse or the keyboard) with
 * each column's count and value, or a list (the default on phones); filters in the URL.
 */
export function LeadsPage() {
  if (!useCanReadLeads()) return <AccessDenied />;
  return <LeadsPageContent />;
}

function LeadsPageContent() {
  const phone = useIsPhone();
  const [params, setParams] = useListParams({
    view: phone ? 'list' : 'board',
    q: '',
    stage: 'all',
    owner: 'all',
    source: 'all',
  });
  const [search, setSearch] = useDebouncedSearch(params.q, (q) => setParams({ q }));
  const [creating, setCreating] = useState(false);
  const [editingStages, setEditingStages] = useState(false);
  // Stage management is the admins' (the API's `manageStages`, decision 170).
  const canManageStages = useSessionStore((s) => s.user?.role === 'admin');
  const canReadProposals = useSessionStore(
    (s) => s.user?.role === 'admin' || (s.user?.permissions ?? []).includes('proposals.read'),
  );
  const [lostMove, setLostMove] = useState<{ resolve: (reason: string | null) => void } | null>(null);
  const board = params.view === 'board';
  const filters: ListLeadsQuery = {
    page: board ? 1 : params.page,
    limit: board ? BOARD_LIMIT : 20,
    q: params.q || undefined,
    stage: !board && params.stage !== 'all' ? params.stage : undefined,
    owner: params.owner !== 'all' ? params.owner : undefined,
    source: params.source !== 'all' ? (params.source as ListLeadsQuery['source']) : undefined,
  };
  const leads = useLeads(filters);
  const stages = useLeadStages();
  const owners = useLeadOwners();
  const move = useMoveLead();

  const columns = useMemo(
    () => (stages.data ?? []).map((s) => ({ id: s._id, title: s.name })),
    [stages.data],
  );
  const totals = leads.data?.totals;
  const getId = useCallback((l: Lead) => l._id, []);
  const getColumnId = useCallback((l: Lead) => l.stage._id, []);
  const getLabel = useCallback((l: Lead) => l.title, []);

  async function onMove(m: BoardMove): Promise<unknown> {
    const target = stages.data?.find((s) => s._id === m.toColumnId);
    let lostReason: string | undefined;
    if (target?.kind === 'lost' && m.fromColumnId !== m.toColumnId) {
      const reason = await new Promise<string | null>((resolve) => setLostMove({ resolve }));
      if (!reason) throw new Error('cancelled');
      lostReason = reason;
    }
    try {
      const lead = await move.mutateAsync({
        id: m.itemId,
        stageId: m.toColumnId,
        ...(m.beforeId ? { beforeId: m.beforeId } : m.afterId ? { afterId: m.afterId } : {}),
        ...(lostReason ? { lostReason } : {}),
      });
      if (m.fromColumnId !== m.toColumnId)
        toastSuccess('Prospecto movido', `${lead.title} → ${lead.stage.name}`);
      return lead;
    } catch (e) {
      toastError('Error', getErrorMessage(e, 'No se pudo mover el prospecto'));
      throw e;
    }
  }

  const ownerOptions = [
    { value: 'all', label: 'Todos los responsables' },
    { value: 'me', label: 'Míos' },
    { value: 'none', label: 'Sin responsable' },
    ...(owners.data ?? []).map((o) => ({ value: o._id, label: `${o.firstName} ${o.lastName}` })),
  ];

  return (
    <>
      <PageHeader
        title="Prospectos"
        description="Oportunidades de venta desde el primer contacto hasta el cierre"
        actions={
          <Group gap="sm">
            <SegmentedControl
              aria-label="Vista"
              value={params.view}
              onChange={(view) => setParams({ view })}
              data={[
                { value: 'board', label: 'Tablero' },
                { value: 'list', label: 'Lista' },
              ]}
            />
            {canReadProposals && (
              // Proposals and contracts (decision 173) live beside the pipeline.
              <Button
                component={Link}
                to="/proposals"
                variant="default"
                leftSection={<IconFileText size={16} />}
              >
                Propuestas
              </Button>
            )}
            {canManageStages && (
              <Button
                variant="default"
                leftSection={<IconColumns size={16} />}
                onClick={() => setEditingStages(true)}
              >
                Etapas
              </Button>
            )}
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setCreating(true)}
              disabled={!stages.data}
            >
              Nuevo prospecto
            </Button>
          </Group>
        }
      />
      <ListFilters
        searchLabel="Buscar prospectos"
        placeholder="Buscar por título, contacto, empresa o email…"
        search={search}
        onSearch={setSearch}
        selectWidth={230}
        selects={[
          ...(board
            ? []
            : [
                {
                  label: 'Etapa',
                  data: [
                    { value: 'all', label: 'Todas las etapas' },
                    ...columns.map((c) => ({ value: c.id, label: c.title })),
                  ],
                  value: params.stage,
                  onChange: (stage: string) => setParams({ stage }),
                },
              ]),
          {
            label: 'Responsable',
            data: ownerOptions,
            value: params.owner,
            onChange: (owner) => setParams({ owner }),
          },
          {
            label: 'Origen',
            data: [
              { value: 'all', label: 'Todos los orígenes' },
              ...LEAD_SOURCES.map((s) => ({ value: s, label: LEAD_SOURCE_LABELS[s] })),
            ],
            value: params.source,
            onChange: (source) => setParams({ source }),
          },
        ]}
      />
      {leads.isLoading || stages.isLoading ? (
        <Center py="xl">
          <Loader aria-label="Cargando prospectos" />
        </Center>
      ) : leads.isError || stages.isError || !leads.data || !stages.data ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="Error">
          No se pudieron cargar los prospectos.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void leads.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : board ? (
        <Stack gap="xs">
          {leads.data.pagination.total > BOARD_LIMIT && (
            <Text size="sm" c="dimmed">
              El tablero muestra los primeros {BOARD_LIMIT} prospectos; usa los filtros o la lista para ver el
              resto. Los totales de cada etapa cuentan todos.
            </Text>
          )}
          <KanbanBoard
            label="Tablero de prospectos"
            nouns={{ one: 'un prospecto' }}
            columns={columns}
            items={leads.data.leads}
            getId={getId}
            getColumnId={getColumnId}
            getLabel={getLabel}
            onMove={onMove}
            emptyText="Sin prospectos"
            renderCard={(lead, { handle, overlay }) => (
              <LeadCard lead={lead} handle={handle} overlay={overlay} />
            )}
            renderColumnTotal={(column) => {
              const t = totals?.find((x) => x.stageId === column.id);
              return (
                <Text size="xs" c="dimmed" data-testid="column-total">
                  {t?.count ?? 0} en total · {totalsText(t)}
                </Text>
              );
            }}
          />
        </Stack>
      ) : leads.data.leads.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <Text fw={500}>No hay prospectos</Text>
            <Text size="sm" c="dimmed">
              Los formularios de cotización y las solicitudes de acceso crean prospectos solos; también puedes
              crear uno.
            </Text>
          </Stack>
        </Center>
      ) : (
        <Stack>
          <LeadList leads={leads.data.leads} />
          <ListPagination
            pagination={leads.data.pagination}
            noun="prospectos"
            singular="prospecto"
            onChange={(page) => setParams({ page })}
          />
        </Stack>
      )}
      {stages.data && (
        <LeadFormModal opened={creating} onClose={() => setCreating(false)} stages={stages.data} />
      )}
      {editingStages && <StageEditorModal opened onClose={() => setEditingStages(false)} />}
      <LostReasonModal
        opened={lostMove !== null}
        onCancel={() => {
          lostMove?.resolve(null);
          setLostMove(null);
        }}
        onConfirm={(reason) => {
          lostMove?.resolve(reason);
          setLostMove(null);
        }}
      />
    </>
  );
}
