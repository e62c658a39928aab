import type { IncomingMessage } from 'node:http';
import type { Document } from '@xmldom/xmldom';
import { parseXmlStrict, verifyXmlSignature } from '../src/modules/ecf/ecf-signature.js';
import type { DgiiSchema } from './dgii-xsd.js';

/*
 * The fake DGII's shared parts (see `fake-dgii.ts`): its public types and messages, the HTTP
 * answer, XML helpers, and the core every service works on — what the fake remembers and how it
 * decides the outcome of a document.
 */

/** The DGII schema names (file names in `shared/dgii-xsd/` without `.xsd`). */
export type DgiiSchemaName = DgiiSchema;

/** The fake's services, as the outages name them. */
export type FakeDgiiService = 'auth' | 'reception' | 'status' | 'fc' | 'void' | 'approval';
/**
 * How a service is down: `503` answers; `timeout`: no answer at all and nothing received (the
 * client times out); `reset`: the connection is destroyed before the request body is read
 * (nothing received). `timeout-after` and `reset-after` lose the answer instead: the request is
 * handled (a posted document IS received and gets its trackId) but the answer never comes, or the
 * connection is destroyed in its place — the "unknown outcome" a sender must not post twice.
 */
export type FakeDgiiOutageMode = '503' | 'timeout' | 'reset' | 'timeout-after' | 'reset-after';
/**
 * The DGII environment the fake plays (DT, "Descripción de Ambientes"): its name is the URL prefix
 * `/ecf/{env}`, `/fc/{env}`. TesteCF is pre-certification, CerteCF certification, eCF production.
 */
export type FakeDgiiEnvironment = 'TesteCF' | 'CerteCF' | 'eCF';
export type FakeDgiiOutage =
  | boolean
  | { service: FakeDgiiService | 'all'; mode?: FakeDgiiOutageMode }
  | Array<{ service: FakeDgiiService | 'all'; mode?: FakeDgiiOutageMode }>;

export interface FakeDgiiOptions {
  /**
   * The environment played (default TesteCF). CerteCF has no consulta de trackIds: the DT lists its
   * URL for TesteCF and eCF only (DT §5.10 "Consulta de trackId e-CF", p. 25), and the 28-12-2020
   * update removed it from certification (DT, "Actualizaciones al 28-12-2020", item 2), so the
   * fake answers it as an unknown route (404).
   */
  environment?: FakeDgiiEnvironment;
  /** How long a token lasts; 1 hour as the DGII's (default). */
  tokenTtlMs?: number;
  /** Consultas of a trackId answered "En Proceso" before the final state; default 1. */
  processingPolls?: number;
  /** Only seeds signed with one of these certificates get a token (default: any valid signature). */
  trustedCertificatePem?: string | string[];
  /**
   * XSD validation (`validateAgainstDgiiXsd` of `test/dgii-xsd.ts`): called with the document and
   * its schema name; errors make the document rejected. Optional: without it, no XSD check.
   */
  validate?(xml: string, schema: DgiiSchemaName): Promise<string[]>;
}

/** A message as the DGII writes it in a consulta de resultado or RFCE answer. */
export interface FakeDgiiMessage {
  codigo: number | string;
  valor: string;
}

/** One e-CF received by the reception service. */
export interface FakeDgiiSubmission {
  encf: string;
  rnc: string;
  trackId: string;
  xml: string;
  fileName: string;
  at: Date;
}

/** One RFCE received by the FC service, with the answer given. */
export interface FakeDgiiSummary {
  encf: string;
  rnc: string;
  xml: string;
  fileName: string;
  at: Date;
  codigo: number;
}

/** The final outcome decided for a trackId when it was received. */
export interface TrackOutcome {
  codigo: 1 | 2 | 4;
  mensajes: FakeDgiiMessage[];
  secuenciaUtilizada: boolean;
}

export interface TrackRecord {
  submission: FakeDgiiSubmission;
  outcome: TrackOutcome;
  polls: number;
}

export type Matcher = string | ((encf: string, xml: string) => boolean);
export interface OutcomeRule {
  match: Matcher;
  codigo: 2 | 4;
  mensajes: FakeDgiiMessage[];
  sequenceUsed: boolean;
}

/** What the fake remembers, for assertions. */
export interface FakeDgiiState {
  /** Seeds handed out (by `valor`) and whether one was already exchanged for a token. */
  seeds: Map<string, { fecha: string; used: boolean }>;
  /** Tokens issued, with their expiry and the certificate that signed the seed. */
  tokens: Map<string, { expiresAt: Date; certificatePem: string }>;
  /** Every e-CF the reception service took (one trackId each), in order. */
  submissions: FakeDgiiSubmission[];
  /** Every RFCE the FC service took, in order. */
  summaries: FakeDgiiSummary[];
  /** Every ANECF accepted, with the e-NCF it voided. */
  voids: Array<{ rnc: string; xml: string; encfs: string[]; at: Date }>;
  /** Every ACECF accepted. */
  approvals: Array<{ rnc: string; encf: string; estado: string; xml: string; at: Date }>;
}

/** One request as the fake saw it: `status` 0 when it never answered (timeout or reset). */
export interface FakeDgiiRequest {
  method: string;
  path: string;
  service: FakeDgiiService | 'unknown';
  status: number;
  /** Whether it carried an `Authorization` header (its value is never kept). */
  authorized: boolean;
}

/**
 * Messages of the fake (assumption: the DT documents the states, not the codes nor, for the
 * reception service, the wording of each rejection; the texts follow the DT's lists of reasons).
 */
export const FAKE_DGII_MESSAGES = {
  badSignature: { codigo: 101, valor: 'Certificado y/o firma inválida.' },
  untrustedCertificate: {
    codigo: 102,
    valor:
      'Firmante del comprobante fiscal electrónico no corresponde a un delegado autorizado para hacer transacciones para el RNC Emisor.',
  },
  schema: { codigo: 103, valor: 'La estructura del archivo XML no es válida.' },
  duplicated: { codigo: 104, valor: 'El e-NCF ya fue utilizado en un comprobante recibido por la DGII.' },
  voided: { codigo: 105, valor: 'El e-NCF fue anulado.' },
  consumoUnderThreshold: {
    codigo: 106,
    valor:
      'Las Facturas de Consumo Electrónica con un monto inferior a RD$250,000.00 deben enviarse como resumen (RFCE).',
  },
  rejected: { codigo: 107, valor: 'El comprobante no cumple las validaciones de la DGII.' },
  conditional: { codigo: 108, valor: 'El comprobante tiene observaciones que no ameritan su rechazo.' },
} as const satisfies Record<string, FakeDgiiMessage>;

/** The DGII's `estado` text of each consulta `codigo` (DT, "Consulta de resultado e-CF"). */
export const TRACK_STATES: Record<number, string> = {
  0: 'No encontrado',
  1: 'Aceptado',
  2: 'Rechazado',
  3: 'En Proceso',
  4: 'Aceptado Condicional',
};

/** An answer of the fake: status, body (JSON unless a string) and headers. */
export class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly contentType = 'application/json; charset=utf-8',
    readonly headers: Record<string, string> = {},
  ) {}
}

/** A JSON answer. */
export function json(status: number, body: unknown): HttpAnswer {
  return new HttpAnswer(status, body);
}

/** The trimmed text of the first `tag` element; null when absent or empty. */
export function firstText(doc: Document, tag: string): string | null {
  const el = doc.getElementsByTagName(tag)[0];
  const value = el?.textContent?.trim();
  return value ? value : null;
}

/** The DGII's seed date: local time of Santo Domingo (UTC-4, no DST) with 7 fraction digits, as its samples. */
export function seedDate(now: Date): string {
  const local = new Date(now.getTime() - 4 * 3_600_000).toISOString().replace('Z', '');
  return `${local}0000-04:00`;
}

/** `yyyy-MM-ddTHH:mm:ssZ` (DT: "formato estándar universal"). */
export function universal(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** The base64 of a PEM, without armour and spaces. */
export function pemBody(pem: string): string {
  return pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
}

/** `E310000000001` → `{type: '31', seq: 1}`; null for anything else. */
export function parseEncf(encf: string): { type: string; seq: number } | null {
  const m = /^E(\d{2})(\d{10})$/.exec(encf);
  return m ? { type: m[1]!, seq: Number(m[2]) } : null;
}

/**
 * The multipart file `xml` of a request (DT: every service takes `xml*` as multipart/form-data).
 * A body without Content-Length is refused as the DGII does ("Multipart cannot be empty", noted by
 * the dgii-ecf package).
 */
export async function readXmlFile(
  req: IncomingMessage,
  body: Buffer,
): Promise<{ xml: string; fileName: string } | HttpAnswer> {
  const invalid = json(400, {
    trackId: null,
    error: 'Archivo no válido',
    mensaje: 'Tipo de archivo no válido, favor proveer un XML',
  });
  if (!req.headers['content-length'] || body.length === 0)
    return json(400, { trackId: null, error: 'Solicitud inválida', mensaje: 'Multipart cannot be empty' });
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) return invalid;
  let form: FormData;
  try {
    form = await new Request('http://fake-dgii/', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    }).formData();
  } catch {
    return invalid;
  }
  const file = form.get('xml');
  if (!file || typeof file === 'string') return invalid;
  const xml = await file.text();
  try {
    parseXmlStrict(xml);
  } catch {
    return invalid;
  }
  return { xml, fileName: file.name };
}

/** What the fake's services share: its options, memory and outcome rules (one per started fake). */
export type FakeDgiiCore = ReturnType<typeof createCore>;

/** The core of a fake started with `opts`; `unauthorized` is switched by the test. */
export function createCore(opts: FakeDgiiOptions) {
  const tokenTtlMs = opts.tokenTtlMs ?? 3_600_000;
  const processingPolls = opts.processingPolls ?? 1;
  const trusted = opts.trustedCertificatePem
    ? (Array.isArray(opts.trustedCertificatePem)
        ? opts.trustedCertificatePem
        : [opts.trustedCertificatePem]
      ).map(pemBody)
    : null;
  const state: FakeDgiiState = {
    seeds: new Map(),
    tokens: new Map(),
    submissions: [],
    summaries: [],
    voids: [],
    approvals: [],
  };
  const tracks = new Map<string, TrackRecord>();
  const rules: OutcomeRule[] = [];
  const voidedEncfs = new Set<string>();

  async function schemaErrors(xml: string, schema: DgiiSchemaName): Promise<string[]> {
    return opts.validate ? opts.validate(xml, schema) : [];
  }

  function takeRule(encf: string, xml: string): OutcomeRule | null {
    const i = rules.findIndex((r) => (typeof r.match === 'string' ? r.match === encf : r.match(encf, xml)));
    return i < 0 ? null : rules.splice(i, 1)[0]!;
  }

  /** Whether an earlier document already spent this e-NCF of this RNC (accepted, or rejected with the sequence used). */
  function encfSpent(rnc: string, encf: string): boolean {
    for (const t of tracks.values())
      if (
        t.submission.rnc === rnc &&
        t.submission.encf === encf &&
        (t.outcome.codigo !== 2 || t.outcome.secuenciaUtilizada)
      )
        return true;
    return state.summaries.some((s) => s.rnc === rnc && s.encf === encf && s.codigo !== 2);
  }

  /**
   * The outcome of an e-CF or RFCE: signature and certificate (sequence reusable: DT, list of
   * `secuenciaUtilizada = false` reasons), XSD (assumption: reusable too), voided or already spent
   * e-NCF (assumption: Rechazado with the sequence used; the DT says several trackIds may exist for
   * one e-NCF, "Consulta de trackId e-CF"), then the rules set by the test, else Aceptado.
   */
  async function decide(
    xml: string,
    rnc: string,
    encf: string,
    schema: DgiiSchemaName,
  ): Promise<TrackOutcome> {
    const check = verifyXmlSignature(xml);
    if (!check.valid)
      return { codigo: 2, mensajes: [FAKE_DGII_MESSAGES.badSignature], secuenciaUtilizada: false };
    if (trusted && !trusted.includes(pemBody(check.certificatePem)))
      return { codigo: 2, mensajes: [FAKE_DGII_MESSAGES.untrustedCertificate], secuenciaUtilizada: false };
    const errors = await schemaErrors(xml, schema);
    if (errors.length > 0)
      return {
        codigo: 2,
        mensajes: errors.map((e) => ({
          codigo: FAKE_DGII_MESSAGES.schema.codigo,
          valor: `${FAKE_DGII_MESSAGES.schema.valor} ${e}`,
        })),
        secuenciaUtilizada: false,
      };
    if (voidedEncfs.has(`${rnc}/${encf}`))
      return { codigo: 2, mensajes: [FAKE_DGII_MESSAGES.voided], secuenciaUtilizada: true };
    if (encfSpent(rnc, encf))
      return { codigo: 2, mensajes: [FAKE_DGII_MESSAGES.duplicated], secuenciaUtilizada: true };
    const rule = takeRule(encf, xml);
    if (rule)
      return {
        codigo: rule.codigo,
        mensajes: rule.mensajes,
        secuenciaUtilizada: rule.codigo === 4 || rule.sequenceUsed,
      };
    return { codigo: 1, mensajes: [], secuenciaUtilizada: true };
  }

  return {
    opts,
    tokenTtlMs,
    processingPolls,
    trusted,
    state,
    tracks,
    rules,
    voidedEncfs,
    unauthorized: false,
    schemaErrors,
    takeRule,
    encfSpent,
    decide,
  };
}
