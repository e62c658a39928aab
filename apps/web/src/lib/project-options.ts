import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/** A project the caller may link a ticket to. */
export interface ProjectOption {
  value: string;
  label: string;
}

/**
 * Projects visible to the caller (`GET /projects`; a client gets only its own), as select
 * options. The answer may be `{ projects: [...] }` or the array itself (spec doc 2 §7); an
 * error (projects module not installed) yields an empty list.
 */
export function useProjectOptions(enabled = true) {
  return useQuery({
    queryKey: ['projects', 'options'],
    enabled,
    queryFn: async (): Promise<ProjectOption[]> => {
      try {
        const response = await apiClient.get('/projects');
        const data = response.data?.data;
        const list: Array<{ _id: string; title?: string; name?: string }> = Array.isArray(data)
          ? data
          : (data?.projects ?? []);
        return list.map((p) => ({ value: p._id, label: p.title ?? p.name ?? p._id }));
      } catch {
        return [];
      }
    },
  });
}
