import { ListProjectsResponseSchema, type ProjectSummary } from '@agencia/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildProjectDetail, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { ProjectsPage } from './projects-page';

/** 14 projects "Lote 01" … "Lote 14": 13 in progress, the last on hold (title order). */
const ALL: ProjectSummary[] = Array.from({ length: 14 }, (_, i) => {
  const {
    team: _team,
    milestones: _milestones,
    notesTotal: _notes,
    filesTotal: _files,
    timeSummary: _time,
    allowedTransitions: _transitions,
    ...summary
  } = buildProjectDetail({
    _id: `5d0c2b1e-7a8f-4c3d-9e6b-${String(i + 1).padStart(12, '0')}`,
    title: `Lote ${String(i + 1).padStart(2, '0')}`,
    status: i === 13 ? 'on_hold' : 'in_progress',
  });
  return summary;
});

/** Query strings `GET /projects` received. */
let calls: Record<string, string>[] = [];

const titles = () => screen.getAllByTestId('project-card').map((card) => card.textContent ?? '');

describe('Proyectos screen pages (issue 14; moved from e2e, issue 25)', () => {
  beforeEach(() => {
    calls = [];
    useSessionStore.setState({
      user: buildUser({ role: 'admin', permissions: ['projects.read', 'projects.write'] }),
    });
    server.use(
      http.get(apiUrl('/projects'), ({ request }) => {
        const q = Object.fromEntries(new URL(request.url).searchParams);
        calls.push(q);
        const page = Number(q.page);
        const limit = Number(q.limit);
        const rows = ALL.filter(
          (p) => (!q.search || p.title.includes(q.search)) && (!q.status || p.status === q.status),
        );
        return ok(ListProjectsResponseSchema, {
          projects: rows.slice((page - 1) * limit, page * limit),
          pagination: { page, limit, total: rows.length },
        });
      }),
    );
  });
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('pages through a filtered list with search, order and page in the URL', async () => {
    const { router } = renderWithProviders(<ProjectsPage />, '/projects?search=Lote&sort=title');
    expect(await screen.findByText('Mostrando 1–12 de 14 proyectos')).toBeTruthy();
    expect(titles()).toHaveLength(12);
    expect(titles()[0]).toContain('Lote 01');
    expect(calls.at(-1)).toMatchObject({ search: 'Lote', sort: 'title', page: '1', limit: '12' });

    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('Mostrando 13–14 de 14 proyectos')).toBeTruthy();
    expect(router.state.location.search).toBe('?search=Lote&sort=title&page=2');
    expect(titles()).toHaveLength(2);
    expect(titles()[0]).toContain('Lote 13');

    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(await screen.findByText('Mostrando 1–12 de 14 proyectos')).toBeTruthy();
    expect(router.state.location.search).toBe('?search=Lote&sort=title');
  }, 30_000);

  it('a link (or a reload) opens the same page of the same list, with its order shown', async () => {
    renderWithProviders(<ProjectsPage />, '/projects?search=Lote&sort=title&page=2');
    expect(await screen.findByText('Mostrando 13–14 de 14 proyectos')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Ordenar por' }) as HTMLInputElement).value).toBe(
      'Título (A–Z)',
    );
    expect((screen.getByRole('searchbox', { name: 'Buscar' }) as HTMLInputElement).value).toBe('Lote');
    expect(calls).toEqual([{ search: 'Lote', sort: 'title', page: '2', limit: '12' }]);
  }, 30_000);

  it('a filter change returns to page 1 and keeps the search', async () => {
    const { router } = renderWithProviders(<ProjectsPage />, '/projects?search=Lote&sort=title&page=2');
    await screen.findByText('Mostrando 13–14 de 14 proyectos');
    fireEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    fireEvent.click(await screen.findByRole('option', { name: 'En progreso' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=Lote&sort=title&status=in_progress'),
    );
    expect(await screen.findByText('Mostrando 1–12 de 13 proyectos')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ search: 'Lote', status: 'in_progress', page: '1' });

    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('Mostrando 13–13 de 13 proyectos')).toBeTruthy();
    expect(titles()).toHaveLength(1);
    expect(router.state.location.search).toBe('?search=Lote&sort=title&status=in_progress&page=2');
  }, 30_000);
});
