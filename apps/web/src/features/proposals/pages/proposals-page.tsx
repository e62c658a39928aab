import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_STATUSES,
  type DocumentKind,
  type DocumentStatus,
} from '@agencia/shared';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AccessDenied } from '../../../components/errors/access-denied';
import { useDebouncedSearch } from '../../../components/ui/list-filters';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchInput } from '../../../components/ui/search-input';
import { useSessionStore } from '../../../stores/session-store';
import { useSignableDocuments } from '../api/proposals-api';
import { DocumentRow, useCanReadProposals, useCanWriteProposals } from '../components/documents-list';
import { NewDocumentModal } from '../components/new-document-modal';

const LIMIT = 20;

/**
 * /proposals (decision 173): proposals and contracts of every lead and client, by kind, with a
 * status filter and a search; "Nueva propuesta" picks the lead or client. Admins and employees
 * granted `proposals.read`; clients never (the route is staff-only and the API decides).
 */
export function ProposalsPage() {
  if (!useCanReadProposals()) return <AccessDenied />;
  return <ProposalsPageContent />;
}

function ProposalsPageContent() {
  const [params, setParams] = useSearchParams();
  const kind: DocumentKind = params.get('kind') === 'contract' ? 'contract' : 'proposal';
  const status = (DOCUMENT_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as DocumentStatus)
    : undefined;
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useSignableDocuments(kind, { status, q: q || undefined, page, limit: LIMIT });
  const canWrite = useCanWriteProposals();
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const [creating, setCreating] = useState(false);
  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };
  const [search, setSearch] = useDebouncedSearch(q, (value) => {
    if (value !== q) set({ q: value || undefined });
  });
  const docs = list.data?.documents ?? [];
  const total = list.data?.pagination.total ?? 0;

  return (
    <>
      <PageHeader
        title="Propuestas y contratos"
        description="Documentos para firmar en línea, con su historial y su certificado."
        actions={
          <Group gap="xs">
            {isAdmin && (
              <Button
                component={Link}
                to="/settings?tab=templates"
                variant="default"
                leftSection={<IconTemplate size={16} />}
              >
                Plantillas
              </Button>
            )}
            {canWrite && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                {kind === 'contract' ? 'Nuevo contrato' : 'Nueva propuesta'}
              </Button>
            )}
          </Group>
        }
      />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Tipo de documento"
            value={kind}
            onChange={(v) => set({ kind: v === 'contract' ? 'contract' : undefined })}
            data={[
              { value: 'proposal', label: 'Propuestas' },
              { value: 'contract', label: 'Contratos' },
            ]}
          />
          <Select
            label="Estado"
            placeholder="Todos"
            data={DOCUMENT_STATUSES.map((s) => ({ value: s, label: DOCUMENT_STATUS_LABELS[s] }))}
            value={status ?? null}
            onChange={(v) => set({ status: v ?? undefined })}
            clearable
            w={{ base: '100%', xs: 220 }}
          />
          <SearchInput label="Buscar" value={search} onChange={setSearch} placeholder="Título o número" />
        </Group>
        {list.isLoading ? (
          <Center py="xl">
            <Loader aria-label="Cargando documentos" />
          </Center>
        ) : list.isError ? (
          <Alert color="red" icon={<IconAlertTriangle />}>
            No se pudieron cargar los documentos.{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => void list.refetch()}>
              Reintentar
            </Button>
          </Alert>
        ) : docs.length === 0 ? (
          <Text c="dimmed" py="lg" ta="center">
            {status || q
              ? 'Ningún documento coincide con el filtro.'
              : kind === 'contract'
                ? 'Aún no hay contratos.'
                : 'Aún no hay propuestas.'}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {docs.map((doc) => (
              <DocumentRow key={doc._id} doc={doc} />
            ))}
          </Stack>
        )}
        {total > LIMIT && (
          <Pagination
            total={Math.ceil(total / LIMIT)}
            value={page}
            onChange={(p) => set({ page: String(p) })}
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? 'Página siguiente' : 'Página anterior',
            })}
          />
        )}
      </Stack>
      {creating && <NewDocumentModal opened initialKind={kind} onClose={() => setCreating(false)} />}
    </>
  );
}
