import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { renderWithProviders } from '../../../../test/render';
import { PersonalInfo } from './personal-info';

describe('PersonalInfo: what a client sees on the profile (issue 32)', () => {
  afterEach(cleanup);

  it('a client sees their company and no department, and cannot edit the company', () => {
    const client = buildUser({ role: 'client', department: null, companyName: 'Café Cibao SRL' });
    renderWithProviders(<PersonalInfo user={client} />, '/profile');
    expect(screen.getAllByText(/Café Cibao SRL/).length).toBeGreaterThan(0);
    expect(screen.queryByText('Departamento')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    expect(screen.queryByRole('textbox', { name: 'Empresa' })).toBeNull();
  });

  it('staff keep the department and the editable company', () => {
    const staff = buildUser({ role: 'employee', department: 'Diseño', companyName: null });
    renderWithProviders(<PersonalInfo user={staff} />, '/profile');
    expect(screen.getByText('Departamento')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    expect(screen.getByRole('textbox', { name: 'Empresa' })).toBeTruthy();
  });
});
