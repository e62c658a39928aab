import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';
import { buildSignedData, OID } from '../src/modules/signatures/cms.js';
import {
  child,
  decodeDer,
  generalizedTime,
  integer,
  oid,
  oidOf,
  sequence,
  TAG,
  tlv,
} from '../src/modules/signatures/der.js';
import { makeTestCa, type TestCa } from './ecf-test-ca.js';

/*
 * A local time-stamping authority speaking RFC 3161 over HTTP (§3.4), written from the RFC:
 * it takes a DER TimeStampReq POSTed as `application/timestamp-query`, checks it (version 1, a
 * known hash algorithm with a digest of the right length) and answers a TimeStampResp
 * (`application/timestamp-reply`): status granted with a token — a CMS SignedData of a TSTInfo
 * (policy, the request's message imprint, a serial number, genTime, accuracy, the nonce) signed
 * by a TSA certificate whose only extended key usage is id-kp-timeStamping, marked critical
 * (§2.3), issued by a test root CA; the certificate travels in the token when certReq asks.
 * A bad request gets status rejection with failInfo (§2.4.2); another content type or method
 * gets an HTTP error, as public TSAs answer.
 */

/** The test policy the fake stamps under (an OID under the ITU-T/ISO example arc 2.999). */
export const FAKE_TSA_POLICY = '2.999.3161.1';

const DIGEST_LENGTH: Record<string, number> = {
  [OID.sha256]: 32,
  [OID.sha384]: 48,
  [OID.sha512]: 64,
};

/** PKIFailureInfo bits (RFC 3161 §2.4.2). */
const FAIL = { badAlg: 0, badRequest: 2, badDataFormat: 5, unacceptedPolicy: 15 } as const;

/** A running fake TSA. */
export interface FakeTsa {
  url: string;
  /** The root CA that issued the TSA certificate (trust anchor for `openssl ts -verify`). */
  ca: TestCa;
  tsa: TestCa;
  /** Every request received: its content type and whether it was granted. */
  requests: Array<{ contentType: string | null; granted: boolean }>;
  close(): Promise<void>;
}

function tsaCertificate(ca: TestCa): TestCa {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `02${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject([
    { shortName: 'CN', value: 'TSA DE PRUEBA' },
    { shortName: 'O', value: 'Sellado de Tiempo de Prueba' },
    { shortName: 'C', value: 'DO' },
  ]);
  cert.setIssuer(forge.pki.certificateFromPem(ca.certificatePem).subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    // RFC 3161 §2.3: exactly one extended key usage, id-kp-timeStamping, critical.
    { name: 'extKeyUsage', timeStamping: true, critical: true },
  ]);
  cert.sign(
    forge.pki.privateKeyFromPem(ca.privateKeyPem) as forge.pki.rsa.PrivateKey,
    forge.md.sha256.create(),
  );
  return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem };
}

/** PKIStatusInfo: `status`, and for a rejection the failInfo BIT STRING with one bit set. */
function statusInfo(status: number, failBit?: number): Buffer {
  if (failBit === undefined) return sequence(integer(status));
  const bytes = Buffer.alloc(Math.floor(failBit / 8) + 1);
  bytes[Math.floor(failBit / 8)] = 0x80 >> (failBit % 8);
  const unused = 7 - (failBit % 8);
  return sequence(integer(status), tlv(TAG.bitString, Buffer.concat([Buffer.from([unused]), bytes])));
}

/** Starts the fake TSA on 127.0.0.1 (a free port). `clock` sets genTime (default: now). */
export async function startFakeTsa(opts: { clock?: () => Date } = {}): Promise<FakeTsa> {
  const ca = makeTestCa('AC RAIZ DE SELLADO DE PRUEBA');
  const tsa = tsaCertificate(ca);
  const requests: FakeTsa['requests'] = [];
  let serial = 1;

  async function answer(body: Buffer): Promise<Buffer> {
    let req: ReturnType<typeof decodeDer>;
    try {
      req = decodeDer(body);
      if (req.raw.length !== body.length || req.tag !== TAG.sequence) throw new Error('not one SEQUENCE');
    } catch {
      return sequence(statusInfo(2, FAIL.badDataFormat));
    }
    try {
      const version = child(req, 0, 'version');
      if (version.tag !== TAG.integer || version.content.readUIntBE(0, version.content.length) !== 1)
        return sequence(statusInfo(2, FAIL.badRequest));
      const imprint = child(req, 1, 'messageImprint');
      const algorithm = oidOf(child(child(imprint, 0), 0));
      const hashed = child(imprint, 1);
      if (!DIGEST_LENGTH[algorithm]) return sequence(statusInfo(2, FAIL.badAlg));
      if (hashed.tag !== TAG.octetString || hashed.content.length !== DIGEST_LENGTH[algorithm])
        return sequence(statusInfo(2, FAIL.badDataFormat));
      let nonce: Buffer | null = null;
      let certReq = false;
      for (const field of req.children.slice(2)) {
        if (field.tag === TAG.integer) nonce = Buffer.from(field.raw);
        else if (field.tag === TAG.boolean) certReq = field.content[0] !== 0;
        else if (field.tag === TAG.oid && oidOf(field) !== FAKE_TSA_POLICY)
          return sequence(statusInfo(2, FAIL.unacceptedPolicy));
      }
      const tstInfo = sequence(
        integer(1),
        oid(FAKE_TSA_POLICY),
        Buffer.from(imprint.raw),
        integer(serial++),
        generalizedTime(opts.clock?.() ?? new Date()),
        sequence(integer(1)), // accuracy: 1 second
        ...(nonce ? [nonce] : []),
      );
      const token = await buildSignedData({
        signer: { privateKeyPem: tsa.privateKeyPem, certificatePem: tsa.certificatePem },
        content: tstInfo,
        contentType: OID.tstInfo,
        encapsulate: true,
        withCertificates: certReq,
      });
      return sequence(statusInfo(0), token);
    } catch {
      return sequence(statusInfo(2, FAIL.badDataFormat));
    }
  }

  const server: Server = createServer((request, response) => {
    const contentType = request.headers['content-type'] ?? null;
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      if (request.method !== 'POST') {
        requests.push({ contentType, granted: false });
        response.writeHead(405, { allow: 'POST', 'content-type': 'text/plain' }).end('Method Not Allowed');
        return;
      }
      if (contentType?.split(';')[0]?.trim().toLowerCase() !== 'application/timestamp-query') {
        requests.push({ contentType, granted: false });
        response.writeHead(415, { 'content-type': 'text/plain' }).end('Unsupported Media Type');
        return;
      }
      void answer(Buffer.concat(chunks)).then((reply) => {
        requests.push({ contentType, granted: isGranted(reply) });
        response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    ca,
    tsa,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function isGranted(reply: Buffer): boolean {
  const status = child(child(decodeDer(reply), 0), 0);
  return status.content.readUIntBE(0, status.content.length) === 0;
}
