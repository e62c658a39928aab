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
