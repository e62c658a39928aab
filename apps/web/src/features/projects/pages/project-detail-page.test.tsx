import {
  GetProjectResponseSchema,
  ListProjectMeetingsResponseSchema,
  ListProjectNotesResponseSchema,
  ListTimeEntriesResponseSchema,
  type ProjectDetail,
  type ProjectMeeting,
  type ProjectNote,
  ProjectNoteResponseSchema,
  type User,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildNote, buildProjectDetail, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, okMessage, server } from '../../../../test/msw';
import { renderRoutes } from '../../../../test/render';
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

/** What the handlers received: the query string of each `GET …/notes`, PATCH and DELETE paths and bodies. */
let requests: {
  notePages: Record<string, string>[];
  patches: { path: string; body: unknown }[];
  deletes: string[];
};

/**
 * Answers the detail and `GET /projects/{id}/notes` (20 a page) from `notes`, newest first as the
 * API sends them; `total` overrides the count (a page beyond the given notes answers empty).
 * `PATCH`/`DELETE /projects/{id}/notes/{noteId}` answer the edited note / a message.
 */
function serve(project: ProjectDetail, notes: ProjectNote[], total = notes.length) {
  server.use(
    http.get(apiUrl(`/projects/${project._id}`), () =>
      ok(GetProjectResponseSchema, { project: { ...project, notesTotal: total } }),
    ),
    http.get(apiUrl(`/projects/${project._id}/notes`), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      requests.notePages.push(query);
      const page = Number(query.page ?? 1);
      const rows = notes.slice((page - 1) * 20, page * 20);
      return ok(ListProjectNotesResponseSchema, { notes: rows, pagination: { page, limit: 20, total } });
    }),
    http.patch(apiUrl(`/projects/${project._id}/notes/:noteId`), async ({ request, params }) => {
      const body = (await request.json()) as Partial<ProjectNote>;
      requests.patches.push({ path: new URL(request.url).pathname, body });
      const note = notes.find((n) => n._id === params.noteId)!;
      return ok(ProjectNoteResponseSchema, {
        note: { ...note, ...body, editedAt: '2026-03-04T10:00:00.000Z' },
      });
    }),
    http.delete(apiUrl(`/projects/${project._id}/notes/:noteId`), ({ request }) => {
      requests.deletes.push(new URL(request.url).pathname);
      return okMessage('Comentario eliminado');
    }),
  );
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
    requests = { notePages: [], patches: [], deletes: [] };
  });
  afterEach(() => {
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
    server.resetHandlers();

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
    await waitFor(() => expect(requests.patches).toHaveLength(1));
    expect(requests.patches[0]).toEqual({
      path: `/api/projects/${buildProjectDetail()._id}/notes/${own._id}`,
      body: { content: 'Reunión el martes', isInternal: true },
    });
    expect(await screen.findByText('Comentario actualizado')).toBeTruthy();
  });

  it('deleting asks for confirmation; cancelling deletes nothing', async () => {
    const admin = buildUser({ _id: ME, role: 'admin', permissions: ['projects.read', 'projects.write'] });
    const note = buildNote({ content: 'Sobra este comentario' });
    openComments(admin, buildProjectDetail(), [note]);
    const [card] = await notes();
    fireEvent.click(within(card!).getByRole('button', { name: 'Eliminar comentario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar comentario' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.deletes).toEqual([]);

    fireEvent.click(within(card!).getByRole('button', { name: 'Eliminar comentario' }));
    const again = await screen.findByRole('dialog', { name: 'Eliminar comentario' });
    fireEvent.click(within(again).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(requests.deletes).toEqual([`/api/projects/${buildProjectDetail()._id}/notes/${note._id}`]),
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
    expect(requests.notePages.at(-1)).toMatchObject({ page: '2' });
  });

  it('the comments page is in the URL: a link (or a reload) opens it, another tab starts on its first page', async () => {
    const client = buildUser({ _id: ME, role: 'client', permissions: ['projects.read'] });
    const many = Array.from({ length: 23 }, (_, i) =>
      buildNote({
        _id: `5d0c2b1e-7a8f-4c3d-9e6b-1f2a3b4c${String(5000 + i).padStart(4, '0')}`,
        content: `Comentario número ${i + 1}`,
      }),
    );
    useSessionStore.setState({ user: client, isAuthenticated: true } as never);
    serve(buildProjectDetail(), many);
    server.use(
      http.get(apiUrl(`/projects/${buildProjectDetail()._id}/time-entries`), () =>
        ok(ListTimeEntriesResponseSchema, { timeEntries: [], pagination: { page: 1, limit: 20, total: 0 } }),
      ),
    );
    const { router } = renderRoutes(
      [{ path: '/projects/:id', element: <ProjectDetailPage /> }],
      `/projects/${buildProjectDetail()._id}?tab=comentarios&page=2`,
    );
    expect(await notes()).toHaveLength(3);
    expect(screen.getByText('Mostrando 21–23 de 23 comentarios')).toBeTruthy();
    expect(requests.notePages).toEqual([{ page: '2' }]);
    // Page 1 through the pager drops the page from the URL and keeps the tab.
    fireEvent.click(screen.getByRole('button', { name: 'Página 1' }));
    await waitFor(() => expect(screen.getByText('Mostrando 1–20 de 23 comentarios')).toBeTruthy());
    expect(router.state.location.search).toBe('?tab=comentarios');
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=comentarios&page=2'));
    // Another tab starts on its own first page.
    fireEvent.click(screen.getByRole('tab', { name: 'Tiempo' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('page='));
    expect(await screen.findByText('Aún no hay tiempo registrado.')).toBeTruthy();
  });

  it('a project without comments says so', async () => {
    const client = buildUser({ _id: ME, role: 'client', permissions: ['projects.read'] });
    openComments(client, buildProjectDetail(), []);
    expect(await screen.findByText('Aún no hay comentarios.')).toBeTruthy();
    expect(screen.queryByText(/^Mostrando/)).toBeNull();
  });
});

describe('project summary: meetings page through GET /projects/{id}/meetings (issue 14)', () => {
  const meeting = (i: number): ProjectMeeting => ({
    _id: `6e1d3c2f-8b9a-4d4e-8f7c-2a3b4c5d${String(6000 + i).padStart(4, '0')}`,
    title: `Reunión número ${i + 1}`,
    date: '2026-03-10T14:00:00.000Z',
    duration: 30,
    attendees: [],
    notes: '',
    link: null,
    createdAt: '2026-03-01T10:00:00.000Z',
  });
  let meetingPages: Record<string, string>[];

  /** Answers the detail and 20 meetings a page from `all`, recording each query string. */
  function openSummary(all: ProjectMeeting[], path = '') {
    const project = buildProjectDetail();
    meetingPages = [];
    useSessionStore.setState({
      user: buildUser({ _id: ME, role: 'client', permissions: ['projects.read'] }),
      isAuthenticated: true,
    } as never);
    server.use(
      http.get(apiUrl(`/projects/${project._id}`), () => ok(GetProjectResponseSchema, { project })),
      http.get(apiUrl(`/projects/${project._id}/meetings`), ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        meetingPages.push(query);
        const page = Number(query.page ?? 1);
        return ok(ListProjectMeetingsResponseSchema, {
          meetings: all.slice((page - 1) * 20, page * 20),
          pagination: { page, limit: 20, total: all.length },
        });
      }),
    );
    return renderRoutes(
      [{ path: '/projects/:id', element: <ProjectDetailPage /> }],
      `/projects/${project._id}${path}`,
    );
  }

  const titles = async () =>
    (await screen.findAllByTestId('project-meeting')).map(
      (m) => within(m).getByText(/^Reunión número/).textContent,
    );

  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('shows one page of 20 meetings with the total; "Página 2" asks the API for page 2 and keeps it in the URL', async () => {
    const { router } = openSummary(Array.from({ length: 23 }, (_, i) => meeting(i)));
    expect(await titles()).toHaveLength(20);
    expect(screen.getByText('Mostrando 1–20 de 23 reuniones')).toBeTruthy();
    expect(meetingPages).toEqual([{}]);
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(screen.getByText('Mostrando 21–23 de 23 reuniones')).toBeTruthy());
    expect(await titles()).toEqual(['Reunión número 21', 'Reunión número 22', 'Reunión número 23']);
    expect(meetingPages.at(-1)).toEqual({ page: '2' });
    expect(router.state.location.search).toBe('?page=2');
  });

  it('opens on the page in the URL', async () => {
    openSummary(
      Array.from({ length: 23 }, (_, i) => meeting(i)),
      '?page=2',
    );
    expect(await titles()).toEqual(['Reunión número 21', 'Reunión número 22', 'Reunión número 23']);
    expect(meetingPages).toEqual([{ page: '2' }]);
  });

  it('a project without meetings says so', async () => {
    openSummary([]);
    expect(await screen.findByText('No hay reuniones registradas.')).toBeTruthy();
    expect(screen.queryByText(/^Mostrando/)).toBeNull();
  });
});
