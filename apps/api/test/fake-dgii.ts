import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Document } from '@xmldom/xmldom';
import { parseXmlStrict, verifyXmlSignature } from '../src/modules/ecf/ecf-signature.js';
import type { DgiiSchema } from './dgii-xsd.js';

/*
 * A local stand-in for the DGII's e-CF web services (issue 26), for tests: one node:http server on
 * 127.0.0.1 that answers as the DGII's "Descripción técnica de facturación electrónica" (v1.6,
 * "DT") documents, for both hosts: `…/ecf/TesteCF` plays https://ecf.dgii.gov.do/TesteCF and
 * `…/fc/TesteCF` plays https://fc.dgii.gov.do/TesteCF. Paths are matched without regard to case,
 * as the DGII's are. What the DT does not say (the codes and wording of most messages, how a
 * duplicated e-NCF is answered) is the fake's own choice, marked "assumption" below.
 */

/** The DGII schema names (file names in `shared/dgii-xsd/` without `.xsd`). */
export type DgiiSchemaName = DgiiSchema;

/** The fake's services, as the outages name them. */
export type FakeDgiiService = 'auth' | 'reception' | 'status' | 'fc' | 'void' | 'approval';
/** How a service is down: 503 answers, no answer at all (the client times out), or a reset socket. */
export type FakeDgiiOutageMode = '503' | 'timeout' | 'reset';
export type FakeDgiiOutage =
  | boolean
  | { service: FakeDgiiService | 'all'; mode?: FakeDgiiOutageMode }
  | Array<{ service: FakeDgiiService | 'all'; mode?: FakeDgiiOutageMode }>;

export interface FakeDgiiOptions {
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
interface TrackOutcome {
  codigo: 1 | 2 | 4;
  mensajes: FakeDgiiMessage[];
  secuenciaUtilizada: boolean;
}

interface TrackRecord {
  submission: FakeDgiiSubmission;
  outcome: TrackOutcome;
  polls: number;
}

type Matcher = string | ((encf: string, xml: string) => boolean);
interface OutcomeRule {
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

export interface FakeDgii {
  /** `http://127.0.0.1:PORT/ecf/TesteCF`: authentication, reception, consulta, ANECF, ACECF. */
  ecfBaseUrl: string;
  /** `http://127.0.0.1:PORT/fc/TesteCF`: RFCE reception. */
  fcBaseUrl: string;
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
  /** The trackId records: the outcome decided and how many consultas were made. */
  outcomeOf(trackId: string): { codigo: number; polls: number } | null;
  close(): Promise<void>;
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

const TRACK_STATES: Record<number, string> = {
  0: 'No encontrado',
  1: 'Aceptado',
  2: 'Rechazado',
  3: 'En Proceso',
  4: 'Aceptado Condicional',
};

/** Service of each route, by lower-cased path after the host prefix. */
const ECF_ROUTES: Record<string, FakeDgiiService> = {
  'autenticacion/api/autenticacion/semilla': 'auth',
  'autenticacion/api/autenticacion/validarsemilla': 'auth',
  'recepcion/api/facturaselectronicas': 'reception',
  'consultaresultado/api/consultas/estado': 'status',
  'consultatrackids/api/trackids/consulta': 'status',
  'anulacionrangos/api/operaciones/anularrango': 'void',
  'aprobacioncomercial/api/aprobacioncomercial': 'approval',
};
const FC_ROUTES: Record<string, FakeDgiiService> = { 'recepcionfc/api/recepcion/ecf': 'fc' };

const ENVIRONMENT = 'TesteCF';

class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly contentType = 'application/json; charset=utf-8',
    readonly headers: Record<string, string> = {},
  ) {}
}

function json(status: number, body: unknown): HttpAnswer {
  return new HttpAnswer(status, body);
}

function firstText(doc: Document, tag: string): string | null {
  const el = doc.getElementsByTagName(tag)[0];
  const value = el?.textContent?.trim();
  return value ? value : null;
}

/** The DGII's seed date: local time of Santo Domingo (UTC-4, no DST) with 7 fraction digits, as its samples. */
function seedDate(now: Date): string {
  const local = new Date(now.getTime() - 4 * 3_600_000).toISOString().replace('Z', '');
  return `${local}0000-04:00`;
}

/** `yyyy-MM-ddTHH:mm:ssZ` (DT: "formato estándar universal"). */
function universal(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function pemBody(pem: string): string {
  return pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
}

/** `E310000000001` → `{type: '31', seq: 1}`; null for anything else. */
function parseEncf(encf: string): { type: string; seq: number } | null {
  const m = /^E(\d{2})(\d{10})$/.exec(encf);
  return m ? { type: m[1]!, seq: Number(m[2]) } : null;
}

/**
 * Starts the fake DGII (see the module comment). Close it with `close()` (in `afterAll`/`afterEach`).
 */
export async function startFakeDgii(opts: FakeDgiiOptions = {}): Promise<FakeDgii> {
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
  const requests: FakeDgiiRequest[] = [];
  const tracks = new Map<string, TrackRecord>();
  const rules: OutcomeRule[] = [];
  const voidedEncfs = new Set<string>();
  let outages: Array<{ service: FakeDgiiService | 'all'; mode: FakeDgiiOutageMode }> = [];
  let unauthorized = false;
  const sockets = new Set<Socket>();

  const outageFor = (service: FakeDgiiService): FakeDgiiOutageMode | null =>
    outages.find((o) => o.service === 'all' || o.service === service)?.mode ?? null;

  /** The token of an `Authorization: Bearer` header when valid; else a 401 answer. */
  function authorize(req: IncomingMessage): HttpAnswer | null {
    const header = req.headers.authorization ?? '';
    const m = /^bearer\s+(\S+)$/i.exec(header);
    const record = m ? state.tokens.get(m[1]!) : undefined;
    if (unauthorized || !record || record.expiresAt.getTime() <= Date.now())
      return new HttpAnswer(401, '', 'text/plain', { 'www-authenticate': 'Bearer error="invalid_token"' });
    return null;
  }

  /**
   * The multipart file `xml` of a request (DT: every service takes `xml*` as multipart/form-data).
   * A body without Content-Length is refused as the DGII does ("Multipart cannot be empty", noted by
   * the dgii-ecf package).
   */
  async function readXmlFile(
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

  // --- The services -------------------------------------------------------------------------

  /** DT "Obtener archivo semilla". */
  function seed(): HttpAnswer {
    const valor = randomBytes(96).toString('base64');
    const fecha = seedDate(new Date());
    state.seeds.set(valor, { fecha, used: false });
    const xml =
      '<?xml version="1.0" encoding="utf-8"?>\r\n' +
      '<SemillaModel xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">\r\n' +
      `  <valor>${valor}</valor>\r\n  <fecha>${fecha}</fecha>\r\n</SemillaModel>`;
    return new HttpAnswer(200, xml, 'application/xml; charset=utf-8');
  }

  /** DT "Validar semilla": the signed seed, once, for a token. Refusals: 400 `{error, mensaje}` (assumption). */
  async function validateSeed(req: IncomingMessage, body: Buffer): Promise<HttpAnswer> {
    const file = await readXmlFile(req, body);
    if (file instanceof HttpAnswer) return file;
    const refuse = (mensaje: string) => json(400, { error: 'Semilla no válida', mensaje });
    const doc = parseXmlStrict(file.xml);
    if (doc.documentElement?.localName !== 'SemillaModel') return refuse('El archivo no es una semilla.');
    const valor = firstText(doc, 'valor');
    const issued = valor ? state.seeds.get(valor) : undefined;
    if (!valor || !issued) return refuse('La semilla no fue emitida por la DGII.');
    if (issued.used) return refuse('La semilla ya fue utilizada.');
    if (firstText(doc, 'fecha') !== issued.fecha) return refuse('La semilla fue alterada.');
    const check = verifyXmlSignature(file.xml);
    if (!check.valid) return refuse(`La firma de la semilla no es válida. ${check.reason}`);
    if (trusted && !trusted.includes(pemBody(check.certificatePem)))
      return refuse('El certificado no corresponde a un contribuyente autorizado.');
    const errors = await schemaErrors(file.xml, 'Semilla');
    if (errors.length > 0) return refuse(`La estructura de la semilla no es válida. ${errors.join(' ')}`);
    issued.used = true;
    const token = `${randomBytes(24).toString('base64url')}.${randomBytes(24).toString('base64url')}`;
    const now = new Date();
    const expiresAt = new Date(now.getTime() + tokenTtlMs);
    state.tokens.set(token, { expiresAt, certificatePem: check.certificatePem });
    return json(200, { token, expira: universal(expiresAt), expedido: universal(now) });
  }

  /** DT "Recepción de e-CF": a trackId at once; the validation result comes by consulta. */
  async function reception(req: IncomingMessage, body: Buffer): Promise<HttpAnswer> {
    const file = await readXmlFile(req, body);
    if (file instanceof HttpAnswer) return file;
    const doc = parseXmlStrict(file.xml);
    const root = doc.documentElement?.localName;
    const encf = firstText(doc, 'eNCF');
    const rnc = firstText(doc, 'RNCEmisor');
    const parsed = encf ? parseEncf(encf) : null;
    if (root !== 'ECF' || !encf || !rnc || !parsed)
      return json(400, { trackId: null, error: 'Archivo no válido', mensaje: 'El archivo no es un e-CF.' });
    // DT "Formato de nombre de los archivos XML": RNC emisor + e-NCF (assumption: refused otherwise).
    if (file.fileName.toUpperCase() !== `${rnc}${encf}.XML`)
      return json(400, {
        trackId: null,
        error: 'Nombre de archivo no válido',
        mensaje: `El nombre del archivo debe ser ${rnc}${encf}.xml.`,
      });
    const submission: FakeDgiiSubmission = {
      encf,
      rnc,
      trackId: randomUUID(),
      xml: file.xml,
      fileName: file.fileName,
      at: new Date(),
    };
    let outcome: TrackOutcome;
    const total = Number(firstText(doc, 'MontoTotal') ?? 'NaN');
    if (parsed.type === '32' && total < 250_000)
      // DT "Recepción de e-CF": those are not received by this service (assumption: rejected, reusable).
      outcome = {
        codigo: 2,
        mensajes: [FAKE_DGII_MESSAGES.consumoUnderThreshold],
        secuenciaUtilizada: false,
      };
    else outcome = await decide(file.xml, rnc, encf, `ECF-${parsed.type}` as DgiiSchemaName);
    state.submissions.push(submission);
    tracks.set(submission.trackId, { submission, outcome, polls: 0 });
    return json(200, { trackId: submission.trackId });
  }

  /** DT "Consulta de resultado e-CF": En Proceso for the first `processingPolls` consultas, then the outcome. */
  function trackResult(url: URL): HttpAnswer {
    const trackId = [...url.searchParams].find(([k]) => k.toLowerCase() === 'trackid')?.[1] ?? '';
    const record = tracks.get(trackId);
    if (!record)
      return json(200, {
        trackId,
        codigo: 0,
        estado: TRACK_STATES[0],
        rnc: null,
        encf: null,
        secuenciaUtilizada: false,
        fechaRecepcion: null,
        mensajes: [],
      });
    record.polls++;
    const inProcess = record.polls <= processingPolls;
    const codigo = inProcess ? 3 : record.outcome.codigo;
    return json(200, {
      trackId,
      codigo,
      estado: TRACK_STATES[codigo],
      rnc: record.submission.rnc,
      encf: record.submission.encf,
      secuenciaUtilizada: inProcess ? true : record.outcome.secuenciaUtilizada,
      fechaRecepcion: universal(record.submission.at),
      mensajes: inProcess ? [] : record.outcome.mensajes,
    });
  }

  /**
   * DT "Consulta TrackIds": GET `?rncemisor=&encf=` → every reception of that e-NCF by that issuer,
   * `[{trackId, estado, fechaRecepcion}]` (an empty array when the DGII has none).
   */
  function trackIds(url: URL): HttpAnswer {
    const param = (name: string) => [...url.searchParams].find(([k]) => k.toLowerCase() === name)?.[1] ?? '';
    const rnc = param('rncemisor');
    const encf = param('encf');
    const found = [...tracks.entries()]
      .filter(([, t]) => t.submission.encf === encf && t.submission.rnc === rnc)
      .map(([trackId, t]) => ({
        trackId,
        estado: TRACK_STATES[t.polls <= processingPolls ? 3 : t.outcome.codigo],
        fechaRecepcion: universal(t.submission.at),
      }));
    return json(200, found);
  }

  /** DT "Recepción de resumen factura de consumo e-CF": answered at once. */
  async function summary(req: IncomingMessage, body: Buffer): Promise<HttpAnswer> {
    const file = await readXmlFile(req, body);
    if (file instanceof HttpAnswer) return file;
    const doc = parseXmlStrict(file.xml);
    const encf = firstText(doc, 'eNCF');
    const rnc = firstText(doc, 'RNCEmisor');
    if (doc.documentElement?.localName !== 'RFCE' || !encf || !rnc || parseEncf(encf)?.type !== '32')
      return json(400, {
        codigo: 2,
        estado: TRACK_STATES[2],
        mensajes: [{ codigo: '1', valor: 'El archivo no es un RFCE.' }],
        encf,
        secuenciaUtilizada: false,
      });
    const outcome = await decide(file.xml, rnc, encf, 'RFCE-32');
    state.summaries.push({
      encf,
      rnc,
      xml: file.xml,
      fileName: file.fileName,
      at: new Date(),
      codigo: outcome.codigo,
    });
    return json(200, {
      codigo: outcome.codigo,
      estado: TRACK_STATES[outcome.codigo],
      // The FC answer writes `codigo` as a string (DT, "Formatos salida").
      mensajes: outcome.mensajes.map((m) => ({ codigo: String(m.codigo), valor: m.valor })),
      encf,
      secuenciaUtilizada: outcome.secuenciaUtilizada,
    });
  }

  /**
   * DT "Anulación de e-NCF". Answers `{rnc, codigo, nombre, mensajes: [string]}`; the DT lists the
   * messages, not the codes (assumption: "1" voided, "2" refused, refusals with HTTP 400).
   */
  async function voidRanges(req: IncomingMessage, body: Buffer): Promise<HttpAnswer> {
    const file = await readXmlFile(req, body);
    if (file instanceof HttpAnswer) return file;
    const doc = parseXmlStrict(file.xml);
    const rnc = firstText(doc, 'RncEmisor');
    const refuse = (mensaje: string) =>
      json(400, { rnc, codigo: '2', nombre: 'Anulación rechazada', mensajes: [mensaje] });
    if (doc.documentElement?.localName !== 'ANECF' || !rnc)
      return refuse('Tipo de archivo no valido, favor proveer un XML');
    if (!verifyXmlSignature(file.xml).valid) return refuse('La firma del documento no es válida');
    const errors = await schemaErrors(file.xml, 'ANECF');
    if (errors.length > 0) return refuse(`La estructura del archivo XML no es válida. ${errors.join(' ')}`);
    const encfs: string[] = [];
    const lines = doc.getElementsByTagName('Anulacion');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const tipo = line.getElementsByTagName('TipoeCF')[0]?.textContent?.trim() ?? '';
      const ranges = line.getElementsByTagName('Secuencias');
      for (let j = 0; j < ranges.length; j++) {
        const from = parseEncf(
          ranges[j]!.getElementsByTagName('SecuenciaeNCFDesde')[0]?.textContent?.trim() ?? '',
        );
        const to = parseEncf(
          ranges[j]!.getElementsByTagName('SecuenciaeNCFHasta')[0]?.textContent?.trim() ?? '',
        );
        if (!from || !to || from.type !== tipo || to.type !== tipo)
          return refuse('El tipo de comprobante no es válido');
        if (from.seq > to.seq)
          return refuse('El valor del campo SecuenciaeNCFDesde es mayor al del campo SecuenciaeNCFHasta');
        if (to.seq - from.seq >= 100_000) return refuse('No fue posible anular las siguientes secuencias');
        for (let s = from.seq; s <= to.seq; s++) encfs.push(`E${tipo}${String(s).padStart(10, '0')}`);
      }
    }
    if (encfs.some((e) => encfSpent(rnc, e)))
      return refuse('Las secuencias que está intentando anular han sido utilizadas');
    for (const e of encfs) voidedEncfs.add(`${rnc}/${e}`);
    state.voids.push({ rnc, xml: file.xml, encfs, at: new Date() });
    return json(200, {
      rnc,
      codigo: '1',
      nombre: 'Anulación aceptada',
      mensajes: ['Las secuencias fueron anuladas correctamente.'],
    });
  }

  /**
   * DT "Recepción de aprobación comercial": `{mensaje: [string], estado, codigo}`. Assumption for the
   * values (as the dgii-ecf package types them): "01" / "Aprobación Comercial Aprobada." for an ACECF
   * approving, "02" / "Aprobacion Comercial Rechazada." for one rejecting; refusals with HTTP 400.
   */
  async function approval(req: IncomingMessage, body: Buffer): Promise<HttpAnswer> {
    const file = await readXmlFile(req, body);
    if (file instanceof HttpAnswer) return file;
    const doc = parseXmlStrict(file.xml);
    const refuse = (mensaje: string) => json(400, { mensaje: [mensaje], estado: 'Error', codigo: '00' });
    const encf = firstText(doc, 'eNCF');
    const rnc = firstText(doc, 'RNCComprador');
    const estado = firstText(doc, 'Estado');
    if (doc.documentElement?.localName !== 'ACECF' || !encf || !rnc || !estado)
      return refuse('Tipo de archivo no válido, favor proveer un XML');
    if (!verifyXmlSignature(file.xml).valid) return refuse('La firma del XML no es válida');
    const errors = await schemaErrors(file.xml, 'ACECF');
    if (errors.length > 0)
      return refuse(
        `La estructura del archivo XML no es válido, favor proveer un XML con una estructura válida, verificar el XSD correspondiente. ${errors.join(' ')}`,
      );
    if (['32', '41', '43', '46', '47'].includes(parseEncf(encf)?.type ?? ''))
      return refuse('Aprobación Comercial no es requerida para este tipo de e-CF');
    state.approvals.push({ rnc, encf, estado, xml: file.xml, at: new Date() });
    return estado === '1'
      ? json(200, { mensaje: [], estado: 'Aprobación Comercial Aprobada.', codigo: '01' })
      : json(200, { mensaje: [], estado: 'Aprobacion Comercial Rechazada.', codigo: '02' });
  }

  // --- HTTP -----------------------------------------------------------------------------------

  function route(pathname: string): { host: 'ecf' | 'fc'; rest: string; service: FakeDgiiService } | null {
    const m = new RegExp(`^/(ecf|fc)/${ENVIRONMENT}/(.+?)/*$`, 'i').exec(pathname);
    if (!m) return null;
    const host = m[1]!.toLowerCase() as 'ecf' | 'fc';
    const rest = m[2]!.toLowerCase();
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
        return expect('GET') ?? seed();
      case 'autenticacion/api/autenticacion/validarsemilla':
        return expect('POST') ?? validateSeed(req, body);
    }
    const wrongMethod = expect(r.service === 'status' ? 'GET' : 'POST');
    if (wrongMethod) return wrongMethod;
    const denied = authorize(req);
    if (denied) return denied;
    switch (r.service) {
      case 'reception':
        return reception(req, body);
      case 'status':
        return r.rest.startsWith('consultatrackids') ? trackIds(url) : trackResult(url);
      case 'fc':
        return summary(req, body);
      case 'void':
        return voidRanges(req, body);
      default:
        return approval(req, body);
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
        rules.push({
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
      handle(req, Buffer.concat(chunks), url, r).then(reply, (err: unknown) =>
        reply(json(500, { error: 'Error interno', mensaje: (err as Error).message })),
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
    ecfBaseUrl: `${origin}/ecf/${ENVIRONMENT}`,
    fcBaseUrl: `${origin}/fc/${ENVIRONMENT}`,
    state,
    requests,
    rejectNext(match, mensajes = [FAKE_DGII_MESSAGES.rejected], o = {}) {
      rules.push({ match, codigo: 2, mensajes, sequenceUsed: o.sequenceUsed ?? true });
    },
    conditionalNext(match, mensajes = [FAKE_DGII_MESSAGES.conditional]) {
      rules.push({ match, codigo: 4, mensajes, sequenceUsed: true });
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
      unauthorized = on;
    },
    revokeTokens() {
      state.tokens.clear();
    },
    outcomeOf(trackId) {
      const t = tracks.get(trackId);
      return t ? { codigo: t.outcome.codigo, polls: t.polls } : null;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
