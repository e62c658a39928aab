import {
  ECF_STATUS_LABELS,
  ECF_STATUSES,
  type EcfStatus,
  type EcfSubmission,
  GetEcfSubmissionResponseSchema,
  GetInvoiceResponseSchema,
  GetPaymentInstructionsResponseSchema,
  type Invoice,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCreditNote, buildInvoice, buildUser } from '../../../../test/factories';
import { apiUrl, fail, HttpResponse, http, ok, server } from '../../../../test/msw';
import { renderRoutes } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { InvoiceDetailPage } from './invoice-detail-page';

const ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01';
const NOTE_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e09';

/** An E31 the portal signed and sent, with `status`. */
const submission = (status: EcfStatus, overrides: Partial<EcfSubmission> = {}): EcfSubmission => ({
  encf: 'E310000000051',
  status,
  channel: 'ecf',
  securityCode: 'Ab3xK9',
  signedAt: '2026-11-20T14:00:00.000Z',
  trackId: status === 'pending' ? null : '6c4f2a1e-9d3b-4f7a-8e21-0b5c7d9e1f30',
  messages: [],
  attempts: status === 'pending' ? 2 : 1,
  lastError: null,
  nextAttemptAt: null,
  submittedAt: status === 'pending' ? null : '2026-11-20T14:00:05.000Z',
  decidedAt: null,
  ...overrides,
});

const e31 = (status: EcfStatus, overrides: Partial<Invoice> = {}) =>
  buildInvoice({
    documentType: 'E31',
    ncf: 'E310000000051',
    ncfExpiresOn: '2027-12-31',
    securityCode: 'Ab3xK9',
    signedAt: '2026-11-20T14:00:00.000Z',
    ecfStatus: status,
    ...overrides,
  });

/** Answers the invoice, its e-CF (`submission()` each time it is asked) and the payment instructions. */
function answer(invoice: Invoice, current: () => EcfSubmission | null) {
  let asked = 0;
  server.use(
    http.get(apiUrl(`/invoices/${ID}`), () => ok(GetInvoiceResponseSchema, { invoice })),
    http.get(apiUrl(`/invoices/${ID}/ecf`), () => {
      asked += 1;
      return ok(GetEcfSubmissionResponseSchema, { submission: current() });
    }),
    http.get(apiUrl('/settings/payment-instructions'), () =>
      ok(GetPaymentInstructionsResponseSchema, {
        paymentInstructions: { bankAccounts: [], otherMethods: null },
      }),
    ),
  );
  return { asked: () => asked };
}

const signIn = (role: 'admin' | 'employee' | 'client') =>
  useSessionStore.setState({ user: buildUser({ role }), isAuthenticated: true } as never);

const render = () =>
  renderRoutes([{ path: '/billing/:id', element: <InvoiceDetailPage /> }], `/billing/${ID}`);

const section = () => screen.findByRole('region', { name: 'e-CF ante la DGII' });

/** Stubs the download: the blobs handed to `URL.createObjectURL` and the names of the clicked links. */
function captureDownloads() {
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
  return { names, blobs };
}

/** A blob's text (jsdom's Blob has no `text()`). */
function readText(blob: Blob) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('invoice detail: e-CF with the DGII (issue 26)', () => {
  afterEach(() => {
    useSessionStore.getState().logout();
    vi.restoreAllMocks();
  });

  it.each(ECF_STATUSES)('labels the %s status in Spanish', async (status) => {
    signIn('employee');
    answer(e31(status), () => submission(status));
    render();
    const region = await section();
    expect(await within(region).findByText(ECF_STATUS_LABELS[status])).toBeTruthy();
    expect(await within(region).findByText('E310000000051')).toBeTruthy();
  });

  it("shows the DGII's messages, the TrackId and the security code of a rejected e-CF", async () => {
    signIn('admin');
    answer(e31('rejected'), () =>
      submission('rejected', {
        decidedAt: '2026-11-20T14:02:00.000Z',
        messages: [
          { code: '613', message: 'El RNC del comprador no es válido.' },
          { code: '145', message: 'El monto total no coincide con el detalle.' },
        ],
      }),
    );
    render();
    const region = await section();
    const list = await within(region).findByRole('list', { name: 'Mensajes de la DGII' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '613 · El RNC del comprador no es válido.',
      '145 · El monto total no coincide con el detalle.',
    ]);
    expect(within(region).getByText('6c4f2a1e-9d3b-4f7a-8e21-0b5c7d9e1f30')).toBeTruthy();
    expect(within(region).getByText('Ab3xK9')).toBeTruthy();
    expect(within(region).getByText(/La DGII rechazó el comprobante/)).toBeTruthy();
    // Final: nothing to retry.
    expect(within(region).queryByRole('button', { name: 'Reintentar envío' })).toBeNull();
    // The portal signed it: no provider signature to record.
    fireEvent.click(screen.getByRole('button', { name: 'Más acciones' }));
    await screen.findByRole('menuitem', { name: 'Duplicar' });
    expect(screen.queryByRole('menuitem', { name: 'Registrar e-CF firmado' })).toBeNull();
  });

  it('lets an admin retry a pending e-CF, with a toast, and shows the last failure', async () => {
    signIn('admin');
    const pending = submission('pending', {
      lastError: 'La DGII no respondió (tiempo de espera agotado).',
      nextAttemptAt: '2026-11-20T14:10:00.000Z',
    });
    answer(e31('pending'), () => pending);
    const retries: string[] = [];
    server.use(
      http.post(apiUrl(`/invoices/${ID}/ecf/retry`), ({ request }) => {
        retries.push(new URL(request.url).pathname);
        return ok(GetEcfSubmissionResponseSchema, {
          submission: { ...pending, attempts: 0, lastError: null },
        });
      }),
    );
    render();
    const region = await section();
    expect(await within(region).findByText('La DGII no respondió (tiempo de espera agotado).')).toBeTruthy();
    expect(within(region).getByText(/^Intentos: 2 · próximo intento:/)).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Reintentar envío' }));
    await waitFor(() => expect(retries).toEqual([`/api/invoices/${ID}/ecf/retry`]));
    expect(await screen.findByText('Reintento en curso')).toBeTruthy();
    expect(screen.getByText('El portal enviará el e-CF E310000000051 a la DGII ahora.')).toBeTruthy();
  });

  it("shows the API's 409 when the retry is refused", async () => {
    signIn('admin');
    answer(e31('pending'), () => submission('pending'));
    server.use(
      http.post(apiUrl(`/invoices/${ID}/ecf/retry`), () =>
        fail(409, {
          code: 'CONFLICT',
          message: 'La DGII ya recibió este e-CF; el portal está consultando su resultado.',
        }),
      ),
    );
    render();
    const region = await section();
    fireEvent.click(await within(region).findByRole('button', { name: 'Reintentar envío' }));
    expect(
      await screen.findByText('La DGII ya recibió este e-CF; el portal está consultando su resultado.'),
    ).toBeTruthy();
  });

  it('never offers the retry to employees or clients, who still see the status', async () => {
    for (const role of ['employee', 'client'] as const) {
      signIn(role);
      answer(e31('pending'), () => submission('pending'));
      const { unmount } = render();
      const region = await section();
      expect(await within(region).findByText('Pendiente')).toBeTruthy();
      expect(within(region).getByRole('button', { name: 'Descargar XML' })).toBeTruthy();
      expect(within(region).queryByRole('button', { name: 'Reintentar envío' })).toBeNull();
      unmount();
    }
  });

  it('downloads the signed XML with the name the server gives it', async () => {
    signIn('client');
    answer(e31('accepted'), () => submission('accepted'));
    const xml = '<?xml version="1.0" encoding="utf-8"?><ECF><Encabezado/></ECF>';
    server.use(
      http.get(
        apiUrl(`/invoices/${ID}/ecf.xml`),
        () =>
          new HttpResponse(xml, {
            headers: {
              'content-type': 'application/xml; charset=utf-8',
              'content-disposition': 'attachment; filename="131855423E310000000051.xml"',
            },
          }),
      ),
    );
    const { names, blobs } = captureDownloads();
    render();
    const region = await section();
    fireEvent.click(await within(region).findByRole('button', { name: 'Descargar XML' }));
    await waitFor(() => expect(names).toEqual(['131855423E310000000051.xml']));
    expect(await readText(blobs[0]!)).toBe(xml);
  });

  it('asks again every 10 s while the DGII has not decided, and stops once it has', async () => {
    signIn('employee');
    let status: EcfStatus = 'sent';
    const { asked } = answer(e31('sent'), () => submission(status));
    const interval = vi.spyOn(window, 'setInterval');
    render();
    const region = await section();
    expect(await within(region).findByText('Enviado')).toBeTruthy();
    // TanStack Query's poll: one interval of 10 s while `sent`.
    await waitFor(() => expect(interval.mock.calls.some(([, ms]) => ms === 10_000)).toBe(true));
    status = 'accepted';
    const before = asked();
    // Run the poll now instead of waiting 10 s.
    const poll = interval.mock.calls.find(([, ms]) => ms === 10_000)![0] as () => void;
    poll();
    expect(await within(region).findByText('Aceptado')).toBeTruthy();
    expect(asked()).toBe(before + 1);
  });

  it('offers the XML of the E34 credit notes the portal signed, and not of the others', async () => {
    signIn('admin');
    const signed = buildCreditNote({
      _id: NOTE_ID,
      documentType: 'E34',
      ncf: 'E340000000007',
      securityCode: 'a+B/c3',
      signedAt: '2026-11-27T15:00:00.000Z',
      ecfStatus: 'accepted',
    });
    const unsigned = buildCreditNote({
      _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3eaa',
      documentType: 'E34',
      ncf: 'E340000000008',
    });
    answer(e31('accepted', { creditNotes: [signed, unsigned] }), () => submission('accepted'));
    server.use(
      http.get(apiUrl(`/invoices/${ID}/credit-notes/${NOTE_ID}/ecf.xml`), () =>
        fail(404, {
          code: 'NOT_FOUND',
          message: 'Esta nota de crédito no tiene un e-CF emitido desde el portal.',
        }),
      ),
    );
    captureDownloads();
    render();
    const notes = await screen.findByRole('region', { name: 'Notas de crédito' });
    expect(within(notes).queryByRole('button', { name: 'XML de la nota E340000000008' })).toBeNull();
    const [xml] = within(notes).getAllByRole('button', { name: 'XML de la nota E340000000007' });
    fireEvent.click(xml!);
    // A note whose XML went missing answers 404: shown as a toast, not a crash.
    expect(
      await screen.findByText('Esta nota de crédito no tiene un e-CF emitido desde el portal.'),
    ).toBeTruthy();
  });

  it('shows no e-CF section for an invoice without e-CF', async () => {
    signIn('admin');
    const { asked } = answer(buildInvoice(), () => null);
    render();
    expect(await screen.findByRole('heading', { name: 'Comprobante fiscal' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'e-CF ante la DGII' })).toBeNull();
    expect(asked()).toBe(0);
  });
});
