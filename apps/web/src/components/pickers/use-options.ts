import { ListOptionsResponseSchema, type Option } from '@agencia/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../lib/api-client';

/** Options endpoints a picker may query (decision 100). */
export type OptionsEndpoint =
  | '/projects/options'
  | '/clients/options'
  | '/users/options'
  | '/suppliers/options';

/** Extra filters of an options endpoint (`clientId`, `role`); empty values are not sent. */
export type OptionsParams = Record<string, string | null | undefined>;

/** Milliseconds a picker waits after the last keystroke before asking the server. */
export const OPTIONS_DEBOUNCE_MS = 250;

/** Query keys of the pickers (invalidate `optionKeys.all` after creating or renaming an entity). */
export const optionKeys = {
  all: ['options'] as const,
  search: (endpoint: OptionsEndpoint, params: OptionsParams, search: string) =>
    ['options', endpoint, params, search] as const,
  one: (endpoint: OptionsEndpoint, id: string) => ['options', endpoint, 'id', id] as const,
};

const clean = (params: OptionsParams) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/**
 * `GET <endpoint>?search=&limit=` → options (`{value, label, description?}`), validated with the
 * shared schema; errors propagate (the picker shows them), nothing is guessed.
 */
export async function fetchOptions(endpoint: OptionsEndpoint, params: OptionsParams): Promise<Option[]> {
  const response = await apiClient.get<SuccessEnvelope<unknown>>(endpoint, { params: clean(params) });
  return ListOptionsResponseSchema.parse(response.data.data).options;
}

/**
 * The server's matches for what the user typed, debounced ({@link OPTIONS_DEBOUNCE_MS}); the
 * previous answer stays on screen while the next one loads.
 */
export function useOptionSearch(
  endpoint: OptionsEndpoint,
  params: OptionsParams,
  search: string,
  enabled: boolean,
) {
  const [debounced] = useDebouncedValue(search.trim(), OPTIONS_DEBOUNCE_MS);
  const cleaned = clean(params) as OptionsParams;
  return useQuery({
    queryKey: optionKeys.search(endpoint, cleaned, debounced),
    queryFn: () => fetchOptions(endpoint, { ...cleaned, search: debounced }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * Labels of saved values the picker has not seen in a search yet (`?id=`, one call each,
 * cached): an edit form opened on a ticket of project X shows "X", not an id.
 */
export function useOptionLabel(endpoint: OptionsEndpoint, id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: optionKeys.one(endpoint, id ?? ''),
    queryFn: async () => (await fetchOptions(endpoint, { id, limit: '1' }))[0] ?? null,
    enabled: enabled && Boolean(id),
    staleTime: 5 * 60_000,
  });
}
