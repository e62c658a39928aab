import type { Option } from '@agencia/shared';
import { Select, type SelectProps } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { type OptionsEndpoint, type OptionsParams, useOptionLabel, useOptionSearch } from './use-options';

/** Props of {@link RemoteSelect}: Mantine `Select` props minus the data, which come from the server. */
export interface RemoteSelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange'> {
  /** Options endpoint to query. */
  endpoint: OptionsEndpoint;
  /** Extra filters (`clientId`, `role`). */
  params?: OptionsParams;
  value: string | null;
  onChange: (value: string | null, option: Option | null) => void;
  /** Label of the current value when the caller already knows it (skips the `?id=` lookup). */
  selected?: Option | null;
  /** Query only while true (a closed modal asks nothing). */
  enabled?: boolean;
}

/**
 * A searchable `Select` whose choices come from the server as the user types (issue 14): the
 * first 20 matches, debounced, never a whole table. The chosen value keeps its label even when
 * the current search no longer returns it (from `selected`, a previous answer, or `?id=`).
 * Errors show under the field ("No se pudieron cargar las opciones").
 */
export function RemoteSelect({
  endpoint,
  params = {},
  value,
  onChange,
  selected,
  enabled = true,
  error,
  nothingFoundMessage = 'Sin resultados',
  ...props
}: RemoteSelectProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  // Labels of every option seen, so the chosen one survives a new search.
  const known = useRef(new Map<string, Option>());
  if (selected) known.current.set(selected.value, selected);

  const current = value ? known.current.get(value) : undefined;
  // Once chosen, the input shows the label: that text is not a search.
  const typed = current && search === current.label ? '' : search;
  const results = useOptionSearch(endpoint, params, typed, enabled && open);
  const lookup = useOptionLabel(endpoint, value, enabled && !current);
  for (const o of results.data ?? []) known.current.set(o.value, o);
  if (lookup.data) known.current.set(lookup.data.value, lookup.data);

  const chosen = value ? known.current.get(value) : undefined;
  const data = useMemo(() => {
    const list = [...(results.data ?? [])];
    if (chosen && !list.some((o) => o.value === chosen.value)) list.unshift(chosen);
    return list.map((o) => ({ value: o.value, label: o.label }));
  }, [results.data, chosen]);

  return (
    <Select
      {...props}
      searchable
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(v) => onChange(v, v ? (known.current.get(v) ?? null) : null)}
      onDropdownOpen={() => {
        setOpen(true);
        props.onDropdownOpen?.();
      }}
      // The server already filtered: show its answer as is.
      filter={({ options }) => options}
      nothingFoundMessage={results.isFetching ? 'Buscando…' : nothingFoundMessage}
      error={error ?? (results.isError || lookup.isError ? 'No se pudieron cargar las opciones' : undefined)}
    />
  );
}
