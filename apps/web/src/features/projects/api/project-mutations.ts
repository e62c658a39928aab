import type {
  CreateMeetingRequest,
  CreateMilestoneRequest,
  CreateProjectNoteRequest,
  CreateProjectRequest,
  CreateTimeEntryRequest,
  ProjectDetail,
  ProjectFile,
  UpdateMeetingRequest,
  UpdateMilestoneRequest,
  UpdateProjectNoteRequest,
  UpdateProjectRequest,
  UpdateTimeEntryRequest,
} from '@agencia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { projectKeys } from './get-projects';

/** Invalidates every projects query, the dashboard and the nav badges after a write. */
function useInvalidateProjects() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      queryClient.invalidateQueries({ queryKey: ['nav', 'badges'] }),
    ]);
}

/** `POST /projects` (admin). */
export function useCreateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: async (body: CreateProjectRequest) => {
      const response = await apiClient.post<SuccessEnvelope<{ project: ProjectDetail }>>('/projects', body);
      return response.data.data.project;
    },
    onSuccess: invalidate,
  });
}

/** `PUT /projects/{id}`. */
export function useUpdateProject(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: async (body: UpdateProjectRequest) => {
      const response = await apiClient.put<SuccessEnvelope<{ project: ProjectDetail }>>(
        `/projects/${id}`,
        body,
      );
      return response.data.data.project;
    },
    onSuccess: invalidate,
  });
}

/** `DELETE /projects/{id}` (admin, soft delete). */
export function useDeleteProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`/projects/${id}`);
    },
    onSuccess: invalidate,
  });
}

/** `POST /projects/{id}/milestones`. */
export function useAddMilestone(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (body: CreateMilestoneRequest) => apiClient.post(`/projects/${id}/milestones`, body),
    onSuccess: invalidate,
  });
}

/** `PUT /projects/{id}/milestones/{milestoneId}`. */
export function useUpdateMilestone(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ milestoneId, ...body }: UpdateMilestoneRequest & { milestoneId: string }) =>
      apiClient.put(`/projects/${id}/milestones/${milestoneId}`, body),
    onSuccess: invalidate,
  });
}

/** `POST /projects/{id}/notes {content, isInternal}`. */
export function useAddNote(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (body: CreateProjectNoteRequest) => apiClient.post(`/projects/${id}/notes`, body),
    onSuccess: invalidate,
  });
}

/** `PATCH /projects/{id}/notes/{noteId}` (the author: content, and the internal flag for staff). */
export function useUpdateNote(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ noteId, ...body }: UpdateProjectNoteRequest & { noteId: string }) =>
      apiClient.patch(`/projects/${id}/notes/${noteId}`, body),
    onSuccess: invalidate,
  });
}

/** `DELETE /projects/{id}/notes/{noteId}` (the author or an admin). */
export function useDeleteNote(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (noteId: string) => apiClient.delete(`/projects/${id}/notes/${noteId}`),
    onSuccess: invalidate,
  });
}

/** `POST /projects/{id}/meetings`. */
export function useAddMeeting(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (body: CreateMeetingRequest) => apiClient.post(`/projects/${id}/meetings`, body),
    onSuccess: invalidate,
  });
}

/** `PATCH /projects/{id}/meetings/{meetingId}` (staff). */
export function useUpdateMeeting(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ meetingId, ...body }: UpdateMeetingRequest & { meetingId: string }) =>
      apiClient.patch(`/projects/${id}/meetings/${meetingId}`, body),
    onSuccess: invalidate,
  });
}

/** `DELETE /projects/{id}/meetings/{meetingId}` (staff). */
export function useDeleteMeeting(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (meetingId: string) => apiClient.delete(`/projects/${id}/meetings/${meetingId}`),
    onSuccess: invalidate,
  });
}

/** `POST /projects/{id}/time-entries`. */
export function useAddTimeEntry(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (body: CreateTimeEntryRequest) => apiClient.post(`/projects/${id}/time-entries`, body),
    onSuccess: invalidate,
  });
}

/** `PATCH /projects/{id}/time-entries/{entryId}` (whoever's time it is, or an admin). */
export function useUpdateTimeEntry(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ entryId, ...body }: UpdateTimeEntryRequest & { entryId: string }) =>
      apiClient.patch(`/projects/${id}/time-entries/${entryId}`, body),
    onSuccess: invalidate,
  });
}

/** `DELETE /projects/{id}/time-entries/{entryId}` (whoever's time it is, or an admin). */
export function useDeleteTimeEntry(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (entryId: string) => apiClient.delete(`/projects/${id}/time-entries/${entryId}`),
    onSuccess: invalidate,
  });
}

/** `POST /projects/{id}/files` (multipart, field `file`). */
export function useUploadProjectFile(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const response = await apiClient.post<SuccessEnvelope<{ file: ProjectFile }>>(
        `/projects/${id}/files`,
        form,
        {
          headers: { 'Content-Type': 'multipart/form-data' },
          timeout: 60_000,
        },
      );
      return response.data.data.file;
    },
    onSuccess: invalidate,
  });
}

/** `DELETE /projects/{id}/files/{fileId}`. */
export function useDeleteProjectFile(id: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (fileId: string) => apiClient.delete(`/projects/${id}/files/${fileId}`),
    onSuccess: invalidate,
  });
}

/** Downloads a project file through the authenticated client and saves it with its name. */
export async function downloadProjectFile(projectId: string, file: Pick<ProjectFile, '_id' | 'filename'>) {
  const response = await apiClient.get<Blob>(`/projects/${projectId}/files/${file._id}`, {
    responseType: 'blob',
    timeout: 60_000,
  });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
