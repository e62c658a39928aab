import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { authorize, seed, validateSeed } from './fake-dgii-auth.js';
import {
  createCore,
  FAKE_DGII_MESSAGES,
  type FakeDgiiEnvironment,
  type FakeDgiiMessage,
  type FakeDgiiOptions,
  type FakeDgiiOutage,
  type FakeDgiiOutageMode,
  type FakeDgiiRequest,
  type FakeDgiiService,
  type FakeDgiiState,
  HttpAnswer,
  json,
  type Matcher,
} from './fake-dgii-core.js';
import {
  ecfStatus,
  reception,
  registerIssued,
  summary,
  trackIds,
  trackResult,
} from './fake-dgii-reception.js';
import { approval, voidRanges } from './fake-dgii-void-approval.js';

export {
  type DgiiSchemaName,
  FAKE_DGII_MESSAGES,
  type FakeDgiiEnvironment,
  type FakeDgiiMessage,
  type FakeDgiiOptions,
  type FakeDgiiOutage,
  type FakeDgiiOutageMode,
  type FakeDgiiRequest,
  type FakeDgiiService,
  type FakeDgiiState,
  type FakeDgiiSubmission,
  type FakeDgiiSummary,
} from './fake-dgii-core.js';

/*
 * A local stand-in for the DGII's e-CF web services (issue 26), for tests: one node:http server on
 * 127.0.0.1 that answers as the DGII's "Descripción técnica de facturación electrónica" (v1.6,
 * "DT") documents, for both hosts: `…/ecf/TesteCF` plays https://ecf.dgii.gov.do/TesteCF and
 * `…/fc/TesteCF` plays https://fc.dgii.gov.do/TesteCF (or CerteCF, eCF: the `environment` option;
 * CerteCF has no consulta de trackIds, as the DT lists it for TesteCF and eCF only). Paths are matched without regard to case,
 * as the DGII's are. What the DT does not say (the codes and wording of most messages, how a
 * duplicated e-NCF is answered) is the fake's own choice, marked "assumption" below.
 *
 * The services are in `fake-dgii-auth.ts` (semilla, token), `fake-dgii-reception.ts` (recepción,
 * consulta de resultado / trackIds, RFCE) and `fake-dgii-void-approval.ts` (ANECF, ACECF); what
 * they share in `fake-dgii-core.ts`. This file is the HTTP server, its routes and the test controls.
 */

export interface FakeDgii {
  /** `http://127.0.0.1:PORT/ecf/{environment}`: authentication, reception, consulta, ANECF, ACECF. */
  ecfBaseUrl: string;
  /** `http://127.0.0.1:PORT/fc/{environment}`: RFCE reception. */
  fcBaseUrl: string;
  /** The environment played (option `environment`, default TesteCF). */
  environment: FakeDgiiEnvironment;
  state: FakeDgiiState;
  requests: FakeDgiiRequest[];
  /** The next e-CF or RFCE matching (its e-NCF, or a predicate) ends Rechazado with these messages. */
  rejectNext(match: Matcher, mensajes?: FakeDgiiMessage[], opts?: { sequenceUsed?: boolean }): void;
  /** The next e-CF or RFCE matching ends Aceptado Condicional with these messages. */
  conditionalNext(match: Matcher, mensajes?: FakeDgiiMessage[]): void;
  /** Takes services down (`true`: every service, 503) or back up (`false`). */
  setOutage(outage: FakeDgiiOutage): void;
  /** While on, every request needing a token answers 401, even with a fresh one. */
  setUnauthorized(on: boolean): void;
  /** Forgets every token issued (the next authenticated request with one answers 401). */
  revokeTokens(): void;
  /**
   * Records a supplier's signed e-CF as sent to the DGII and decided (1 Aceptado by default, 2
   * Rechazado, 4 Aceptado Condicional): the consulta de estado then finds it. Answers its trackId.
   */
  registerIssued(xml: string, codigo?: 1 | 2 | 4): string;
  /** The trackId records: the outcome decided and how many consultas were made. */
  outcomeOf(trackId: string): { codigo: number; polls: number } | null;
  close(): Promise<void>;
}

/** Service of each route, by lower-cased path after the host prefix. */
const ECF_ROUTES: Record<string, FakeDgiiService> = {
  'autenticacion/api/autenticacion/semilla': 'auth',
  'autenticacion/api/autenticacion/validarsemilla': 'auth',
  'recepcion/api/facturaselectronicas': 'reception',
  'consultaresultado/api/consultas/estado': 'status',
  'consultatrackids/api/trackids/consulta': 'status',
  'consultaestado/api/consultas/estado': 'status',
  'anulacionrangos/api/operaciones/anularrango': 'void',
  'aprobacioncomercial/api/aprobacioncomercial': 'approval',
};
const FC_ROUTES: Record<string, FakeDgiiService> = { 'recepcionfc/api/recepcion/ecf': 'fc' };

/** Services the DT does not list for an environment: answered as unknown routes (404). */
const MISSING_ROUTES: Partial<Record<FakeDgiiEnvironment, string[]>> = {
  // DT §5.10 "Consulta de trackId e-CF", p. 25: URLs for TesteCF and eCF only.
  // DT "Consulta de estado e-CF", p. 21: URLs for TesteCF and eCF only.
  CerteCF: ['consultatrackids/api/trackids/consulta', 'consultaestado/api/consultas/estado'],
};

/**
 * Starts the fake DGII (see the module comment). Close it with `close()` (in `afterAll`/`afterEach`).
 */
export async function startFakeDgii(opts: FakeDgiiOptions = {}): Promise<FakeDgii> {
  const core = createCore(opts);
  const environment = opts.environment ?? 'TesteCF';
  const missing = MISSING_ROUTES[environment] ?? [];
  const requests: FakeDgiiRequest[] = [];
  let outages: Array<{ service: FakeDgiiService | 'all'; mode: FakeDgiiOutageMode }> = [];
  const sockets = new Set<Socket>();

  const outageFor = (service: FakeDgiiService): FakeDgiiOutageMode | null =>
    outages.find((o) => o.service === 'all' || o.service === service)?.mode ?? null;

  // --- HTTP -----------------------------------------------------------------------------------

  function route(pathname: string): { host: 'ecf' | 'fc'; rest: string; service: FakeDgiiService } | null {
    const m = new RegExp(`^/(ecf|fc)/${environment}/(.+?)/*$`, 'i').exec(pathname);
    if (!m) return null;
    const host = m[1]!.toLowerCase() as 'ecf' | 'fc';
    const rest = m[2]!.toLowerCase();
    if (missing.includes(rest)) return null;
    const service = (host === 'ecf' ? ECF_ROUTES : FC_ROUTES)[rest];
    return service ? { host, rest, service } : null;
  }

  async function handle(
    req: IncomingMessage,
    body: Buffer,
    url: URL,
    r: NonNullable<ReturnType<typeof route>>,
  ): Promise<HttpAnswer> {
    const method = req.method ?? 'GET';
    const expect = (m: string) =>
      method === m ? null : json(405, { error: 'Method Not Allowed', mensaje: `Use ${m}.` });
    switch (r.rest) {
      case 'autenticacion/api/autenticacion/semilla':
        return expect('GET') ?? seed(core);
      case 'autenticacion/api/autenticacion/validarsemilla':
        return expect('POST') ?? validateSeed(core, req, body);
    }
    const wrongMethod = expect(r.service === 'status' ? 'GET' : 'POST');
    if (wrongMethod) return wrongMethod;
    const denied = authorize(core, req);
    if (denied) return denied;
    switch (r.service) {
      case 'reception':
        return reception(core, req, body);
      case 'status':
        if (r.rest.startsWith('consultaestado')) return ecfStatus(core, url);
        return r.rest.startsWith('consultatrackids') ? trackIds(core, url) : trackResult(core, url);
      case 'fc':
        return summary(core, req, body);
      case 'void':
        return voidRanges(core, req, body);
      default:
        return approval(core, req, body);
    }
  }

  const server = createServer((req, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // Test control for other processes (the browser tests run the fake in their global set-up):
    // POST /__control/reject-next {encf, codigo, valor, sequenceUsed?}. Not a DGII route.
    if (url.pathname === '/__control/reject-next' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
          encf: string;
          codigo: number;
          valor: string;
          sequenceUsed?: boolean;
        };
        core.rules.push({
          match: body.encf,
          codigo: 2,
          mensajes: [{ codigo: body.codigo, valor: body.valor }],
          sequenceUsed: body.sequenceUsed ?? true,
        });
        res.writeHead(204).end();
      });
      return;
    }
    const r = route(url.pathname);
    const entry: FakeDgiiRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      service: r?.service ?? 'unknown',
      status: 0,
      authorized: Boolean(req.headers.authorization),
    };
    requests.push(entry);
    const mode = r ? outageFor(r.service) : null;
    if (mode === 'reset') {
      req.socket.destroy();
      return;
    }
    if (mode === 'timeout') {
      req.resume(); // read and ignore: the answer never comes
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (a: HttpAnswer) => {
        entry.status = a.status;
        const payload = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
        res.writeHead(a.status, { 'content-type': a.contentType, ...a.headers });
        res.end(payload);
      };
      if (!r) return reply(new HttpAnswer(404, '<html><body>Not Found</body></html>', 'text/html'));
      if (mode === '503')
        return reply(new HttpAnswer(503, '<html><body>Service Unavailable</body></html>', 'text/html'));
      // The request is handled; its answer is lost (hangs, or the connection is reset instead).
      const answer =
        mode === 'timeout-after' ? () => {} : mode === 'reset-after' ? () => req.socket.destroy() : reply;
      handle(req, Buffer.concat(chunks), url, r).then(answer, (err: unknown) =>
        answer(json(500, { error: 'Error interno', mensaje: (err as Error).message })),
      );
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    ecfBaseUrl: `${origin}/ecf/${environment}`,
    fcBaseUrl: `${origin}/fc/${environment}`,
    environment,
    state: core.state,
    requests,
    rejectNext(match, mensajes = [FAKE_DGII_MESSAGES.rejected], o = {}) {
      core.rules.push({ match, codigo: 2, mensajes, sequenceUsed: o.sequenceUsed ?? true });
    },
    conditionalNext(match, mensajes = [FAKE_DGII_MESSAGES.conditional]) {
      core.rules.push({ match, codigo: 4, mensajes, sequenceUsed: true });
    },
    setOutage(outage) {
      if (outage === false) outages = [];
      else if (outage === true) outages = [{ service: 'all', mode: '503' }];
      else
        outages = (Array.isArray(outage) ? outage : [outage]).map((o) => ({
          service: o.service,
          mode: o.mode ?? '503',
        }));
    },
    setUnauthorized(on) {
      core.unauthorized = on;
    },
    revokeTokens() {
      core.state.tokens.clear();
    },
    registerIssued(xml, codigo) {
      return registerIssued(core, xml, codigo);
    },
    outcomeOf(trackId) {
      const t = core.tracks.get(trackId);
      return t ? { codigo: t.outcome.codigo, polls: t.polls } : null;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
