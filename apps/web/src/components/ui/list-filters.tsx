import { Box, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { toastError } from '../../lib/toast';
import { FilterDisclosure } from './filter-disclosure';

/**
 * The search box state of a list whose filters live in the URL (issue 14): what the user types,
 * written to the URL (`commit`, trimmed) 300 ms after the last keystroke.
 */
export function useDebouncedSearch(initial: string, commit: (search: string) => void) {
  const [search, setSearch] = useState(initial);
  const [debounced] = useDebouncedValue(search, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the URL
  useEffect(() => commit(debounced.trim()), [debounced]);
  return [search, setSearch] as const;
}

/** Shows a red "Error" toast with `message` each time a list's query fails. */
export function useListErrorToast(isError: boolean, message: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per failure, whatever the message
  useEffect(() => {
    if (isError) toastError('Error', message);
  }, [isError]);
}

/** One select of a list's filter row. */
export interface ListFilterSelect {
  label: string;
  data: Array<{ value: string; label: string }>;
  value: string;
  onChange: (value: string) => void;
  /** Shown inside the select before its value (a short visible name, e.g. "e-CF"). */
  leftSection?: ReactNode;
}

/**
 * A list's filter row: the search box (label and placeholder given) and its selects (never
 * empty: deselecting is off). `searchBasis` and `selectWidth` size them (CSS flex basis, px). On
 * phones the selects fold behind a "Filtros" button counting those away from 'all'
 * ({@link FilterDisclosure}); the search stays in view.
 */
export function ListFilters(props: {
  searchLabel: string;
  placeholder: string;
  search: string;
  onSearch: (search: string) => void;
  selects: ListFilterSelect[];
  searchBasis?: string;
  selectWidth?: number;
}) {
  return (
    <Box mb="md">
      <FilterDisclosure
        activeCount={props.selects.filter((s) => s.value !== 'all').length}
        layout={(content) => (
          <Group gap="sm" align="flex-end">
            {content}
          </Group>
        )}
        search={
          <TextInput
            aria-label={props.searchLabel}
            placeholder={props.placeholder}
            leftSection={<IconSearch size={16} />}
            value={props.search}
            onChange={(e) => props.onSearch(e.currentTarget.value)}
            style={{ flex: `1 1 ${props.searchBasis ?? '240px'}` }}
          />
        }
      >
        {props.selects.map((s) => (
          <Select
            key={s.label}
            aria-label={s.label}
            data={s.data}
            value={s.value}
            onChange={(v) => s.onChange(v ?? 'all')}
            allowDeselect={false}
            leftSection={s.leftSection}
            leftSectionWidth={s.leftSection ? 48 : undefined}
            leftSectionPointerEvents="none"
            w={{ base: '100%', xs: props.selectWidth ?? 200 }}
          />
        ))}
      </FilterDisclosure>
    </Box>
  );
}
