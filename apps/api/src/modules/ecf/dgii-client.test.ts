import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPkcs12 } from '../../../test/ecf-test-certificate.js';
import { FAKE_DGII_MESSAGES, type FakeDgii, startFakeDgii } from '../../../test/fake-dgii.js';
import {
  DGII_TRACK_STATUS,
  DgiiClient,
  type DgiiClientOptions,
  DgiiError,
  type DgiiToken,
} from './dgii-client.js';
import { parsePkcs12 } from './ecf-certificate.js';
import { type SigningKey, signXml } from './ecf-signature.js';

const RNC = '131855423';
/** Every token a client stored: none may appear in an answer or error. */
const issuedTokens = new Set<string>();

function memoryStore(initial: DgiiToken | null = null) {
  const store = {
    current: initial,
    sets: [] as Array<DgiiToken | null>,
    async get() {
      return store.current;
    },
    async set(t: DgiiToken | null) {
      if (t) issuedTokens.add(t.token);
      store.sets.push(t);
      store.current = t;
    },
  };
  return store;
}

function ecfXml(encf: string, opts: { rnc?: string; total?: string } = {}): string {
  const tipo = encf.slice(1, 3);
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<ECF><Encabezado><Version>1.0</Version><IdDoc><TipoeCF>${tipo}</TipoeCF><eNCF>${encf}</eNCF></IdDoc>` +
    `<Emisor><RNCEmisor>${opts.rnc ?? RNC}</RNCEmisor><RazonSocialEmisor>Agencia Digital RD SRL</RazonSocialEmisor></Emisor>` +
    `<Totales><MontoTotal>${opts.total ?? '1180.00'}</MontoTotal></Totales></Encabezado>` +
    '<FechaHoraFirma>01-07-2025 10:00:00</FechaHoraFirma></ECF>'
  );
}

function rfceXml(encf: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<RFCE><Encabezado><Version>1.0</Version><IdDoc><TipoeCF>32</TipoeCF><eNCF>${encf}</eNCF></IdDoc>` +
    `<Emisor><RNCEmisor>${RNC}</RNCEmisor></Emisor><Totales><MontoTotal>97.20</MontoTotal></Totales>` +
    '<CodigoSeguridadeCF>AbC123</CodigoSeguridadeCF></Encabezado></RFCE>'
  );
}

function anecfXml(from: string, to: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<ANECF><Encabezado><Version>1.0</Version><RncEmisor>${RNC}</RncEmisor><CantidadeNCFAnulados>1</CantidadeNCFAnulados>` +
    '<FechaHoraAnulacioneNCF>01-07-2025 10:00:00</FechaHoraAnulacioneNCF></Encabezado><DetalleAnulacion><Anulacion>' +
    `<NoLinea>1</NoLinea><TipoeCF>${from.slice(1, 3)}</TipoeCF><TablaRangoSecuenciasAnuladaseNCF><Secuencias>` +
    `<SecuenciaeNCFDesde>${from}</SecuenciaeNCFDesde><SecuenciaeNCFHasta>${to}</SecuenciaeNCFHasta></Secuencias>` +
    '</TablaRangoSecuenciasAnuladaseNCF><CantidadeNCFAnulados>1</CantidadeNCFAnulados></Anulacion></DetalleAnulacion></ANECF>'
  );
}

function acecfXml(encf: string, estado: '1' | '2'): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<ACECF><DetalleAprobacionComercial><Version>1.0</Version><RNCEmisor>101672919</RNCEmisor>' +
    `<eNCF>${encf}</eNCF><FechaEmision>01-07-2025</FechaEmision><MontoTotal>1180.00</MontoTotal>` +
    `<RNCComprador>${RNC}</RNCComprador><Estado>${estado}</Estado>` +
    '<FechaHoraAprobacionComercial>02-07-2025 10:00:00</FechaHoraAprobacionComercial></DetalleAprobacionComercial></ACECF>'
  );
}

let key: SigningKey;
let otherKey: SigningKey;
let fake: FakeDgii;
/** Every error and answer the tests saw: none may contain a token. */
const seen: unknown[] = [];

function client(extra: Partial<DgiiClientOptions> = {}, store = memoryStore()) {
  return {
    store,
    dgii: new DgiiClient({
      ecfBaseUrl: fake.ecfBaseUrl,
      fcBaseUrl: fake.fcBaseUrl,
      key,
      tokenStore: store,
      ...extra,
    }),
  };
}

async function failure(promise: Promise<unknown>): Promise<DgiiError> {
  const err = await promise.then(
    (v) => {
      throw new Error(`expected a DgiiError, got ${JSON.stringify(v)}`);
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DgiiError);
  seen.push({
    message: (err as DgiiError).message,
    messages: (err as DgiiError).messages,
    stack: (err as Error).stack,
  });
  return err as DgiiError;
}

beforeAll(async () => {
  const p12 = makeTestPkcs12();
  key = parsePkcs12(p12.p12, p12.password);
  const other = makeTestPkcs12({ commonName: 'OTRA EMPRESA SRL' });
  otherKey = parsePkcs12(other.p12, other.password);
  fake = await startFakeDgii();
});

afterEach(() => {
  fake.setOutage(false);
  fake.setUnauthorized(false);
});

afterAll(async () => {
  // No answer nor error seen in this file carries a token issued by the fake.
  const everything = JSON.stringify(seen);
  expect(issuedTokens.size).toBeGreaterThan(3);
  for (const token of issuedTokens) expect(everything).not.toContain(token);
  await fake.close();
});

describe('authentication', () => {
  it('signs the seed, gets a token, and reuses it while it has more than a minute left', async () => {
    const { dgii, store } = client();
    const first = await dgii.token();
    expect(first.token).toMatch(/\S{20,}/);
    expect(first.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(store.current).toEqual(first);
    const second = await dgii.token();
    expect(second).toBe(first);
    const seeds = fake.requests.filter((r) => r.path.endsWith('/semilla'));
    expect(seeds).toHaveLength(1);
    expect([...fake.state.seeds.values()].every((s) => s.used)).toBe(true);
  });

  it('authenticates once for concurrent callers', async () => {
    const before = fake.requests.length;
    const { dgii } = client();
    const tokens = await Promise.all([dgii.token(), dgii.token(), dgii.token()]);
    expect(new Set(tokens.map((t) => t.token)).size).toBe(1);
    expect(fake.requests.slice(before).filter((r) => r.path.endsWith('/semilla'))).toHaveLength(1);
  });

  it('authenticates again when the stored token expires within a minute', async () => {
    const { dgii, store } = client();
    const first = await dgii.token();
    store.current = { token: first.token, expiresAt: new Date(Date.now() + 30_000) };
    const second = await dgii.token();
    expect(second.token).not.toBe(first.token);
    expect(store.current).toEqual(second);
  });

  it('after a 401, clears the stored token, authenticates again and retries once', async () => {
    const { dgii, store } = client();
    await dgii.token();
    fake.revokeTokens();
    const before = fake.requests.length;
    const sent = await dgii.sendEcf(signXml(ecfXml('E310000000101'), key), `${RNC}E310000000101.xml`);
    seen.push(sent);
    expect(sent.trackId).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.requests.slice(before).map((r) => [r.service, r.status])).toEqual([
      ['reception', 401],
      ['auth', 200],
      ['auth', 200],
      ['reception', 200],
    ]);
    expect(store.sets).toContain(null);
    expect(store.current).not.toBeNull();
  });

  it('a second 401 is unauthorized', async () => {
    const { dgii, store } = client();
    fake.setUnauthorized(true);
    const before = fake.requests.length;
    const err = await failure(dgii.trackResult('00000000-0000-0000-0000-000000000000'));
    expect(err.kind).toBe('unauthorized');
    expect(err.status).toBe(401);
    expect(fake.requests.slice(before).filter((r) => r.service === 'status')).toHaveLength(2);
    expect(store.current).toBeNull();
  });

  it('a seed signed with a key that is not the certificate’s is refused: rejected', async () => {
    const { dgii, store } = client({
      key: { privateKeyPem: otherKey.privateKeyPem, certificatePem: key.certificatePem },
    });
    const err = await failure(dgii.authenticate());
    expect(err.kind).toBe('rejected');
    expect(err.status).toBe(400);
    expect(err.messages[0]?.message).toMatch(/firma de la semilla no es válida/);
    expect(store.current).toBeNull();
  });

  it('a tampered signed seed is refused by the fake', async () => {
    const seedXml = await (await fetch(`${fake.ecfBaseUrl}/autenticacion/api/autenticacion/semilla`)).text();
    const signed = signXml(seedXml, key).replace(
      /<valor>(.)/,
      (_m, c: string) => `<valor>${c === 'A' ? 'B' : 'A'}`,
    );
    const form = new FormData();
    form.append('xml', new Blob([signed], { type: 'text/xml' }), 'semilla.xml');
    const res = await fetch(`${fake.ecfBaseUrl}/autenticacion/api/autenticacion/validarsemilla`, {
      method: 'POST',
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.any(String), mensaje: expect.any(String) });
  });

  it('only the trusted certificate gets a token when the fake is told which', async () => {
    const trusting = await startFakeDgii({ trustedCertificatePem: otherKey.certificatePem });
    try {
      const dgii = new DgiiClient({
        ecfBaseUrl: trusting.ecfBaseUrl,
        fcBaseUrl: trusting.fcBaseUrl,
        key,
        tokenStore: memoryStore(),
      });
      expect((await failure(dgii.authenticate())).kind).toBe('rejected');
      const trusted = new DgiiClient({
        ecfBaseUrl: trusting.ecfBaseUrl,
        fcBaseUrl: trusting.fcBaseUrl,
        key: otherKey,
        tokenStore: memoryStore(),
      });
      expect((await trusted.authenticate()).token).toBeTruthy();
    } finally {
      await trusting.close();
    }
  });
});

describe('reception and consulta de resultado', () => {
  it('sends an e-CF, which is En Proceso, then Aceptado', async () => {
    const { dgii } = client();
    const encf = 'E310000000001';
    const { trackId, messages } = await dgii.sendEcf(signXml(ecfXml(encf), key), `${RNC}${encf}.xml`);
    expect(messages).toEqual([]);
    const first = await dgii.trackResult(trackId);
    expect(first).toMatchObject({ status: 'in_process', encf, messages: [] });
    const second = await dgii.trackResult(trackId);
    seen.push(first, second);
    expect(second).toMatchObject({ status: 'accepted', encf, sequenceUsed: true, messages: [] });
    expect(second.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(fake.state.submissions.filter((s) => s.encf === encf)).toHaveLength(1);
    expect(fake.state.submissions.find((s) => s.encf === encf)?.trackId).toBe(trackId);
  });

  it('an unknown trackId is not_found', async () => {
    const { dgii } = client();
    expect(await dgii.trackResult('9b2f0c55-0000-4000-8000-000000000000')).toMatchObject({
      status: 'not_found',
      encf: null,
    });
  });

  it('a rejection comes with the DGII messages', async () => {
    const { dgii } = client();
    const encf = 'E310000000002';
    fake.rejectNext(encf, [
      { codigo: 613, valor: 'Los comprobantes electrónicos no pueden reemplazarse entre ellos mismos.' },
    ]);
    const { trackId } = await dgii.sendEcf(signXml(ecfXml(encf), key), `${RNC}${encf}.xml`);
    await dgii.trackResult(trackId);
    const result = await dgii.trackResult(trackId);
    seen.push(result);
    expect(result).toEqual({
      status: 'rejected',
      encf,
      sequenceUsed: true,
      receivedAt: expect.any(String),
      messages: [
        { code: '613', message: 'Los comprobantes electrónicos no pueden reemplazarse entre ellos mismos.' },
      ],
    });
  });

  it('conditional acceptance, by predicate', async () => {
    const { dgii } = client();
    const encf = 'E310000000003';
    fake.conditionalNext((e) => e.endsWith('03'));
    const { trackId } = await dgii.sendEcf(signXml(ecfXml(encf), key), `${RNC}${encf}.xml`);
    await dgii.trackResult(trackId);
    const result = await dgii.trackResult(trackId);
    expect(result.status).toBe('conditionally_accepted');
    expect(result.messages).toEqual([
      { code: String(FAKE_DGII_MESSAGES.conditional.codigo), message: FAKE_DGII_MESSAGES.conditional.valor },
    ]);
  });

  it('a second e-CF with an e-NCF already accepted is received, then rejected as duplicated', async () => {
    const { dgii } = client();
    const encf = 'E310000000004';
    const first = await dgii.sendEcf(signXml(ecfXml(encf), key), `${RNC}${encf}.xml`);
    const second = await dgii.sendEcf(signXml(ecfXml(encf), key), `${RNC}${encf}.xml`);
    expect(second.trackId).not.toBe(first.trackId);
    await dgii.trackResult(second.trackId);
    const result = await dgii.trackResult(second.trackId);
    expect(result).toMatchObject({ status: 'rejected', sequenceUsed: true });
    expect(result.messages[0]?.code).toBe(String(FAKE_DGII_MESSAGES.duplicated.codigo));
    expect(fake.state.submissions.filter((s) => s.encf === encf)).toHaveLength(2);
  });

  it('an e-CF whose signature does not match is rejected with the sequence reusable', async () => {
    const { dgii } = client();
    const encf = 'E310000000005';
    const tampered = signXml(ecfXml(encf), key).replace('1180.00', '1.00');
    const { trackId } = await dgii.sendEcf(tampered, `${RNC}${encf}.xml`);
    await dgii.trackResult(trackId);
    const result = await dgii.trackResult(trackId);
    expect(result).toMatchObject({ status: 'rejected', sequenceUsed: false });
    expect(result.messages[0]?.message).toBe(FAKE_DGII_MESSAGES.badSignature.valor);
    // Reusable: the same e-NCF, signed properly, is accepted.
    const again = await dgii.sendEcf(signXml(ecfXml(encf), key), `${RNC}${encf}.xml`);
    await dgii.trackResult(again.trackId);
    expect((await dgii.trackResult(again.trackId)).status).toBe('accepted');
  });

  it('XSD errors of the validate hook make the document rejected', async () => {
    const schemas: string[] = [];
    const validating = await startFakeDgii({
      processingPolls: 0,
      async validate(_xml, schema) {
        schemas.push(schema);
        return schema === 'ECF-31' ? ["Element 'Totales': Missing child element(s)."] : [];
      },
    });
    try {
      const dgii = new DgiiClient({
        ecfBaseUrl: validating.ecfBaseUrl,
        fcBaseUrl: validating.fcBaseUrl,
        key,
        tokenStore: memoryStore(),
      });
      const encf = 'E310000000006';
      const { trackId } = await dgii.sendEcf(signXml(ecfXml(encf), key), `${RNC}${encf}.xml`);
      const result = await dgii.trackResult(trackId);
      expect(result).toMatchObject({ status: 'rejected', sequenceUsed: false });
      expect(result.messages[0]?.message).toContain('Missing child element');
      expect(schemas).toEqual(['Semilla', 'ECF-31']);
    } finally {
      await validating.close();
    }
  });

  it('a file not named RNC + e-NCF is refused at once: rejected with the DGII message', async () => {
    const { dgii } = client();
    const err = await failure(dgii.sendEcf(signXml(ecfXml('E310000000007'), key), 'factura.xml'));
    expect(err.kind).toBe('rejected');
    expect(err.status).toBe(400);
    expect(err.messages[0]?.message).toContain(`${RNC}E310000000007.xml`);
  });

  it('a factura de consumo under RD$250,000 sent to reception is rejected', async () => {
    const { dgii } = client();
    const encf = 'E320000000001';
    const { trackId } = await dgii.sendEcf(signXml(ecfXml(encf), key), `${RNC}${encf}.xml`);
    await dgii.trackResult(trackId);
    const result = await dgii.trackResult(trackId);
    expect(result.status).toBe('rejected');
    expect(result.messages[0]?.code).toBe(String(FAKE_DGII_MESSAGES.consumoUnderThreshold.codigo));
  });

  it('maps every DGII code', () => {
    expect(DGII_TRACK_STATUS).toEqual({
      0: 'not_found',
      1: 'accepted',
      2: 'rejected',
      3: 'in_process',
      4: 'conditionally_accepted',
    });
  });
});

describe('FC: resumen de factura de consumo', () => {
  it('is answered at once: Aceptado', async () => {
    const { dgii } = client();
    const encf = 'E320000000010';
    const result = await dgii.sendSummary(signXml(rfceXml(encf), key), `${RNC}${encf}.xml`);
    seen.push(result);
    expect(result).toEqual({ status: 'accepted', encf, sequenceUsed: true, messages: [] });
    expect(fake.state.summaries.map((s) => s.encf)).toContain(encf);
    expect(fake.state.submissions.map((s) => s.encf)).not.toContain(encf);
  });

  it('a rejection is answered at once with its messages', async () => {
    const { dgii } = client();
    const encf = 'E320000000011';
    fake.rejectNext(encf, [{ codigo: 2, valor: 'Monto total no coincide.' }]);
    const result = await dgii.sendSummary(signXml(rfceXml(encf), key), `${RNC}${encf}.xml`);
    expect(result).toEqual({
      status: 'rejected',
      encf,
      sequenceUsed: true,
      messages: [{ code: '2', message: 'Monto total no coincide.' }],
    });
  });

  it('a summary already accepted is rejected as duplicated', async () => {
    const { dgii } = client();
    const encf = 'E320000000012';
    await dgii.sendSummary(signXml(rfceXml(encf), key), `${RNC}${encf}.xml`);
    const again = await dgii.sendSummary(signXml(rfceXml(encf), key), `${RNC}${encf}.xml`);
    expect(again.status).toBe('rejected');
    expect(again.messages[0]?.message).toBe(FAKE_DGII_MESSAGES.duplicated.valor);
  });
});

describe('anulación de rangos and aprobación comercial', () => {
  it('voids an unused range; the voided e-NCF cannot be sent any more', async () => {
    const { dgii } = client();
    const result = await dgii.voidRanges(
      signXml(anecfXml('E310000000500', 'E310000000502'), key),
      `${RNC}ANECF.xml`,
    );
    expect(result).toMatchObject({ rnc: RNC, code: '1' });
    expect(result.messages[0]?.message).toMatch(/anuladas correctamente/);
    expect(fake.state.voids.at(-1)?.encfs).toEqual(['E310000000500', 'E310000000501', 'E310000000502']);
    const { trackId } = await dgii.sendEcf(signXml(ecfXml('E310000000501'), key), `${RNC}E310000000501.xml`);
    await dgii.trackResult(trackId);
    expect((await dgii.trackResult(trackId)).status).toBe('rejected');
  });

  it('refuses to void used sequences: rejected', async () => {
    const { dgii } = client();
    await dgii.sendEcf(signXml(ecfXml('E310000000050'), key), `${RNC}E310000000050.xml`);
    const err = await failure(
      dgii.voidRanges(signXml(anecfXml('E310000000049', 'E310000000051'), key), `${RNC}ANECF.xml`),
    );
    expect(err.kind).toBe('rejected');
    expect(err.messages).toEqual([
      { code: '2', message: 'Las secuencias que está intentando anular han sido utilizadas' },
    ]);
  });

  it('takes a commercial approval and a commercial rejection', async () => {
    const { dgii } = client();
    expect(
      await dgii.sendCommercialApproval(
        signXml(acecfXml('E310000000777', '1'), key),
        `${RNC}E310000000777.xml`,
      ),
    ).toEqual({
      code: '01',
      state: 'Aprobación Comercial Aprobada.',
      messages: [],
    });
    expect(
      (
        await dgii.sendCommercialApproval(
          signXml(acecfXml('E310000000778', '2'), key),
          `${RNC}E310000000778.xml`,
        )
      ).code,
    ).toBe('02');
    expect(fake.state.approvals.map((a) => a.encf)).toEqual(['E310000000777', 'E310000000778']);
  });

  it('refuses an approval with a bad signature: rejected', async () => {
    const { dgii } = client();
    const tampered = signXml(acecfXml('E310000000779', '1'), key).replace('1180.00', '1.00');
    const err = await failure(dgii.sendCommercialApproval(tampered, `${RNC}E310000000779.xml`));
    expect(err.kind).toBe('rejected');
    expect(err.messages).toEqual([{ code: '00', message: 'La firma del XML no es válida' }]);
  });
});

describe('outages: unavailable', () => {
  const modes = ['503', 'timeout', 'reset'] as const;
  for (const mode of modes) {
    it(`authentication down (${mode})`, async () => {
      const { dgii, store } = client({ timeoutMs: 300 });
      fake.setOutage({ service: 'auth', mode });
      const err = await failure(dgii.token());
      expect(err.kind).toBe('unavailable');
      if (mode === '503') expect(err.status).toBe(503);
      if (mode === 'timeout') expect(err.message).toMatch(/no respondió en 0\.3 s/);
      expect(store.current).toBeNull();
    });

    it(`reception, consulta and FC down (${mode})`, async () => {
      const { dgii } = client({ timeoutMs: 300 });
      await dgii.token();
      const before = fake.state.submissions.length;
      fake.setOutage([
        { service: 'reception', mode },
        { service: 'status', mode },
        { service: 'fc', mode },
      ]);
      const encf = 'E310000000900';
      expect((await failure(dgii.sendEcf(signXml(ecfXml(encf), key), `${RNC}${encf}.xml`))).kind).toBe(
        'unavailable',
      );
      expect((await failure(dgii.trackResult('x'))).kind).toBe('unavailable');
      expect(
        (await failure(dgii.sendSummary(signXml(rfceXml('E320000000900'), key), `${RNC}E320000000900.xml`)))
          .kind,
      ).toBe('unavailable');
      expect(fake.state.submissions.length).toBe(before);
    });
  }

  it('setOutage(true) takes everything down with 503; false brings it back', async () => {
    const { dgii } = client();
    fake.setOutage(true);
    expect((await failure(dgii.authenticate())).status).toBe(503);
    fake.setOutage(false);
    expect((await dgii.authenticate()).token).toBeTruthy();
  });

  it('a 429 is unavailable too; an answer that is not the DGII’s is protocol', async () => {
    const answers = [
      new Response('Too Many Requests', { status: 429 }),
      new Response('<html>Not Found</html>', { status: 404 }),
      new Response('{"token": 1}', { status: 200 }),
    ];
    const scripted = (async () => {
      const r = answers.shift();
      if (!r) throw new Error('no more answers');
      return r;
    }) as unknown as typeof fetch;
    const seedFetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
      String(input).endsWith('/semilla') ? fetch(input, init) : scripted(input, init)) as typeof fetch;
    const { dgii } = client({ fetch: seedFetch });
    expect((await failure(dgii.authenticate())).kind).toBe('unavailable');
    expect((await failure(dgii.authenticate())).kind).toBe('protocol');
    expect((await failure(dgii.authenticate())).kind).toBe('protocol');
  });
});

describe('consulta de trackIds (issue 41)', () => {
  it('answers the receptions of an e-NCF; "No encontrado" (trackId null) is read as none', async () => {
    const { dgii } = client();
    const encf = 'E310000000950';
    expect(await dgii.trackIdsFor(RNC, encf)).toEqual([]);
    const last = fake.requests.at(-1)!;
    expect(last).toMatchObject({ service: 'status', status: 200 });
    expect(last.path).toMatch(/\/consultatrackids\/api\/trackids\/consulta$/);
    const { trackId } = await dgii.sendEcf(signXml(ecfXml(encf), key), `${RNC}${encf}.xml`);
    expect(await dgii.trackIdsFor(RNC, encf)).toEqual([{ trackId, state: 'En Proceso' }]);
  });

  it('reads the DGII\'s shapes: the array with a "No encontrado" entry, and the single object of the DT\'s sample', async () => {
    const bodies = [
      [{ trackId: null, estado: 'No encontrado', fechaRecepcion: null }],
      [{ trackId: null, estado: 'No encontrado' }],
      { trackId: null, estado: 'No encontrado', fechaRecepcion: null },
      { trackId: 'abc-1', estado: 'Aceptado', fechaRecepcion: '2025-07-01T10:00:00Z' },
      [
        { trackId: 'abc-2', estado: 'Rechazado', fechaRecepcion: '2025-07-01T10:00:00Z' },
        { trackId: 'abc-3', estado: 'Aceptado', fechaRecepcion: '2025-07-01T10:05:00Z' },
      ],
    ];
    const scripted = (async () =>
      new Response(JSON.stringify(bodies.shift()), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })) as unknown as typeof fetch;
    const { dgii } = client(
      { fetch: scripted },
      memoryStore({ token: 'scripted', expiresAt: new Date(Date.now() + 3_600_000) }),
    );
    expect(await dgii.trackIdsFor(RNC, 'E310000000951')).toEqual([]);
    expect(await dgii.trackIdsFor(RNC, 'E310000000951')).toEqual([]);
    expect(await dgii.trackIdsFor(RNC, 'E310000000951')).toEqual([]);
    expect(await dgii.trackIdsFor(RNC, 'E310000000951')).toEqual([{ trackId: 'abc-1', state: 'Aceptado' }]);
    expect(await dgii.trackIdsFor(RNC, 'E310000000951')).toEqual([
      { trackId: 'abc-2', state: 'Rechazado' },
      { trackId: 'abc-3', state: 'Aceptado' },
    ]);
  });

  it('CerteCF has no consulta de trackIds: its 404 is read as none; the other services answer there', async () => {
    const certe = await startFakeDgii({ environment: 'CerteCF' });
    try {
      expect(certe.ecfBaseUrl).toMatch(/\/ecf\/CerteCF$/);
      expect(certe.fcBaseUrl).toMatch(/\/fc\/CerteCF$/);
      const dgii = new DgiiClient({
        ecfBaseUrl: certe.ecfBaseUrl,
        fcBaseUrl: certe.fcBaseUrl,
        key,
        tokenStore: memoryStore(),
      });
      const encf = 'E310000000952';
      const { trackId } = await dgii.sendEcf(signXml(ecfXml(encf), key), `${RNC}${encf}.xml`);
      expect(await dgii.trackIdsFor(RNC, encf)).toEqual([]);
      expect(certe.requests.at(-1)).toMatchObject({ service: 'unknown', status: 404 });
      expect(await dgii.trackResult(trackId)).toMatchObject({ status: 'in_process', encf });
      // TesteCF's paths are not CerteCF's.
      expect(
        (
          await fetch(
            `${fake.ecfBaseUrl.replace('TesteCF', 'CerteCF')}/autenticacion/api/autenticacion/semilla`,
          )
        ).status,
      ).toBe(404);
    } finally {
      await certe.close();
    }
  });
});

describe('uncertain or definite failures (issue 41)', () => {
  const post = (dgii: DgiiClient, encf: string) =>
    dgii.sendEcf(signXml(ecfXml(encf), key), `${RNC}${encf}.xml`);

  it('an answer (503, 4xx) is definite: the DGII did not take the document', async () => {
    const { dgii } = client();
    await dgii.token();
    fake.setOutage({ service: 'reception', mode: '503' });
    const unavailable = await failure(post(dgii, 'E310000000960'));
    expect(unavailable).toMatchObject({ kind: 'unavailable', status: 503, uncertain: false });
    fake.setOutage(false);
    const refused = await failure(dgii.sendEcf(signXml(ecfXml('E310000000961'), key), 'otro-nombre.xml'));
    expect(refused).toMatchObject({ kind: 'rejected', status: 400, uncertain: false });
  });

  it('a connection refused is definite', async () => {
    const closed = await startFakeDgii();
    const ecfBaseUrl = closed.ecfBaseUrl;
    await closed.close();
    const dgii = new DgiiClient({
      ecfBaseUrl,
      fcBaseUrl: ecfBaseUrl,
      key,
      tokenStore: memoryStore({ token: 'stored', expiresAt: new Date(Date.now() + 3_600_000) }),
    });
    const err = await failure(post(dgii, 'E310000000962'));
    expect(err).toMatchObject({ kind: 'unavailable', uncertain: false });
    expect(err.message).toMatch(/ECONNREFUSED/);
  });

  it('a failed authentication before the post is definite, even a timeout, and a refused seed is not a refusal of the document', async () => {
    const { dgii } = client({ timeoutMs: 300 });
    fake.setOutage({ service: 'auth', mode: 'timeout' });
    expect(await failure(post(dgii, 'E310000000963'))).toMatchObject({
      kind: 'unavailable',
      uncertain: false,
    });
    fake.setOutage(false);
    const other = client({
      key: { privateKeyPem: otherKey.privateKeyPem, certificatePem: key.certificatePem },
    });
    expect(await failure(post(other.dgii, 'E310000000964'))).toMatchObject({
      kind: 'unauthorized',
      status: 400,
      uncertain: false,
    });
  });

  for (const mode of ['timeout', 'reset', 'timeout-after', 'reset-after'] as const) {
    it(`no answer to the post (${mode}) is uncertain; ${mode.endsWith('-after') ? 'the DGII did receive it' : 'the DGII did not receive it'}`, async () => {
      const { dgii } = client({ timeoutMs: 500 });
      await dgii.token();
      const encf = `E31000000097${['timeout', 'reset', 'timeout-after', 'reset-after'].indexOf(mode)}`;
      fake.setOutage({ service: 'reception', mode });
      expect(await failure(post(dgii, encf))).toMatchObject({ kind: 'unavailable', uncertain: true });
      fake.setOutage(false);
      const received = fake.state.submissions.filter((s) => s.encf === encf);
      expect(received).toHaveLength(mode.endsWith('-after') ? 1 : 0);
      expect((await dgii.trackIdsFor(RNC, encf)).map((t) => t.trackId)).toEqual(
        received.map((s) => s.trackId),
      );
    });
  }
});
