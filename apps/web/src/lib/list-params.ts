import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * A list screen's filters and page, kept in the URL (issue 14): `?status=open&search=web&page=3`.
 * Reload, back/forward, a shared link and "open in a new tab" all land on the same page of the same
 * filtered list. `defaults` names every filter with its default value; a value equal to its
 * default is left out of the URL. Changing any filter goes back to page 1; the page itself is
 * `values.page` (a number ≥ 1; anything else in the URL reads as 1).
 *
 * @example const [params, setParams] = useListParams({ search: '', status: 'all' });
 *          setParams({ status: 'open' }); // → ?status=open (page reset)
 *          setParams({ page: 2 });        // → ?status=open&page=2
 */
export function useListParams<T extends Record<string, string>>(
  defaults: T,
): [T & { page: number }, (next: Partial<T> & { page?: number }) => void] {
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  // Screens pass a fresh literal on each render: its content, not its identity, is the key.
  const defaultsKey = JSON.stringify(defaults);
  const stable = useMemo(() => JSON.parse(defaultsKey) as T, [defaultsKey]);
  const values = useMemo(() => {
    const out: Record<string, string | number> = {};
    for (const [key, fallback] of Object.entries(stable)) out[key] = search.get(key) ?? fallback;
    const page = Number(search.get('page'));
    out.page = Number.isInteger(page) && page >= 1 ? page : 1;
    return out as T & { page: number };
  }, [search, stable]);

  const set = useCallback(
    (next: Partial<T> & { page?: number }) => {
      // A late write (a debounced search firing just after the user opened a row) must not
      // pull the browser back from the page it went to: only the list's own URL is rewritten.
      if (window.location.pathname !== pathname) return;
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          let filterChanged = false;
          for (const [key, value] of Object.entries(next)) {
            if (key === 'page') continue;
            const fallback = stable[key];
            if ((params.get(key) ?? fallback) !== value) filterChanged = true;
            if (value === undefined || value === fallback) params.delete(key);
            else params.set(key, String(value));
          }
          const page = filterChanged ? 1 : (next.page ?? Number(params.get('page') ?? 1));
          if (page > 1) params.set('page', String(page));
          else params.delete('page');
          return params;
        },
        { replace: true },
      );
    },
    [setSearch, stable, pathname],
  );
  return [values, set];
}
