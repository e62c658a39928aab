import { useSearchParams } from 'react-router';

/** The open task of a screen, kept in the URL as `?tarea=<id>` (a deep link opens the drawer). */
export function useDrawerParam(): [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('tarea');
    setParams(next, { replace: false });
  };
  return [params.get('tarea'), close];
}
