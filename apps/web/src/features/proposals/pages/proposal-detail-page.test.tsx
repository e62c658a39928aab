import { GetSignableDocumentResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSignableDocument, buildUser } from '../../../../test/factories';
import { apiUrl, HttpResponse, http, ok, server } from '../../../../test/msw';
import { renderRoutes } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { ProposalDetailRoute } from './proposal-detail-page';

const draft = buildSignableDocument({ status: 'draft', sentAt: null, documentSha256: null });
let deleted: string[] = [];

function serve(doc = draft) {
  server.use(
    http.get(apiUrl(`/proposals/${doc._id}`), () =>
      ok(GetSignableDocumentResponseSchema, { document: doc, events: [] }),
    ),
    http.delete(apiUrl(`/proposals/${doc._id}`), () => {
      deleted.push(doc._id);
      return HttpResponse.json({ success: true, message: 'Borrador eliminado' });
    }),
  );
}

function renderDetail(id = draft._id) {
  return renderRoutes(
    [
      { path: '/proposals/:id', element: <ProposalDetailRoute /> },
      { path: '/proposals', element: <h1>Lista de propuestas</h1> },
    ],
    `/proposals/${id}`,
  );
}

beforeEach(() => {
  deleted = [];
  useSessionStore.setState({ user: buildUser({ role: 'admin' }) });
});

describe('"Eliminar borrador" (decision 174)', () => {
  it('deletes nothing until confirmed, then deletes the draft and goes back to the list', async () => {
    serve();
    const { router } = renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar borrador' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar borrador' });
    expect(dialog.textContent).toContain('Se eliminará el borrador PRO-0007 «Tienda en línea»');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar borrador' }));
    const again = await screen.findByRole('dialog', { name: 'Eliminar borrador' });
    fireEvent.click(within(again).getByRole('button', { name: 'Eliminar borrador' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/proposals'));
    expect(deleted).toEqual([draft._id]);
  });

  it('says the previous version comes back for a new version, and opens it', async () => {
    const previous = '00000000-0000-4000-8000-000000000070';
    const v2 = buildSignableDocument({ status: 'draft', version: 2, previousVersionId: previous });
    serve(v2);
    // The page it goes to loads version 1: answered here, so no request outlives the test.
    serve(buildSignableDocument({ _id: previous, status: 'sent', title: 'Versión vigente' }));
    const { router } = renderDetail(v2._id);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar borrador' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar borrador' });
    expect(dialog.textContent).toContain('(versión 2)');
    expect(dialog.textContent).toContain('La versión 1 vuelve a ser la vigente.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar borrador' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/proposals/${previous}`));
    expect(await screen.findByRole('heading', { name: 'Versión vigente' })).toBeTruthy();
  });

  it('is not offered once sent', async () => {
    serve(buildSignableDocument({ status: 'sent' }));
    renderDetail();
    expect(await screen.findByRole('button', { name: 'Reenviar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eliminar borrador' })).toBeNull();
  });

  it('is not offered to an employee who only reads proposals', async () => {
    useSessionStore.setState({ user: buildUser({ role: 'employee', permissions: ['proposals.read'] }) });
    serve();
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Tienda en línea' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eliminar borrador' })).toBeNull();
  });
});
