import {
  ListDocumentTemplatesResponseSchema,
  ListSignableDocumentsResponseSchema,
  SignableDocumentResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSignableDocument, buildUser } from '../../../../test/factories';
import { apiUrl, HttpResponse, http, ok, server } from '../../../../test/msw';
import { renderRoutes } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { ProposalsPage } from './proposals-page';

const LEAD = '00000000-0000-4000-8000-000000000072';
const TEMPLATE = '00000000-0000-4000-8000-000000000081';
let created: unknown[] = [];

beforeEach(() => {
  created = [];
  useSessionStore.setState({ user: buildUser({ role: 'admin' }) });
  server.use(
    http.get(apiUrl('/proposals'), () =>
      ok(ListSignableDocumentsResponseSchema, {
        documents: [buildSignableDocument({ status: 'sent' })],
        pagination: { page: 1, limit: 20, total: 1 },
      }),
    ),
    http.get(apiUrl('/document-templates'), () =>
      ok(ListDocumentTemplatesResponseSchema, {
        templates: [
          {
            _id: TEMPLATE,
            name: 'Sitio web estándar',
            kind: 'proposal',
            body: '# Propuesta',
            requiresCountersign: true,
            items: [],
            createdAt: '2026-11-01T12:00:00.000Z',
            updatedAt: '2026-11-01T12:00:00.000Z',
          },
        ],
      }),
    ),
    http.get(apiUrl('/leads'), () =>
      HttpResponse.json({
        success: true,
        data: { leads: [{ _id: LEAD, title: 'Tienda Rosa', contactName: 'Rosa Almonte' }] },
      }),
    ),
    http.get(apiUrl('/clients'), () => HttpResponse.json({ success: true, data: { clients: [] } })),
    http.post(apiUrl('/proposals'), async ({ request }) => {
      created.push(await request.json());
      return ok(
        SignableDocumentResponseSchema,
        { document: buildSignableDocument({ status: 'draft' }) },
        { status: 201 },
      );
    }),
  );
});

describe('proposals list (decision 173)', () => {
  it('lists the proposals with their status and creates one for a lead from a template', async () => {
    const { router } = renderRoutes(
      [
        { path: '/proposals', element: <ProposalsPage /> },
        { path: '/proposals/:id', element: <h1>Detalle</h1> },
      ],
      '/proposals',
    );
    const row = await screen.findByRole('link', { name: 'PRO-0007 · Tienda en línea' });
    expect(row.getAttribute('href')).toBe('/proposals/00000000-0000-4000-8000-000000000071');
    expect(within(row.closest('li') as HTMLElement).getByText('Enviado')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Nueva propuesta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva propuesta' });
    // Nothing chosen: the shared schema's messages, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await within(dialog).findByText('Indica un prospecto o un cliente (uno de los dos)')).toBeTruthy();
    expect(created).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('combobox', { name: /Prospecto o cliente/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Tienda Rosa · Rosa Almonte' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Título/ }), {
      target: { value: 'Tienda Rosa' },
    });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Plantilla' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sitio web estándar' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/proposals/00000000-0000-4000-8000-000000000071'),
    );
    expect(created).toEqual([{ leadId: LEAD, title: 'Tienda Rosa', templateId: TEMPLATE }]);
  });
});
