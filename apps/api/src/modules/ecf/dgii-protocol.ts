import type { DgiiMessage } from '@agencia/shared';
import { z } from 'zod';
import type { SigningKey } from './ecf-signature.js';

/*
 * The DGII's e-CF web services as this client reads them (issue 26): service paths, result states,
 * the answer shapes of each service and their messages, and the error every call may throw. The
 * sources are those of `dgii-client.ts` (DT v1.6, "Descripción de Servicios Web").
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
  /**
   * DT "Consulta de estado e-CF" (pp. 21–24): GET `?rncemisor=&ncfelectronico=&rnccomprador=&codigoseguridad=`,
   * answers whether an e-CF (anyone's: the caller must be delegated for its issuer or its buyer) is
   * valid. TesteCF and eCF only (the DT lists no CerteCF URL).
   */
  ecfStatus: '/consultaestado/api/consultas/estado',
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

/**
 * One entry of the consulta de trackIds (DT §5.10 "Consulta de trackId e-CF", "Formato salida",
 * p. 26: `{trackId, estado, fechaRecepcion}`). `trackId` may be null: when the DGII has no
 * reception of the e-NCF it answers an entry in the state "No encontrado" ("implica que no se
 * encontró el e-CF en los registros", p. 27), seen as `[{"trackId": null, "estado": "No
 * encontrado"}]` (issue 41).
 */
const trackIdEntrySchema = z.object({
  trackId: z.string().nullish(),
  estado: z.string().nullish(),
  fechaRecepcion: z.string().nullish(),
});
/**
 * The answer of the consulta de trackIds: one entry per reception of the e-NCF ("Se pueden obtener
 * múltiples TrackIds", DT p. 24). The DT's sample shows a single object, the service an array:
 * both are read as a list.
 */
export const trackIdsAnswerSchema = z.union([z.array(trackIdEntrySchema), trackIdEntrySchema]);

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
 *
 * `uncertain` (issue 41): the request may have reached the DGII and been processed though no answer
 * came back — a timeout, or a connection lost once it was open. False for a definite failure: the
 * DGII answered (any HTTP status), the connection was never made (refused, unknown host, TLS), or
 * the request never left (the authentication before it failed). Only an uncertain post calls for
 * the consulta de trackIds before posting again.
 */
export class DgiiError extends Error {
  override name = 'DgiiError';
  readonly kind: 'unavailable' | 'rejected' | 'unauthorized' | 'protocol';
  readonly status?: number;
  readonly messages: DgiiMessage[];
  readonly uncertain: boolean;

  constructor(
    kind: DgiiError['kind'],
    message: string,
    opts: { status?: number; messages?: DgiiMessage[]; uncertain?: boolean } = {},
  ) {
    super(message);
    this.kind = kind;
    if (opts.status !== undefined) this.status = opts.status;
    this.messages = opts.messages ?? [];
    this.uncertain = opts.uncertain ?? false;
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

export const DEFAULT_TIMEOUT_MS = 30_000;
/** A stored token is reused while it has more than this left (issue 26). */
export const TOKEN_MARGIN_MS = 60_000;

export const codeSchema = z.union([z.string(), z.number()]).nullish();
export const messageObjectSchema = z.object({ codigo: codeSchema, valor: z.string().nullish() });

/** DT "Validar semilla": `{token, expira, expedido}`, dates `yyyy-MM-ddTHH:mm:ssZ`. */
export const tokenAnswerSchema = z.object({
  token: z.string().min(1),
  expira: z.string(),
  expedido: z.string().nullish(),
});
/** DT "Recepción de e-CF": `{trackId, error, mensaje}`. */
export const receptionAnswerSchema = z.object({
  trackId: z.string().nullish(),
  error: z.string().nullish(),
  mensaje: z.string().nullish(),
  mensajes: z.array(messageObjectSchema).nullish(),
});
/** DT "Consulta de resultado e-CF" (the DT spells the e-NCF `eNCF`; the service answers `encf`). */
export const trackAnswerSchema = z.object({
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
/**
 * DT "Consulta de estado e-CF", "Formatos salida" (p. 22): `{codigo, estado, rncEmisor,
 * ncfElectronico, montoTotal, totalITBIS, fechaEmision, fechaFirma, rncComprador, codigoSeguridad,
 * idExtranjero}`; amounts are numbers in the DT's sample (strings read too).
 */
export const ecfStatusAnswerSchema = z.object({
  codigo: codeSchema,
  estado: z.string().nullish(),
  rncEmisor: z.string().nullish(),
  ncfElectronico: z.string().nullish(),
  montoTotal: z.union([z.number(), z.string()]).nullish(),
  totalITBIS: z.union([z.number(), z.string()]).nullish(),
  fechaEmision: z.string().nullish(),
  fechaFirma: z.string().nullish(),
  rncComprador: z.string().nullish(),
  codigoSeguridad: z.string().nullish(),
  idExtranjero: z.string().nullish(),
  mensajes: z.array(z.union([z.string(), messageObjectSchema])).nullish(),
});

/**
 * The answer of the consulta de estado e-CF (DT pp. 21–24). `status`: `not_found` ("no se encontró
 * el comprobante en los registros, pudiendo deberse a que aún no haya sido reportado"),
 * `accepted` (valid), `conditionally_accepted` (valid; the DT names it for facturas de consumo
 * under RD$250,000), `rejected` (void for tax purposes; an "Anulado" state is read the same way),
 * `in_process`. The other fields are the DGII's, as it extracted them from the e-CF it holds.
 */
export interface DgiiEcfStatus {
  status: DgiiTrackStatus;
  issuerRnc: string | null;
  encf: string | null;
  buyerRnc: string | null;
  /** `montoTotal` in cents (null when absent or unreadable). */
  totalCents: number | null;
  securityCode: string | null;
  messages: DgiiMessage[];
}

/** An amount of the DGII's JSON (a number, or its text) in whole cents; null otherwise. */
export function amountCents(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value.trim());
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** DT "Anulación de e-NCF": `{rnc, codigo, nombre, mensajes: [string]}`. */
export const voidAnswerSchema = z.object({
  rnc: z.string().nullish(),
  codigo: codeSchema,
  nombre: z.string().nullish(),
  mensajes: z.array(z.union([z.string(), messageObjectSchema])).nullish(),
});
/** DT "Recepción de aprobación comercial": `{mensaje: [string], estado, codigo}`. */
export const approvalAnswerSchema = z.object({
  mensaje: z.union([z.array(z.string()), z.string()]).nullish(),
  estado: z.string().nullish(),
  codigo: codeSchema,
});

/** A DGII code or text as a string; null when absent. */
export function text(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** A service's `mensajes` as `{code, message}`; plain strings take `code`. */
export function mapMessages(
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

/** The state of a consulta or RFCE answer by its `codigo`, else its `estado` text; null when unknown. */
export function statusOf(
  codigo: string | number | null | undefined,
  estado: string | null | undefined,
): DgiiTrackStatus | null {
  const n = typeof codigo === 'number' ? codigo : codigo && /^\d+$/.test(codigo) ? Number(codigo) : null;
  if (n !== null && DGII_TRACK_STATUS[n]) return DGII_TRACK_STATUS[n];
  if (estado) return TRACK_STATUS_BY_TEXT[estado.trim().toLowerCase()] ?? null;
  return null;
}

/** One HTTP answer, body read. */
export interface RawAnswer {
  status: number;
  body: string;
}

/** What a call sends: the service (for messages), the URL, and the multipart document if any. */
export interface CallSpec {
  service: string;
  url: string;
  method: 'GET' | 'POST';
  document?: { xml: string; fileName: string };
  authenticated: boolean;
  accept: string;
}

/** The body as JSON, or undefined when it is not JSON. */
export function tryJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
