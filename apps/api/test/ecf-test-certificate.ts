import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** Options of {@link makeTestPkcs12}. Dates default to "valid from yesterday for a year". */
export interface TestCertificateOptions {
  password?: string;
  commonName?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** Leave the private key out of the file (a certificate-only .p12). */
  withoutKey?: boolean;
}

/** A generated certificate: the PKCS#12 file and its PEM parts. */
export interface TestCertificate {
  p12: Buffer;
  password: string;
  privateKeyPem: string;
  certificatePem: string;
  serialNumber: string;
}

/**
 * A self-signed RSA-2048 certificate packed as a PKCS#12, like the ones the DGII's certification
 * bodies issue to a taxpayer (issue 26, "a self-signed .p12 generated for the tests"). The key
 * comes from Node's crypto (fast); node-forge writes the certificate and the PKCS#12 (3DES, as
 * the bodies' files are).
 */
export function makeTestPkcs12(opts: TestCertificateOptions = {}): TestCertificate {
  const password = opts.password ?? 'clave-de-prueba';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  const now = Date.now();
  cert.validity.notBefore = opts.notBefore ?? new Date(now - 86_400_000);
  cert.validity.notAfter = opts.notAfter ?? new Date(now + 365 * 86_400_000);
  const attrs = [
    { shortName: 'CN', value: opts.commonName ?? 'AGENCIA DIGITAL RD SRL' },
    { shortName: 'O', value: 'Agencia Digital RD' },
    { shortName: 'C', value: 'DO' },
    { type: '2.5.4.5', value: 'RNC131855423' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(opts.withoutKey ? null : key, [cert], password, {
    algorithm: '3des',
  });
  return {
    p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
    password,
    privateKeyPem,
    certificatePem: forge.pki.certificateToPem(cert),
    serialNumber: cert.serialNumber.toUpperCase(),
  };
}
