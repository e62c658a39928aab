import type { z } from 'zod';
import {
  type CallSpec,
  DEFAULT_TIMEOUT_MS,
  DGII_PATHS,
  type DgiiClientOptions,
  DgiiError,
  type DgiiToken,
  type DgiiTokenStore,
  dgiiMessagesOf,
  type RawAnswer,
  TOKEN_MARGIN_MS,
  tokenAnswerSchema,
  tryJson,
} from './dgii-protocol.js';
import { parseXmlStrict, type SigningKey, signXml, XmlParseError } from './ecf-signature.js';

/**
 * Error codes of a connection that was never made (refused, unknown or unreachable host, connect
 * timeout): the request cannot have reached the DGII. TLS and certificate failures count too (the
 * request is sent after the handshake). Anything else lost without an answer may have arrived.
 */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * The DGII session of one taxpayer certificate (DT, "Autenticación"): the signed-seed
 * authentication, the token kept in the store, and the HTTP call every service makes with it
 * (multipart `xml`, Bearer token, one retry on 401, errors mapped to {@link DgiiError}). The
 * services themselves are {@link DgiiClient}'s. Safe to share: concurrent calls wait for one
 * authentication.
 */
export class DgiiSession {
  protected readonly ecfBaseUrl: string;
  protected readonly fcBaseUrl: string;
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
   * An authenticated call of a DGII service that answers JSON: GET `url`, or POST `document` as the
   * multipart file `xml`. Answers the body read with `schema` and the HTTP status; a non-2xx or an
   * unreadable body throws the {@link DgiiError} it calls for.
   */
  protected async request<T>(
    service: string,
    url: string,
    schema: z.ZodType<T>,
    document?: { xml: string; fileName: string },
  ): Promise<{ parsed: T; status: number }> {
    const answer = await this.call({
      service,
      url,
      method: document ? 'POST' : 'GET',
      ...(document ? { document } : {}),
      authenticated: true,
      accept: 'application/json',
    });
    return { parsed: this.json(this.expectOk(answer, service), schema, service), status: answer.status };
  }

  /**
   * One request, with the Bearer token when `authenticated`: a 401 clears the stored token and the
   * request is sent once more with a new one; a second 401 is `unauthorized`. Network errors and
   * timeouts are `unavailable`. Answers the status and body of anything else. A failure of the
   * authentication before the request is never {@link DgiiError.uncertain}: the request did not
   * leave.
   */
  protected async call(spec: CallSpec): Promise<RawAnswer> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { accept: spec.accept };
      if (spec.authenticated) headers.authorization = `Bearer ${(await this.sessionToken()).token}`;
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

  /**
   * {@link token} for a service call. Its failures are never uncertain (the request that needed it
   * never left), and the DGII refusing the signed seed (the certificate) is `unauthorized`, not a
   * refusal of the document the call carries.
   */
  private async sessionToken(): Promise<DgiiToken> {
    try {
      return await this.token();
    } catch (err) {
      if (err instanceof DgiiError && (err.uncertain || err.kind === 'rejected'))
        throw new DgiiError(err.kind === 'rejected' ? 'unauthorized' : err.kind, err.message, {
          ...(err.status !== undefined ? { status: err.status } : {}),
          messages: err.messages,
        });
      throw err;
    }
  }

  /**
   * Sends one request. A failure without an answer is `unavailable`, and
   * {@link DgiiError.uncertain} unless the connection was never made ({@link NOT_CONNECTED}): a
   * timeout or a connection lost midway may come after the DGII took the request.
   */
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
          { uncertain: true },
        );
      const cause = e.cause?.code;
      const code = cause ? ` (${cause})` : '';
      const uncertain = !(cause && (NOT_CONNECTED.has(cause) || /^(ERR_TLS_|CERT_|UNABLE_TO_)/.test(cause)));
      throw new DgiiError('unavailable', `No se pudo conectar con la DGII${code} (${spec.service}).`, {
        uncertain,
      });
    }
  }

  /** The answer when 2xx; otherwise the {@link DgiiError} its status calls for. */
  protected expectOk(answer: RawAnswer, service: string): RawAnswer {
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

  protected json<T>(answer: RawAnswer, schema: z.ZodType<T>, service: string): T {
    const parsed = schema.safeParse(tryJson(answer.body));
    if (!parsed.success)
      throw new DgiiError('protocol', `La DGII respondió algo ilegible (${service}).`, {
        status: answer.status,
      });
    return parsed.data;
  }
}
