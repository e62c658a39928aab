import { GetProjectResponseSchema, GetTaskResponseSchema, GetTimerResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProjectDetail, buildTaskDetail, buildUser } from '../../../../test/factories';
import { apiUrl, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { TaskDrawer } from './task-drawer';

const TASK_ID = '5a0c1e7f-3b2d-4e8a-9f10-2c4d6e8f0a01';

function serve(detail = buildTaskDetail()) {
  server.use(
    http.get(apiUrl(`/tasks/${TASK_ID}`), () => ok(GetTaskResponseSchema, { task: detail })),
    http.get(apiUrl('/timer'), () => ok(GetTimerResponseSchema, { timer: null })),
    http.get(apiUrl('/projects/:id'), () => ok(GetProjectResponseSchema, { project: buildProjectDetail() })),
  );
}

describe('TaskDrawer', () => {
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('renders the description as safe Markdown: marks and https links, never HTML or script URLs', async () => {
    useSessionStore.setState({ user: buildUser({ role: 'client' }) } as never);
    serve(
      buildTaskDetail({
        canEdit: false,
        description:
          '**Importante**: ver [la guía](https://example.do/guia)\n\n<script>alert(1)</script> [malo](javascript:alert(1))\n\n- uno\n- dos',
      }),
    );
    renderWithProviders(<TaskDrawer taskId={TASK_ID} onClose={() => {}} />);
    expect((await screen.findByText('Importante')).tagName).toBe('STRONG');
    const drawer = screen.getByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'la guía' }).getAttribute('href')).toBe(
      'https://example.do/guia',
    );
    expect(within(drawer).queryByRole('link', { name: 'malo' })).toBeNull();
    expect(within(drawer).getByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();
    expect(document.querySelector('[data-markdown] script')).toBeNull();
    expect(
      within(drawer)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['uno', 'dos']);
  });

  it('shows a client the task read-only, with comments it can add, and no delete or timer', async () => {
    useSessionStore.setState({ user: buildUser({ role: 'client' }) } as never);
    const posted: unknown[] = [];
    serve(buildTaskDetail({ canEdit: false, canComment: true, title: 'Revisar textos' }));
    server.use(
      http.post(apiUrl(`/tasks/${TASK_ID}/comments`), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ success: true, data: {} }, { status: 201 });
      }),
    );
    renderWithProviders(<TaskDrawer taskId={TASK_ID} onClose={() => {}} />);
    await screen.findByText('Aún no hay comentarios.');
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    expect(screen.queryByRole('button', { name: /temporizador/ })).toBeNull();
    expect(screen.queryByLabelText('Interno (no lo ve el cliente)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Nuevo comentario'), { target: { value: 'Se ve bien' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comentar' }));
    await waitFor(() => expect(posted).toEqual([{ content: 'Se ve bien', isInternal: false }]));
  });

  it('asks before deleting a task and deletes only on confirmation', async () => {
    useSessionStore.setState({
      user: buildUser({ role: 'employee', permissions: ['projects.write'] }),
    } as never);
    let deletes = 0;
    serve(buildTaskDetail({ title: 'Borrar esta' }));
    server.use(
      http.delete(apiUrl(`/tasks/${TASK_ID}`), () => {
        deletes += 1;
        return HttpResponse.json({ success: true, message: 'Tarea eliminada' });
      }),
    );
    let closed = false;
    renderWithProviders(<TaskDrawer taskId={TASK_ID} onClose={() => (closed = true)} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const question = await screen.findByText(/¿Eliminar «Borrar esta»\?/);
    expect(deletes).toBe(0);
    const modal = question.closest('section[role="dialog"], [role="dialog"]') as HTMLElement;
    fireEvent.click(within(modal).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(deletes).toBe(1));
    await waitFor(() => expect(closed).toBe(true));
  });
});
