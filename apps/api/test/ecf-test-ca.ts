import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/*
 * A test certification authority written with node-forge (decision 161): a self-signed root with
 * `basicConstraints cA`, optionally an intermediate, and signing certificates issued by either —
 * the shape of an INDOTEL-accredited body's chain — to test the receiver's trust in eCF.
 */

/** A certificate and its private key, PEM. */
export interface TestCa {
  certificatePem: string;
  privateKeyPem: string;
}

function keyPair() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  return { privateKeyPem, key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

function build(opts: { commonName: string; issuer: TestCa | null; ca: boolean; notAfter?: Date }): TestCa {
  const own = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = own.publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = opts.notAfter ?? new Date(Date.now() + 365 * 86_400_000);
  const subject = [
    { shortName: 'CN', value: opts.commonName },
    { shortName: 'O', value: 'Entidad de Certificación de Prueba' },
    { shortName: 'C', value: 'DO' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(
    opts.issuer ? forge.pki.certificateFromPem(opts.issuer.certificatePem).subject.attributes : subject,
  );
  cert.setExtensions(
    opts.ca
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
        ],
  );
  const signer = opts.issuer
    ? (forge.pki.privateKeyFromPem(opts.issuer.privateKeyPem) as forge.pki.rsa.PrivateKey)
    : own.key;
  cert.sign(signer, forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem: own.privateKeyPem };
}

/** A self-signed root CA. */
export function makeTestCa(commonName = 'AC RAIZ DE PRUEBA'): TestCa {
  return build({ commonName, issuer: null, ca: true });
}

/** An intermediate CA issued by `issuer`. */
export function makeTestIntermediate(issuer: TestCa, commonName = 'AC SUBORDINADA DE PRUEBA'): TestCa {
  return build({ commonName, issuer, ca: true });
}

/** A signing (end-entity) certificate issued by `issuer`; self-signed when `issuer` is null. */
export function makeTestSigner(issuer: TestCa | null, commonName = 'FIRMANTE DE PRUEBA'): TestCa {
  return build({ commonName, issuer, ca: false });
}
