import type { Pagination } from '@agencia/shared';
import { Alert, Center, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../lib/api-client';
import { ListPagination } from './list-pagination';

/**
 * Page of a paged section of a detail screen, kept in the URL under `param` (`?tab=tiempo&page=3`)
 * like every list (decision 088): a reload or a shared link lands on the same page. Screens with
 * two paged sections give each its own parameter.
 */
export function useUrlPage(param = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(param));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          if (next > 1) out.set(param, String(next));
          else out.delete(param);
          return out;
        },
        { replace: true },
      ),
    [setParams, param],
  );
  return [page, setPage];
}

/**
 * Frame of a paged section of a detail screen (issue 14): a loader while the first page loads, the API's error in
 * Spanish, `empty` when there are no rows, else `children` (the page's rows) and `ListPagination`.
 */
export function PagedSection({
  query,
  label,
  empty,
  noun,
  singular,
  onPage,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data?: { pagination: Pagination };
  };
  /** What is loading, for the loader's accessible name ("Cargando comentarios"). */
  label: string;
  empty: string;
  noun: string;
  singular: string;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <Center py="md" role="status" aria-live="polite">
        <Loader size="sm" aria-label={label} />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        {getErrorMessage(query.error, 'No se pudo cargar la lista')}
      </Alert>
    );
  if (!query.data || query.data.pagination.total === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <>
      {children}
      <ListPagination pagination={query.data.pagination} noun={noun} singular={singular} onChange={onPage} />
    </>
  );
}
