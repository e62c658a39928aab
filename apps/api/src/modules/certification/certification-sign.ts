import type { EcfConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { loadSigningKey } from '../ecf/ecf-settings.service.js';
import { parseXmlStrict, signXml, XmlParseError } from '../ecf/ecf-signature.js';

/*
 * "Firmar XML" (issue 41, decision 159): the wizard's signing tool for the files the DGII's portal
 * asks to sign — the postulación (step 1: "deberá proceder al firmado … el archivo de postulación
 * en XML") and the declaración jurada (step 13: "descargar el contenido en formato XML … firmar")
 * (DGII, "Proceso de Certificación para ser Emisor Electrónico", pages 8 and 21–22; the DGII's own
 * "App Firma Digital" is optional there). Signed with the loaded certificate exactly as an e-CF is
 * (`signXml`: enveloped XMLDSig, inclusive C14N, RSA-SHA256, SHA-256, the certificate in KeyInfo;
 * DGII "Firmado de e-CF" and the technical report's "Firmado de XML" recommendations).
 */

/** The largest XML accepted: the DGII's postulación and declaración jurada are a few KB. */
export const SIGN_MAX_BYTES = 1024 * 1024;

const XMLDSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const NOT_XML = 'El archivo no es un XML bien formado: descárgalo de nuevo del portal de la DGII.';

/** A 400 on the `file` field, in Spanish. */
const refuse = (message: string) => badRequest(message, [{ field: 'file', message }]);

/**
 * Checks the uploaded bytes are one well-formed UTF-8 XML document the tool may sign, and answers
 * its text (BOM dropped). 400 in Spanish for an empty file, NUL characters, another declared
 * encoding (the DGII's formats are UTF-8, technical report v1.6 "Formato de codificación"), a
 * DOCTYPE (refused before parsing, as the public receiver does: no entities, no external
 * references — XXE), anything that does not parse strictly, and a document already signed (a
 * second signature would not verify as the DGII's single enveloped one).
 */
export function readSignableXml(bytes: Buffer): string {
  const xml = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!xml.trim()) throw refuse('El archivo está vacío.');
  if (xml.includes('\u0000')) throw refuse(NOT_XML);
  const encoding = /^\s*<\?xml[^?]*encoding\s*=\s*["']([^"']+)["']/i.exec(xml)?.[1];
  if (encoding && !/^utf-?8$/i.test(encoding)) throw refuse('El XML debe estar codificado en UTF-8.');
  if (/<!DOCTYPE/i.test(xml)) throw refuse('El XML no puede incluir una declaración DOCTYPE.');
  let root: ReturnType<typeof parseXmlStrict>['documentElement'];
  try {
    root = parseXmlStrict(xml).documentElement;
  } catch (err) {
    if (err instanceof XmlParseError || (err as Error).name === 'ParseError') throw refuse(NOT_XML);
    throw err;
  }
  const signed = Array.from(root?.childNodes ?? []).some(
    (n) => n.nodeType === 1 && n.namespaceURI === XMLDSIG_NS && n.localName === 'Signature',
  );
  if (signed) throw refuse('Este XML ya está firmado: súbelo al portal de la DGII tal como está.');
  return xml;
}

/**
 * `POST /fiscal/certification/sign`: signs `bytes` ({@link readSignableXml}) with the loaded
 * certificate and audits it (the file name). 409 in Spanish when no certificate is loaded.
 */
export async function signCertificationXml({
  db,
  ctx,
  config,
  fileName,
  bytes,
}: {
  db: Db;
  ctx: AuditContext;
  config: EcfConfig;
  fileName: string;
  bytes: Buffer;
}): Promise<string> {
  const xml = readSignableXml(bytes);
  const key = await loadSigningKey({ db, config });
  if (!key)
    throw conflict('Carga el certificado digital (.p12) en Configuración → Fiscal antes de firmar el XML.');
  const signed = signXml(xml, key);
  await audit(db, ctx, 'fiscal.certification_file_signed', { type: 'settings', id: null }, { fileName });
  return signed;
}
