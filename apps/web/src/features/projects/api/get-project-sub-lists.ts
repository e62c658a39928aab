import {
  ListProjectFilesResponseSchema,
  ListProjectMeetingsResponseSchema,
  ListProjectNotesResponseSchema,
  ListTimeEntriesResponseSchema,
} from '@agencia/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { projectKeys } from './get-projects';

/**
 * The paged tabs of a project's detail (issue 14): `GET /projects/{id}/notes|time-entries|files|meetings`
 * with `page` (20 rows each). Keys live under `projectKeys.detail(id)`, so every project write
 * (which invalidates `projectKeys.all`) and the live `project:changed` refetch them too.
 */
const SUB_LISTS = {
  notes: ListProjectNotesResponseSchema,
  'time-entries': ListTimeEntriesResponseSchema,
  files: ListProjectFilesResponseSchema,
  meetings: ListProjectMeetingsResponseSchema,
} as const;
type SubList = keyof typeof SUB_LISTS;

/** One page of a sub-list; throws the API error (shown by the tab). */
export async function getProjectSubList<K extends SubList>(
  id: string,
  list: K,
  page: number,
): Promise<z.infer<(typeof SUB_LISTS)[K]>> {
  const response = await apiClient.get<SuccessEnvelope<unknown>>(`/projects/${id}/${list}`, {
    params: page > 1 ? { page } : undefined,
  });
  return SUB_LISTS[list].parse(response.data.data) as z.infer<(typeof SUB_LISTS)[K]>;
}

function useSubList<K extends SubList>(id: string, list: K, page: number) {
  return useQuery({
    queryKey: [...projectKeys.detail(id), list, page] as const,
    queryFn: () => getProjectSubList(id, list, page),
    placeholderData: keepPreviousData,
  });
}

/** Comments tab: one page of notes, newest first (clients never get internal ones). */
export const useProjectNotes = (id: string, page: number) => useSubList(id, 'notes', page);
/** Time tab: one page of the time log, latest date first (clients: billable only). */
export const useProjectTimeEntries = (id: string, page: number) => useSubList(id, 'time-entries', page);
/** Files tab: one page of files, newest first. */
export const useProjectFiles = (id: string, page: number) => useSubList(id, 'files', page);
/** Summary tab: one page of the meetings, latest date first. */
export const useProjectMeetings = (id: string, page: number) => useSubList(id, 'meetings', page);
