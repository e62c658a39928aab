import type { Option } from '@agencia/shared';
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { type OptionsEndpoint, type OptionsParams, useOptionSearch } from './use-options';

/** Props of {@link RemoteMultiSelect}: Mantine `MultiSelect` props minus the data. */
export interface RemoteMultiSelectProps
  extends Omit<
    MultiSelectProps,
    'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange'
  > {
  endpoint: OptionsEndpoint;
  params?: OptionsParams;
  value: string[];
  onChange: (value: string[], options: Option[]) => void;
  /** Labels of the current values (e.g. the project's team as the detail answered it). */
  selected?: Option[];
  enabled?: boolean;
}

/**
 * A searchable `MultiSelect` fed by an options endpoint as the user types (issue 14). Chosen
 * values keep their labels (from `selected` or earlier answers) whatever the current search.
 */
export function RemoteMultiSelect({
  endpoint,
  params = {},
  value,
  onChange,
  selected = [],
  enabled = true,
  error,
  nothingFoundMessage = 'Sin resultados',
  ...props
}: RemoteMultiSelectProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const known = useRef(new Map<string, Option>());
  for (const o of selected) if (!known.current.has(o.value)) known.current.set(o.value, o);
  const results = useOptionSearch(endpoint, params, search, enabled && open);
  for (const o of results.data ?? []) known.current.set(o.value, o);

  const data = useMemo(() => {
    const list = [...(results.data ?? [])];
    for (const v of value) {
      const o = known.current.get(v);
      if (o && !list.some((x) => x.value === v)) list.push(o);
    }
    return list.map((o) => ({ value: o.value, label: o.label }));
  }, [results.data, value]);

  return (
    <MultiSelect
      {...props}
      searchable
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(v) =>
        onChange(
          v,
          v.flatMap((id) => known.current.get(id) ?? []),
        )
      }
      onDropdownOpen={() => {
        setOpen(true);
        props.onDropdownOpen?.();
      }}
      filter={({ options }) => options}
      nothingFoundMessage={results.isFetching ? 'Buscando…' : nothingFoundMessage}
      error={error ?? (results.isError ? 'No se pudieron cargar las opciones' : undefined)}
    />
  );
}
