import {
  type CommercialApprovalRequest,
  GetPaymentInstructionsResponseSchema,
  GetReceivedEcfResponseSchema,
  InvoiceStatsSchema,
  ListInvoicesResponseSchema,
  ListReceivedEcfResponseSchema,
  ListRecurringInvoicesResponseSchema,
  type ReceivedEcf,
  type ReceivedEcfDetail,
  type ReceiverTrustInfo,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildInvoiceStats, buildUser } from '../../../../test/factories';
import { apiUrl, fail, HttpResponse, http, ok, server } from '../../../../test/msw';
import { renderRoutes } from '../../../../test/render';
import { RouteGuard } from '../../../components/guard/route-guard';
import { useSessionStore } from '../../../stores/session-store';
import { BillingPage } from '../../invoices';
import { ReceivedEcfPage } from './received-ecf-page';

const TOTAL = 23;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const encf = (n: number) => `E31${String(n).padStart(10, '0')}`;

/** Received e-CF number `n` (1 = oldest); odd ones pending, every fourth approved, else rejected. */
function received(n: number, overrides: Partial<ReceivedEcf> = {}): ReceivedEcf {
  return {
    _id: id(n),
    issuerRnc: '131880738',
    issuerName: n === 1 ? 'Suministros & Oficina SRL' : `Proveedor ${n} SRL`,
    buyerRnc: '101010101',
    encf: encf(n),
    documentType: '31',
    issueDate: '2026-01-15',
    totalCents: 708_000,
    taxCents: 108_000,
    approvalStatus: 'pending',
    approvalReason: null,
    approvalSentAt: null,
    receivedAt: '2026-01-16T14:30:00.000Z',
    verification: 'verified',
    verificationMessage: null,
    verifiedAt: '2026-01-16T14:31:00.000Z',
    ...overrides,
  };
}

/** How the receiver trusts senders, as the list answers it (decision 161). */
let receiver: ReceiverTrustInfo = { environment: 'eCF', certificatesChecked: true, trustedAuthorities: 3 };

const detail = (doc: ReceivedEcf, overrides: Partial<ReceivedEcfDetail> = {}): ReceivedEcfDetail => ({
  ...doc,
  acknowledgementXml: '<ARECF/>',
  approvalXml: null,
  approvalMessages: [],
  approvedBy: null,
  ...overrides,
});

/** Query strings `GET /fiscal/received` received. */
let calls: Record<string, string>[] = [];
/** Bodies `POST /fiscal/received/{id}/approval` received. */
let answers: Array<{ id: string; body: CommercialApprovalRequest }> = [];

/** Answers the list with `rows` (filtered and paged by the query) and each detail. */
function answerList(rows: ReceivedEcf[]) {
  server.use(
    http.get(apiUrl('/fiscal/received'), ({ request }) => {
      const q = Object.fromEntries(new URL(request.url).searchParams);
      calls.push(q);
      const page = Number(q.page);
      const limit = Number(q.limit);
      const matching = rows.filter((r) => !q.approvalStatus || r.approvalStatus === q.approvalStatus);
      return ok(ListReceivedEcfResponseSchema, {
        documents: matching.slice((page - 1) * limit, page * limit),
        pagination: { page, limit, total: matching.length },
        receiver,
      });
    }),
    http.get(apiUrl('/fiscal/received/:id'), ({ params }) => {
      const row = rows.find((r) => r._id === params.id);
      return row
        ? ok(GetReceivedEcfResponseSchema, { document: detail(row) })
        : fail(404, { code: 'NOT_FOUND', message: 'Comprobante recibido no encontrado' });
    }),
  );
}

/** Answers every approval with `respond` (default: the document answered, sent to the DGII). */
function answerApproval(respond?: (body: CommercialApprovalRequest) => Response) {
  server.use(
    http.post(apiUrl('/fiscal/received/:id/approval'), async ({ params, request }) => {
      const body = (await request.json()) as CommercialApprovalRequest;
      answers.push({ id: String(params.id), body });
      if (respond) return respond(body);
      const doc = received(Number(String(params.id).slice(-12)));
      return ok(GetReceivedEcfResponseSchema, {
        document: detail(doc, {
          approvalStatus: body.approved ? 'approved' : 'rejected',
          approvalReason: body.approved ? null : (body.reason ?? null),
          approvalSentAt: '2026-01-17T10:00:00.000Z',
          approvalXml: '<ACECF/>',
          approvalMessages: [{ code: '0', message: 'Aprobación comercial recibida' }],
        }),
      });
    }),
  );
}

const signIn = (role: 'admin' | 'employee' | 'client') =>
  useSessionStore.setState({ user: buildUser({ role }), isAuthenticated: true } as never);

const render = (path = '/billing/received') =>
  renderRoutes([{ path: '/billing/received', element: <ReceivedEcfPage /> }], path);

/** The desktop row of e-NCF `n`. */
const row = (n: number) => screen.findByRole('row', { name: `e-CF ${encf(n)}` });

/** Opens the row menu of e-NCF `n` and chooses `item`. */
async function choose(n: number, item: string) {
  fireEvent.click(within(await row(n)).getByRole('button', { name: `Acciones del e-CF ${encf(n)}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('ReceivedEcfPage (issue 26, "Receiving")', () => {
  beforeEach(() => {
    calls = [];
    answers = [];
    receiver = { environment: 'eCF', certificatesChecked: true, trustedAuthorities: 3 };
    signIn('admin');
  });
  afterEach(() => {
    useSessionStore.getState().logout();
    vi.restoreAllMocks();
  });

  it('lists issuer, e-NCF, type, dates, amounts and status; the status filter and the page live in the URL', async () => {
    const rows = Array.from({ length: TOTAL }, (_, i) =>
      received(TOTAL - i, { approvalStatus: i % 4 === 0 ? 'approved' : i % 2 ? 'pending' : 'rejected' }),
    );
    answerList(rows);
    const { router } = render('/billing/received?status=pending');
    expect(await screen.findByRole('heading', { name: 'e-CF recibidos' })).toBeTruthy();
    const first = within(await row(TOTAL - 1));
    expect(calls.at(-1)).toEqual({ approvalStatus: 'pending', page: '1', limit: '20' });
    expect(first.getByText(`Proveedor ${TOTAL - 1} SRL`)).toBeTruthy();
    expect(first.getByText('RNC 131880738')).toBeTruthy();
    expect(first.getByText('E31 · Crédito Fiscal')).toBeTruthy();
    expect(first.getByText('15/01/2026')).toBeTruthy();
    expect(first.getByText(/7,080\.00/)).toBeTruthy();
    expect(first.getByText(/1,080\.00/)).toBeTruthy();
    expect(first.getByText('Pendiente')).toBeTruthy();
    expect(screen.getByText('Mostrando 1–11 de 11 e-CF recibidos')).toBeTruthy();
    const filter = screen.getByRole('combobox', { name: 'Estado comercial' }) as HTMLInputElement;
    expect(filter.value).toBe('Pendiente');

    // Every status: two pages, and the page goes to the URL with the filter.
    fireEvent.click(filter);
    fireEvent.click(await screen.findByRole('option', { name: 'Todos' }));
    expect(await screen.findByText('Mostrando 1–20 de 23 e-CF recibidos')).toBeTruthy();
    expect(calls.at(-1)).not.toHaveProperty('approvalStatus');
    expect(router.state.location.search).toBe('');
    expect(within(await row(TOTAL)).getByText('Aprobado')).toBeTruthy();
    expect(within(await row(TOTAL - 2)).getByText('Rechazado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('Mostrando 21–23 de 23 e-CF recibidos')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ page: '2' });
    expect(router.state.location.search).toBe('?page=2');

    fireEvent.click(filter);
    fireEvent.click(await screen.findByRole('option', { name: 'Rechazado' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=rejected'));
    expect(calls.at(-1)).toMatchObject({ approvalStatus: 'rejected', page: '1' });
  }, 20_000);

  it('marks what the DGII has not confirmed (decision 161), and says when the receiver trusts any certificate', async () => {
    answerList([
      received(3, {
        verification: 'pending',
        verifiedAt: null,
        verificationMessage: 'La DGII aún no tiene registrado este e-CF.',
      }),
      received(2, { verification: 'unconfirmed', verifiedAt: null }),
      received(1),
    ]);
    const { unmount } = render();
    expect(
      within(await row(3))
        .getByText('Por verificar')
        .closest('[title]')
        ?.getAttribute('title'),
    ).toBe('La DGII aún no tiene registrado este e-CF.');
    expect(within(await row(2)).getByText('No confirmado por la DGII')).toBeTruthy();
    expect(within(await row(1)).queryByText(/verificar|confirmado/)).toBeNull();
    // Production with its authorities: no notice.
    expect(screen.queryByText(/Ambiente de pruebas/)).toBeNull();
    unmount();

    receiver = { environment: 'TesteCF', certificatesChecked: false, trustedAuthorities: 0 };
    const again = render();
    expect(await screen.findByText('Ambiente de pruebas (TesteCF)')).toBeTruthy();
    expect(screen.getByText(/acepta comprobantes firmados con cualquier certificado válido/)).toBeTruthy();
    again.unmount();

    receiver = { environment: 'eCF', certificatesChecked: true, trustedAuthorities: 0 };
    render();
    expect(await screen.findByText('El receptor no puede recibir comprobantes')).toBeTruthy();
  });

  it('says when there is nothing received yet, and when no document has the chosen status', async () => {
    answerList([]);
    const { unmount } = render();
    expect(await screen.findByText('No hay e-CF recibidos')).toBeTruthy();
    expect(
      screen.getByText('Los comprobantes que tus proveedores envíen al receptor e-CF aparecerán aquí.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    render('/billing/received?status=approved');
    expect(await screen.findByText('Prueba con otro estado.')).toBeTruthy();
  });

  it('shows the detail in a drawer (also from the URL) with the amounts and the DGII messages of the answer', async () => {
    const answered = received(7, {
      approvalStatus: 'rejected',
      approvalReason: 'Mercancía no recibida',
      approvalSentAt: '2026-01-17T10:00:00.000Z',
    });
    answerList([received(8), answered]);
    server.use(
      http.get(apiUrl(`/fiscal/received/${id(7)}`), () =>
        ok(GetReceivedEcfResponseSchema, {
          document: detail(answered, {
            approvalMessages: [{ code: '2', message: 'Aprobación comercial rechazada registrada' }],
          }),
        }),
      ),
    );
    const { router, unmount } = render();
    fireEvent.click(within(await row(7)).getByRole('button', { name: `Ver el e-CF ${encf(7)}` }));
    const drawer = await screen.findByRole('dialog', { name: `e-CF ${encf(7)}` });
    expect(router.state.location.search).toBe(`?doc=${id(7)}`);
    expect(within(drawer).getByText('Mercancía no recibida')).toBeTruthy();
    expect(within(drawer).getByText(/7,080\.00/)).toBeTruthy();
    expect(within(drawer).getByText(/1,080\.00/)).toBeTruthy();
    const messages = within(drawer).getByRole('list', { name: 'Mensajes de la DGII' });
    expect(messages.textContent).toBe('2 · Aprobación comercial rechazada registrada');
    expect(within(drawer).getByText(/^Enviada a la DGII el /)).toBeTruthy();
    // Already answered: nothing more to decide.
    expect(within(drawer).queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Rechazar' })).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    unmount();

    // The admins' notification links to `?doc=`: the drawer opens on arrival, with the answer to give.
    render(`/billing/received?doc=${id(8)}`);
    const linked = await screen.findByRole('dialog', { name: `e-CF ${encf(8)}` });
    expect(await within(linked).findByText('Pendiente')).toBeTruthy();
    expect(within(linked).getByRole('button', { name: 'Aprobar' })).toBeTruthy();
    expect(within(linked).getByRole('button', { name: 'Rechazar' })).toBeTruthy();
    expect(within(linked).getByRole('button', { name: 'Descargar XML' })).toBeTruthy();
  });

  it('approves after a confirmation, with a toast, and the list is asked again', async () => {
    answerList([received(5)]);
    answerApproval();
    render();
    await choose(5, 'Aprobar');
    const confirm = await screen.findByRole('dialog', { name: 'Aprobar e-CF recibido' });
    expect(within(confirm).getByText(/Proveedor 5 SRL/)).toBeTruthy();
    expect(answers).toEqual([]);
    const listed = calls.length;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('e-CF aprobado')).toBeTruthy();
    expect(screen.getByText(`La aprobación comercial de ${encf(5)} se envió a la DGII.`)).toBeTruthy();
    expect(answers).toEqual([{ id: id(5), body: { approved: true } }]);
    await waitFor(() => expect(calls.length).toBeGreaterThan(listed));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Aprobar e-CF recibido' })).toBeNull());
  });

  it('rejects with a reason: a 400 shows at the field and keeps the reason; then it goes through', async () => {
    answerList([received(5)]);
    let refuse = true;
    answerApproval((body) =>
      refuse
        ? fail(400, {
            code: 'VALIDATION_ERROR',
            message: 'Datos inválidos',
            errors: [{ field: 'reason', message: 'El motivo admite como máximo 250 caracteres' }],
          })
        : ok(GetReceivedEcfResponseSchema, {
            document: detail(received(5), {
              approvalStatus: 'rejected',
              approvalReason: body.reason ?? null,
              approvalSentAt: '2026-01-17T10:00:00.000Z',
            }),
          }),
    );
    render();
    await choose(5, 'Rechazar');
    const modal = await screen.findByRole('dialog', { name: 'Rechazar e-CF recibido' });
    const reason = within(modal).getByRole('textbox', { name: /Motivo del rechazo/ }) as HTMLTextAreaElement;

    // Nothing typed: asked before any request.
    fireEvent.click(within(modal).getByRole('button', { name: 'Rechazar' }));
    expect(await within(modal).findByText('Indica el motivo del rechazo')).toBeTruthy();
    expect(answers).toEqual([]);

    fireEvent.change(reason, { target: { value: 'Precio distinto al acordado' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Rechazar' }));
    expect(await within(modal).findByText('El motivo admite como máximo 250 caracteres')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.value).toBe('Precio distinto al acordado');
    expect(answers).toEqual([
      { id: id(5), body: { approved: false, reason: 'Precio distinto al acordado' } },
    ]);

    refuse = false;
    fireEvent.click(within(modal).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('e-CF rechazado')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rechazar e-CF recibido' })).toBeNull());
  });

  it("shows the API's 409 in the modal, keeping what was typed", async () => {
    answerList([received(5)]);
    answerApproval(() =>
      fail(409, { code: 'CONFLICT', message: 'Este comprobante ya fue aprobado o rechazado.' }),
    );
    render();
    await choose(5, 'Rechazar');
    const modal = await screen.findByRole('dialog', { name: 'Rechazar e-CF recibido' });
    const reason = within(modal).getByRole('textbox', { name: /Motivo del rechazo/ }) as HTMLTextAreaElement;
    fireEvent.change(reason, { target: { value: 'No corresponde' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Rechazar' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Este comprobante ya fue aprobado o rechazado.',
    );
    expect(reason.value).toBe('No corresponde');

    // The approval's 409 (no certificate) stays in its confirmation too.
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancelar' }));
    answerApproval(() =>
      fail(409, {
        code: 'CONFLICT',
        message: 'Carga el certificado digital (.p12) para firmar la aprobación comercial.',
      }),
    );
    await choose(5, 'Aprobar');
    const confirm = await screen.findByRole('dialog', { name: 'Aprobar e-CF recibido' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aprobar' }));
    expect(
      await within(confirm).findByText(
        'Carga el certificado digital (.p12) para firmar la aprobación comercial.',
      ),
    ).toBeTruthy();
  });

  it('downloads the XML as received, with the name the server gives', async () => {
    answerList([received(5)]);
    const xml = '<?xml version="1.0" encoding="utf-8"?><ECF><Encabezado/></ECF>';
    server.use(
      http.get(
        apiUrl(`/fiscal/received/${id(5)}/xml`),
        () =>
          new HttpResponse(xml, {
            headers: {
              'content-type': 'application/xml; charset=utf-8',
              'content-disposition': `attachment; filename="131880738${encf(5)}.xml"`,
            },
          }),
      ),
    );
    const names: string[] = [];
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:x';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    render();
    await choose(5, 'Descargar XML');
    await waitFor(() => expect(names).toEqual([`131880738${encf(5)}.xml`]));
    expect(blobs[0]!.type).toBe('application/xml;charset=utf-8');
    expect(blobs[0]!.size).toBe(new TextEncoder().encode(xml).length);
  });

  it('is for admins only: others get "Acceso Denegado", and Facturación offers it only to admins', async () => {
    answerList([received(5)]);
    server.use(
      http.get(apiUrl('/invoices/stats'), () => ok(InvoiceStatsSchema, buildInvoiceStats())),
      http.get(apiUrl('/invoices'), () =>
        ok(ListInvoicesResponseSchema, { invoices: [], pagination: { page: 1, limit: 10, total: 0 } }),
      ),
      // What a client's Facturación also shows: its retainers and how to pay.
      http.get(apiUrl('/recurring-invoices'), () =>
        ok(ListRecurringInvoicesResponseSchema, { recurringInvoices: [] }),
      ),
      http.get(apiUrl('/settings/payment-instructions'), () =>
        ok(GetPaymentInstructionsResponseSchema, {
          paymentInstructions: { bankAccounts: [], otherMethods: null },
        }),
      ),
    );
    const routes = [
      { path: '/billing', element: <BillingPage /> },
      {
        element: <RouteGuard requiredRole="admin" />,
        children: [{ path: '/billing/received', element: <ReceivedEcfPage /> }],
      },
    ];
    for (const role of ['employee', 'client'] as const) {
      signIn(role);
      const denied = renderRoutes(routes, '/billing/received');
      expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
      expect(calls).toEqual([]);
      denied.unmount();
      const billing = renderRoutes(routes, '/billing');
      expect(await screen.findByText('No hay facturas')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'e-CF recibidos' })).toBeNull();
      billing.unmount();
    }

    signIn('admin');
    const { router } = renderRoutes(routes, '/billing');
    fireEvent.click(await screen.findByRole('link', { name: 'e-CF recibidos' }));
    expect(await screen.findByRole('heading', { name: 'e-CF recibidos' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/billing/received');
    expect(await row(5)).toBeTruthy();
  }, 20_000);
});
