import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parseXmlStrict, verifyXmlSignature } from '../src/modules/ecf/ecf-signature.js';
import {
  type FakeDgiiCore,
  firstText,
  HttpAnswer,
  json,
  pemBody,
  readXmlFile,
  seedDate,
  universal,
} from './fake-dgii-core.js';

/* The fake DGII's authentication service (DT, "Autenticación"): the seed, its validation, the token. */

/** The token of an `Authorization: Bearer` header when valid; else a 401 answer. */
export function authorize(core: FakeDgiiCore, req: IncomingMessage): HttpAnswer | null {
  const header = req.headers.authorization ?? '';
  const m = /^bearer\s+(\S+)$/i.exec(header);
  const record = m ? core.state.tokens.get(m[1]!) : undefined;
  if (core.unauthorized || !record || record.expiresAt.getTime() <= Date.now())
    return new HttpAnswer(401, '', 'text/plain', { 'www-authenticate': 'Bearer error="invalid_token"' });
  return null;
}

/** DT "Obtener archivo semilla". */
export function seed(core: FakeDgiiCore): HttpAnswer {
  const valor = randomBytes(96).toString('base64');
  const fecha = seedDate(new Date());
  core.state.seeds.set(valor, { fecha, used: false });
  const xml =
    '<?xml version="1.0" encoding="utf-8"?>\r\n' +
    '<SemillaModel xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">\r\n' +
    `  <valor>${valor}</valor>\r\n  <fecha>${fecha}</fecha>\r\n</SemillaModel>`;
  return new HttpAnswer(200, xml, 'application/xml; charset=utf-8');
}

/** DT "Validar semilla": the signed seed, once, for a token. Refusals: 400 `{error, mensaje}` (assumption). */
export async function validateSeed(
  core: FakeDgiiCore,
  req: IncomingMessage,
  body: Buffer,
): Promise<HttpAnswer> {
  const file = await readXmlFile(req, body);
  if (file instanceof HttpAnswer) return file;
  const refuse = (mensaje: string) => json(400, { error: 'Semilla no válida', mensaje });
  const doc = parseXmlStrict(file.xml);
  if (doc.documentElement?.localName !== 'SemillaModel') return refuse('El archivo no es una semilla.');
  const valor = firstText(doc, 'valor');
  const issued = valor ? core.state.seeds.get(valor) : undefined;
  if (!valor || !issued) return refuse('La semilla no fue emitida por la DGII.');
  if (issued.used) return refuse('La semilla ya fue utilizada.');
  if (firstText(doc, 'fecha') !== issued.fecha) return refuse('La semilla fue alterada.');
  const check = verifyXmlSignature(file.xml);
  if (!check.valid) return refuse(`La firma de la semilla no es válida. ${check.reason}`);
  if (core.trusted && !core.trusted.includes(pemBody(check.certificatePem)))
    return refuse('El certificado no corresponde a un contribuyente autorizado.');
  const errors = await core.schemaErrors(file.xml, 'Semilla');
  if (errors.length > 0) return refuse(`La estructura de la semilla no es válida. ${errors.join(' ')}`);
  issued.used = true;
  const token = `${randomBytes(24).toString('base64url')}.${randomBytes(24).toString('base64url')}`;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + core.tokenTtlMs);
  core.state.tokens.set(token, { expiresAt, certificatePem: check.certificatePem });
  return json(200, { token, expira: universal(expiresAt), expedido: universal(now) });
}
