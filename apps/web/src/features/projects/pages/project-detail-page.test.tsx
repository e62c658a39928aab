import type { ProjectDetail, ProjectNote, User } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildNote, buildProjectDetail, buildUser } from '../../../../test/factories';
import { renderRoutes } from '../../../../test/render';
import { apiClient } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { ProjectDetailPage } from './project-detail-page';

// Autosize textareas listen to document.fonts, which jsdom lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
    configurable: true,
  });

const ME = '0b6e6f8e-2d0a-4c55-9a43-6c8b2f4f1a01';
const OTHER = '0b6e6f8e-2d0a-4c55-9a43-6c8b2f4f1a09';

/**
 * Answers the detail and `GET /projects/{id}/notes` (20 a page) from `notes`, newest first as the
 * API sends them; `total` overrides the count (a page beyond the given notes answers empty).
 */
function serve(project: ProjectDetail, notes: ProjectNote[], total = notes.length) {
  return vi.spyOn(apiClient, 'get').mockImplementation(async (url: string, config?: unknown) => {
    if (url === `/projects/${project._id}`)
      return { data: { success: true, data: { project: { ...project, notesTotal: total } } } };
    if (url === `/projects/${project._id}/notes`) {
      const page = (config as { params?: { page?: number } } | undefined)?.params?.page ?? 1;
      const rows = notes.slice((page - 1) * 20, page * 20);
      return { data: { success: true, data: { notes: rows, pagination: { page, limit: 20, total } } } };
    }
    throw new Error(`unexpected GET ${url}`);
  });
}

function openComments(user: User, project: ProjectDetail, list: ProjectNote[] = [], total?: number) {
  useSessionStore.setState({ user, isAuthenticated: true } as never);
  serve(project, list, total);
  return renderRoutes(
    [{ path: '/projects/:id', element: <ProjectDetailPage /> }],
    `/projects/${project._id}?tab=comentarios`,
  );
}

const notes = () => screen.findAllByTestId('project-note');

describe('project comments: who may post, edit and delete (decisions 036, 070)', () => {
  beforeEach(() => {
    // Public settings (currency) load with fetch; offline here, the default currency is used.
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    useSessionStore.getState().logout();
  });

  it('staff without projects.write read the comments without a form, edit or delete buttons', async () => {
    const employee = buildUser({ _id: ME, role: 'employee', permissions: ['projects.read'] });
    const own = buildNote({ author: { _id: ME, firstName: 'María', lastName: 'Pérez', role: 'employee' } });
    openComments(employee, buildProjectDetail(), [own]);
    expect(await notes()).toHaveLength(1);
    expect(screen.getByText('Solo lectura: no tienes permiso para comentar en proyectos.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Nuevo comentario' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Agregar comentario' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar comentario' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar comentario' })).toBeNull();
  });

  it('staff with projects.write and clients get the form; clients change only their own notes', async () => {
    const employee = buildUser({
      _id: ME,
      role: 'employee',
      permissions: ['projects.read', 'projects.write'],
    });
    const { unmount } = openComments(employee, buildProjectDetail());
    expect(await screen.findByRole('textbox', { name: 'Nuevo comentario' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Nota interna (solo visible para el equipo)' })).toBeTruthy();
    unmount();
    vi.restoreAllMocks();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));

    const client = buildUser({ _id: ME, role: 'client', permissions: ['projects.read'] });
    const mine = buildNote({
      _id: '5d0c2b1e-7a8f-4c3d-9e6b-1f2a3b4c5e02',
      content: 'Mi pregunta',
      author: { _id: ME, firstName: 'María', lastName: 'Pérez', role: 'client' },
    });
    const theirs = buildNote({
      content: 'Respuesta del equipo',
      author: { ...buildNote().author, _id: OTHER },
    });
    openComments(client, buildProjectDetail(), [mine, theirs]);
    expect(await screen.findByRole('textbox', { name: 'Nuevo comentario' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    const [mineCard, theirsCard] = await notes();
    expect(within(mineCard!).getByRole('button', { name: 'Editar comentario' })).toBeTruthy();
    expect(within(mineCard!).getByRole('button', { name: 'Eliminar comentario' })).toBeTruthy();
    expect(within(theirsCard!).queryByRole('button', { name: 'Editar comentario' })).toBeNull();
    expect(within(theirsCard!).queryByRole('button', { name: 'Eliminar comentario' })).toBeNull();
  });

  it('the author edits inline and the edited note shows "(editado)" with its time', async () => {
    const admin = buildUser({ _id: ME, role: 'admin', permissions: ['projects.read', 'projects.write'] });
    const own = buildNote({
      _id: '5d0c2b1e-7a8f-4c3d-9e6b-1f2a3b4c5e03',
      content: 'Reunión el lunes',
      author: { _id: ME, firstName: 'María', lastName: 'Pérez', role: 'admin' },
    });
    const edited = buildNote({ editedAt: '2026-03-03T15:30:00.000Z' });
    const patch = vi.spyOn(apiClient, 'patch').mockResolvedValue({ data: { success: true } });
    openComments(admin, buildProjectDetail(), [own, edited]);
    const [ownCard, editedCard] = await notes();
    expect(within(ownCard!).queryByText(/\(editado\)/)).toBeNull();
    const mark = within(editedCard!).getByTestId('note-edited');
    expect(mark.textContent).toMatch(/^\(editado\) \S/);
    expect(mark.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-03T15:30:00.000Z');
    // An admin deletes anyone's note but edits only their own.
    expect(within(editedCard!).queryByRole('button', { name: 'Editar comentario' })).toBeNull();
    expect(within(editedCard!).getByRole('button', { name: 'Eliminar comentario' })).toBeTruthy();

    fireEvent.click(within(ownCard!).getByRole('button', { name: 'Editar comentario' }));
    const editor = within(ownCard!).getByRole('textbox', { name: 'Editar comentario' });
    fireEvent.change(editor, { target: { value: '   ' } });
    expect((within(ownCard!).getByRole('button', { name: 'Guardar' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.change(editor, { target: { value: 'Reunión el martes' } });
    fireEvent.click(
      within(ownCard!).getByRole('switch', { name: 'Nota interna (solo visible para el equipo)' }),
    );
    fireEvent.click(within(ownCard!).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    expect(patch.mock.calls[0]).toEqual([
      `/projects/${buildProjectDetail()._id}/notes/${own._id}`,
      { content: 'Reunión el martes', isInternal: true },
    ]);
    expect(await screen.findByText('Comentario actualizado')).toBeTruthy();
  });

  it('deleting asks for confirmation; cancelling deletes nothing', async () => {
    const admin = buildUser({ _id: ME, role: 'admin', permissions: ['projects.read', 'projects.write'] });
    const note = buildNote({ content: 'Sobra este comentario' });
    const remove = vi.spyOn(apiClient, 'delete').mockResolvedValue({ data: { success: true } });
    openComments(admin, buildProjectDetail(), [note]);
    const [card] = await notes();
    fireEvent.click(within(card!).getByRole('button', { name: 'Eliminar comentario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar comentario' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();

    fireEvent.click(within(card!).getByRole('button', { name: 'Eliminar comentario' }));
    const again = await screen.findByRole('dialog', { name: 'Eliminar comentario' });
    fireEvent.click(within(again).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(remove).toHaveBeenCalledWith(`/projects/${buildProjectDetail()._id}/notes/${note._id}`),
    );
    expect(await screen.findByText('Comentario eliminado')).toBeTruthy();
  });

  it('shows one page of 20 notes with the total; "Página 2" asks the API for page 2', async () => {
    const client = buildUser({ _id: ME, role: 'client', permissions: ['projects.read'] });
    const many = Array.from({ length: 23 }, (_, i) =>
      buildNote({
        _id: `5d0c2b1e-7a8f-4c3d-9e6b-1f2a3b4c${String(5000 + i).padStart(4, '0')}`,
        content: `Comentario número ${i + 1}`,
      }),
    );
    openComments(client, buildProjectDetail(), many);
    expect(await notes()).toHaveLength(20);
    expect(screen.getByText('Mostrando 1–20 de 23 comentarios')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(screen.getByText('Mostrando 21–23 de 23 comentarios')).toBeTruthy());
    expect((await notes()).map((n) => within(n).getByText(/^Comentario número/).textContent)).toEqual([
      'Comentario número 21',
      'Comentario número 22',
      'Comentario número 23',
    ]);
  });

  it('a project without comments says so', async () => {
    const client = buildUser({ _id: ME, role: 'client', permissions: ['projects.read'] });
    openComments(client, buildProjectDetail(), []);
    expect(await screen.findByText('Aún no hay comentarios.')).toBeTruthy();
    expect(screen.queryByText(/^Mostrando/)).toBeNull();
  });
});
