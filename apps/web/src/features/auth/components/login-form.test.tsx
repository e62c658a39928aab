import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { LoginForm } from './login-form';

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Acceder a Mi Portal' }));
}

describe('LoginForm', () => {
  it('shows the required messages on an empty submit', async () => {
    renderWithProviders(<LoginForm />);
    submit();
    expect(await screen.findByText('Email es requerido')).toBeTruthy();
    expect(screen.getByText('Contraseña es requerida')).toBeTruthy();
  });

  it('shows the format and length messages', async () => {
    renderWithProviders(<LoginForm />);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'no-es-un-email' } });
    fireEvent.change(screen.getByLabelText(/Contraseña/), { target: { value: '12345' } });
    submit();
    expect(await screen.findByText('Email inválido')).toBeTruthy();
    expect(screen.getByText('La contraseña debe tener al menos 6 caracteres')).toBeTruthy();
  });
});
