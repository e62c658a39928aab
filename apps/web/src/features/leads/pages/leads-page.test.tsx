import {
  GetLeadResponseSchema,
  type Lead,
  LeadOwnersResponseSchema,
  type LeadStage,
  ListLeadStagesResponseSchema,
  ListLeadsResponseSchema,
  ListSignableDocumentsResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderRoutes, renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { LeadDetailPage } from './lead-detail-page';
import { LeadsPage } from './leads-page';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const STAGES: LeadStage[] = [
  { _id: id(901), name: 'Nuevo', kind: 'open', position: 0, leadCount: 2 },
  { _id: id(902), name: 'Contactado', kind: 'open', position: 1, leadCount: 0 },
  { _id: id(903), name: 'Ganado', kind: 'won', position: 2, leadCount: 0 },
  { _id: id(904), name: 'Perdido', kind: 'lost', position: 3, leadCount: 0 },
];

function lead(n: number, over: Partial<Lead> = {}): Lead {
  return {
    _id: id(n),
    title: `Prospecto ${n}`,
    contactName: 'Rosa Almonte',
    email: 'rosa@ejemplo.do',
    phone: '809-555-0101',
    company: 'Colmado Rosa',
    description: null,
    source: 'whatsapp',
    stage: { _id: id(901), name: 'Nuevo', kind: 'open' },
    position: n * 1024,
    owner: null,
    estimatedValue: 45000,
    currency: 'DOP',
    expectedCloseDate: null,
    lostReason: null,
    quoteRequestId: null,
    accessRequestId: null,
    clientId: null,
    convertedAt: null,
    wonAt: null,
    nextFollowUp: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    updatedAt: '2026-03-01T12:00:00.000Z',
    ...over,
  };
}

let queries: Record<string, string>[] = [];
let moves: unknown[] = [];
let documentQueries: Array<string | null> = [];

beforeEach(() => {
  queries = [];
  moves = [];
  documentQueries = [];
  useSessionStore.setState({
    user: buildUser({ role: 'admin', permissions: ['leads.read', 'leads.write'] }),
  });
  server.use(
    http.get(apiUrl('/lead-stages'), () => ok(ListLeadStagesResponseSchema, { stages: STAGES })),
    http.get(apiUrl('/leads/owners'), () => ok(LeadOwnersResponseSchema, { owners: [] })),
    http.get(apiUrl('/leads'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return ok(ListLeadsResponseSchema, {
        leads: [lead(1), lead(2, { estimatedValue: 1000, currency: 'USD', title: 'Sitio en dólares' })],
        pagination: { page: 1, limit: 100, total: 2 },
        totals: [
          {
            stageId: id(901),
            count: 2,
            values: [
              { currency: 'DOP', amount: 45000 },
              { currency: 'USD', amount: 1000 },
            ],
          },
        ],
      });
    }),
  );
});
afterEach(() => useSessionStore.getState().logout());

describe('Prospectos board and list', () => {
  it('shows one column per stage with its count and value per currency, filters in the URL', async () => {
    renderWithProviders(<LeadsPage />, '/leads?source=whatsapp');
    const column = (await screen.findByRole('heading', { name: 'Nuevo' })).closest(
      '[data-column]',
    ) as HTMLElement;
    expect(within(column).getByText('Prospecto 1')).toBeTruthy();
    expect(within(column).getByText('Sitio en dólares')).toBeTruthy();
    expect(within(column).getByTestId('column-total').textContent).toMatch(
      /2 en total · RD\$45,000 · US\$1,000/,
    );
    const empty = screen.getByRole('heading', { name: 'Contactado' }).closest('[data-column]') as HTMLElement;
    expect(within(empty).getByText('Sin prospectos')).toBeTruthy();
    expect(within(empty).getByTestId('column-total').textContent).toBe('0 en total · —');
    expect(screen.getAllByRole('button', { name: /^Mover / })).toHaveLength(2);
    expect(queries.at(-1)).toMatchObject({ source: 'whatsapp', limit: '100', page: '1' });
  });

  it('switches to the list view with its own page size, and keeps it in the URL', async () => {
    const { router } = renderWithProviders(<LeadsPage />, '/leads');
    await screen.findByRole('heading', { name: 'Nuevo' });
    fireEvent.click(screen.getByRole('radio', { name: 'Lista' }));
    const table = await screen.findByRole('table', { name: 'Prospectos' });
    expect(within(table).getByRole('link', { name: 'Prospecto 1' }).getAttribute('href')).toBe(
      `/leads/${id(1)}`,
    );
    expect(within(table).getByText('US$1,000')).toBeTruthy();
    expect(router.state.location.search).toBe('?view=list');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ limit: '20' }));
  });

  it('shows an error with a retry when the list fails', async () => {
    server.use(http.get(apiUrl('/leads'), () => new Response(null, { status: 500 })));
    renderWithProviders(<LeadsPage />, '/leads');
    expect(await screen.findByText(/No se pudieron cargar los prospectos/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('tells an employee without the permission that access is denied', async () => {
    useSessionStore.setState({ user: buildUser({ role: 'employee', permissions: ['projects.read'] }) });
    renderWithProviders(<LeadsPage />, '/leads');
    expect(await screen.findByText('Acceso Denegado')).toBeTruthy();
    expect(queries).toEqual([]);
  });

  it('opens "Etapas" for admins only (the API leaves stage management to them)', async () => {
    renderWithProviders(<LeadsPage />, '/leads');
    await screen.findByRole('heading', { name: 'Nuevo' });
    fireEvent.click(screen.getByRole('button', { name: 'Etapas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Etapas del tablero' });
    expect(await within(dialog).findByRole('listitem', { name: 'Etapa 4: Perdido' })).toBeTruthy();
  });

  it('offers no "Etapas" to an employee who works the pipeline', async () => {
    useSessionStore.setState({
      user: buildUser({ role: 'employee', permissions: ['leads.read', 'leads.write'] }),
    });
    renderWithProviders(<LeadsPage />, '/leads');
    await screen.findByRole('heading', { name: 'Nuevo' });
    expect(screen.queryByRole('button', { name: 'Etapas' })).toBeNull();
  });
});

describe('lead detail', () => {
  beforeEach(() => {
    server.use(
      http.get(apiUrl(`/leads/${id(1)}`), () =>
        ok(GetLeadResponseSchema, {
          lead: lead(1, { quoteRequestId: id(77), source: 'quote_request', nextFollowUp: '2026-03-10' }),
          events: [
            {
              _id: id(501),
              kind: 'created',
              body: null,
              followUpDate: null,
              followUpNotifiedAt: null,
              meta: { source: 'quote_request' },
              author: null,
              createdAt: '2026-03-01T12:00:00.000Z',
            },
            {
              _id: id(502),
              kind: 'call',
              body: 'Llamada de presentación',
              followUpDate: '2026-03-10',
              followUpNotifiedAt: null,
              meta: null,
              author: { _id: id(600), firstName: 'Laura', lastName: 'Céspedes' },
              createdAt: '2026-03-02T12:00:00.000Z',
            },
          ],
        }),
      ),
      // The lead's proposals and contracts (decision 173): none yet.
      ...['/proposals', '/contracts'].map((path) =>
        http.get(apiUrl(path), ({ request }) => {
          documentQueries.push(new URL(request.url).searchParams.get('leadId'));
          return ok(ListSignableDocumentsResponseSchema, {
            documents: [],
            pagination: { page: 1, limit: 50, total: 0 },
          });
        }),
      ),
      http.post(apiUrl(`/leads/${id(1)}/move`), async ({ request }) => {
        moves.push(await request.json());
        return ok(GetLeadResponseSchema.pick({ lead: true }), {
          lead: lead(1, {
            stage: { _id: id(904), name: 'Perdido', kind: 'lost' },
            lostReason: 'Sin presupuesto',
          }),
        });
      }),
    );
  });

  it('shows the timeline (created from, activity with its follow-up) and asks a reason before marking lost', async () => {
    renderRoutes([{ path: '/leads/:id', element: <LeadDetailPage /> }], `/leads/${id(1)}`);
    expect(await screen.findByRole('heading', { name: 'Prospecto 1', level: 1 })).toBeTruthy();
    expect(screen.getByText('Creado desde formulario de cotización')).toBeTruthy();
    expect(screen.getByText('Llamada de presentación')).toBeTruthy();
    expect(screen.getByText(/Seguimiento: 10 mar/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ver solicitud' }).getAttribute('href')).toBe(
      `/clients/requests?kind=quote&id=${id(77)}`,
    );
    expect(screen.getByRole('button', { name: 'Convertir en cliente' })).toBeTruthy();
    // Its proposals and contracts, asked for this lead only, with "Nueva propuesta".
    expect(await screen.findByText('Aún no hay propuestas ni contratos.')).toBeTruthy();
    expect(documentQueries).toEqual([id(1), id(1)]);
    expect(screen.getByRole('button', { name: 'Nueva propuesta' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Marcar como perdido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como perdido' });
    const confirm = within(dialog).getByRole('button', { name: 'Marcar como perdido' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Sin presupuesto' },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(moves).toEqual([{ stageId: id(904), lostReason: 'Sin presupuesto' }]));
  });

  it('asks for confirmation before converting', async () => {
    renderRoutes([{ path: '/leads/:id', element: <LeadDetailPage /> }], `/leads/${id(1)}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Convertir en cliente' }));
    expect(await screen.findByRole('dialog', { name: 'Convertir en cliente' })).toBeTruthy();
    expect(screen.getByText(/Se creará un cliente con los datos de «Rosa Almonte»/)).toBeTruthy();
  });

  it('hides "Convertir en cliente" from an employee with the permission', async () => {
    useSessionStore.setState({
      user: buildUser({ role: 'employee', permissions: ['leads.read', 'leads.write'] }),
    });
    renderRoutes([{ path: '/leads/:id', element: <LeadDetailPage /> }], `/leads/${id(1)}`);
    await screen.findByRole('heading', { name: 'Prospecto 1', level: 1 });
    expect(screen.queryByRole('button', { name: 'Convertir en cliente' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Marcar como perdido' })).toBeTruthy();
  });
});
