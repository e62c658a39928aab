import {
  type EcfCertificate,
  EcfConnectionTestResponseSchema,
  type FiscalEcfSettings,
  GetEcfCertificateResponseSchema,
  GetFiscalEcfSettingsResponseSchema,
  UploadEcfCertificateResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { EcfSettingsCard } from './ecf-settings-card';

const DAY = 86_400_000;

const SETTINGS: FiscalEcfSettings = {
  ecfMode: 'provider',
  environment: 'CerteCF',
  ecfBaseUrl: 'https://ecf.dgii.gov.do/CerteCF',
  fcBaseUrl: 'https://fc.dgii.gov.do/CerteCF',
  hasCertificate: true,
};

/** A certificate valid from a year ago until `daysLeft` days from now. */
const certificate = (daysLeft: number, overrides: Partial<EcfCertificate> = {}): EcfCertificate => ({
  subject: 'AGENCIA DIGITAL RD SRL',
  serialNumber: '4F:2A:91:0C',
  validFrom: new Date(Date.now() - 365 * DAY).toISOString(),
  validTo: new Date(Date.now() + daysLeft * DAY).toISOString(),
  uploadedAt: '2026-11-20T14:00:00.000Z',
  ...overrides,
});

/** Answers `GET /fiscal/settings` and `GET /fiscal/certificate`; `PUT` bodies are recorded. */
function mockEcf(settings: FiscalEcfSettings, cert: EcfCertificate | null) {
  let current = settings;
  const puts: unknown[] = [];
  server.use(
    http.get(apiUrl('/fiscal/settings'), () => ok(GetFiscalEcfSettingsResponseSchema, { settings: current })),
    http.get(apiUrl('/fiscal/certificate'), () => ok(GetEcfCertificateResponseSchema, { certificate: cert })),
    http.put(apiUrl('/fiscal/settings'), async ({ request }) => {
      const body = (await request.json()) as { ecfMode: FiscalEcfSettings['ecfMode'] };
      puts.push(body);
      current = { ...current, ecfMode: body.ecfMode };
      return ok(GetFiscalEcfSettingsResponseSchema, { settings: current });
    }),
  );
  return puts;
}

const card = () => screen.findByRole('region', { name: 'Facturación electrónica' });

/** Picks `file` in the card's (hidden) file input, as the file dialog does. */
function pickFile(region: HTMLElement, file: File) {
  const input = region.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

/** A .p12 as the file dialog gives it. */
const P12 = () => new File(['0\u0082\n'], 'agencia.p12', { type: 'application/x-pkcs12' });

/**
 * The parts of a multipart body: name → the file's name or the field's value. Read from the raw
 * text: Node's `Request.formData()` refuses the File jsdom's XMLHttpRequest encoded.
 */
function multipartParts(contentType: string, body: string): Record<string, string> {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1] ?? '';
  const parts: Record<string, string> = {};
  for (const chunk of body.split(`--${boundary}`)) {
    const name = /name="([^"]+)"/.exec(chunk)?.[1];
    if (!name) continue;
    const filename = /filename="([^"]+)"/.exec(chunk)?.[1];
    parts[name] = filename ?? chunk.split('\r\n\r\n')[1]?.replace(/\r\n$/, '') ?? '';
  }
  return parts;
}

describe('Configuración → Fiscal: Facturación electrónica', () => {
  it('shows the mode, the read-only environment and the certificate with its validity', async () => {
    mockEcf(SETTINGS, certificate(200));
    renderWithProviders(<EcfSettingsCard />);
    const region = await card();
    expect(await within(region).findByText('AGENCIA DIGITAL RD SRL')).toBeTruthy();
    expect(within(region).getByRole('radio', { name: /Proveedor externo/ })).toHaveProperty('checked', true);
    expect(within(region).getByRole('radio', { name: /Emisión directa desde el portal/ })).toHaveProperty(
      'checked',
      false,
    );
    expect(within(region).getByText('Certificación (CerteCF)')).toBeTruthy();
    expect(within(region).getByText('4F:2A:91:0C')).toBeTruthy();
    expect(within(region).getByText('Vigente')).toBeTruthy();
    expect(within(region).queryByText('El certificado digital vence pronto')).toBeNull();
    expect(within(region).getByRole('button', { name: 'Reemplazar certificado' })).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'Certificación DGII' }).getAttribute('href')).toBe(
      '/settings/certification',
    );
  });

  it('warns when the certificate expires within 30 days or has expired', async () => {
    mockEcf(SETTINGS, certificate(12));
    const { unmount } = renderWithProviders(<EcfSettingsCard />);
    let region = await card();
    expect(await within(region).findByText('El certificado digital vence pronto')).toBeTruthy();
    expect(within(region).getByText(/^Vence en 12 días/)).toBeTruthy();
    expect(within(region).getByText('Vence pronto')).toBeTruthy();
    unmount();

    mockEcf(SETTINGS, certificate(-3));
    renderWithProviders(<EcfSettingsCard />);
    region = await card();
    expect(await within(region).findByText('El certificado digital venció')).toBeTruthy();
    expect(within(region).getByText('Vencido')).toBeTruthy();
  });

  it('switches to direct emission only after a confirmation that explains it', async () => {
    const puts = mockEcf(SETTINGS, certificate(200));
    renderWithProviders(<EcfSettingsCard />);
    const region = await card();
    const save = await within(region).findByRole('button', { name: 'Guardar modo de emisión' });
    // Nothing to save until another mode is chosen.
    expect(save).toHaveProperty('disabled', true);
    fireEvent.click(within(region).getByRole('radio', { name: /Emisión directa desde el portal/ }));
    fireEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: '¿Activar la emisión directa?' });
    expect(dialog.textContent).toMatch(
      /\(E31, E32, E34, E44, E45 y E46\) lo firmará el portal.*enviará a la DGII/,
    );
    expect(puts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activar emisión directa' }));
    await waitFor(() => expect(puts).toEqual([{ ecfMode: 'direct' }]));
    expect(await screen.findByText('El portal firmará y enviará a la DGII los e-CF que emitas')).toBeTruthy();
    expect(within(region).getByRole('radio', { name: /Emisión directa/ })).toHaveProperty('checked', true);
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    expect(within(region).getByText(/\(modo actual\)$/).textContent).toMatch(/^El portal firma/);
  });

  it('without a certificate says so before any confirmation; nothing is sent', async () => {
    const puts = mockEcf({ ...SETTINGS, hasCertificate: false }, null);
    renderWithProviders(<EcfSettingsCard />);
    const region = await card();
    expect(await within(region).findByText(/Aún no has cargado el certificado digital/)).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Probar conexión' })).toHaveProperty('disabled', true);
    fireEvent.click(within(region).getByRole('radio', { name: /Emisión directa/ }));
    fireEvent.click(within(region).getByRole('button', { name: 'Guardar modo de emisión' }));
    const message = await within(region).findByText(/^Primero carga el certificado digital de la empresa/);
    expect(within(region).getByRole('radiogroup').getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByRole('dialog', { name: '¿Activar la emisión directa?' })).toBeNull();
    expect(puts).toEqual([]);
  });

  it('shows the Spanish 409 at the mode when direct emission is refused; provider stays saved', async () => {
    mockEcf(SETTINGS, certificate(200));
    server.use(
      http.put(apiUrl('/fiscal/settings'), () =>
        fail(409, {
          code: 'CONFLICT',
          message: 'El certificado digital venció: carga uno vigente antes de activar la emisión directa.',
        }),
      ),
    );
    renderWithProviders(<EcfSettingsCard />);
    const region = await card();
    fireEvent.click(await within(region).findByRole('radio', { name: /Emisión directa/ }));
    fireEvent.click(within(region).getByRole('button', { name: 'Guardar modo de emisión' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Activar la emisión directa?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activar emisión directa' }));
    const message = await within(region).findByText(
      'El certificado digital venció: carga uno vigente antes de activar la emisión directa.',
    );
    expect(within(region).getByRole('radiogroup').getAttribute('aria-describedby')).toContain(message.id);
    expect(within(region).getByText(/\(modo actual\)$/).textContent).toMatch(/^Un proveedor/);
  });

  it('uploads the .p12 with its password as multipart and shows the new certificate', async () => {
    mockEcf({ ...SETTINGS, hasCertificate: false }, null);
    const uploads: Array<{ file: string; password: string }> = [];
    server.use(
      http.post(apiUrl('/fiscal/certificate'), async ({ request }) => {
        const { file, password } = multipartParts(
          request.headers.get('content-type') ?? '',
          await request.text(),
        );
        uploads.push({ file: file ?? '', password: password ?? '' });
        const saved = certificate(300, { subject: 'AGENCIA NUEVA SRL' });
        server.use(
          http.get(apiUrl('/fiscal/certificate'), () =>
            ok(GetEcfCertificateResponseSchema, { certificate: saved }),
          ),
        );
        return ok(UploadEcfCertificateResponseSchema, { certificate: saved }, { status: 201 });
      }),
    );
    renderWithProviders(<EcfSettingsCard />);
    const region = await card();
    const submit = await within(region).findByRole('button', { name: 'Cargar certificado' });
    fireEvent.click(submit);
    expect(
      await within(region).findByText('Selecciona el archivo del certificado (.p12 o .pfx).'),
    ).toBeTruthy();
    expect(within(region).getByText('Escribe la contraseña del certificado.')).toBeTruthy();
    expect(uploads).toEqual([]);

    pickFile(region, P12());
    const password = within(region).getByLabelText(/Contraseña del certificado/);
    fireEvent.change(password, { target: { value: 'clave-segura' } });
    // The password can be shown to check it, from the keyboard too.
    const toggle = within(region).getByRole('button', { name: 'Mostrar la contraseña' });
    expect(toggle.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(toggle, { key: 'Enter' });
    expect(password.getAttribute('type')).toBe('text');

    fireEvent.click(submit);
    await waitFor(() => expect(uploads).toEqual([{ file: 'agencia.p12', password: 'clave-segura' }]));
    expect(await screen.findByText('Certificado cargado')).toBeTruthy();
    expect(await within(region).findByText('AGENCIA NUEVA SRL')).toBeTruthy();
    expect((within(region).getByLabelText(/Contraseña del certificado/) as HTMLInputElement).value).toBe('');
  });

  it('shows a 400 of the upload at its field and keeps what was typed', async () => {
    mockEcf(SETTINGS, null);
    server.use(
      http.post(apiUrl('/fiscal/certificate'), () =>
        fail(400, {
          code: 'VALIDATION_ERROR',
          message: 'La contraseña del certificado no es correcta.',
          errors: [{ field: 'password', message: 'La contraseña del certificado no es correcta.' }],
        }),
      ),
    );
    renderWithProviders(<EcfSettingsCard />);
    const region = await card();
    const submit = await within(region).findByRole('button', { name: 'Cargar certificado' });
    pickFile(region, P12());
    const password = within(region).getByLabelText(/Contraseña del certificado/) as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'clave-equivocada' } });
    fireEvent.click(submit);
    const message = await within(region).findByText('La contraseña del certificado no es correcta.');
    // At the password field: its error, described by the input.
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(message.id);
    expect(password.value).toBe('clave-equivocada');
    expect(within(region).getByText('agencia.p12')).toBeTruthy();
  });

  it('tests the connection with the DGII and shows the answer with the token expiry', async () => {
    mockEcf(SETTINGS, certificate(200));
    let answer = () =>
      ok(EcfConnectionTestResponseSchema, {
        result: {
          ok: true,
          environment: 'CerteCF',
          message: 'La DGII autenticó el certificado.',
          tokenExpiresAt: '2026-11-20T15:00:00.000Z',
        },
      });
    server.use(http.post(apiUrl('/fiscal/connection-test'), () => answer()));
    renderWithProviders(<EcfSettingsCard />);
    const region = await card();
    fireEvent.click(await within(region).findByRole('button', { name: 'Probar conexión' }));
    expect(await within(region).findByText('Conexión correcta')).toBeTruthy();
    expect(within(region).getByText('La DGII autenticó el certificado.')).toBeTruthy();
    expect(within(region).getByText(/^Token válido hasta 20\/11\/2026/)).toBeTruthy();

    answer = () =>
      ok(EcfConnectionTestResponseSchema, {
        result: {
          ok: false,
          environment: 'CerteCF',
          message: 'La DGII no reconoce el certificado para el RNC 131855423.',
          tokenExpiresAt: null,
        },
      });
    fireEvent.click(within(region).getByRole('button', { name: 'Probar conexión' }));
    expect(await within(region).findByText('La DGII rechazó la autenticación')).toBeTruthy();
    expect(
      within(region).getByText('La DGII no reconoce el certificado para el RNC 131855423.'),
    ).toBeTruthy();
    expect(within(region).queryByText(/Token válido hasta/)).toBeNull();
  });
});
