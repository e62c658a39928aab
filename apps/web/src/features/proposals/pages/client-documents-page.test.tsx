import {
  cedulaCheckDigit,
  GetSignableDocumentResponseSchema,
  ListSignableDocumentsResponseSchema,
  OtpResponseSchema,
  PublicSignResultResponseSchema,
  type SignableDocument,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSignableDocument, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderRoutes, renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { ClientDocumentsPanel } from '../components/client-documents-panel';
import { ContractRoute, ProposalRoute, ProposalsRoute } from './proposal-routes';

// jsdom has no canvas: the drawn signature is stood in by a button (as in sign-page.test.tsx).
vi.mock('../components/signature-canvas', () => ({
  SignatureCanvas: ({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) => (
    <button type="button" onClick={() => onChange(value ? null : 'data:image/png;base64,iVBORw0KGgo=')}>
      {value ? 'Borrar firma de prueba' : 'Dibujar firma de prueba'}
    </button>
  ),
}));

const first10 = '0011234567';
const CEDULA = `${first10.slice(0, 3)}-${first10.slice(3)}-${cedulaCheckDigit(first10)}`;
const FUTURE = new Date(Date.now() + 7 * 86_400_000).toISOString();
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const sent = buildSignableDocument({
  _id: id(71),
  status: 'viewed',
  clientId: id(5),
  leadId: null,
  recipient: { name: 'Colmado Rosa', email: 'rosa@ejemplo.do', taxId: null },
  documentSha256: null,
  sentSha256: 'c'.repeat(64),
  expiresAt: FUTURE,
});
const signedContract = buildSignableDocument({
  _id: id(81),
  kind: 'contract',
  number: 'CON-0003',
  title: 'Contrato de mantenimiento',
  status: 'countersigned',
  clientId: id(5),
  leadId: null,
  signatures: [
    {
      role: 'recipient',
      name: 'Rosa Almonte',
      idNumber: '00112345673',
      email: 'rosa@ejemplo.do',
      ip: '10.0.0.1',
      userAgent: 'Firefox',
      signedAt: '2026-11-20T14:00:00.000Z',
      signedAtLocal: '2026-11-20T10:00:00-04:00',
      documentSha256: 'd'.repeat(64),
      consentText: 'Declaro…',
      consentSha256: 'e'.repeat(64),
      otpVerifiedAt: '2026-11-20T14:00:00.000Z',
      hasSignatureImage: false,
    },
  ],
});

let current: SignableDocument = sent;
let calls: Array<{ path: string; body?: unknown }> = [];

beforeEach(() => {
  current = sent;
  calls = [];
  useSessionStore.setState({ user: buildUser({ role: 'client', firstName: 'Rosa', lastName: 'Almonte' }) });
  server.use(
    http.get(apiUrl('/proposals'), () =>
      ok(ListSignableDocumentsResponseSchema, {
        documents: [current],
        pagination: { page: 1, limit: 50, total: 1 },
      }),
    ),
    http.get(apiUrl('/contracts'), () =>
      ok(ListSignableDocumentsResponseSchema, {
        documents: [signedContract],
        pagination: { page: 1, limit: 50, total: 1 },
      }),
    ),
    http.get(apiUrl(`/proposals/${sent._id}`), () =>
      ok(GetSignableDocumentResponseSchema, { document: current, events: [] }),
    ),
    http.get(apiUrl(`/contracts/${signedContract._id}`), () =>
      ok(GetSignableDocumentResponseSchema, { document: signedContract, events: [] }),
    ),
    http.post(apiUrl(`/proposals/${sent._id}/otp`), () => {
      calls.push({ path: 'otp' });
      return ok(OtpResponseSchema, { emailMasked: 'r***@ejemplo.do', expiresAt: FUTURE });
    }),
    http.post(apiUrl(`/proposals/${sent._id}/sign`), async ({ request }) => {
      calls.push({ path: 'sign', body: await request.json() });
      current = {
        ...sent,
        status: 'signed',
        requiresCountersign: true,
        signatures: [{ ...signedContract.signatures[0]!, signedAt: '2026-11-24T14:12:00.000Z' }],
      };
      return ok(PublicSignResultResponseSchema, {
        result: {
          status: 'signed',
          statusLabel: 'Firmado',
          signedAt: '2026-11-24T14:12:00.000Z',
          documentSha256: 'c'.repeat(64),
        },
      });
    }),
    http.post(apiUrl(`/proposals/${sent._id}/decline`), async ({ request }) => {
      calls.push({ path: 'decline', body: await request.json() });
      current = {
        ...sent,
        status: 'declined',
        declinedAt: '2026-11-24T14:15:00.000Z',
        declineReason: 'Caro',
      };
      return ok(PublicSignResultResponseSchema, {
        result: { status: 'declined', statusLabel: 'Rechazado', signedAt: null, documentSha256: null },
      });
    }),
  );
});

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const renderDetail = (path = `/proposals/${sent._id}`) =>
  renderRoutes(
    [
      { path: '/proposals', element: <ProposalsRoute /> },
      { path: '/proposals/:id', element: <ProposalRoute /> },
      { path: '/contracts/:id', element: <ContractRoute /> },
    ],
    path,
  );

describe('a client reads and signs its documents in the portal (decision 174)', () => {
  it('lists what waits for its signature first, then the rest, each opening its page', async () => {
    renderDetail('/proposals');
    expect(await screen.findByRole('heading', { name: 'Propuestas y contratos', level: 1 })).toBeTruthy();
    const waiting = (await screen.findByRole('heading', { name: 'Por firmar' })).parentElement as HTMLElement;
    expect(
      within(waiting).getByRole('link', { name: 'PRO-0007 · Tienda en línea' }).getAttribute('href'),
    ).toBe(`/proposals/${sent._id}`);
    const older = screen.getByRole('heading', { name: 'Anteriores' }).parentElement as HTMLElement;
    expect(within(older).getByRole('link', { name: 'CON-0003 · Contrato de mantenimiento' })).toBeTruthy();
    // The client's own name and the view count are staff details.
    expect(screen.queryByText(/Colmado Rosa/)).toBeNull();
    expect(screen.queryByText(/vistas/)).toBeNull();
    // No staff controls.
    expect(screen.queryByRole('button', { name: 'Nueva propuesta' })).toBeNull();
  });

  it('signs with the public page’s steps and sends the exact body to the portal route', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Tienda en línea', level: 1 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'PDF' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar y firmar' }));
    // The consent names this document, as the API freezes it.
    expect(screen.getByText(/Declaro que he leído la propuesta PRO-0007 \(versión 1\)/)).toBeTruthy();
    expect((screen.getByLabelText(/Nombre completo/) as HTMLInputElement).value).toBe('Rosa Almonte');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('La cédula o RNC es requerida')).toBeTruthy();
    expect(calls).toEqual([]);

    type(/Cédula o RNC/, CEDULA);
    fireEvent.click(screen.getByRole('button', { name: 'Dibujar firma de prueba' }));
    fireEvent.click(screen.getByLabelText('He leído y acepto el texto anterior'));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText(/Enviamos un código de 6 dígitos a r\*\*\*@ejemplo\.do/)).toBeTruthy();
    type(/Código de verificación/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(await screen.findByText('¡Documento firmado!')).toBeTruthy();
    expect(calls).toEqual([
      { path: 'otp' },
      {
        path: 'sign',
        body: {
          name: 'Rosa Almonte',
          idNumber: CEDULA,
          consent: true,
          otp: '123456',
          signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
          documentSha256: 'c'.repeat(64),
        },
      },
    ]);
    expect(screen.getByText(/La agencia lo firmará también/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar PDF firmado' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aceptar y firmar' })).toBeNull();
  });

  it('declines only with a reason', async () => {
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar el documento' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Indica el motivo')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Motivo del rechazo/), {
      target: { value: 'El precio no entra en el presupuesto' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Documento rechazado')).toBeTruthy();
    expect(calls).toEqual([{ path: 'decline', body: { reason: 'El precio no entra en el presupuesto' } }]);
  });

  it('shows a signed contract with its outcome and no form', async () => {
    renderDetail(`/contracts/${signedContract._id}`);
    expect(await screen.findByText('¡Documento firmado!')).toBeTruthy();
    expect(screen.getByText(/Firmaste el contrato CON-0003/)).toBeTruthy();
    expect(screen.getByText(/Recibirás una copia por correo/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aceptar y firmar' })).toBeNull();
  });

  it('keeps the staff screens for staff at the same address', async () => {
    useSessionStore.setState({ user: buildUser({ role: 'admin' }) });
    renderDetail(`/proposals/${sent._id}`);
    expect(await screen.findByRole('tab', { name: 'Actividad' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aceptar y firmar' })).toBeNull();
  });
});

describe('the dashboard entry (decision 174)', () => {
  it('shows the documents, the ones to sign counted and first, with "Ver todos"', async () => {
    renderWithProviders(<ClientDocumentsPanel />);
    const panel = await screen.findByRole('region', { name: /Propuestas y contratos/ });
    expect(within(panel).getByText('1 por firmar')).toBeTruthy();
    const links = within(panel).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/proposals',
      `/proposals/${sent._id}`,
      `/contracts/${signedContract._id}`,
    ]);
  });

  it('stays away when the agency sent nothing', async () => {
    server.use(
      ...['/proposals', '/contracts'].map((path) =>
        http.get(apiUrl(path), () =>
          ok(ListSignableDocumentsResponseSchema, {
            documents: [],
            pagination: { page: 1, limit: 50, total: 0 },
          }),
        ),
      ),
    );
    const { container } = renderWithProviders(<ClientDocumentsPanel />);
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(screen.queryByText('Propuestas y contratos')).toBeNull();
  });
});
