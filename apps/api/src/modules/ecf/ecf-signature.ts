import { DOMParser, type Document, type Node } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

/** A certificate's private key and certificate, PEM (from the agency's PKCS#12, `ecf-certificate.ts`). */
export interface SigningKey {
  privateKeyPem: string;
  certificatePem: string;
}

const XMLDSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
/** The algorithms of the DGII's signed documents (technical report "Firmado de e-CF"; the DGII's published samples). */
export const DGII_SIGNATURE_ALGORITHMS = {
  canonicalization: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
} as const;

/** Thrown for XML that does not parse; the message is English (callers map it to a Spanish answer). */
export class XmlParseError extends Error {}

/**
 * Parses `xml` strictly (xmldom reports every error instead of recovering). Throws
 * {@link XmlParseError} for malformed XML or a document without a root element.
 */
export function parseXmlStrict(xml: string): Document {
  let problem: string | null = null;
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') problem ??= message;
      },
    }).parseFromString(xml, 'text/xml');
  } catch (err) {
    // xmldom throws its own ParseError on fatal errors: one error type for callers.
    throw new XmlParseError((err as Error).message);
  }
  if (problem || !doc.documentElement) throw new XmlParseError(problem ?? 'empty document');
  return doc;
}

/** Removes comments and whitespace-only text between elements, in place. */
function stripWhitespace(node: Node): void {
  for (let i = 0; i < node.childNodes.length; i++) {
    const child = node.childNodes[i]!;
    if (child.nodeType === 8 || (child.nodeType === 3 && !/\S/.test(child.nodeValue ?? ''))) {
      node.removeChild(child);
      i--;
    } else if (child.nodeType === 1) stripWhitespace(child);
  }
}

/**
 * Signs a DGII document (e-CF, RFCE, ARECF, ACECF, ANECF, the authentication seed) as the DGII's
 * technical report asks: an enveloped XMLDSig `Signature` appended as the root's last child, over
 * the whole document (`Reference URI=""`, enveloped-signature transform), inclusive C14N 1.0,
 * RSA-SHA256 and SHA-256, with the signer's X.509 certificate in `KeyInfo`. Whitespace between
 * elements and comments are removed first, because the DGII verifies after removing them (issue 26,
 * "signatures are verified after whitespace between elements is removed"). Answers the signed XML,
 * with the XML declaration of the input when it had one. Throws {@link XmlParseError}.
 */
export function signXml(xml: string, key: SigningKey): string {
  const doc = parseXmlStrict(xml);
  stripWhitespace(doc);
  const sig = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: key.certificatePem,
    signatureAlgorithm: DGII_SIGNATURE_ALGORITHMS.signature,
    canonicalizationAlgorithm: DGII_SIGNATURE_ALGORITHMS.canonicalization,
  });
  sig.addReference({
    xpath: '/*',
    transforms: [DGII_SIGNATURE_ALGORITHMS.enveloped],
    digestAlgorithm: DGII_SIGNATURE_ALGORITHMS.digest,
    isEmptyUri: true,
  });
  const body = serializeWithoutDeclaration(doc);
  sig.computeSignature(body, { location: { reference: '/*', action: 'append' } });
  const declaration = /^\s*<\?xml[^?]*\?>/.exec(xml)?.[0].trim() ?? '';
  return declaration + sig.getSignedXml();
}

function serializeWithoutDeclaration(doc: Document): string {
  return doc.documentElement?.toString() ?? '';
}

/**
 * The e-CF security code (CodigoSeguridadeCF): the first 6 characters of the document's
 * `SignatureValue`, exactly as they are (base64: case and `+`/`/` kept). DGII technical report,
 * "Código de seguridad" and the printed representation's QR; issue 27, point 6. Throws when the
 * document has no signature.
 */
export function securityCodeOf(signedXml: string): string {
  const doc = parseXmlStrict(signedXml);
  const value = doc.getElementsByTagNameNS(XMLDSIG_NS, 'SignatureValue')[0]?.textContent;
  if (!value) throw new XmlParseError('document has no SignatureValue');
  return value.replace(/\s+/g, '').slice(0, 6);
}

/** The outcome of {@link verifyXmlSignature}. */
export type SignatureCheck =
  | { valid: true; certificatePem: string }
  | { valid: false; reason: string; certificatePem: string | null };

/**
 * Verifies the enveloped signature of a DGII document with the certificate it carries in
 * `KeyInfo` (the DGII and receivers check the same way; who may sign is the caller's concern):
 * exactly one `Signature`, child of the root, referencing the whole document, with the DGII's
 * algorithms. Never throws for a bad document: answers `{valid: false, reason}`.
 */
export function verifyXmlSignature(xml: string): SignatureCheck {
  let doc: Document;
  try {
    doc = parseXmlStrict(xml);
  } catch (err) {
    return { valid: false, reason: `XML mal formado: ${(err as Error).message}`, certificatePem: null };
  }
  const signatures = doc.getElementsByTagNameNS(XMLDSIG_NS, 'Signature');
  if (signatures.length !== 1)
    return { valid: false, reason: 'El documento no tiene una firma única.', certificatePem: null };
  const signature = signatures[0]!;
  if (signature.parentNode !== doc.documentElement)
    return { valid: false, reason: 'La firma no está en el elemento raíz.', certificatePem: null };
  const certificatePem = SignedXml.getCertFromKeyInfo(
    signature.getElementsByTagNameNS(XMLDSIG_NS, 'KeyInfo')[0] ?? null,
  );
  if (!certificatePem)
    return { valid: false, reason: 'La firma no incluye el certificado.', certificatePem: null };
  const methods = [
    ['CanonicalizationMethod', DGII_SIGNATURE_ALGORITHMS.canonicalization],
    ['SignatureMethod', DGII_SIGNATURE_ALGORITHMS.signature],
    ['DigestMethod', DGII_SIGNATURE_ALGORITHMS.digest],
  ] as const;
  for (const [tag, algorithm] of methods) {
    const found = signature.getElementsByTagNameNS(XMLDSIG_NS, tag)[0]?.getAttribute('Algorithm');
    if (found !== algorithm)
      return {
        valid: false,
        reason: `Algoritmo no admitido en ${tag}: ${found ?? 'ninguno'}.`,
        certificatePem,
      };
  }
  const references = signature.getElementsByTagNameNS(XMLDSIG_NS, 'Reference');
  if (references.length !== 1 || references[0]!.getAttribute('URI') !== '')
    return { valid: false, reason: 'La firma debe cubrir el documento completo.', certificatePem };
  // The DGII verifies after removing whitespace between elements (issue 26): so do we.
  stripWhitespace(doc);
  const verifier = new SignedXml({ publicCert: certificatePem });
  try {
    verifier.loadSignature(signature);
    if (verifier.checkSignature(serializeWithoutDeclaration(doc))) return { valid: true, certificatePem };
    return { valid: false, reason: 'La firma no corresponde al documento.', certificatePem };
  } catch (err) {
    return { valid: false, reason: `Firma inválida: ${(err as Error).message}`, certificatePem };
  }
}
