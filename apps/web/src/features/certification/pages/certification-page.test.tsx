import {
  type CertificationOverview,
  type CertificationTestSet,
  CertificationTestSetResponseSchema,
  GetCertificationResponseSchema,
  ListCertificationTestSetsResponseSchema,
  ListPrintedRepresentationsResponseSchema,
  UrlSelfTestResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  buildCertificationCase,
  buildCertificationOverview,
  buildCertificationTestSet,
} from '../../../../test/factories';
import { captureDownloads, multipartParts, pickFile, readText } from '../../../../test/files';
import { apiUrl, HttpResponse, http, ok, server } from '../../../../test/msw';
import { renderRoutes } from '../../../../test/render';
import { todayDateOnly } from '../../../lib/format';
import { CertificationPage } from './certification-page';

const PATH = '/settings/certification';

/**
 * Answers `GET /fiscal/certification` with `overview` (which a test may replace) and, unless a
 * test says otherwise, no test sets.
 */
function mockOverview(overview: CertificationOverview) {
  const state = { overview, gets: 0 };
  mockTestSets([]);
  server.use(
    http.get(apiUrl('/fiscal/certification'), () => {
      state.gets += 1;
      return ok(GetCertificationResponseSchema, { certification: state.overview });
    }),
  );
  return state;
}

/** Answers `GET /fiscal/certification/test-sets` with `sets`. */
function mockTestSets(sets: CertificationTestSet[]) {
  server.use(
    http.get(apiUrl('/fiscal/certification/test-sets'), () =>
      ok(ListCertificationTestSetsResponseSchema, { testSets: sets }),
    ),
  );
}

const render = (search = '') =>
  renderRoutes([{ path: PATH, element: <CertificationPage /> }], `${PATH}${search}`);

/** The open step's panel, named after its accordion control ("Paso N · …"). */
const stepPanel = (step: number) => screen.findByRole('region', { name: new RegExp(`^Paso ${step} · `) });

describe('Configuración → Fiscal → Certificación DGII', () => {
  it('shows the environment, the certificate, the progress and the 15 steps with their states', async () => {
    mockOverview(
      buildCertificationOverview(
        { hasCertificate: false },
        { 1: '2026-03-15T16:00:00.000Z', 2: '2026-03-20T16:00:00.000Z' },
      ),
    );
    mockTestSets([
      buildCertificationTestSet({
        status: 'completed',
        cases: [1, 2, 3].map((n) => buildCertificationCase(n, { status: 'accepted' })),
      }),
    ]);
    render();
    expect(screen.getByRole('status')).toBeTruthy();
    const status = await screen.findByRole('region', { name: 'Estado de la certificación' });
    expect(within(status).getByText('Certificación (CerteCF)')).toBeTruthy();
    expect(within(status).getByText('2 de 15 pasos')).toBeTruthy();
    expect(
      within(status)
        .getByRole('progressbar', { name: 'Progreso de la certificación' })
        .getAttribute('aria-valuetext'),
    ).toBe('2 de 15');
    expect(within(status).getByText('No cargado')).toBeTruthy();
    expect(
      within(status)
        .getByRole('link', { name: /Facturación electrónica/ })
        .getAttribute('href'),
    ).toBe('/settings?tab=fiscal');

    const steps = screen.getByRole('region', { name: 'Pasos de la DGII' });
    // The test sets load beside the overview: step 2's own progress comes from them.
    expect(await within(steps).findByText('Completado · 3 de 3 casos enviados')).toBeTruthy();
    const controls = within(steps).getAllByRole('button', { name: /^Paso \d+ · / });
    expect(controls).toHaveLength(15);
    expect(controls[0]!.textContent).toBe('Paso 1 · RegistradoHecho el 15/03/2026');
    expect(controls[1]!.textContent).toBe(
      'Paso 2 · Pruebas de Datos e-CFCompletado · 3 de 3 casos enviadosHecho el 20/03/2026',
    );
    expect(controls[2]!.textContent).toBe(
      'Paso 3 · Pruebas de Datos Aprobación ComercialSin archivo importadoPendiente',
    );
    expect(controls[3]!.textContent).toBe('Paso 4 · Pruebas Simulación e-CF0 de 11 tipos completosPendiente');
    expect(controls[14]!.textContent).toBe('Paso 15 · FinalizadoPendiente');
    expect(screen.getByRole('region', { name: 'Pasar a producción' })).toBeTruthy();
  });

  it('checks a step off with its date and note, and undoes it after a confirmation', async () => {
    const state = mockOverview(buildCertificationOverview());
    const puts: unknown[] = [];
    server.use(
      http.put(apiUrl('/fiscal/certification/steps/:step'), async ({ request, params }) => {
        const body = (await request.json()) as { completed: boolean; completedOn?: string; note?: string };
        puts.push({ step: params.step, ...body });
        state.overview = body.completed
          ? buildCertificationOverview({}, { 6: `${body.completedOn}T16:00:00.000Z` })
          : buildCertificationOverview();
        if (body.completed) state.overview.steps[5]!.note = body.note ?? null;
        return ok(GetCertificationResponseSchema, { certification: state.overview });
      }),
    );
    render('?paso=6');
    const panel = await stepPanel(6);
    const form = within(panel).getByRole('form', { name: 'Marcar el paso 6 como hecho' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Nota/ }), {
      target: { value: 'Aprobado por correo de la DGII' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Marcar como hecho' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { step: '6', completed: true, completedOn: todayDateOnly(), note: 'Aprobado por correo de la DGII' },
      ]),
    );
    expect(await within(panel).findByText('Nota: Aprobado por correo de la DGII')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Deshacer el paso 6' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Deshacer el paso 6?' });
    expect(puts).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(puts[1]).toEqual({ step: '6', completed: false }));
    expect(await within(panel).findByRole('button', { name: 'Marcar como hecho' })).toBeTruthy();
  });

  it('lists each problem of a refused workbook as "Caso X · campo Y: mensaje"', async () => {
    mockOverview(buildCertificationOverview());
    mockTestSets([]);
    let parts: Record<string, string> = {};
    server.use(
      http.post(apiUrl('/fiscal/certification/test-sets'), async ({ request }) => {
        parts = multipartParts(request.headers.get('content-type') ?? '', await request.text());
        return HttpResponse.json(
          {
            success: false,
            code: 'VALIDATION_ERROR',
            message: 'El archivo tiene 2 problemas; no se importó nada.',
            errors: [
              {
                caseNumber: '3',
                row: 5,
                field: 'MontoTotal',
                message: 'No coincide con la suma de las líneas',
              },
              { caseNumber: null, row: 9, field: 'TipoeCF', message: 'Tipo de e-CF desconocido' },
            ],
          },
          { status: 422 },
        );
      }),
    );
    render('?paso=2');
    const panel = await stepPanel(2);
    expect(await within(panel).findByText('Aún no has importado ningún set de pruebas.')).toBeTruthy();
    const form = within(panel).getByRole('form', { name: 'Importar set de pruebas' });
    pickFile(form, new File(['PK'], 'SetPruebas.xlsx'));
    fireEvent.click(within(form).getByRole('button', { name: 'Importar set de pruebas' }));
    const alert = await within(form).findByRole('alert');
    expect(parts).toEqual({ file: 'SetPruebas.xlsx' });
    expect(within(alert).getByText('El archivo tiene 2 problemas; no se importó nada.')).toBeTruthy();
    const problems = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(problems).toEqual([
      'Caso 3 · campo MontoTotal: No coincide con la suma de las líneas',
      'Fila 9 · campo TipoeCF: Tipo de e-CF desconocido',
    ]);
  });

  it('sends a set only after a confirmation that each e-NCF is spent and a rejection stops the run', async () => {
    mockOverview(buildCertificationOverview());
    const set = buildCertificationTestSet();
    mockTestSets([set]);
    const sends: string[] = [];
    server.use(
      http.post(apiUrl('/fiscal/certification/test-sets/:id/send'), ({ params }) => {
        sends.push(String(params.id));
        return ok(
          CertificationTestSetResponseSchema,
          { testSet: { ...set, status: 'sending', startedAt: '2026-11-20T15:00:00.000Z' } },
          { status: 202 },
        );
      }),
      http.get(apiUrl(`/fiscal/certification/test-sets/${set._id}`), () =>
        ok(CertificationTestSetResponseSchema, { testSet: { ...set, status: 'sending' } }),
      ),
    );
    render('?paso=2');
    const card = await screen.findByRole('region', { name: 'SetPruebas_131855423.xlsx' });
    const cases = within(card).getByRole('table');
    expect(within(cases).getAllByText('Listo para enviar')).toHaveLength(3);
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar a la DGII' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Enviar el set a la DGII?' });
    expect(dialog.textContent).toMatch(/Cada e-NCF queda gastado una vez enviado/);
    expect(dialog.textContent).toMatch(/El primer rechazo detiene el envío/);
    expect(sends).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar a la DGII' }));
    await waitFor(() => expect(sends).toEqual([set._id]));
    expect(await within(card).findByText('0 de 3 casos enviados')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Enviar a la DGII' })).toBeNull();
  });

  it('asks for a sending set every 2 s, shows "X de N" live, and the advice and XML once it stops', async () => {
    mockOverview(buildCertificationOverview());
    const sending = buildCertificationTestSet({
      status: 'sending',
      cases: [
        buildCertificationCase(1, { status: 'accepted', trackId: 'track-1', securityCode: 'a1B2c3' }),
        buildCertificationCase(2, { status: 'sending' }),
        buildCertificationCase(3),
      ],
    });
    const stopped: CertificationTestSet = {
      ...sending,
      status: 'stopped',
      advice: 'El caso 2 fue rechazado: corrige el RNC del comprador y descarga un set nuevo de la DGII.',
      cases: [
        sending.cases[0]!,
        buildCertificationCase(2, {
          status: 'rejected',
          trackId: 'track-2',
          dgiiMessages: [{ code: '613', message: 'RNC del comprador inválido' }],
        }),
        buildCertificationCase(3, { status: 'not_sent' }),
      ],
    };
    let list = [sending];
    let detail = sending;
    server.use(
      http.get(apiUrl('/fiscal/certification/test-sets'), () =>
        ok(ListCertificationTestSetsResponseSchema, { testSets: list }),
      ),
      http.get(apiUrl(`/fiscal/certification/test-sets/${sending._id}`), () =>
        ok(CertificationTestSetResponseSchema, { testSet: detail }),
      ),
    );
    const interval = vi.spyOn(window, 'setInterval');
    render('?paso=2');
    const card = await screen.findByRole('region', { name: 'SetPruebas_131855423.xlsx' });
    expect(await within(card).findByText('1 de 3 casos enviados')).toBeTruthy();
    expect(
      within(card)
        .getByRole('progressbar', { name: /^Envío de / })
        .getAttribute('aria-valuetext'),
    ).toBe('1 de 3');
    await waitFor(() => expect(interval.mock.calls.some(([, ms]) => ms === 2_000)).toBe(true));

    detail = stopped;
    list = [stopped];
    const poll = interval.mock.calls.find(([, ms]) => ms === 2_000)![0] as () => void;
    poll();
    expect(await within(card).findByText('2 de 3 casos enviados')).toBeTruthy();
    expect(within(card).getByText('Detenido por un rechazo')).toBeTruthy();
    expect(within(card).getByText(stopped.advice!)).toBeTruthy();
    expect(within(card).getByText('613: RNC del comprador inválido')).toBeTruthy();
    expect(within(card).getByText('No enviado')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Descargar XML de E310000000001' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Descargar XML de E310000000002' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Descargar XML de E310000000003' })).toBeNull();
  });

  it('signs an XML: posts it as multipart and downloads the signed file under its own name', async () => {
    mockOverview(buildCertificationOverview());
    const signed =
      '<?xml version="1.0" encoding="utf-8"?><DeclaracionJurada><Signature/></DeclaracionJurada>';
    let parts: Record<string, string> = {};
    server.use(
      http.post(apiUrl('/fiscal/certification/sign'), async ({ request }) => {
        parts = multipartParts(request.headers.get('content-type') ?? '', await request.text());
        return new HttpResponse(signed, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
      }),
    );
    const { names, blobs } = captureDownloads();
    render('?paso=13');
    const panel = await stepPanel(13);
    expect(within(panel).getByText(/reemplaza la aplicación de escritorio de la DGII/)).toBeTruthy();
    const form = within(panel).getByRole('form', { name: 'Firmar XML' });
    pickFile(
      form,
      new File(['<DeclaracionJurada/>'], 'DeclaracionJurada_131855423.xml', { type: 'text/xml' }),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Firmar XML' }));
    await waitFor(() => expect(names).toEqual(['DeclaracionJurada_131855423.xml']));
    expect(parts).toEqual({ file: 'DeclaracionJurada_131855423.xml' });
    expect(await readText(blobs[0]!)).toBe(signed);
  });

  it('shows the three URLs with copy buttons, warns without https and shows each URL test', async () => {
    mockOverview(buildCertificationOverview({ publicUrlIsHttps: false }));
    server.use(
      http.post(apiUrl('/fiscal/certification/url-test'), () =>
        ok(UrlSelfTestResponseSchema, {
          results: [
            {
              name: 'reception',
              url: 'https://portal.agencia.do/fe/recepcion/api/ecf',
              ok: true,
              status: 200,
              message: 'Respondió',
            },
            {
              name: 'commercialApproval',
              url: 'https://portal.agencia.do/fe/aprobacioncomercial/api/ecf',
              ok: true,
              status: 200,
              message: 'Respondió',
            },
            {
              name: 'authentication',
              url: 'https://portal.agencia.do/fe/autenticacion/api/semilla',
              ok: false,
              status: null,
              message: 'Certificado TLS no válido',
            },
          ],
        }),
      ),
    );
    render('?paso=7');
    const panel = await stepPanel(7);
    expect(within(panel).getByText('La dirección pública no usa https')).toBeTruthy();
    // The base address is what the DGII's form takes; the hint shows the full address it calls.
    expect(within(panel).getAllByText('https://portal.agencia.do')).toHaveLength(3);
    expect(
      within(panel).getByText(
        /La DGII añade la ruta del servicio: https:\/\/portal\.agencia\.do\/fe\/recepcion\/api\/ecf/,
      ),
    ).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Copiar la URL de Recepción de e-CF' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Copiar la URL de Autenticación' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Probar URLs' }));
    const results = await within(panel).findByRole('list', { name: 'Resultado de la prueba de URL' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Recepción de e-CF: responde (HTTP 200) — Respondió',
      'Aprobación comercial: responde (HTTP 200) — Respondió',
      'Autenticación: falla — Certificado TLS no válido',
    ]);
  });

  it('lists the printed representations with each requirement in words and downloads the ZIP', async () => {
    mockOverview(buildCertificationOverview());
    const checks = {
      underTenMegabytes: true,
      qrCode: true,
      securityCode: true,
      signatureDateTime: true,
      legend: true,
    };
    server.use(
      http.get(apiUrl('/fiscal/certification/printed-representations'), () =>
        ok(ListPrintedRepresentationsResponseSchema, {
          documents: [
            {
              encf: 'E310000000010',
              documentType: 'E31',
              fileName: 'E310000000010.pdf',
              sizeBytes: 84_000,
              checks,
            },
            {
              encf: 'E320000000004',
              documentType: 'E32',
              fileName: 'E320000000004.pdf',
              sizeBytes: 91_000,
              checks: { ...checks, qrCode: false },
            },
          ],
        }),
      ),
      http.get(
        apiUrl('/fiscal/certification/printed-representations.zip'),
        () =>
          new HttpResponse('PK-zip', {
            headers: {
              'content-type': 'application/zip',
              'content-disposition': 'attachment; filename="representaciones-131855423.zip"',
            },
          }),
      ),
    );
    const { names } = captureDownloads();
    render('?paso=5');
    const panel = await stepPanel(5);
    const table = await within(panel).findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getAllByText('Cumple')).toHaveLength(5);
    expect(within(rows[2]!).getAllByText('Cumple')).toHaveLength(4);
    expect(within(rows[2]!).getByText('No cumple')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Descargar ZIP' }));
    await waitFor(() => expect(names).toEqual(['representaciones-131855423.zip']));
  });

  it('asks for the overview every 5 s while a reception step is open', async () => {
    const state = mockOverview(buildCertificationOverview());
    const interval = vi.spyOn(window, 'setInterval');
    render('?paso=9');
    const panel = await stepPanel(9);
    expect(within(panel).getByText('Aún no se ha recibido ningún e-CF.')).toBeTruthy();
    await waitFor(() => expect(interval.mock.calls.some(([, ms]) => ms === 5_000)).toBe(true));
    state.overview = buildCertificationOverview({
      received: {
        ecf: [{ encf: 'E310000000099', issuerRnc: '101000001', receivedAt: '2026-11-21T14:00:00.000Z' }],
        approvals: [],
      },
    });
    const poll = interval.mock.calls.find(([, ms]) => ms === 5_000)![0] as () => void;
    poll();
    const received = await within(panel).findByRole('table');
    expect(within(received).getByText('E310000000099')).toBeTruthy();
    expect(within(received).getByText('101000001')).toBeTruthy();
  });

  it('records "Ya estoy certificado por otra vía" only after its confirmation', async () => {
    const state = mockOverview(buildCertificationOverview());
    const posts: unknown[] = [];
    server.use(
      http.post(apiUrl('/fiscal/certification/certified-elsewhere'), async ({ request }) => {
        posts.push(await request.json());
        state.overview = buildCertificationOverview({
          production: { certified: true, certifiedElsewhereAt: '2026-11-21T14:00:00.000Z' },
        });
        return ok(GetCertificationResponseSchema, { certification: state.overview });
      }),
    );
    render();
    const production = await screen.findByRole('region', { name: 'Pasar a producción' });
    expect(
      within(production)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual([
      'Ambiente de producción: ahora Certificación (CerteCF)',
      'Secuencias e-NCF de producción: por revisar',
      'Certificado digital: cargado',
    ]);
    fireEvent.click(within(production).getByRole('button', { name: 'Ya estoy certificado por otra vía' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Ya está certificada la empresa?' });
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, ya estoy certificado' }));
    await waitFor(() => expect(posts).toEqual([{ confirm: true }]));
    expect(
      await within(production).findByText('Certificada por otra vía (confirmado el 21/11/2026).'),
    ).toBeTruthy();
    expect(
      within(production).queryByRole('button', { name: 'Ya estoy certificado por otra vía' }),
    ).toBeNull();
  });
});
