import forge from 'node-forge';
import type { SigningKey } from './ecf-signature.js';

/** What the admin sees of the loaded certificate (never the key). Dates are ISO instants. */
export interface CertificateSummary {
  subject: string;
  serialNumber: string;
  validFrom: string;
  validTo: string;
}

/** A readable PKCS#12: its signing key and summary. */
export interface ParsedCertificate extends SigningKey {
  summary: CertificateSummary;
}

/** Thrown with a Spanish message for a file or password that cannot give a signing key; `field` names the culprit. */
export class CertificateError extends Error {
  constructor(
    message: string,
    readonly field: 'file' | 'password' = 'file',
  ) {
    super(message);
  }
}

/** PKCS#12 bag types (RFC 7292 §4.2). */
const BAG = {
  key: '1.2.840.113549.1.12.10.1.1',
  shroudedKey: '1.2.840.113549.1.12.10.1.2',
  cert: '1.2.840.113549.1.12.10.1.3',
} as const;

function subjectOf(cert: forge.pki.Certificate): string {
  return cert.subject.attributes
    .map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`)
    .reverse()
    .join(', ');
}

function sameKey(cert: forge.pki.Certificate, key: forge.pki.rsa.PrivateKey): boolean {
  const pub = cert.publicKey as forge.pki.rsa.PublicKey;
  return Boolean(pub.n) && pub.n.equals(key.n) && pub.e.equals(key.e);
}

/**
 * Reads the agency's e-CF certificate: a PKCS#12 (.p12/.pfx, as issued by the DGII's authorised
 * certification bodies: Avansi, Cámara de Comercio de Santo Domingo, Viafirma) holding an RSA
 * private key and its X.509 certificate. Answers the key and certificate as PEM and a summary.
 * Throws {@link CertificateError} (Spanish) when the file is not a PKCS#12, the password is wrong,
 * no private key or matching certificate is inside, the key is not RSA, or the certificate is
 * expired or not yet valid at `now`.
 */
export function parsePkcs12(file: Buffer, password: string, now = new Date()): ParsedCertificate {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(file.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/password|MAC/i.test(message))
      throw new CertificateError('La contraseña del certificado no es correcta.', 'password');
    throw new CertificateError('El archivo no es un certificado PKCS#12 (.p12 o .pfx) válido.');
  }
  const bags = (type: string): forge.pkcs12.Bag[] => p12.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bags(BAG.shroudedKey), ...bags(BAG.key)];
  const key = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key)
    throw new CertificateError('El certificado no contiene la clave privada: exporta el .p12 con ella.');
  if (!key.n) throw new CertificateError('La clave del certificado debe ser RSA.');
  const certs = bags(BAG.cert)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c));
  const cert = certs.find((c) => sameKey(c, key));
  if (!cert) throw new CertificateError('El archivo no contiene el certificado de la clave privada.');
  const summary: CertificateSummary = {
    subject: subjectOf(cert),
    serialNumber: cert.serialNumber.toUpperCase(),
    validFrom: cert.validity.notBefore.toISOString(),
    validTo: cert.validity.notAfter.toISOString(),
  };
  if (cert.validity.notAfter <= now)
    throw new CertificateError(
      `El certificado venció el ${summary.validTo.slice(0, 10)}. Carga uno vigente.`,
    );
  if (cert.validity.notBefore > now)
    throw new CertificateError(
      `El certificado aún no es válido (desde el ${summary.validFrom.slice(0, 10)}).`,
    );
  return {
    privateKeyPem: forge.pki.privateKeyToPem(key),
    certificatePem: forge.pki.certificateToPem(cert),
    summary,
  };
}
