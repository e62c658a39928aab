import { ConvertProposalResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSignableDocument } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderRoutes } from '../../../../test/render';
import { ConversionButtons } from './conversion-buttons';

const doc = buildSignableDocument();
const PROJECT_ID = '00000000-0000-4000-8000-000000000099';
let bodies: unknown[] = [];

beforeEach(() => {
  bodies = [];
  server.use(
    http.post(apiUrl(`/proposals/${doc._id}/convert`), async ({ request }) => {
      bodies.push(await request.json());
      return ok(ConvertProposalResponseSchema, {
        document: {
          ...doc,
          conversion: { target: 'project', id: PROJECT_ID, at: '2026-11-24T15:00:00.000Z' },
        },
        target: 'project',
        id: PROJECT_ID,
        leadWon: true,
      });
    }),
  );
});

describe('conversion of a signed proposal (decision 173)', () => {
  it('creates nothing until the confirmation, then the project, and opens it', async () => {
    const { router } = renderRoutes(
      [
        { path: '/proposals/:id', element: <ConversionButtons doc={doc} /> },
        { path: '/projects/:id', element: <h1>Proyecto abierto</h1> },
      ],
      `/proposals/${doc._id}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Crear proyecto' }));
    let dialog = await screen.findByRole('dialog', { name: 'Crear proyecto' });
    expect(dialog.textContent).toContain('Se creará el proyecto «Tienda en línea»');
    expect(dialog.textContent).toContain('«Ganado»');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Crear primera factura' }));
    dialog = await screen.findByRole('dialog', { name: 'Crear primera factura' });
    expect(dialog.textContent).toContain('borrador de factura');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Crear proyecto' }));
    dialog = await screen.findByRole('dialog', { name: 'Crear proyecto' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear proyecto' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${PROJECT_ID}`));
    expect(bodies).toEqual([{ target: 'project' }]);
    expect(await screen.findByText('El prospecto quedó como ganado')).toBeTruthy();
  });
});
