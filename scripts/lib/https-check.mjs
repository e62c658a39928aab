// The production set-up behind HTTPS (issue 29, decision 144): deploy/Caddyfile's site block in
// front of the production build, with Caddy's own certificate authority, checked through HTTPS
// the way a browser and a phone on the internet would use it. Plain Node (no test framework): each
// check prints ✓/✗ and the step counts them.
//
// Caddy runs as a child process with a generated Caddyfile: `local_certs` (its internal CA),
// `admin off`, high ports on the loopback, certificates and keys in a temporary folder. Its root
// certificate is trusted by this script's requests only (`ca`); the system trust store is never
// touched (no `caddy trust`, `skip_install_trust`).
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import https from 'node:https';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT, startServer } from './proc.mjs';

const require = createRequire(import.meta.url);

const DEMO_ADMIN = { email: 'admin@demo.do', password: 'Demo1234!' };
const METRICS_TOKEN = 'https-check-metrics-token-0123456789abcdef';
/** API requests per minute per client address in this run: small, so the limit can be reached. */
const RATE_LIMIT_MAX = 30;
/** Loopback addresses the "clients" connect from: Caddy itself talks to the app from 127.0.0.1. */
const CLIENT = { browser: '127.0.0.2', flooder: '127.0.0.3', neighbour: '127.0.0.4' };
/** A 1×1 PNG (an avatar to upload). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** deploy/Caddyfile's site block for `site`, proxying to `upstream`, behind test-only global options. */
export function testCaddyfile({ site, upstream, httpPort, httpsPort, storage }) {
  const deployed = readFileSync(path.join(ROOT, 'deploy', 'Caddyfile'), 'utf8');
  if (!deployed.includes('portal.agencia.do {') || !deployed.includes('127.0.0.1:3000'))
    throw new Error('deploy/Caddyfile no longer has the site "portal.agencia.do" proxying to 127.0.0.1:3000');
  const siteBlock = deployed
    .replace('portal.agencia.do {', `${site} {`)
    .replaceAll('127.0.0.1:3000', upstream);
  return `{
	admin off
	local_certs
	skip_install_trust
	auto_https disable_redirects
	http_port ${httpPort}
	https_port ${httpsPort}
	default_bind 127.0.0.1
	storage file_system ${storage}
	log {
		level WARN
	}
}

${siteBlock}`;
}

/** Polls until Caddy's root certificate exists and `https://…/api/health` answers through it. */
async function waitForProxy(request, rootCertPath, isAlive, timeoutMs = 60_000) {
  const started = performance.now();
  let last = 'no answer';
  while (performance.now() - started < timeoutMs) {
    if (!isAlive()) throw new Error('caddy exited before serving HTTPS');
    if (existsSync(rootCertPath)) {
      try {
        const response = await request('GET', '/api/health', { from: '127.0.0.1' });
        if (response.status === 200) return;
        last = `status ${response.status}`;
      } catch (error) {
        last = error.message;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`HTTPS through Caddy did not answer within ${timeoutMs / 1000} s (${last})`);
}

/** A `multipart/form-data` body with fields and one file. */
function multipart(fields, file) {
  const boundary = `----agencia${Math.random().toString(16).slice(2)}`;
  const parts = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** The unprivileged user the app runs as when this check runs as root (`nobody`, as `User=` does). */
const UNIT_USER = { uid: 65534, gid: 65534 };

/**
 * The settings the shipped deploy/agencia-portal.env sets (its uncommented `KEY=value` lines,
 * quotes removed), as systemd's EnvironmentFile= reads them.
 */
export function shippedEnvFile() {
  const text = readFileSync(path.join(ROOT, 'deploy', 'agencia-portal.env'), 'utf8');
  const env = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]] = match[2].replace(/^"(.*)"$/, '$1');
  }
  return env;
}

/**
 * How the systemd unit would start the app here: as `nobody` when this runs as root (a DATA_DIR
 * it owns, a copy of this Node binary it may read — /root is closed to it, as /opt/agencia-node is
 * open), otherwise as the current user. `HOME` points nowhere, as for a system user.
 */
function unitLikeStart() {
  if (process.getuid?.() !== 0) return { user: undefined, node: process.execPath, dirs: [] };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agencia-unit-data-'));
  chownSync(dataDir, UNIT_USER.uid, UNIT_USER.gid);
  const bin = mkdtempSync(path.join(os.tmpdir(), 'agencia-unit-node-'));
  chmodSync(bin, 0o755);
  const node = path.join(bin, 'node');
  copyFileSync(process.execPath, node);
  chmodSync(node, 0o755);
  return { user: UNIT_USER, node, dataDir, dirs: [dataDir, bin] };
}

/**
 * Starts the production build (apps/api/dist) and Caddy in front of it, runs every check, stops
 * both. Resolves with `{ passed, failed, note? }`; never rejects (a start-up failure is one failure).
 */
export async function runHttpsCheck({ caddy, log = console.info } = {}) {
  const results = { passed: 0, failed: 0 };
  const work = mkdtempSync(path.join(os.tmpdir(), 'agencia-https-'));
  /** @type {Awaited<ReturnType<typeof startServer>> | null} */
  let server = null;
  /** @type {ReturnType<typeof unitLikeStart> | null} */
  let unit = null;
  let caddyChild = null;
  let caddyExited = false;
  let caddyOutput = '';
  const logLines = [];
  try {
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const site = `localhost:${httpsPort}`;
    const publicUrl = `https://${site}`;

    // ── the app, as the systemd unit runs it: its own unprivileged user, the shipped settings
    // file, HOST 127.0.0.1 behind Caddy ──
    unit = unitLikeStart();
    server = await startServer({
      logLevel: 'info',
      stdio: ['ignore', 'pipe', 'inherit'],
      user: unit.user,
      node: unit.node,
      dataDir: unit.dataDir,
      env: {
        ...shippedEnvFile(),
        HOME: '/nonexistent',
        // The checks sign in as the demo admin (the shipped file starts a real installation empty).
        SEED_DEMO: 'true',
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
        METRICS_TOKEN,
        JOBS_ENABLED: 'false',
        NODE_ENV: 'production',
      },
    }).catch((error) => {
      throw new Error(`the production build did not start: ${error.message}`);
    });
    let pending = '';
    server.child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      logLines.push(...lines.filter(Boolean));
    });

    // ── Caddy with deploy/Caddyfile's site block ──
    const storage = path.join(work, 'caddy');
    const caddyfile = path.join(work, 'Caddyfile');
    writeFileSync(
      caddyfile,
      testCaddyfile({ site, upstream: `127.0.0.1:${server.port}`, httpPort, httpsPort, storage }),
    );
    const adapt = spawnSync(caddy, ['adapt', '--config', caddyfile, '--adapter', 'caddyfile'], {
      encoding: 'utf8',
    });
    if (adapt.status !== 0) throw new Error(`caddy adapt refused the Caddyfile: ${adapt.stderr.trim()}`);
    const home = path.join(work, 'home');
    caddyChild = spawn(caddy, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Nothing of Caddy's lands in the real home or config folders.
      env: { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
    });
    caddyChild.stdout.on('data', (chunk) => {
      caddyOutput += chunk;
    });
    caddyChild.stderr.on('data', (chunk) => {
      caddyOutput += chunk;
    });
    caddyChild.on('exit', () => {
      caddyExited = true;
    });
    const rootCertPath = path.join(storage, 'pki', 'authorities', 'local', 'root.crt');

    /** One HTTPS request to Caddy from loopback address `from`, trusting Caddy's root only. */
    const request = (method, urlPath, { from = CLIENT.browser, headers = {}, body, trust = true } = {}) =>
      new Promise((resolve, reject) => {
        const req = https.request(
          {
            host: 'localhost',
            family: 4,
            port: httpsPort,
            method,
            path: urlPath,
            localAddress: from,
            servername: 'localhost',
            ca: trust ? readFileSync(rootCertPath) : undefined,
            agent: false,
            headers: { ...(body ? { 'content-length': body.length } : {}), ...headers },
            timeout: 15_000,
          },
          (res) => {
            const chunks = [];
            res.on('data', (chunk) => chunks.push(chunk));
            res.on('end', () => {
              const buffer = Buffer.concat(chunks);
              resolve({
                status: res.statusCode,
                headers: res.headers,
                body: buffer,
                text: buffer.toString('utf8'),
              });
            });
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error('timed out')));
        req.on('error', reject);
        req.end(body);
      });
    const json = (response) => {
      try {
        return JSON.parse(response.text);
      } catch {
        throw new Error(`not JSON (status ${response.status}): ${response.text.slice(0, 200)}`);
      }
    };

    await waitForProxy(request, rootCertPath, () => !caddyExited);
    log(`• app on 127.0.0.1:${server.port}, Caddy on ${publicUrl} (internal CA in ${storage})`);

    const check = async (title, fn) => {
      try {
        await fn();
        results.passed++;
        log(`  ✓ ${title}`);
      } catch (error) {
        results.failed++;
        log(`  ✗ ${title}\n      ${error instanceof Error ? error.message : error}`);
      }
    };
    const expect = (condition, message) => {
      if (!condition) throw new Error(message);
    };

    let session = null;

    await check("HTTPS with Caddy's own certificate authority, trusted by this check only", async () => {
      const page = await request('GET', '/');
      expect(page.status === 200, `GET / answered ${page.status}`);
      expect(/text\/html/.test(page.headers['content-type'] ?? ''), 'GET / is not HTML');
      expect(
        /max-age=\d+/.test(page.headers['strict-transport-security'] ?? ''),
        'no Strict-Transport-Security header on https',
      );
      const untrusted = await request('GET', '/api/health', { trust: false }).then(
        (response) => `answered ${response.status}`,
        (error) => error.code ?? error.message,
      );
      expect(
        /CERT|SELF_SIGNED|UNABLE_TO/.test(untrusted),
        `without Caddy's root the certificate must be refused (the system trust store untouched), got ${untrusted}`,
      );
    });

    await check('runs as the unit would: an unprivileged user, the shipped settings file', async () => {
      const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
      if (unit?.user) {
        expect(uid === unit.user.uid, `the app runs as uid ${uid}, not ${unit.user.uid}`);
        // Everything it wrote (PGlite files, generated keys) is in DATA_DIR, owned by that user.
        const owners = spawnSync('find', [server.dataDir, '!', '-user', String(unit.user.uid)], {
          encoding: 'utf8',
        }).stdout.trim();
        expect(owners === '', `files in DATA_DIR not owned by the app's user: ${owners}`);
      } else expect(uid === process.getuid?.(), `the app runs as uid ${uid}`);
      expect(shippedEnvFile().TRUST_PROXY === '127.0.0.1', 'the shipped settings file trusts Caddy only');
    });

    await check('readiness through the proxy', async () => {
      const ready = await request('GET', '/api/health/ready');
      expect(ready.status === 200, `GET /api/health/ready answered ${ready.status}: ${ready.text}`);
      expect(json(ready).data?.migrations === 'current', `unexpected body ${ready.text}`);
    });

    await check(
      'login sets the refresh cookie Secure, HttpOnly, SameSite=Strict; the cookie refreshes',
      async () => {
        const body = Buffer.from(JSON.stringify(DEMO_ADMIN));
        const login = await request('POST', '/api/auth/login', {
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(login.status === 200, `login answered ${login.status}: ${login.text.slice(0, 200)}`);
        session = json(login).data;
        const cookie = (login.headers['set-cookie'] ?? [])[0] ?? '';
        for (const attribute of ['Secure', 'HttpOnly', 'SameSite=Strict', 'Path=/api/auth'])
          expect(cookie.includes(attribute), `Set-Cookie lacks ${attribute}: ${cookie}`);
        const refreshed = await request('POST', '/api/auth/refresh-token', {
          headers: { cookie: cookie.split(';')[0] },
        });
        expect(
          refreshed.status === 200,
          `refresh with the cookie answered ${refreshed.status}: ${refreshed.text}`,
        );
      },
    );

    await check(
      "the client's real address reaches the logs (TRUST_PROXY), a forged one does not",
      async () => {
        const requestId = `https-check-${Date.now()}`;
        const response = await request('GET', '/api/health', {
          headers: { 'x-request-id': requestId, 'x-forwarded-for': '198.51.100.7' },
        });
        expect(response.status === 200, `GET /api/health answered ${response.status}`);
        expect(response.headers['x-request-id'] === requestId, 'the request id did not come back');
        let line = null;
        for (let i = 0; i < 50 && !line; i++) {
          line = logLines
            .map((text) => JSON.parse(text))
            .find((entry) => entry.reqId === requestId && entry.req);
          if (!line) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(line, `no JSON log line with reqId ${requestId}`);
        expect(
          line.req.remoteAddress === CLIENT.browser,
          `the log shows ${line.req.remoteAddress}, not the client's ${CLIENT.browser}`,
        );
      },
    );

    await check(
      'realtime over the proxy: socket.io on a websocket (wss) gets what the API emits',
      async () => {
        expect(session?.token, 'no session from the login check');
        const { io } = require(
          require.resolve('socket.io-client', { paths: [path.join(ROOT, 'apps', 'api')] }),
        );
        const open = (token) =>
          io(publicUrl, {
            transports: ['websocket'],
            auth: { token },
            ca: readFileSync(rootCertPath),
            localAddress: CLIENT.browser,
            reconnection: false,
            timeout: 10_000,
          });
        const connected = (socket) =>
          new Promise((resolve) => {
            socket.on('connect', () => resolve({ ok: true, transport: socket.io.engine.transport.name }));
            socket.on('connect_error', (error) => resolve({ ok: false, error: error.message }));
          });
        const socket = open(session.token);
        try {
          const state = await connected(socket);
          expect(state.ok, `the websocket did not connect: ${state.error}`);
          expect(state.transport === 'websocket', `transport ${state.transport}`);
          // An API write through HTTPS reaches the socket through the proxy (users.routes: the
          // updated user's sessions are told to reload their profile).
          const event = new Promise((resolve, reject) => {
            socket.on('session:user-updated', () => resolve(true));
            setTimeout(() => reject(new Error('no session:user-updated event within 10 s')), 10_000).unref();
          });
          const body = Buffer.from(JSON.stringify({ firstName: session.user.firstName }));
          const update = await request('PUT', `/api/users/${session.user._id}`, {
            headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
            body,
          });
          expect(
            update.status === 200,
            `PUT /api/users answered ${update.status}: ${update.text.slice(0, 200)}`,
          );
          await event;
        } finally {
          socket.close();
        }
        const refused = open('not-a-token');
        const denied = await connected(refused);
        refused.close();
        expect(!denied.ok && denied.error === 'unauthorized', `a bad token got ${JSON.stringify(denied)}`);
      },
    );

    await check('an avatar uploaded through the proxy is stored and served back over HTTPS', async () => {
      expect(session?.token, 'no session from the login check');
      const form = multipart(
        { type: 'avatar' },
        { field: 'file', name: 'avatar.png', type: 'image/png', data: PNG },
      );
      const upload = await request('POST', '/api/upload', {
        headers: { authorization: `Bearer ${session.token}`, 'content-type': form.type },
        body: form.body,
      });
      expect(upload.status === 201, `upload answered ${upload.status}: ${upload.text.slice(0, 200)}`);
      const { url } = json(upload).data;
      const file = await request('GET', url);
      expect(file.status === 200, `GET ${url} answered ${file.status}`);
      expect(file.headers['content-type'] === 'image/webp', `content type ${file.headers['content-type']}`);
      expect(
        Number(file.headers['content-length'] ?? file.body.length) === file.body.length,
        'length mismatch',
      );
      expect(
        file.body.subarray(8, 12).toString('latin1') === 'WEBP',
        'the stored avatar is not a WebP image',
      );
    });

    await check('links are built from PUBLIC_URL (sitemap, robots.txt)', async () => {
      const sitemap = await request('GET', '/sitemap.xml');
      expect(sitemap.status === 200, `sitemap answered ${sitemap.status}`);
      expect(sitemap.text.includes(`<loc>${publicUrl}/</loc>`), `sitemap lacks <loc>${publicUrl}/</loc>`);
      const robots = await request('GET', '/robots.txt');
      expect(robots.text.includes(`Sitemap: ${publicUrl}/sitemap.xml`), `robots.txt: ${robots.text}`);
    });

    await check('/metrics through HTTPS: refused without the token, counting requests with it', async () => {
      const refused = await request('GET', '/metrics');
      expect(refused.status === 401, `without the token /metrics answered ${refused.status}`);
      const metrics = await request('GET', '/metrics', {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.status === 200, `with the token /metrics answered ${metrics.status}`);
      expect(
        /http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/login",status_code="200"\} [1-9]/.test(
          metrics.text,
        ),
        'the login request is not counted',
      );
    });

    await check('rate limits count each real client, not the proxy', async () => {
      let limitedAt = null;
      for (let i = 1; i <= RATE_LIMIT_MAX + 1 && !limitedAt; i++) {
        const response = await request('GET', '/api/health', { from: CLIENT.flooder });
        if (response.status === 429) limitedAt = i;
        else expect(response.status === 200, `request ${i} answered ${response.status}`);
      }
      expect(
        limitedAt === RATE_LIMIT_MAX + 1,
        `the limit hit at request ${limitedAt}, expected ${RATE_LIMIT_MAX + 1}`,
      );
      const neighbour = await request('GET', '/api/health', { from: CLIENT.neighbour });
      expect(neighbour.status === 200, `another client behind the same proxy got ${neighbour.status}`);
      const browser = await request('GET', '/api/health/ready', { from: CLIENT.browser });
      expect(browser.status === 200, `the first client got ${browser.status}`);
    });
  } catch (error) {
    results.failed++;
    log(`  ✗ ${error instanceof Error ? error.message : error}`);
    if (caddyOutput) log(`    caddy said:\n${caddyOutput.trim().split('\n').slice(-15).join('\n')}`);
  } finally {
    if (caddyChild && !caddyExited) {
      caddyChild.kill('SIGTERM');
      await new Promise((resolve) => {
        if (caddyExited) resolve();
        caddyChild.on('exit', resolve);
        setTimeout(() => {
          caddyChild.kill('SIGKILL');
          resolve();
        }, 5_000).unref();
      });
    }
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
    for (const dir of unit?.dirs ?? []) rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
