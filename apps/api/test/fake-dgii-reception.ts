import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parseXmlStrict } from '../src/modules/ecf/ecf-signature.js';
import {
  type DgiiSchemaName,
  FAKE_DGII_MESSAGES,
  type FakeDgiiCore,
  type FakeDgiiSubmission,
  firstText,
  HttpAnswer,
  json,
  parseEncf,
  readXmlFile,
  TRACK_STATES,
  type TrackOutcome,
  universal,
} from './fake-dgii-core.js';

/*
 * The fake DGII's reception and status services: recepción de e-CF, consulta de resultado and de
 * trackIds, and the FC host's recepción de resumen (RFCE), answered at once.
 */

/** DT "Recepción de e-CF": a trackId at once; the validation result comes by consulta. */
export async function reception(core: FakeDgiiCore, req: IncomingMessage, body: Buffer): Promise<HttpAnswer> {
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
  else outcome = await core.decide(file.xml, rnc, encf, `ECF-${parsed.type}` as DgiiSchemaName);
  core.state.submissions.push(submission);
  core.tracks.set(submission.trackId, { submission, outcome, polls: 0 });
  return json(200, { trackId: submission.trackId });
}

/** DT "Consulta de resultado e-CF": En Proceso for the first `core.processingPolls` consultas, then the outcome. */
export function trackResult(core: FakeDgiiCore, url: URL): HttpAnswer {
  const trackId = [...url.searchParams].find(([k]) => k.toLowerCase() === 'trackid')?.[1] ?? '';
  const record = core.tracks.get(trackId);
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
  const inProcess = record.polls <= core.processingPolls;
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
 * DT §5.10 "Consulta de trackId e-CF" (pp. 24–27): GET `?rncemisor=&encf=` → every reception of
 * that e-NCF by that issuer, entries `{trackId, estado, fechaRecepcion}` ("Se pueden obtener
 * múltiples TrackIds cuando se remite varios e-CF con el mismo e-NCF"). When the DGII has none it
 * answers one entry in the state "No encontrado" ("implica que no se encontró el e-CF en los
 * registros", p. 27) without a trackId: `[{"trackId": null, "estado": "No encontrado",
 * "fechaRecepcion": null}]`, as the service was seen answering (issue 41), not an empty array.
 */
export function trackIds(core: FakeDgiiCore, url: URL): HttpAnswer {
  const param = (name: string) => [...url.searchParams].find(([k]) => k.toLowerCase() === name)?.[1] ?? '';
  const rnc = param('rncemisor');
  const encf = param('encf');
  const found = [...core.tracks.entries()]
    .filter(([, t]) => t.submission.encf === encf && t.submission.rnc === rnc)
    .map(([trackId, t]) => ({
      trackId,
      estado: TRACK_STATES[t.polls <= core.processingPolls ? 3 : t.outcome.codigo],
      fechaRecepcion: universal(t.submission.at),
    }));
  if (found.length === 0)
    return json(200, [{ trackId: null, estado: TRACK_STATES[0], fechaRecepcion: null }]);
  return json(200, found);
}

/** DT "Recepción de resumen factura de consumo e-CF": answered at once. */
export async function summary(core: FakeDgiiCore, req: IncomingMessage, body: Buffer): Promise<HttpAnswer> {
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
  const outcome = await core.decide(file.xml, rnc, encf, 'RFCE-32');
  core.state.summaries.push({
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
 * Records a signed e-CF as if its issuer had sent it to the reception service and the DGII had
 * decided it (`codigo`: 1 Aceptado, default; 2 Rechazado; 4 Aceptado Condicional): a supplier's
 * document the receiver under test then asks about with the consulta de estado.
 */
export function registerIssued(core: FakeDgiiCore, xml: string, codigo: 1 | 2 | 4 = 1): string {
  const doc = parseXmlStrict(xml);
  const encf = firstText(doc, 'eNCF');
  const rnc = firstText(doc, 'RNCEmisor');
  if (!encf || !rnc) throw new Error('registerIssued: not an e-CF');
  const submission: FakeDgiiSubmission = {
    encf,
    rnc,
    trackId: randomUUID(),
    xml,
    fileName: `${rnc}${encf}.xml`,
    at: new Date(),
  };
  core.state.submissions.push(submission);
  core.tracks.set(submission.trackId, {
    submission,
    outcome: {
      codigo,
      mensajes: codigo === 1 ? [] : [FAKE_DGII_MESSAGES.rejected],
      secuenciaUtilizada: true,
    },
    polls: core.processingPolls,
  });
  return submission.trackId;
}

/** A DGII amount of an XML text as the JSON number the consulta de estado answers. */
const amount = (text: string | null): number | null => (text === null ? null : Number(text));

/**
 * DT "Consulta de estado e-CF" (pp. 21–24): GET `?rncemisor=&ncfelectronico=&rnccomprador=&
 * codigoseguridad=`. RNC emisor and e-NCF are required and checked as the DT's validations of the
 * consulta de trackIds read (assumption: the same wording here; 400 with `mensajes`). The fake
 * answers the newest e-CF it holds of that issuer and e-NCF whose buyer and security code match
 * those given (assumption: the DGII answers "No encontrado" when they do not, as for an e-CF it does
 * not hold), with its final state and the values of the XML; else `codigo` 0 "No encontrado".
 */
export function ecfStatus(core: FakeDgiiCore, url: URL): HttpAnswer {
  const param = (name: string) =>
    [...url.searchParams].find(([k]) => k.toLowerCase() === name)?.[1]?.trim() ?? '';
  const rnc = param('rncemisor');
  const encf = param('ncfelectronico');
  const buyer = param('rnccomprador');
  const code = param('codigoseguridad');
  const problems: string[] = [];
  if (!rnc) problems.push('El campo RNC Emisor es requerido.');
  else if (!/^(\d{9}|\d{11})$/.test(rnc)) problems.push('La longitud del RNC Emisor es inválida.');
  if (!encf) problems.push('El campo NCF Electrónico es requerido.');
  else if (!parseEncf(encf)) problems.push('El NCF Electrónico es inválido.');
  if (problems.length > 0)
    return json(400, { codigo: 0, estado: null, mensajes: problems.map((valor) => ({ codigo: 1, valor })) });
  const match = [...core.tracks.values()]
    .filter((t) => t.submission.rnc === rnc && t.submission.encf === encf)
    .reverse()
    .find((t) => {
      const doc = parseXmlStrict(t.submission.xml);
      const value = doc.getElementsByTagName('SignatureValue')[0]?.textContent?.replace(/\s+/g, '') ?? '';
      return (!buyer || firstText(doc, 'RNCComprador') === buyer) && (!code || value.slice(0, 6) === code);
    });
  if (!match)
    return json(200, {
      codigo: 0,
      estado: TRACK_STATES[0],
      rncEmisor: rnc,
      ncfElectronico: encf,
      montoTotal: 0,
      totalITBIS: 0,
      fechaEmision: null,
      fechaFirma: null,
      rncComprador: buyer || null,
      codigoSeguridad: code || null,
      idExtranjero: null,
    });
  const doc = parseXmlStrict(match.submission.xml);
  const codigo = match.polls < core.processingPolls ? 3 : match.outcome.codigo;
  return json(200, {
    codigo,
    estado: TRACK_STATES[codigo],
    rncEmisor: rnc,
    ncfElectronico: encf,
    montoTotal: amount(firstText(doc, 'MontoTotal')),
    totalITBIS: amount(firstText(doc, 'TotalITBIS')) ?? 0,
    fechaEmision: firstText(doc, 'FechaEmision'),
    fechaFirma: firstText(doc, 'FechaHoraFirma'),
    rncComprador: firstText(doc, 'RNCComprador'),
    codigoSeguridad:
      doc.getElementsByTagName('SignatureValue')[0]?.textContent?.replace(/\s+/g, '').slice(0, 6) ?? null,
    idExtranjero: firstText(doc, 'IdentificadorExtranjero'),
  });
}
