import {
  DEFAULT_PROJECT_TASK_SETTINGS,
  ListProjectTasksResponseSchema,
  type ProjectTaskSettings,
  ProjectTaskSettingsResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildProjectDetail, buildTask, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { ProjectTasksTab } from '../pages/project-tasks-tab';

/* "Ajustes del tablero" (decision 165): admins read and change the project's task settings. */

const project = buildProjectDetail();
let stored: ProjectTaskSettings = { ...DEFAULT_PROJECT_TASK_SETTINGS };
let puts: unknown[] = [];

beforeEach(() => {
  stored = { ...DEFAULT_PROJECT_TASK_SETTINGS };
  puts = [];
  server.use(
    http.get(apiUrl(`/projects/${project._id}/tasks`), () =>
      ok(ListProjectTasksResponseSchema, {
        tasks: [buildTask({ title: 'Diseñar portada' })],
        pagination: { page: 1, limit: 300, total: 1 },
        settings: stored,
        columns: [
          { key: 'todo', total: 1 },
          { key: 'in_progress', total: 0 },
          { key: 'in_review', total: 0 },
          { key: 'done', total: 0 },
        ],
        permissions: { canCreate: true, canMove: true, canRequest: false },
      }),
    ),
    http.get(apiUrl(`/projects/${project._id}/task-settings`), () =>
      ok(ProjectTaskSettingsResponseSchema, { settings: stored }),
    ),
    http.put(apiUrl(`/projects/${project._id}/task-settings`), async ({ request }) => {
      const body = (await request.json()) as Partial<ProjectTaskSettings>;
      puts.push(body);
      stored = { ...stored, ...body };
      return ok(ProjectTaskSettingsResponseSchema, { settings: stored });
    }),
  );
});
afterEach(() => useSessionStore.getState().logout());

describe('Ajustes del tablero', () => {
  it('an admin turns on progress from tasks; the project is refreshed', async () => {
    useSessionStore.setState({ user: buildUser({ role: 'admin' }) });
    const { queryClient } = renderWithProviders(
      <ProjectTasksTab project={project} />,
      `/projects/${project._id}`,
    );
    queryClient.setQueryData(['projects', 'detail', project._id], { project });
    fireEvent.click(await screen.findByRole('button', { name: 'Ajustes del tablero' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajustes del tablero' });
    const progress = (await within(dialog).findByRole('switch', {
      name: /^El progreso del proyecto sigue a sus tareas/,
    })) as HTMLInputElement;
    const requests = within(dialog).getByRole('switch', { name: /^El cliente puede enviar solicitudes/ });
    const billable = within(dialog).getByRole('switch', { name: /^El tiempo del cronómetro es facturable/ });
    // The saved values, each explained in Spanish.
    expect(progress.checked).toBe(false);
    expect((requests as HTMLInputElement).checked).toBe(false);
    expect((billable as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText(/tareas hechas entre todas las tareas/)).toBeTruthy();
    expect(within(dialog).getByText(/Solicitudes del cliente/)).toBeTruthy();
    const saveButton = within(dialog).getByRole('button', { name: 'Guardar ajustes' }) as HTMLButtonElement;
    expect(saveButton.disabled).toBe(true);

    fireEvent.click(progress);
    expect(saveButton.disabled).toBe(false);
    fireEvent.click(saveButton);
    await waitFor(() =>
      expect(puts).toEqual([{ ...DEFAULT_PROJECT_TASK_SETTINGS, progressFromTasks: true }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ajustes del tablero' })).toBeNull());
    expect(queryClient.getQueryState(['projects', 'detail', project._id])?.isInvalidated).toBe(true);
    expect(await screen.findByText('Ajustes guardados')).toBeTruthy();

    // Opening again shows what was saved.
    fireEvent.click(screen.getByRole('button', { name: 'Ajustes del tablero' }));
    const again = await screen.findByRole('dialog', { name: 'Ajustes del tablero' });
    expect(
      (
        (await within(again).findByRole('switch', {
          name: /^El progreso del proyecto sigue a sus tareas/,
        })) as HTMLInputElement
      ).checked,
    ).toBe(true);
  });

  it('employees and clients do not get the panel', async () => {
    useSessionStore.setState({ user: buildUser({ role: 'employee' }) });
    renderWithProviders(<ProjectTasksTab project={project} />, `/projects/${project._id}`);
    expect(await screen.findByText('Diseñar portada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajustes del tablero' })).toBeNull();
  });
});
