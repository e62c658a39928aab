import {
  ClientRemindersResponseSchema,
  GetClientResponseSchema,
  ListClientProjectsResponseSchema,
  ListClientTicketsResponseSchema,
  ListCommunicationsResponseSchema,
  ListInvoicesResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildClient, buildInvoiceSummary, buildUser } from '../../../../test/factories';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderRoutes } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { ClientDetailPage } from './client-detail-page';

const ID = 'c0000000-0000-4000-8000-000000000001';
const CLIENT = buildClient({
  _id: ID,
  firstName: 'Rafael',
  lastName: 'Pérez',
  companyName: 'Ferretería Los Pinos',
  email: 'rafael@lospinos.do',
  phone: '809-555-0101',
  companyRUC: '130458715',
  industry: 'Ferretería',
  totalProjects: 4,
  activeProjects: 2,
  notes: 'Prefiere llamadas por la mañana',
});

/** Paths and query strings of the sub-list requests, in order. */
let subCalls: string[] = [];

const page = (limit = 10) => ({ page: 1, limit, total: 0 });

function renderDetail() {
  return renderRoutes(
    [
      { path: '/clients/:id', element: <ClientDetailPage /> },
      { path: '/clients', element: <p>Lista de clientes</p> },
    ],
    `/clients/${ID}`,
  );
}

describe('ClientDetailPage', () => {
  beforeEach(() => {
    subCalls = [];
    useSessionStore.setState({ user: buildUser({ role: 'admin', permissions: ['clients.read'] }) });
    const record = (request: Request) => {
      const url = new URL(request.url);
      subCalls.push(`${url.pathname.replace('/api', '')}${url.search}`);
    };
    server.use(
      http.get(apiUrl(`/clients/${ID}`), () => ok(GetClientResponseSchema, { client: CLIENT })),
      http.get(apiUrl(`/clients/${ID}/reminders`), () =>
        ok(ClientRemindersResponseSchema, { optOut: false }),
      ),
      http.get(apiUrl(`/clients/${ID}/projects`), ({ request }) => {
        record(request);
        return ok(ListClientProjectsResponseSchema, {
          projects: [
            {
              _id: 'b0000000-0000-4000-8000-000000000001',
              title: 'Catálogo en línea',
              status: 'in_progress',
              startDate: '2026-02-01',
              endDate: null,
              budget: 85_000,
              progress: 60,
            },
          ],
          pagination: { ...page(), total: 1 },
        });
      }),
      http.get(apiUrl(`/clients/${ID}/tickets`), ({ request }) => {
        record(request);
        return ok(ListClientTicketsResponseSchema, { tickets: [], pagination: page() });
      }),
      http.get(apiUrl(`/clients/${ID}/invoices`), ({ request }) => {
        record(request);
        return ok(ListInvoicesResponseSchema, {
          invoices: [buildInvoiceSummary({ invoiceNumber: 'FAC-2026-0077', total: 11_800 })],
          pagination: { ...page(), total: 1 },
        });
      }),
      http.get(apiUrl(`/clients/${ID}/communications`), ({ request }) => {
        record(request);
        return ok(ListCommunicationsResponseSchema, { communications: [], pagination: page() });
      }),
    );
  });
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('shows the client with its figures and the summary tab, loading no tab before it is opened', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Ferretería Los Pinos', level: 1 })).toBeTruthy();
    expect(screen.getByText('Rafael Pérez · Empresa')).toBeTruthy();
    expect(screen.getByText('Activo')).toBeTruthy();
    expect(screen.getByText('Proyectos activos').nextElementSibling?.textContent).toBe('2');
    expect(screen.getByRole('tab', { name: 'Resumen', selected: true })).toBeTruthy();
    expect(screen.getByText('rafael@lospinos.do')).toBeTruthy();
    expect(screen.getByText('809-555-0101')).toBeTruthy();
    expect(screen.getByText('1-30-45871-5')).toBeTruthy();
    expect(screen.getByText('Prefiere llamadas por la mañana')).toBeTruthy();
    expect(subCalls).toEqual([]);
  });

  it('loads each tab from its own endpoint, one page at a time', async () => {
    renderDetail();
    fireEvent.click(await screen.findByRole('tab', { name: 'Proyectos' }));
    const project = await screen.findByRole('link', { name: 'Catálogo en línea' });
    expect(project.getAttribute('href')).toBe('/projects/b0000000-0000-4000-8000-000000000001');
    expect((project.closest('tr') as HTMLElement).textContent).toMatch(/85,000\.00/);
    expect(screen.getByRole('progressbar', { name: 'Progreso 60%' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Tickets' }));
    expect(await screen.findByText('Este cliente no tiene tickets')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Facturación' }));
    const invoice = await screen.findByRole('link', { name: 'FAC-2026-0077' });
    expect(within(invoice.closest('tr') as HTMLElement).getByText('Enviada')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Comunicación' }));
    expect(await screen.findByText('No hay comunicaciones registradas')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Registrar comunicación' })).toBeTruthy();

    expect(subCalls).toEqual([
      `/clients/${ID}/projects?page=1&limit=10`,
      `/clients/${ID}/tickets?page=1&limit=10`,
      `/clients/${ID}/invoices?page=1&limit=10`,
      `/clients/${ID}/communications?page=1&limit=10`,
    ]);
  });

  it('says when the client does not exist, with the way back', async () => {
    server.use(
      http.get(apiUrl(`/clients/${ID}`), () =>
        fail(404, { code: 'NOT_FOUND', message: 'Cliente no encontrado' }),
      ),
    );
    renderDetail();
    expect(await screen.findByText('El cliente no existe o fue eliminado.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Volver a Clientes' }));
    expect(await screen.findByText('Lista de clientes')).toBeTruthy();
  });

  it('shows a bounce of our mail with its date and reason, and staff who edit clients clear it', async () => {
    let current = buildClient({
      ...CLIENT,
      emailFailingAt: '2026-03-04T15:00:00.000Z',
      emailFailingReason: '5.1.1 usuario desconocido',
    });
    const puts: unknown[] = [];
    server.use(
      http.get(apiUrl(`/clients/${ID}`), () => ok(GetClientResponseSchema, { client: current })),
      http.put(apiUrl(`/clients/${ID}`), async ({ request }) => {
        puts.push(await request.json());
        current = { ...current, emailFailingAt: null, emailFailingReason: null };
        return ok(GetClientResponseSchema, { client: current });
      }),
    );
    renderDetail();
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Correo no entregado')).toBeTruthy();
    expect(
      within(notice).getByText('El correo rebotó el 04/03/2026: 5.1.1 usuario desconocido'),
    ).toBeTruthy();
    expect(within(notice).getByText(/Los correos a rafael@lospinos\.do no están llegando/)).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Quitar aviso' }));
    await waitFor(() => expect(screen.queryByText(/El correo rebotó/)).toBeNull());
    expect(puts).toEqual([{ clearEmailFailing: true }]);
  });

  it('an employee without clients.write sees the bounce but no way to clear it; a working address shows nothing', async () => {
    useSessionStore.setState({ user: buildUser({ role: 'employee', permissions: ['clients.read'] }) });
    server.use(
      http.get(apiUrl(`/clients/${ID}`), () =>
        ok(GetClientResponseSchema, {
          client: buildClient({
            ...CLIENT,
            emailFailingAt: '2026-03-04T15:00:00.000Z',
            emailFailingReason: null,
          }),
        }),
      ),
    );
    const view = renderDetail();
    expect(await screen.findByText('El correo rebotó el 04/03/2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quitar aviso' })).toBeNull();
    view.unmount();

    server.use(http.get(apiUrl(`/clients/${ID}`), () => ok(GetClientResponseSchema, { client: CLIENT })));
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Ferretería Los Pinos', level: 1 })).toBeTruthy();
    expect(screen.queryByText(/El correo rebotó/)).toBeNull();
  });
});
