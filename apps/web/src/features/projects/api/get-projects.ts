import {
  type ListProjectsQuery,
  type ListProjectsResponse,
  ListProjectsResponseSchema,
  type ProjectStats,
  ProjectStatsResponseSchema,
} from '@agencia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';

/** Query keys of the projects feature (invalidate `projectKeys.all` after any write). */
export const projectKeys = {
  all: ['projects'] as const,
  list: (filters: ListProjectsQuery) => ['projects', 'list', filters] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  stats: ['projects', 'stats'] as const,
};

/** Drops empty filters so they are not sent (spec doc 2 §7 "empty params omitted"). */
export function cleanFilters(filters: ListProjectsQuery): ListProjectsQuery {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''),
  ) as ListProjectsQuery;
}

/**
 * `GET /projects?page&limit&sort&search&status&category&priority`: one page of projects and
 * `pagination {page, limit, total}` (issue 14).
 */
export async function getProjects(filters: ListProjectsQuery): Promise<ListProjectsResponse> {
  const response = await apiClient.get<SuccessEnvelope<unknown>>('/projects', {
    params: cleanFilters(filters),
  });
  return ListProjectsResponseSchema.parse(response.data.data);
}

export const projectsQuery = (filters: ListProjectsQuery) =>
  queryOptions({
    queryKey: projectKeys.list(cleanFilters(filters)),
    queryFn: () => getProjects(filters),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export function useProjects(filters: ListProjectsQuery) {
  return useQuery(projectsQuery(filters));
}

/** `GET /projects/stats`. */
export async function getProjectStats(): Promise<ProjectStats> {
  const response = await apiClient.get<SuccessEnvelope<unknown>>('/projects/stats');
  return ProjectStatsResponseSchema.parse(response.data.data).stats;
}

export function useProjectStats() {
  return useQuery({ queryKey: projectKeys.stats, queryFn: getProjectStats });
}
