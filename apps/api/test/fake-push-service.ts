import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify as verifySignature,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A local push service for the Web Push tests (decision 169): HTTPS on 127.0.0.1 with a
 * throw-away certificate, standing in for FCM / Mozilla autopush / Apple. For every message it
 * checks the VAPID authorization (RFC 8292: an ES256 JWT whose `aud` is the endpoint's origin,
 * `exp` in the future and at most 24 h ahead, a `sub`, signed by the key in `k`) and DECRYPTS the
 * body as the browser would (RFC 8291 aes128gcm, with the device private key this fake made for the
 * subscription). Endpoints answer by their path: `/gone/*` 410, `/missing/*` 404, `/fail/*` 500,
 * anything else 201.
 */

const b64url = (buf: Buffer) => buf.toString('base64url');

/** A device as the browser holds it: its subscription JSON and the private key behind it. */
export interface FakeDevice {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

/** What the fake received and checked for one message. */
export interface ReceivedPush {
  path: string;
  status: number;
  /** Decrypted JSON (null when the checks failed). */
  payload: unknown;
  jwt: { aud: string; exp: number; sub: string } | null;
  vapidKey: string | null;
  ttl: string | undefined;
  /** Why the fake refused it (null when accepted or answered by the path's rule). */
  error: string | null;
}

/** Derives `info`'s HKDF-Expand output (one block, RFC 5869) from `prk`. */
function hkdfExpand(prk: Buffer, info: Buffer, length: number): Buffer {
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}

/** RFC 8291 §3.4 + RFC 8188: decrypts one aes128gcm message (a single record) for `device`. */
export function decryptAes128gcm(
  body: Buffer,
  device: Pick<FakeDevice, 'privateKey' | 'publicKey' | 'authSecret'>,
): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 4) throw new Error('keyid is not an uncompressed P-256 key');
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  // RFC 8291 §3.3: IKM from the auth secret and the ECDH secret, bound to both public keys.
  const prkKey = createHmac('sha256', device.authSecret).update(ecdhSecret).digest();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, asPublic]);
  const ikm = hkdfExpand(prkKey, keyInfo, 32);
  // RFC 8188 §2.2, 2.3: content encryption key and nonce from the salt.
  const prk = createHmac('sha256', salt).update(ikm).digest();
  const cek = hkdfExpand(prk, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdfExpand(prk, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Verifies a VAPID `Authorization: vapid t=…, k=…` for `origin`; answers the claims or throws. */
export function verifyVapid(header: string | undefined, origin: string, now = Date.now()) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`bad Authorization header: ${header}`);
  const [token, k] = [m[1]!, m[2]!];
  const [h, p, s] = token.split('.') as [string, string, string];
  const header64 = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; typ?: string };
  if (header64.alg !== 'ES256') throw new Error(`alg ${header64.alg}`);
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    format: 'jwk',
  });
  const ok = verifySignature(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const seconds = now / 1000;
  if (!(claims.exp > seconds && claims.exp <= seconds + 24 * 3600))
    throw new Error(`exp ${claims.exp} not within 24 h`);
  if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(claims.sub ?? '')) throw new Error(`sub ${claims.sub}`);
  return { claims, k };
}

/** A running fake push service. */
export interface FakePushService {
  origin: string;
  /** An HTTPS agent that trusts the fake's certificate (pass it to the push sender). */
  agent: Agent;
  received: ReceivedPush[];
  /** A new device whose endpoint is `origin/<kind>/<random>`. */
  device(kind?: 'ok' | 'gone' | 'missing' | 'fail'): FakeDevice;
  close(): Promise<void>;
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakePushService(): Promise<FakePushService> {
  const dir = mkdtempSync(join(tmpdir(), 'fake-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(dir, 'cert.pem'));
  const key = readFileSync(join(dir, 'key.pem'));
  rmSync(dir, { recursive: true, force: true });
  const devices = new Map<string, FakeDevice>();
  const received: ReceivedPush[] = [];
  let origin = '';
  const server: Server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const entry: ReceivedPush = {
        path,
        status: 201,
        payload: null,
        jwt: null,
        vapidKey: null,
        ttl: req.headers.ttl as string | undefined,
        error: null,
      };
      try {
        const { claims, k } = verifyVapid(req.headers.authorization, origin);
        entry.jwt = claims;
        entry.vapidKey = k;
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const device = devices.get(`${origin}${path}`);
        if (!device) throw new Error('unknown endpoint');
        entry.payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), device).toString('utf8'));
        entry.status = path.startsWith('/gone/')
          ? 410
          : path.startsWith('/missing/')
            ? 404
            : path.startsWith('/fail/')
              ? 500
              : 201;
      } catch (err) {
        entry.status = 400;
        entry.error = (err as Error).message;
      }
      received.push(entry);
      res.writeHead(entry.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    origin,
    agent,
    received,
    device(kind = 'ok') {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}/${kind}/${randomBytes(12).toString('hex')}`;
      const device: FakeDevice = {
        subscription: { endpoint, keys: { p256dh: b64url(publicKey), auth: b64url(authSecret) } },
        privateKey: ecdh.getPrivateKey(),
        publicKey,
        authSecret,
      };
      devices.set(endpoint, device);
      return device;
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
