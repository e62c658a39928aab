import { GetUserResponseSchema, type ManagedUser, UserCostRateResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { EditUserModal } from './edit-user-modal';

const EMPLOYEE: ManagedUser = {
  ...buildUser({ _id: '0b6e6f8e-2d0a-4c55-9a43-6c8b2f4f1a07', role: 'employee', firstName: 'Pedro' }),
  hourlyRate: null,
};

/** Bodies `PUT /users/{id}/cost-rate` received. */
let costPuts: unknown[] = [];

function open(role: 'admin' | 'employee' = 'admin', target: ManagedUser = EMPLOYEE) {
  useSessionStore.setState({ user: buildUser({ role }), isAuthenticated: true } as never);
  server.use(
    http.get(apiUrl(`/users/${target._id}/cost-rate`), () =>
      ok(UserCostRateResponseSchema, { userId: target._id, costRate: 800 }),
    ),
    http.put(apiUrl(`/users/${target._id}/cost-rate`), async ({ request }) => {
      const body = (await request.json()) as { costRate: number | null };
      costPuts.push(body);
      return ok(UserCostRateResponseSchema, { userId: target._id, costRate: body.costRate });
    }),
    http.put(apiUrl(`/users/${target._id}`), () => ok(GetUserResponseSchema, { user: target })),
  );
  renderWithProviders(<EditUserModal user={target} opened onClose={() => {}} />);
}

describe('EditUserModal — cost per hour (decision 142)', () => {
  beforeEach(() => {
    costPuts = [];
  });
  afterEach(() => useSessionStore.getState().logout());

  it('an admin sees the loaded rate and saves it only when changed', async () => {
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuario' });
    const field = within(dialog).getByRole('textbox', { name: /Costo por hora \(interno, RD\$\)/ });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('800'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Usuario actualizado');
    expect(costPuts).toEqual([]);

    fireEvent.change(field, { target: { value: '950.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(costPuts).toEqual([{ costRate: 950.5 }]));
  });

  it('is not offered to non-admins nor for client accounts', async () => {
    open('employee');
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuario' });
    expect(within(dialog).queryByRole('textbox', { name: /Costo por hora/ })).toBeNull();
  });
});
