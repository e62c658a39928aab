import type { Document } from '@xmldom/xmldom';
import { parseXmlStrict, verifyXmlSignature, XmlParseError } from '../ecf/ecf-signature.js';
import {
  type AcecfFields,
  type EcfFields,
  readAcecfFields,
  readEcfFields,
  textAt,
} from './ecf-receiver-xml.js';

/*
 * The heavy part of receiving a document (issue 43, item 1): parsing it into a DOM, verifying its
 * XMLDSig signature (canonicalisation and digest of the whole document: 0.3 s for an e-CF of 1,000
 * lines, tens of seconds for a few MB) and reading the fields the receiver needs. It is a pure
 * function of the text, so it runs in a worker thread (`ecf-receiver-pool.ts`) and answers plain
 * data; the database work stays on the main thread. Run it only on a document that passed the
 * size and shape checks (`ecf-receiver-limits.ts`).
 */

const XMLDSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

/** Which route's document. */
export type InspectKind = 'seed' | 'ecf' | 'approval';

/** What the signature says, for the trust checks made on the main thread. */
export interface SignatureFacts {
  valid: boolean;
  /** Why it is not valid (Spanish); null when valid. */
  reason: string | null;
  /** The signer's certificate (the first in `KeyInfo`), PEM; null when absent. */
  certificatePem: string | null;
  /** Any further certificates in `KeyInfo` (intermediates the signer sent), PEM. */
  chainPems: string[];
  /** The first 6 characters of `SignatureValue` (the e-CF's security code), null without one. */
  securityCode: string | null;
}

/** The outcome of {@link inspectReceivedXml}. */
export type Inspection =
  | { kind: 'refused'; status: number; error: string; message: string }
  | { kind: 'seed'; root: string | null; valor: string | null; signature: SignatureFacts }
  | { kind: 'ecf'; fields: EcfFields; signature: SignatureFacts }
  | { kind: 'approval'; fields: AcecfFields; signature: SignatureFacts };

/** Inspects a document where the caller stands (worker or main thread). */
export type XmlInspect = (kind: InspectKind, xml: string) => Promise<Inspection>;

const refused = (status: number, error: string, message: string): Inspection => ({
  kind: 'refused',
  status,
  error,
  message,
});

function pem(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
}

function signatureFacts(xml: string, doc: Document): SignatureFacts {
  const check = verifyXmlSignature(xml);
  const signature = doc.getElementsByTagNameNS(XMLDSIG_NS, 'Signature')[0];
  const certificates = signature ? signature.getElementsByTagNameNS(XMLDSIG_NS, 'X509Certificate') : null;
  const chainPems: string[] = [];
  for (let i = 1; i < (certificates?.length ?? 0); i++) {
    const text = certificates![i]!.textContent?.trim();
    if (text) chainPems.push(pem(text));
  }
  const value = signature?.getElementsByTagNameNS(XMLDSIG_NS, 'SignatureValue')[0]?.textContent;
  return {
    valid: check.valid,
    reason: check.valid ? null : check.reason,
    certificatePem: check.certificatePem,
    chainPems,
    securityCode: value ? value.replace(/\s+/g, '').slice(0, 6) || null : null,
  };
}

/**
 * Parses `xml` strictly (no DOCTYPE), verifies its signature and reads the fields of `kind`:
 * the seed's root and `valor`, the e-CF's {@link EcfFields}, the ACECF's {@link AcecfFields}.
 * Never throws for bad input: answers `refused` with the receiver's status, code and message.
 */
export function inspectReceivedXml(kind: InspectKind, xml: string): Inspection {
  if (!xml.trim()) return refused(400, 'xml_requerido', 'El archivo XML está vacío.');
  if (/<!DOCTYPE/i.test(xml))
    return refused(400, 'xml_invalido', 'El XML no puede incluir una declaración DOCTYPE.');
  let doc: Document;
  try {
    doc = parseXmlStrict(xml);
  } catch (err) {
    if (err instanceof XmlParseError || (err as Error).name === 'ParseError')
      return refused(400, 'xml_invalido', 'El archivo enviado no es un XML válido.');
    throw err;
  }
  const root = doc.documentElement;
  if (kind === 'seed')
    return {
      kind,
      root: root?.localName ?? null,
      valor: root?.localName === 'SemillaModel' ? textAt(root, 'valor') : null,
      signature: signatureFacts(xml, doc),
    };
  if (kind === 'ecf') {
    const fields = readEcfFields(doc);
    // Without an e-NCF and issuer no answer can name the document: no signature work.
    if (!fields.encf || !fields.issuerRnc) return { kind, fields, signature: unsigned };
    return { kind, fields, signature: signatureFacts(xml, doc) };
  }
  return { kind, fields: readAcecfFields(doc), signature: signatureFacts(xml, doc) };
}

const unsigned: SignatureFacts = {
  valid: false,
  reason: 'El documento no fue verificado.',
  certificatePem: null,
  chainPems: [],
  securityCode: null,
};

/** {@link inspectReceivedXml} on the calling thread (tests, and services called directly). */
export const inspectInline: XmlInspect = async (kind, xml) => inspectReceivedXml(kind, xml);
