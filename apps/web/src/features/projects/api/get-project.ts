import { GetProjectResponseSchema, type ProjectDetail } from '@agencia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { projectKeys } from './get-projects';

/** `GET /projects/{id}`: the project with team, milestones, notes, meetings, files and time. */
export async function getProject(id: string): Promise<ProjectDetail> {
  const response = await apiClient.get<SuccessEnvelope<unknown>>(`/projects/${id}`);
  return GetProjectResponseSchema.parse(response.data.data).project;
}

export const projectQuery = (id: string) =>
  queryOptions({ queryKey: projectKeys.detail(id), queryFn: () => getProject(id) });

export function useProject(id: string) {
  return useQuery(projectQuery(id));
}
