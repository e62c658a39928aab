import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { renderRoutes, renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../stores/session-store';
import { RouteGuard } from '../guard/route-guard';
import { ChangePasswordFormCard } from './change-password-form';

const input = (name: string) => screen.getByLabelText(new RegExp(`^${name}`)) as HTMLInputElement;

describe('ChangePasswordFormCard (spec doc 2 §5)', () => {
  it('keeps the button disabled until the three fields are filled', () => {
    renderWithProviders(<ChangePasswordFormCard />);
    const button = screen.getByRole('button', { name: 'Cambiar contraseña' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input('Contraseña actual'), { target: { value: 'Actual123' } });
    fireEvent.change(input('Nueva contraseña'), { target: { value: 'Nueva123' } });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input('Confirmar nueva contraseña'), { target: { value: 'Nueva123' } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the strength bar (weak / medium / strong) and the mismatch message', async () => {
    renderWithProviders(<ChangePasswordFormCard />);
    fireEvent.change(input('Nueva contraseña'), { target: { value: '12345' } });
    expect(screen.getByText('Seguridad: Débil')).toBeTruthy();
    fireEvent.change(input('Nueva contraseña'), { target: { value: '1234567' } });
    expect(screen.getByText('Seguridad: Media')).toBeTruthy();
    fireEvent.change(input('Nueva contraseña'), { target: { value: '12345678' } });
    expect(screen.getByText('Seguridad: Fuerte')).toBeTruthy();
    fireEvent.change(input('Contraseña actual'), { target: { value: 'Actual123' } });
    fireEvent.change(input('Confirmar nueva contraseña'), { target: { value: 'otra-cosa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
  });
});

describe('RouteGuard with mustChangePassword', () => {
  beforeEach(() => useSessionStore.getState().logout());

  it('shows the forced password change instead of the page', async () => {
    useSessionStore
      .getState()
      .login({ user: buildUser({ role: 'employee', mustChangePassword: true }), token: 't' });
    renderRoutes(
      [
        {
          path: '/dashboard',
          element: (
            <RouteGuard>
              <p>Contenido</p>
            </RouteGuard>
          ),
        },
      ],
      '/dashboard',
    );
    expect(await screen.findByRole('heading', { name: 'Cambia tu contraseña' })).toBeTruthy();
    expect(screen.queryByText('Contenido')).toBeNull();
  });
});
