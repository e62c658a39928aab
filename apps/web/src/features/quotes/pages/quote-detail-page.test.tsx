import { AcceptQuoteResponseSchema, GetQuoteResponseSchema, type Quote } from '@agencia/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInvoice, buildUser } from '../../../../test/factories';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderRoutes } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { QuoteDetailPage } from './quote-detail-page';

const ID = '11111111-1111-4111-8111-111111111111';
const INVOICE_ID = '22222222-2222-4222-8222-222222222222';

function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    _id: ID,
    quoteNumber: 'COT-2026-0007',
    issueDate: '2026-11-20',
    validUntil: '2026-12-20',
    status: 'sent',
    client: {
      _id: '33333333-3333-4333-8333-333333333333',
      name: 'Café Cibao SRL',
      email: 'c@d.do',
      taxId: null,
    },
    project: null,
    subtotal: 10_000,
    exemptSubtotal: 0,
    taxableBase: 10_000,
    taxRate: 18,
    taxAmount: 1_800,
    discountAmount: 0,
    total: 11_800,
    currency: 'DOP',
    advancePercent: null,
    createProject: false,
    sentAt: '2026-11-20T14:00:00.000Z',
    acceptedAt: null,
    rejectedAt: null,
    createdAt: '2026-11-20T13:00:00.000Z',
    updatedAt: '2026-11-20T14:00:00.000Z',
    items: [
      {
        _id: '44444444-4444-4444-8444-444444444444',
        description: 'Sitio web',
        details: null,
        quantity: 1,
        unitPrice: 10_000,
        total: 10_000,
        taxExempt: false,
      },
    ],
    notes: null,
    signedName: null,
    acceptedIp: null,
    rejectionReason: null,
    expiredAt: null,
    invoice: null,
    balanceInvoice: null,
    createdProject: null,
    quoteRequestId: null,
    ...overrides,
  };
}

describe('quote detail, the client answers (decision 114)', () => {
  let current: Quote;
  let bodies: unknown[];
  beforeEach(() => {
    // jsdom has no FontFaceSet; Mantine's autosize textarea listens to it.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {} },
      });
    current = quote();
    bodies = [];
    useSessionStore.setState({
      user: buildUser({ role: 'client', permissions: ['invoices.read'] }),
    } as never);
    server.use(http.get(apiUrl(`/quotes/${ID}`), () => ok(GetQuoteResponseSchema, { quote: current })));
  });
  afterEach(() => useSessionStore.getState().logout());

  const render = () =>
    renderRoutes([{ path: '/billing/quotes/:id', element: <QuoteDetailPage /> }], `/billing/quotes/${ID}`);

  it('accepting needs the typed name and the box; then the client reads what happens next', async () => {
    server.use(
      http.post(apiUrl(`/quotes/${ID}/accept`), async ({ request }) => {
        bodies.push(await request.json());
        current = quote({
          status: 'accepted',
          signedName: 'María Fernández',
          acceptedAt: '2026-11-21T10:00:00.000Z',
          invoice: { _id: INVOICE_ID, invoiceNumber: 'FAC-2026-0042', status: 'draft' },
        });
        return ok(
          AcceptQuoteResponseSchema,
          {
            quote: current,
            invoice: buildInvoice({ _id: INVOICE_ID, invoiceNumber: 'FAC-2026-0042', status: 'draft' }),
            balanceInvoice: null,
            project: null,
          },
          { status: 201 },
        );
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    const submit = await screen.findByRole('button', { name: 'Aceptar cotización' });
    fireEvent.click(submit);
    expect(await screen.findByText('Escribe tu nombre completo')).toBeTruthy();
    expect(await screen.findByText('Debes marcar la casilla de aceptación')).toBeTruthy();
    expect(bodies).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: /Nombre completo/ }), {
      target: { value: 'María Fernández' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /Acepto la cotización COT-2026-0007/ }));
    fireEvent.click(submit);
    await waitFor(() => expect(bodies).toEqual([{ signedName: 'María Fernández', agree: true }]));
    // The client reads what happens next, not the agency's draft/issue workflow (issue 32).
    expect(
      await screen.findByText(/Estamos preparando tu factura: te la enviaremos por correo/),
    ).toBeTruthy();
    expect(screen.queryByText(/borrador|emita/)).toBeNull();
  });

  it('an expired quote shows why and offers no answer', async () => {
    current = quote({ status: 'expired', validUntil: '2026-11-01' });
    render();
    expect(await screen.findByText('Cotización vencida')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
  });

  it('rejecting needs a reason and keeps it on a server error', async () => {
    server.use(
      http.post(apiUrl(`/quotes/${ID}/reject`), () =>
        fail(409, { code: 'CONFLICT', message: 'La cotización venció; ya no necesita respuesta.' }),
      ),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar cotización' }));
    expect(await screen.findByText('Indica el motivo del rechazo')).toBeTruthy();
    const reason = screen.getByRole('textbox', { name: /Motivo del rechazo/ }) as HTMLTextAreaElement;
    fireEvent.change(reason, { target: { value: 'Muy caro para este año' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar cotización' }));
    expect(await screen.findByText('La cotización venció; ya no necesita respuesta.')).toBeTruthy();
    expect(reason.value).toBe('Muy caro para este año');
  });
});
