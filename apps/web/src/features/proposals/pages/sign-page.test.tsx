import {
  cedulaCheckDigit,
  OtpResponseSchema,
  PublicSignableDocumentResponseSchema,
  PublicSignResultResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPublicSignableDocument } from '../../../../test/factories';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderRoutes } from '../../../../test/render';
import { SignPage } from './sign-page';

// jsdom has no canvas: the drawn signature is stood in by a button that "draws" a PNG (the real
// canvas is drawn on with mouse and touch in e2e/proposals.spec.ts).
vi.mock('../components/signature-canvas', () => ({
  SignatureCanvas: ({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) => (
    <button type="button" onClick={() => onChange(value ? null : 'data:image/png;base64,iVBORw0KGgo=')}>
      {value ? 'Borrar firma de prueba' : 'Dibujar firma de prueba'}
    </button>
  ),
}));

const first10 = '0011234567';
const CEDULA = `${first10.slice(0, 3)}-${first10.slice(3)}-${cedulaCheckDigit(first10)}`;
const BAD_CEDULA = `${first10.slice(0, 3)}-${first10.slice(3)}-${(cedulaCheckDigit(first10) + 1) % 10}`;

let otpCalls = 0;
let signBodies: Record<string, unknown>[] = [];
let signAnswers: Array<() => Response> = [];

beforeEach(() => {
  otpCalls = 0;
  signBodies = [];
  signAnswers = [];
  server.use(
    http.get(apiUrl('/public/proposals/tok'), () =>
      ok(PublicSignableDocumentResponseSchema, { document: buildPublicSignableDocument() }),
    ),
    http.post(apiUrl('/public/proposals/tok/otp'), () => {
      otpCalls += 1;
      return ok(OtpResponseSchema, { emailMasked: 'r***@ejemplo.do', expiresAt: '2026-11-24T14:20:00.000Z' });
    }),
    http.post(apiUrl('/public/proposals/tok/sign'), async ({ request }) => {
      signBodies.push((await request.json()) as Record<string, unknown>);
      const next = signAnswers.shift();
      if (next) return next();
      return ok(PublicSignResultResponseSchema, {
        result: {
          status: 'signed',
          statusLabel: 'Firmado',
          signedAt: '2026-11-24T14:12:00.000Z',
          documentSha256: 'b'.repeat(64),
        },
      });
    }),
  );
});

const renderPage = () => renderRoutes([{ path: '/firmar/:token', element: <SignPage /> }], '/firmar/tok');
const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('public signing page (decision 173)', () => {
  it('shows the document and asks for name, a valid cédula and consent before sending a code', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Tienda en línea', level: 1 })).toBeTruthy();
    expect(screen.getByText('diseño')).toBeTruthy();
    expect((screen.getByRole('link', { name: 'Ver PDF' }) as HTMLAnchorElement).getAttribute('href')).toBe(
      '/api/public/proposals/tok/pdf',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar y firmar' }));

    // The recipient's name comes filled in; clearing it, the form refuses to send a code.
    type(/Nombre completo/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Escribe tu nombre completo')).toBeTruthy();
    expect(screen.getByText('La cédula o RNC es requerida')).toBeTruthy();
    expect(screen.getByText('Debes aceptar el texto de consentimiento para firmar')).toBeTruthy();
    expect(otpCalls).toBe(0);
    expect((screen.getByLabelText(/Código de verificación/) as HTMLInputElement).disabled).toBe(true);

    // The cédula is checked live, with the shared validator, once all 11 digits are there.
    type(/Cédula o RNC/, '001-12');
    expect(screen.queryByText(/Cédula o RNC inválido/)).toBeNull();
    type(/Cédula o RNC/, BAD_CEDULA);
    expect(screen.getByText('Cédula o RNC inválido (revisa los dígitos)')).toBeTruthy();
    type(/Cédula o RNC/, CEDULA);
    expect(screen.getByText('Cédula válida')).toBeTruthy();
  });

  it('sends the code, keeps everything typed when the code is wrong, then signs', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar y firmar' }));
    expect(screen.getByText(/Ley 126-02/)).toBeTruthy();
    type(/Nombre completo/, 'Rosa María Almonte');
    type(/Cédula o RNC/, CEDULA);
    fireEvent.click(screen.getByRole('button', { name: 'Dibujar firma de prueba' }));
    fireEvent.click(screen.getByLabelText('He leído y acepto el texto anterior'));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText(/Enviamos un código de 6 dígitos a r\*\*\*@ejemplo\.do/)).toBeTruthy();
    expect(otpCalls).toBe(1);

    // Only digits, at most six.
    const code = screen.getByLabelText(/Código de verificación/);
    expect((code as HTMLInputElement).disabled).toBe(false);
    type(/Código de verificación/, '12a34');
    expect((code as HTMLInputElement).value).toBe('1234');
    fireEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(await screen.findByText('El código tiene 6 dígitos')).toBeTruthy();
    expect(signBodies).toHaveLength(0);

    // A wrong code: the API's Spanish message (with the tries left) shows; nothing typed is lost.
    const wrong = 'El código no es correcto. Te quedan 4 intentos.';
    signAnswers.push(() =>
      fail(400, { code: 'VALIDATION_ERROR', message: wrong, errors: [{ field: 'otp', message: wrong }] }),
    );
    type(/Código de verificación/, '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(wrong);
    expect((screen.getByLabelText(/Nombre completo/) as HTMLInputElement).value).toBe('Rosa María Almonte');
    expect((screen.getByLabelText(/Cédula o RNC/) as HTMLInputElement).value).toBe(CEDULA);
    expect((screen.getByLabelText('He leído y acepto el texto anterior') as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Borrar firma de prueba' })).toBeTruthy();

    type(/Código de verificación/, '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(await screen.findByText('¡Documento firmado!')).toBeTruthy();
    expect(signBodies[1]).toEqual({
      name: 'Rosa María Almonte',
      idNumber: CEDULA,
      consent: true,
      otp: '654321',
      signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
      documentSha256: 'b'.repeat(64),
    });
    expect(
      (screen.getByRole('link', { name: 'Descargar PDF firmado' }) as HTMLAnchorElement).getAttribute('href'),
    ).toBe('/api/public/proposals/tok/pdf');
  });

  it('asks for a reason before declining', async () => {
    let declined: unknown = null;
    server.use(
      http.post(apiUrl('/public/proposals/tok/decline'), async ({ request }) => {
        declined = await request.json();
        return ok(PublicSignResultResponseSchema, {
          result: { status: 'declined', statusLabel: 'Rechazado', signedAt: null, documentSha256: null },
        });
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar el documento' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Indica el motivo')).toBeTruthy();
    expect(declined).toBeNull();
    type(/Motivo del rechazo/, 'El presupuesto es muy alto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(declined).toEqual({ reason: 'El presupuesto es muy alto' }));
  });

  it('says a link for a contract is read under the contracts path, and an unknown one is not valid', async () => {
    server.use(
      http.get(apiUrl('/public/proposals/otro'), () =>
        fail(404, { code: 'NOT_FOUND', message: 'Este enlace es de un contrato, no de una propuesta.' }),
      ),
      http.get(apiUrl('/public/contracts/otro'), () =>
        ok(PublicSignableDocumentResponseSchema, {
          document: buildPublicSignableDocument({
            kind: 'contract',
            number: 'CON-0003',
            title: 'Contrato de soporte',
          }),
        }),
      ),
      http.get(apiUrl('/public/proposals/nada'), () =>
        fail(404, { code: 'NOT_FOUND', message: 'Enlace no encontrado' }),
      ),
      http.get(apiUrl('/public/contracts/nada'), () =>
        fail(404, { code: 'NOT_FOUND', message: 'Enlace no encontrado' }),
      ),
    );
    const first = renderRoutes([{ path: '/firmar/:token', element: <SignPage /> }], '/firmar/otro');
    expect(await screen.findByRole('heading', { name: 'Contrato de soporte', level: 1 })).toBeTruthy();
    expect(screen.getByText('Contrato CON-0003')).toBeTruthy();
    first.unmount();
    renderRoutes([{ path: '/firmar/:token', element: <SignPage /> }], '/firmar/nada');
    expect(
      await screen.findByText('El enlace no es válido. Verifica que lo copiaste completo.'),
    ).toBeTruthy();
  });
});
