import { createHash, createPrivateKey, sign, verify, X509Certificate } from 'node:crypto';
import {
  child,
  context,
  type DerNode,
  decodeDer,
  integer,
  nullValue,
  octetString,
  oid,
  oidOf,
  sequence,
  setOf,
  TAG,
  timeOf,
} from './der.js';

/*
 * CMS SignedData (RFC 5652 §5) as PAdES (ETSI EN 319 142-1) and RFC 3161 time-stamp tokens use
 * it: one signer identified by issuer and serial number, SHA-256, signed attributes
 * content-type, message-digest and ESS signing-certificate-v2 (RFC 5035 §3), optional unsigned
 * attributes (the signature time-stamp token, RFC 3161 Appendix A).
 */

/** Object identifiers used here, with where they are defined. */
export const OID = {
  data: '1.2.840.113549.1.7.1', // RFC 5652 §4
  signedData: '1.2.840.113549.1.7.2', // RFC 5652 §5.1
  contentType: '1.2.840.113549.1.9.3', // RFC 5652 §11.1
  messageDigest: '1.2.840.113549.1.9.4', // RFC 5652 §11.2
  signingTime: '1.2.840.113549.1.9.5', // RFC 5652 §11.3
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47', // RFC 5035 §3
  timeStampToken: '1.2.840.113549.1.9.16.2.14', // RFC 3161 Appendix A
  tstInfo: '1.2.840.113549.1.9.16.1.4', // RFC 3161 §2.4.2
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1', // RFC 5754 §2
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1', // RFC 8017 Appendix C
  sha256WithRsa: '1.2.840.113549.1.1.11',
  sha384WithRsa: '1.2.840.113549.1.1.12',
  sha512WithRsa: '1.2.840.113549.1.1.13',
  ecdsaWithSha256: '1.2.840.10045.4.3.2', // RFC 5758 §3.2
  ecdsaWithSha384: '1.2.840.10045.4.3.3',
  commonName: '2.5.4.3',
  timeStamping: '1.3.6.1.5.5.7.3.8', // RFC 5280 §4.2.1.12 id-kp-timeStamping
} as const;

const HASH_BY_OID: Record<string, string> = {
  [OID.sha1]: 'sha1',
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
};

/** Node's name of a digest algorithm OID, or null when not supported. */
export const hashNameOf = (algorithmOid: string): string | null => HASH_BY_OID[algorithmOid] ?? null;

/** AlgorithmIdentifier for SHA-256 (parameters absent, RFC 5754 §2). */
export const sha256AlgorithmId = () => sequence(oid(OID.sha256));

/** An attribute: SEQUENCE { type, SET OF values } (RFC 5652 §5.3). */
export const attribute = (type: string, ...values: Buffer[]) => sequence(oid(type), setOf(...values));

// ── certificates ───────────────────────────────────────────────────────────────────────────

/** The fields of an X.509 certificate a SignerInfo refers to, as their original encodings. */
export interface CertificateParts {
  der: Buffer;
  /** The issuer Name, encoded. */
  issuer: Buffer;
  /** The serialNumber INTEGER, encoded. */
  serial: Buffer;
  subject: DerNode;
}

/** Splits a DER certificate (RFC 5280 §4.1) into the parts CMS needs. */
export function certificateParts(der: Buffer): CertificateParts {
  const tbs = child(decodeDer(der), 0, 'tbsCertificate');
  const i = tbs.children[0]?.tag === 0xa0 ? 1 : 0; // [0] EXPLICIT version
  return {
    der: Buffer.from(der),
    serial: Buffer.from(child(tbs, i, 'serialNumber').raw),
    issuer: Buffer.from(child(tbs, i + 2, 'issuer').raw),
    subject: child(tbs, i + 4, 'subject'),
  };
}

/** The DER bytes of the first certificate in a PEM text. */
export function pemToDer(pem: string): Buffer {
  return Buffer.from(new X509Certificate(pem).raw);
}

/** The subject's commonName (last one), or null (RFC 5280 §4.1.2.6). */
export function commonNameOf(subject: DerNode): string | null {
  let found: string | null = null;
  for (const rdn of subject.children)
    for (const atv of rdn.children) {
      if (oidOf(child(atv, 0)) !== OID.commonName) continue;
      const value = child(atv, 1);
      found =
        value.tag === 0x1e // BMPString: UTF-16BE
          ? Buffer.from(value.content).swap16().toString('utf16le')
          : value.content.toString(value.tag === TAG.utf8String ? 'utf8' : 'latin1');
    }
  return found;
}

/** ESS signing-certificate-v2 (RFC 5035 §3): SHA-256 of the certificate and its issuer/serial. */
export function signingCertificateV2(cert: CertificateParts): Buffer {
  const certHash = createHash('sha256').update(cert.der).digest();
  // IssuerSerial ::= SEQUENCE { issuer GeneralNames, serialNumber } — directoryName is [4] EXPLICIT.
  const issuerSerial = sequence(sequence(context(4, cert.issuer)), cert.serial);
  // hashAlgorithm DEFAULT id-sha256 is left out, as DER requires for a default value.
  const essCertIdV2 = sequence(octetString(certHash), issuerSerial);
  return attribute(OID.signingCertificateV2, sequence(sequence(essCertIdV2)));
}

// ── writing SignedData ─────────────────────────────────────────────────────────────────────

/** What {@link buildSignedData} signs with. */
export interface CmsSigner {
  privateKeyPem: string;
  certificatePem: string;
  /** Other certificates to carry (the chain), PEM. */
  chainPems?: string[];
}

/**
 * Builds a ContentInfo holding a SignedData with one SignerInfo (RFC 5652 §5).
 * `content` is what message-digest covers: detached (PAdES: the PDF's ByteRange) unless
 * `encapsulate` (a time-stamp token's TSTInfo). `extraSignedAttributes` are added to
 * content-type, message-digest and signing-certificate-v2; `unsignedAttributes` receives the
 * signature value (for a signature time-stamp) and answers attributes to add.
 * RSA keys sign PKCS#1 v1.5 with SHA-256; EC keys ECDSA with SHA-256.
 */
export async function buildSignedData(args: {
  signer: CmsSigner;
  content: Buffer;
  contentType?: string;
  encapsulate?: boolean;
  extraSignedAttributes?: Buffer[];
  unsignedAttributes?: (signatureValue: Buffer) => Promise<Buffer[]>;
  /** Carry the signer's certificate and chain (default true; a TSA leaves them out unless asked, RFC 3161 §2.4.1 certReq). */
  withCertificates?: boolean;
}): Promise<Buffer> {
  const contentType = args.contentType ?? OID.data;
  const cert = certificateParts(pemToDer(args.signer.certificatePem));
  const chain = (args.signer.chainPems ?? []).map(pemToDer);
  const key = createPrivateKey(args.signer.privateKeyPem);
  const signatureAlgorithm =
    key.asymmetricKeyType === 'ec'
      ? sequence(oid(OID.ecdsaWithSha256))
      : sequence(oid(OID.rsaEncryption), nullValue());
  const digest = createHash('sha256').update(args.content).digest();
  const signedAttributes = setOf(
    attribute(OID.contentType, oid(contentType)),
    attribute(OID.messageDigest, octetString(digest)),
    signingCertificateV2(cert),
    ...(args.extraSignedAttributes ?? []),
  );
  // The signature covers the attributes' DER with the SET OF tag (RFC 5652 §5.4).
  const signatureValue = sign('sha256', signedAttributes, key);
  const unsigned = args.unsignedAttributes ? await args.unsignedAttributes(signatureValue) : [];
  const signerInfo = sequence(
    integer(1), // issuerAndSerialNumber → v1
    sequence(cert.issuer, cert.serial),
    sha256AlgorithmId(),
    Buffer.concat([Buffer.from([0xa0]), signedAttributes.subarray(1)]), // [0] IMPLICIT
    signatureAlgorithm,
    octetString(signatureValue),
    ...(unsigned.length ? [context(1, ...[...unsigned].sort(Buffer.compare))] : []),
  );
  const encapContentInfo = args.encapsulate
    ? sequence(oid(contentType), context(0, octetString(args.content)))
    : sequence(oid(contentType));
  const signedData = sequence(
    integer(contentType === OID.data ? 1 : 3), // RFC 5652 §5.1 version rule
    setOf(sha256AlgorithmId()),
    encapContentInfo,
    ...(args.withCertificates === false ? [] : [context(0, cert.der, ...chain)]),
    setOf(signerInfo),
  );
  return sequence(oid(OID.signedData), context(0, signedData));
}

// ── reading SignedData ─────────────────────────────────────────────────────────────────────

/** One SignedData, read: the parts a verifier needs, as their original encodings. */
export interface ParsedSignedData {
  contentType: string;
  /** The encapsulated content (a TSTInfo), or null when detached. */
  content: Buffer | null;
  certificates: Buffer[];
  signer: {
    issuer: Buffer;
    serial: Buffer;
    digestAlgorithm: string;
    /** The signed attributes as signed (SET OF tag), or null when there are none. */
    signedAttributesDer: Buffer | null;
    signedAttributes: Map<string, DerNode[]>;
    signatureAlgorithm: string;
    signature: Buffer;
    unsignedAttributes: Map<string, DerNode[]>;
  };
}

function attributesOf(node: DerNode | undefined): Map<string, DerNode[]> {
  const map = new Map<string, DerNode[]>();
  for (const attr of node?.children ?? []) map.set(oidOf(child(attr, 0)), child(attr, 1).children);
  return map;
}

/**
 * Reads a ContentInfo holding a SignedData with (at least) one SignerInfo; the first signer is
 * answered. Throws on anything else.
 */
export function parseSignedData(der: Buffer): ParsedSignedData {
  const contentInfo = decodeDer(der);
  if (oidOf(child(contentInfo, 0, 'contentType')) !== OID.signedData) throw new Error('CMS: not SignedData');
  const signedData = child(child(contentInfo, 1, 'content'), 0, 'SignedData');
  const encap = child(signedData, 2, 'encapContentInfo');
  const eContent = encap.children[1] ? child(encap.children[1], 0) : null;
  let i = 3;
  let certificates: Buffer[] = [];
  if (signedData.children[i]?.tag === 0xa0) {
    certificates = signedData.children[i]!.children.filter((c) => c.tag === TAG.sequence).map((c) =>
      Buffer.from(c.raw),
    );
    i++;
  }
  if (signedData.children[i]?.tag === 0xa1) i++; // crls
  const signerInfo = child(child(signedData, i, 'signerInfos'), 0, 'SignerInfo');
  const sid = child(signerInfo, 1, 'sid');
  if (sid.tag !== TAG.sequence) throw new Error('CMS: only issuerAndSerialNumber signers are read');
  let j = 3;
  let signedAttrs: DerNode | undefined;
  if (signerInfo.children[j]?.tag === 0xa0) signedAttrs = signerInfo.children[j++];
  const signatureAlgorithm = oidOf(child(child(signerInfo, j, 'signatureAlgorithm'), 0));
  const signature = Buffer.from(child(signerInfo, j + 1, 'signature').content);
  const unsignedAttrs = signerInfo.children[j + 2]?.tag === 0xa1 ? signerInfo.children[j + 2] : undefined;
  return {
    contentType: oidOf(child(encap, 0)),
    content: eContent ? Buffer.from(eContent.content) : null,
    certificates,
    signer: {
      issuer: Buffer.from(child(sid, 0).raw),
      serial: Buffer.from(child(sid, 1).raw),
      digestAlgorithm: oidOf(child(child(signerInfo, 2, 'digestAlgorithm'), 0)),
      signedAttributesDer: signedAttrs
        ? Buffer.concat([Buffer.from([TAG.set]), signedAttrs.raw.subarray(1)])
        : null,
      signedAttributes: attributesOf(signedAttrs),
      signatureAlgorithm,
      signature,
      unsignedAttributes: attributesOf(unsignedAttrs),
    },
  };
}

/** What {@link verifySignedData} found. */
export interface SignedDataCheck {
  valid: boolean;
  /** Spanish reason when not valid. */
  reason: string | null;
  /** The signer's certificate (DER), when it was found among the carried certificates. */
  signerCertificate: CertificateParts | null;
}

/**
 * Verifies the first signer of a SignedData (RFC 5652 §5.6): its certificate is carried, the
 * message-digest attribute equals the digest of `detachedContent` (or of the encapsulated
 * content), the content-type attribute matches, and the signature over the signed attributes
 * verifies with the certificate's public key. Trust in the certificate is not judged here.
 */
export function verifySignedData(parsed: ParsedSignedData, detachedContent?: Buffer[]): SignedDataCheck {
  const fail = (reason: string, signerCertificate: CertificateParts | null = null): SignedDataCheck => ({
    valid: false,
    reason,
    signerCertificate,
  });
  const { signer } = parsed;
  const cert =
    parsed.certificates
      .map((der) => certificateParts(der))
      .find((c) => c.issuer.equals(signer.issuer) && c.serial.equals(signer.serial)) ?? null;
  if (!cert) return fail('La firma no trae el certificado de quien firmó.');
  const hashName = hashNameOf(signer.digestAlgorithm);
  if (!hashName) return fail('La firma usa un algoritmo de resumen no admitido.', cert);
  if (!signer.signedAttributesDer) return fail('La firma no tiene atributos firmados.', cert);
  const hash = createHash(hashName);
  if (detachedContent) for (const part of detachedContent) hash.update(part);
  else if (parsed.content) hash.update(parsed.content);
  else return fail('La firma no cubre ningún contenido.', cert);
  const digest = signer.signedAttributes.get(OID.messageDigest)?.[0];
  if (!digest || !hash.digest().equals(digest.content))
    return fail('El contenido no corresponde a la firma: fue modificado después de firmarse.', cert);
  const contentType = signer.signedAttributes.get(OID.contentType)?.[0];
  if (!contentType || oidOf(contentType) !== parsed.contentType)
    return fail('El tipo de contenido firmado no coincide.', cert);
  let ok = false;
  try {
    const publicKey = new X509Certificate(cert.der).publicKey;
    ok = verify(hashName, signer.signedAttributesDer, publicKey, signer.signature);
  } catch {
    ok = false;
  }
  if (!ok) return fail('La firma criptográfica no es válida.', cert);
  return { valid: true, reason: null, signerCertificate: cert };
}

/** The signing-time attribute, when present. */
export function signingTimeOf(parsed: ParsedSignedData): Date | null {
  const node = parsed.signer.signedAttributes.get(OID.signingTime)?.[0];
  return node ? timeOf(node) : null;
}
