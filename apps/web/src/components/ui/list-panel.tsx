import type { Pagination } from '@agencia/shared';
import { Alert, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import { ListFilters } from './list-filters';
import { ListPagination } from './list-pagination';

/**
 * A paged list (invoices, quotes — issue 15 — purchases): its panel with the filter row, then a
 * loader, the error (when nothing is on screen), the empty state with its hint (`filtered`:
 * "try other filters") or `children` (the rows), and the pagination. Texts are the list's own.
 */
export function ListPanel(props: {
  filters: ComponentProps<typeof ListFilters>;
  pagination: ComponentProps<typeof ListPagination>;
  loading: boolean;
  error: unknown;
  count: number;
  loadingLabel: string;
  errorMessage: string;
  emptyIcon: ReactNode;
  emptyTitle: string;
  emptyHint: string;
  filtered: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <ListFilters {...props.filters} />
      {props.loading ? (
        <Center py="xl">
          <Loader aria-label={props.loadingLabel} />
        </Center>
      ) : props.error && props.count === 0 ? (
        <Alert color="red" title="Error" icon={<IconAlertTriangle />}>
          {getErrorMessage(props.error, props.errorMessage)}
        </Alert>
      ) : props.count === 0 ? (
        <Stack align="center" py="xl" gap="xs">
          {props.emptyIcon}
          <Text fw={600}>{props.emptyTitle}</Text>
          <Text size="sm" c="dimmed">
            {props.filtered ? 'Prueba con otros filtros.' : props.emptyHint}
          </Text>
        </Stack>
      ) : (
        props.children
      )}
      <ListPagination {...props.pagination} />
    </Paper>
  );
}

/**
 * The {@link ListPanel} props that follow from a paged list query: the pagination footer (a page
 * change calls `onPage`), the loader, the error and the row count on screen. `texts` name the
 * list in Spanish: plural and singular noun, the loader's label and the error's fallback.
 */
export function pagedListState(
  list: { data?: { pagination: Pagination }; isLoading: boolean; isError: boolean; error: unknown },
  count: number,
  onPage: (page: number) => void,
  texts: { noun: string; singular: string; loadingLabel: string; errorMessage: string },
) {
  return {
    pagination: {
      pagination: list.data?.pagination,
      noun: texts.noun,
      singular: texts.singular,
      onChange: onPage,
    },
    loading: list.isLoading,
    error: list.isError ? list.error : null,
    count,
    loadingLabel: texts.loadingLabel,
    errorMessage: texts.errorMessage,
  };
}
