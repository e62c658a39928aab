import type { DgiiMessage } from '@agencia/shared';
import { z } from 'zod';
import { parseXmlStrict, type SigningKey, signXml, XmlParseError } from './ecf-signature.js';

/*
 * Client of the DGII's e-CF web services (issue 26, direct emission). Everything here follows the
 * DGII's "Descripción técnica de facturación electrónica" (v1.6, 12-06-2023; "DT" below), section
 * "Descripción de Servicios Web": authentication by a signed seed, reception of e-CF, consulta de
 * resultado by trackId, reception of consumo summaries (RFCE) on the separate `fc` host, anulación
 * de rangos (ANECF) and aprobación comercial (ACECF). Each service lives under
 * `https://{ecf|fc}.dgii.gov.do/{ambiente}/{servicio}/api/...`; `ecfBaseUrl`/`fcBaseUrl` are the
 * `https://{host}/{ambiente}` part (config.ts). The DGII's services are not case-sensitive (DT,
 * bitácora 18-05-2023); the paths below are spelled as the DT's request URLs spell them. Documents
 * travel as `multipart/form-data` with one file field named `xml` (DT, every "EJEMPLO CURL").
 *
 * The token and the private key never appear in an error message or in anything this module logs
 * (it logs nothing).
 */

/** Service paths under the base URLs (DT: "RECURSO" and "REQUEST URL" of each service). */
export const DGII_PATHS = {
  /** DT "Obtener archivo semilla": GET, answers the `SemillaModel` XML. */
  seed: '/autenticacion/api/autenticacion/semilla',
  /** DT "Validación de archivo: validar semilla": POST multipart `xml`, answers `{token, expira, expedido}`. */
  validateSeed: '/autenticacion/api/autenticacion/validarsemilla',
  /** DT "Recepción de e-CF": POST multipart `xml` with the Bearer token, answers `{trackId, error, mensaje}`. */
  reception: '/recepcion/api/facturaselectronicas',
  /** DT "Consulta de resultado e-CF": GET `?trackid=`, answers the validation state. */
  trackResult: '/consultaresultado/api/consultas/estado',
  /** DT "Consulta TrackIds": GET `?rncemisor=&encf=`, answers every reception of that e-NCF. */
  trackIds: '/consultatrackids/api/trackids/consulta',
  /** DT "Recepción de resumen factura de consumo e-CF", on the `fc` host: answers at once. */
  summaryReception: '/recepcionfc/api/recepcion/ecf',
  /** DT "Anulación de e-NCF": POST multipart `xml` (ANECF). */
  voidRanges: '/anulacionrangos/api/operaciones/anularrango',
  /** DT "Recepción de aprobación comercial": POST multipart `xml` (ACECF). */
  commercialApproval: '/aprobacioncomercial/api/aprobacioncomercial',
} as const;

/** Where a document stands in the DGII's "consulta de resultado" (and in an RFCE answer). */
export type DgiiTrackStatus = 'not_found' | 'accepted' | 'rejected' | 'in_process' | 'conditionally_accepted';

/**
 * The DGII's `codigo` of a consulta de resultado (DT, "Consulta de resultado e-CF", "Estados
 * salida"): 0 No encontrado, 1 Aceptado, 2 Rechazado, 3 En Proceso (validation pending: query again
 * after a while; average validation 200 ms), 4 Aceptado Condicional (valid, with observations).
 * The RFCE answer uses the same codes for Aceptado, Rechazado and Aceptado Condicional.
 */
export const DGII_TRACK_STATUS: Readonly<Record<number, DgiiTrackStatus>> = {
  0: 'not_found',
  1: 'accepted',
  2: 'rejected',
  3: 'in_process',
  4: 'conditionally_accepted',
};

/** The same states by the DGII's `estado` text, for answers whose `codigo` is missing or not numeric. */
const TRACK_STATUS_BY_TEXT: Readonly<Record<string, DgiiTrackStatus>> = {
  'no encontrado': 'not_found',
  aceptado: 'accepted',
  rechazado: 'rejected',
  'en proceso': 'in_process',
  'aceptado condicional': 'conditionally_accepted',
};

/** The answer of the consulta de trackIds: one entry per reception of the e-NCF. */
const trackIdsAnswerSchema = z.array(
  z.object({
    trackId: z.string().min(1),
    estado: z.string().nullish(),
    fechaRecepcion: z.string().nullish(),
  }),
);

/** A DGII session token and when it stops being accepted. */
export interface DgiiToken {
  token: string;
  expiresAt: Date;
}

/** Where the token is kept between calls (and processes): `ecf-settings.service.ts` seals it. */
export interface DgiiTokenStore {
  get(): Promise<DgiiToken | null>;
  set(token: DgiiToken | null): Promise<void>;
}

/** Options of {@link DgiiClient}. */
export interface DgiiClientOptions {
  /** `https://ecf.dgii.gov.do/{ambiente}` (no trailing slash). */
  ecfBaseUrl: string;
  /** `https://fc.dgii.gov.do/{ambiente}` (no trailing slash): consumo summaries. */
  fcBaseUrl: string;
  /** The agency's certificate: signs the authentication seed. */
  key: SigningKey;
  tokenStore: DgiiTokenStore;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Per request, connection to last byte; default 30 s. */
  timeoutMs?: number;
}

/**
 * Why a call failed. `unavailable`: the DGII could not be reached or answered 5xx/429 (network
 * error, timeout): the caller retries later with backoff (contingency). `rejected`: the DGII refused
 * the request with its own messages (4xx). `unauthorized`: the DGII refused the token twice, or the
 * certificate. `protocol`: an answer this client cannot read (wrong URL, unexpected body).
 * `messages` are the DGII's (`{code: String(codigo), message: valor}`); `message` is Spanish and
 * never contains the token or key.
 */
export class DgiiError extends Error {
  override name = 'DgiiError';
  readonly kind: 'unavailable' | 'rejected' | 'unauthorized' | 'protocol';
  readonly status?: number;
  readonly messages: DgiiMessage[];

  constructor(
    kind: DgiiError['kind'],
    message: string,
    opts: { status?: number; messages?: DgiiMessage[] } = {},
  ) {
    super(message);
    this.kind = kind;
    if (opts.status !== undefined) this.status = opts.status;
    this.messages = opts.messages ?? [];
  }
}

/** The answer of the reception service: the trackId to query (and any messages it came with). */
export interface DgiiReception {
  trackId: string;
  messages: DgiiMessage[];
}

/** A consulta de resultado (or an RFCE answer): the state, the DGII's messages, the e-NCF. */
export interface DgiiTrackResult {
  status: DgiiTrackStatus;
  messages: DgiiMessage[];
  encf: string | null;
  /**
   * `secuenciaUtilizada`: whether the e-NCF is spent. On a rejection for an invalid certificate or
   * signature, an unauthorised signer or e-NCF, an expired e-NCF or an issuer that is not
   * electronic, the DGII answers false: the e-NCF may be sent again (DT, "Consulta de resultado").
   * Null when the DGII did not say.
   */
  sequenceUsed: boolean | null;
  /** `fechaRecepcion` as the DGII wrote it (consulta de resultado only). */
  receivedAt: string | null;
}

/** The answer of the anulación de rangos service (DT, "Anulación de e-NCF", "Formatos salida"). */
export interface DgiiVoidResult {
  rnc: string | null;
  /** `codigo`: the result of the validation of the ANECF. */
  code: string | null;
  /** `nombre`: the reason of the message. */
  name: string | null;
  messages: DgiiMessage[];
}

/** The answer of the aprobación comercial service (DT, "Recepción de aprobación comercial"). */
export interface DgiiCommercialApprovalResult {
  code: string | null;
  /** `estado`: the DGII's validation state of the ACECF. */
  state: string | null;
  messages: DgiiMessage[];
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** A stored token is reused while it has more than this left (issue 26). */
const TOKEN_MARGIN_MS = 60_000;

const codeSchema = z.union([z.string(), z.number()]).nullish();
const messageObjectSchema = z.object({ codigo: codeSchema, valor: z.string().nullish() });

/** DT "Validar semilla": `{token, expira, expedido}`, dates `yyyy-MM-ddTHH:mm:ssZ`. */
const tokenAnswerSchema = z.object({
  token: z.string().min(1),
  expira: z.string(),
  expedido: z.string().nullish(),
});
/** DT "Recepción de e-CF": `{trackId, error, mensaje}`. */
const receptionAnswerSchema = z.object({
  trackId: z.string().nullish(),
  error: z.string().nullish(),
  mensaje: z.string().nullish(),
  mensajes: z.array(messageObjectSchema).nullish(),
});
/** DT "Consulta de resultado e-CF" (the DT spells the e-NCF `eNCF`; the service answers `encf`). */
const trackAnswerSchema = z.object({
  trackId: z.string().nullish(),
  codigo: codeSchema,
  estado: z.string().nullish(),
  rnc: z.string().nullish(),
  encf: z.string().nullish(),
  eNCF: z.string().nullish(),
  secuenciaUtilizada: z.boolean().nullish(),
  fechaRecepcion: z.string().nullish(),
  mensajes: z.array(messageObjectSchema).nullish(),
});
/** DT "Anulación de e-NCF": `{rnc, codigo, nombre, mensajes: [string]}`. */
const voidAnswerSchema = z.object({
  rnc: z.string().nullish(),
  codigo: codeSchema,
  nombre: z.string().nullish(),
  mensajes: z.array(z.union([z.string(), messageObjectSchema])).nullish(),
});
/** DT "Recepción de aprobación comercial": `{mensaje: [string], estado, codigo}`. */
const approvalAnswerSchema = z.object({
  mensaje: z.union([z.array(z.string()), z.string()]).nullish(),
  estado: z.string().nullish(),
  codigo: codeSchema,
});

function text(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}

function mapMessages(
  list: ReadonlyArray<z.infer<typeof messageObjectSchema> | string> | null | undefined,
  code = '',
): DgiiMessage[] {
  return (list ?? []).map((m) =>
    typeof m === 'string' ? { code, message: m } : { code: text(m.codigo) ?? '', message: m.valor ?? '' },
  );
}

/**
 * The DGII's messages in an error body, whatever its service: `mensajes: [{codigo, valor}]`
 * (consulta, RFCE), `mensajes: [string]` with a `codigo` (anulación), `mensaje: [string]`
 * (aprobación comercial), or `{error, mensaje}` (recepción, DT). Empty when none is readable.
 */
export function dgiiMessagesOf(body: unknown): DgiiMessage[] {
  if (!body || typeof body !== 'object') return [];
  const b = body as Record<string, unknown>;
  const code = typeof b.codigo === 'string' || typeof b.codigo === 'number' ? String(b.codigo) : '';
  const out: DgiiMessage[] = [];
  for (const list of [b.mensajes, b.mensaje]) {
    if (Array.isArray(list))
      for (const m of list) {
        if (typeof m === 'string') out.push({ code, message: m });
        else if (m && typeof m === 'object') {
          const parsed = messageObjectSchema.safeParse(m);
          if (parsed.success && (parsed.data.valor || parsed.data.codigo !== undefined))
            out.push({ code: text(parsed.data.codigo) ?? '', message: parsed.data.valor ?? '' });
        }
      }
  }
  if (typeof b.error === 'string' || typeof b.mensaje === 'string') {
    const error = typeof b.error === 'string' ? b.error : '';
    const message = typeof b.mensaje === 'string' ? b.mensaje : error;
    if (error || message) out.push({ code: error || code, message });
  }
  if (out.length === 0 && typeof b.title === 'string')
    out.push({ code: String(b.status ?? ''), message: b.title });
  return out;
}

function statusOf(
  codigo: string | number | null | undefined,
  estado: string | null | undefined,
): DgiiTrackStatus | null {
  const n = typeof codigo === 'number' ? codigo : codigo && /^\d+$/.test(codigo) ? Number(codigo) : null;
  if (n !== null && DGII_TRACK_STATUS[n]) return DGII_TRACK_STATUS[n];
  if (estado) return TRACK_STATUS_BY_TEXT[estado.trim().toLowerCase()] ?? null;
  return null;
}

/** One HTTP answer, body read. */
interface RawAnswer {
  status: number;
  body: string;
}

/** What a call sends: the service (for messages), the URL, and the multipart document if any. */
interface CallSpec {
  service: string;
  url: string;
  method: 'GET' | 'POST';
  document?: { xml: string; fileName: string };
  authenticated: boolean;
  accept: string;
}

/**
 * The DGII's e-CF web services for one taxpayer certificate. Safe to share: concurrent calls wait
 * for one authentication.
 */
export class DgiiClient {
  private readonly ecfBaseUrl: string;
  private readonly fcBaseUrl: string;
  private readonly key: SigningKey;
  private readonly tokenStore: DgiiTokenStore;
  private readonly fetchFn: typeof fetch;
  private readonly timeoutMs: number;
  private pendingAuth: Promise<DgiiToken> | null = null;

  constructor(opts: DgiiClientOptions) {
    this.ecfBaseUrl = opts.ecfBaseUrl.replace(/\/+$/, '');
    this.fcBaseUrl = opts.fcBaseUrl.replace(/\/+$/, '');
    this.key = opts.key;
    this.tokenStore = opts.tokenStore;
    this.fetchFn = opts.fetch ?? globalThis.fetch;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /**
   * The DGII's authentication (DT, "Autenticación"): GET the seed (`SemillaModel` XML: `valor`,
   * `fecha`), sign it whole with the certificate (enveloped XMLDSig, `signXml`), POST it as the
   * multipart file `xml` (`semilla.xml`) to `validarsemilla`, which answers the token with its
   * `expira`/`expedido` dates (UTC, `yyyy-MM-ddTHH:mm:ssZ`; a token lasts one hour). Stores the
   * token and answers it. Throws {@link DgiiError}: `rejected` when the DGII refuses the signed
   * seed (certificate or signature), `unavailable`, `protocol`.
   */
  async authenticate(): Promise<DgiiToken> {
    const seedAnswer = await this.call({
      service: 'autenticación (semilla)',
      url: this.ecfBaseUrl + DGII_PATHS.seed,
      method: 'GET',
      authenticated: false,
      accept: 'application/xml, text/xml, */*',
    });
    const seed = this.expectOk(seedAnswer, 'autenticación (semilla)').body;
    let signed: string;
    try {
      const doc = parseXmlStrict(seed);
      if (doc.documentElement?.localName !== 'SemillaModel')
        throw new XmlParseError(`unexpected root ${doc.documentElement?.localName}`);
      signed = signXml(seed, this.key);
    } catch (err) {
      if (err instanceof XmlParseError)
        throw new DgiiError('protocol', 'La DGII respondió una semilla de autenticación ilegible.', {
          status: seedAnswer.status,
        });
      throw err;
    }
    const answer = await this.call({
      service: 'autenticación (validar semilla)',
      url: this.ecfBaseUrl + DGII_PATHS.validateSeed,
      method: 'POST',
      document: { xml: signed, fileName: 'semilla.xml' },
      authenticated: false,
      accept: 'application/json',
    });
    const parsed = this.json(
      this.expectOk(answer, 'autenticación (validar semilla)'),
      tokenAnswerSchema,
      'autenticación',
    );
    const expiresAt = new Date(parsed.expira);
    if (Number.isNaN(expiresAt.getTime()))
      throw new DgiiError('protocol', 'La DGII respondió un token sin fecha de expiración legible.', {
        status: answer.status,
      });
    const token = { token: parsed.token, expiresAt };
    await this.tokenStore.set(token);
    return token;
  }

  /**
   * The session token (DT: "Authorization: bearer {token}", RFC 6750): the stored one while it has
   * more than a minute left, else a new one from {@link authenticate}. Concurrent callers share one
   * authentication.
   */
  async token(): Promise<DgiiToken> {
    const stored = await this.tokenStore.get();
    if (stored && stored.expiresAt.getTime() - Date.now() > TOKEN_MARGIN_MS) return stored;
    this.pendingAuth ??= this.authenticate().finally(() => {
      this.pendingAuth = null;
    });
    return this.pendingAuth;
  }

  /**
   * Sends a signed e-CF to the reception service (DT, "Recepción de e-CF"): POST multipart `xml`
   * with the Bearer token; the DGII answers a `trackId` to query with {@link trackResult}. The file
   * name must be RNC emisor + e-NCF + `.xml` (DT, "Formato de nombre de los archivos XML"), e.g.
   * `101672919E310000000001.xml`. Facturas de consumo under RD$250,000 go to {@link sendSummary}
   * instead. Throws {@link DgiiError}.
   */
  async sendEcf(signedXml: string, fileName: string): Promise<DgiiReception> {
    const service = 'recepción de e-CF';
    const answer = await this.call({
      service,
      url: this.ecfBaseUrl + DGII_PATHS.reception,
      method: 'POST',
      document: { xml: signedXml, fileName },
      authenticated: true,
      accept: 'application/json',
    });
    const parsed = this.json(this.expectOk(answer, service), receptionAnswerSchema, service);
    const messages = [
      ...dgiiMessagesOf({ error: parsed.error, mensaje: parsed.mensaje }),
      ...mapMessages(parsed.mensajes),
    ];
    if (!parsed.trackId) {
      if (messages.length > 0)
        throw new DgiiError('rejected', 'La DGII no recibió el e-CF.', { status: answer.status, messages });
      throw new DgiiError('protocol', 'La DGII recibió el e-CF sin devolver un trackId.', {
        status: answer.status,
      });
    }
    return { trackId: parsed.trackId, messages };
  }

  /**
   * The consulta de resultado of a document sent to the reception service (DT, "Consulta de
   * resultado e-CF"): GET `?trackid=` with the Bearer token; answers the state (see
   * {@link DGII_TRACK_STATUS}), the DGII's messages, the e-NCF and `secuenciaUtilizada`. Throws
   * {@link DgiiError}.
   */
  async trackResult(trackId: string): Promise<DgiiTrackResult> {
    const service = 'consulta de resultado';
    const answer = await this.call({
      service,
      url: `${this.ecfBaseUrl}${DGII_PATHS.trackResult}?trackid=${encodeURIComponent(trackId)}`,
      method: 'GET',
      authenticated: true,
      accept: 'application/json',
    });
    const parsed = this.json(this.expectOk(answer, service), trackAnswerSchema, service);
    const status = statusOf(parsed.codigo, parsed.estado);
    if (!status)
      throw new DgiiError(
        'protocol',
        'La DGII respondió un estado desconocido en la consulta de resultado.',
        {
          status: answer.status,
        },
      );
    return {
      status,
      messages: mapMessages(parsed.mensajes),
      encf: parsed.encf ?? parsed.eNCF ?? null,
      sequenceUsed: parsed.secuenciaUtilizada ?? null,
      receivedAt: parsed.fechaRecepcion ?? null,
    };
  }

  /**
   * The receptions the DGII holds for one e-NCF of one issuer (DT, "Consulta TrackIds": GET
   * `?rncemisor=&encf=` with the Bearer token → `[{trackId, estado, fechaRecepcion}]`). The sender
   * asks it before posting again a document whose earlier post got no answer, so an e-NCF the DGII
   * already has is never posted twice. Throws {@link DgiiError}.
   */
  async trackIdsFor(
    issuerRnc: string,
    encf: string,
  ): Promise<Array<{ trackId: string; state: string | null }>> {
    const service = 'consulta de trackIds';
    const answer = await this.call({
      service,
      url: `${this.ecfBaseUrl}${DGII_PATHS.trackIds}?rncemisor=${encodeURIComponent(issuerRnc)}&encf=${encodeURIComponent(encf)}`,
      method: 'GET',
      authenticated: true,
      accept: 'application/json',
    });
    const parsed = this.json(this.expectOk(answer, service), trackIdsAnswerSchema, service);
    return parsed.map((t) => ({ trackId: t.trackId, state: t.estado ?? null }));
  }

  /**
   * Sends a signed resumen de factura de consumo (RFCE, facturas de consumo under RD$250,000) to
   * the `fc` host (DT, "Recepción de resumen factura de consumo e-CF"): POST multipart `xml` with
   * the Bearer token; the DGII answers at once `{codigo, estado, mensajes, encf,
   * secuenciaUtilizada}`: Aceptado, Aceptado Condicional or Rechazado. File name: RNC emisor +
   * e-NCF + `.xml`. Throws {@link DgiiError}.
   */
  async sendSummary(signedRfceXml: string, fileName: string): Promise<Omit<DgiiTrackResult, 'receivedAt'>> {
    const service = 'recepción de resumen de factura de consumo';
    const answer = await this.call({
      service,
      url: this.fcBaseUrl + DGII_PATHS.summaryReception,
      method: 'POST',
      document: { xml: signedRfceXml, fileName },
      authenticated: true,
      accept: 'application/json',
    });
    const parsed = this.json(this.expectOk(answer, service), trackAnswerSchema, service);
    const status = statusOf(parsed.codigo, parsed.estado);
    if (!status)
      throw new DgiiError('protocol', 'La DGII respondió un estado desconocido para el resumen.', {
        status: answer.status,
      });
    return {
      status,
      messages: mapMessages(parsed.mensajes),
      encf: parsed.encf ?? parsed.eNCF ?? null,
      sequenceUsed: parsed.secuenciaUtilizada ?? null,
    };
  }

  /**
   * Voids ranges of unused e-NCF (DT, "Anulación de e-NCF"): POST the signed ANECF as multipart
   * `xml` with the Bearer token. The DGII answers `{rnc, codigo, nombre, mensajes: [string]}`;
   * refusals it documents ("La firma del documento no es válida", "Las secuencias que está
   * intentando anular han sido utilizadas", …) come as a 4xx → {@link DgiiError} `rejected`.
   * File name: RNC emisor + a name of the caller's choice + `.xml`.
   */
  async voidRanges(signedAnecfXml: string, fileName: string): Promise<DgiiVoidResult> {
    const service = 'anulación de e-NCF';
    const answer = await this.call({
      service,
      url: this.ecfBaseUrl + DGII_PATHS.voidRanges,
      method: 'POST',
      document: { xml: signedAnecfXml, fileName },
      authenticated: true,
      accept: 'application/json',
    });
    const parsed = this.json(this.expectOk(answer, service), voidAnswerSchema, service);
    const code = text(parsed.codigo);
    return {
      rnc: parsed.rnc ?? null,
      code,
      name: parsed.nombre ?? null,
      messages: mapMessages(parsed.mensajes, code ?? ''),
    };
  }

  /**
   * Sends a copy of a commercial approval or rejection (ACECF) of a received e-CF to the DGII (DT,
   * "Recepción de aprobación comercial"): POST multipart `xml` with the Bearer token; answers
   * `{mensaje: [string], estado, codigo}`. Refusals ("La firma del XML no es válida", "Factura no
   * encontrada para esta Aprobación comercial", …) come as a 4xx → {@link DgiiError} `rejected`.
   * File name: RNC comprador + e-NCF + `.xml`.
   */
  async sendCommercialApproval(
    signedAcecfXml: string,
    fileName: string,
  ): Promise<DgiiCommercialApprovalResult> {
    const service = 'aprobación comercial';
    const answer = await this.call({
      service,
      url: this.ecfBaseUrl + DGII_PATHS.commercialApproval,
      method: 'POST',
      document: { xml: signedAcecfXml, fileName },
      authenticated: true,
      accept: 'application/json',
    });
    const parsed = this.json(this.expectOk(answer, service), approvalAnswerSchema, service);
    const code = text(parsed.codigo);
    const list = typeof parsed.mensaje === 'string' ? [parsed.mensaje] : parsed.mensaje;
    return { code, state: parsed.estado ?? null, messages: mapMessages(list, code ?? '') };
  }

  /**
   * One request, with the Bearer token when `authenticated`: a 401 clears the stored token and the
   * request is sent once more with a new one; a second 401 is `unauthorized`. Network errors and
   * timeouts are `unavailable`. Answers the status and body of anything else.
   */
  private async call(spec: CallSpec): Promise<RawAnswer> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { accept: spec.accept };
      if (spec.authenticated) headers.authorization = `Bearer ${(await this.token()).token}`;
      const answer = await this.send(spec, headers);
      if (answer.status !== 401) return answer;
      if (spec.authenticated) await this.tokenStore.set(null);
      if (!spec.authenticated || attempt > 0)
        throw new DgiiError('unauthorized', `La DGII no aceptó la autenticación (${spec.service}).`, {
          status: 401,
          messages: dgiiMessagesOf(tryJson(answer.body)),
        });
    }
  }

  private async send(spec: CallSpec, headers: Record<string, string>): Promise<RawAnswer> {
    let body: FormData | undefined;
    if (spec.document) {
      body = new FormData();
      body.append('xml', new Blob([spec.document.xml], { type: 'text/xml' }), spec.document.fileName);
    }
    try {
      const res = await this.fetchFn(spec.url, {
        method: spec.method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return { status: res.status, body: await res.text() };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      if (e.name === 'TimeoutError' || e.name === 'AbortError')
        throw new DgiiError(
          'unavailable',
          `La DGII no respondió en ${Math.round(this.timeoutMs / 100) / 10} s (${spec.service}).`,
        );
      const code = e.cause?.code ? ` (${e.cause.code})` : '';
      throw new DgiiError('unavailable', `No se pudo conectar con la DGII${code} (${spec.service}).`);
    }
  }

  /** The answer when 2xx; otherwise the {@link DgiiError} its status calls for. */
  private expectOk(answer: RawAnswer, service: string): RawAnswer {
    const { status } = answer;
    if (status >= 200 && status < 300) return answer;
    if (status >= 500 || status === 429 || status === 408)
      throw new DgiiError(
        'unavailable',
        `El servicio de ${service} de la DGII no está disponible (HTTP ${status}).`,
        {
          status,
          messages: dgiiMessagesOf(tryJson(answer.body)),
        },
      );
    if (status >= 400) {
      const messages = dgiiMessagesOf(tryJson(answer.body));
      if (messages.length > 0)
        throw new DgiiError('rejected', `La DGII rechazó la solicitud (${service}).`, { status, messages });
    }
    throw new DgiiError('protocol', `Respuesta inesperada de la DGII (${service}, HTTP ${status}).`, {
      status,
    });
  }

  private json<T>(answer: RawAnswer, schema: z.ZodType<T>, service: string): T {
    const parsed = schema.safeParse(tryJson(answer.body));
    if (!parsed.success)
      throw new DgiiError('protocol', `La DGII respondió algo ilegible (${service}).`, {
        status: answer.status,
      });
    return parsed.data;
  }
}

function tryJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
