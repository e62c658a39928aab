import {
  type CreateTaskCommentRequest,
  type CreateTaskRequest,
  type MoveTaskRequest,
  ProjectTaskSettingsResponseSchema,
  type TaskFile,
  TaskResponseSchema,
  type UpdateProjectTaskSettingsRequest,
  type UpdateTaskRequest,
} from '@agencia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { taskKeys } from './keys';

/** Refreshes every task list and the task's drawer after a write. */
function useInvalidateTasks() {
  const queryClient = useQueryClient();
  return (taskId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      taskId ? queryClient.invalidateQueries({ queryKey: taskKeys.detail(taskId) }) : null,
    ]);
}

async function taskWrite(request: Promise<{ data: SuccessEnvelope<unknown> }>) {
  const response = await request;
  return TaskResponseSchema.parse(response.data.data);
}

/** `POST /projects/{id}/tasks` (staff; a client's "Nueva solicitud" sends title and description). */
export function useCreateTask(projectId: string) {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: (body: CreateTaskRequest) => taskWrite(apiClient.post(`/projects/${projectId}/tasks`, body)),
    onSuccess: () => invalidate(),
  });
}

/** `PUT /tasks/{id}` (any subset). */
export function useUpdateTask(taskId: string) {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: (body: UpdateTaskRequest) => taskWrite(apiClient.put(`/tasks/${taskId}`, body)),
    onSuccess: () => invalidate(taskId),
  });
}

/** `POST /tasks/{id}/move`: column and neighbour in one write. */
export function useMoveTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ taskId, body }: { taskId: string; body: MoveTaskRequest }) =>
      taskWrite(apiClient.post(`/tasks/${taskId}/move`, body)),
    onSettled: (_data, _error, variables) => invalidate(variables.taskId),
  });
}

/** `DELETE /tasks/{id}`. */
export function useDeleteTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: async (taskId: string) => {
      await apiClient.delete(`/tasks/${taskId}`);
    },
    onSuccess: () => invalidate(),
  });
}

/** `PUT /tasks/{id}/checklist/{itemId}`: tick or untick one item. */
export function useToggleChecklistItem(taskId: string) {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ itemId, done }: { itemId: string; done: boolean }) =>
      taskWrite(apiClient.put(`/tasks/${taskId}/checklist/${itemId}`, { done })),
    onSuccess: () => invalidate(taskId),
  });
}

/** `POST /tasks/{id}/comments` (mentions as `@[Nombre](id)` tokens). */
export function useAddTaskComment(taskId: string) {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: (body: CreateTaskCommentRequest) => apiClient.post(`/tasks/${taskId}/comments`, body),
    onSuccess: () => invalidate(taskId),
  });
}

/** `POST /tasks/{id}/files` (multipart `file`, the project files' rules: 10 MB, PDF, images, text, zip). */
export function useUploadTaskFile(taskId: string) {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const response = await apiClient.post<SuccessEnvelope<{ file: TaskFile }>>(
        `/tasks/${taskId}/files`,
        form,
        {
          headers: { 'Content-Type': 'multipart/form-data' },
          timeout: 60_000,
        },
      );
      return response.data.data.file;
    },
    onSuccess: () => invalidate(taskId),
  });
}

/** Downloads a task file (`GET /tasks/{id}/files/{fileId}`) under its own name. */
export async function downloadTaskFile(taskId: string, file: Pick<TaskFile, '_id' | 'filename'>) {
  const response = await apiClient.get<Blob>(`/tasks/${taskId}/files/${file._id}`, {
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

/** `PUT /projects/{id}/milestones/{milestoneId}` with status `completed` (the milestone offer). */
export function useCompleteMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, milestoneId }: { projectId: string; milestoneId: string }) =>
      apiClient.put(`/projects/${projectId}/milestones/${milestoneId}`, { status: 'completed' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}

/**
 * `PUT /projects/{id}/task-settings` (admins). Refreshes the boards and the project itself
 * (`['projects', 'detail', id]`, the projects feature's key): turning `progressFromTasks` on
 * recomputes the project's progress on the server.
 */
export function useUpdateTaskSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateProjectTaskSettingsRequest) => {
      const response = await apiClient.put<SuccessEnvelope<unknown>>(
        `/projects/${projectId}/task-settings`,
        body,
      );
      return ProjectTaskSettingsResponseSchema.parse(response.data.data).settings;
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(taskKeys.settings(projectId), settings);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: taskKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['projects', 'detail', projectId] }),
      ]);
    },
  });
}
