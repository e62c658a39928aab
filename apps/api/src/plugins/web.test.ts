import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SIGNED_IN_HINT_COOKIE, THEME_HINT_COOKIE } from '@agencia/shared/constants';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalise, readPrerenderManifest, registerWeb } from './web.js';

const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';
const LANDING = '<!doctype html><html><body><div id="root"><h1>Landing</h1></div></body></html>';
const PORTFOLIO = '<!doctype html><html><body><div id="root"><h1>Portafolio</h1></div></body></html>';

describe('web plugin: the company contact in pre-rendered pages', () => {
  const drawn = { whatsapp: '18095550100', email: 'hola@agenciadigital.do', name: 'Agencia Digital RD' };
  const TOKEN = '__AGENCIA_COMPANY_NAME__';
  /** The template as the build writes it (name token), and the page as served by default. */
  const template =
    `<div id="root"><header>${TOKEN}</header><p>Agencia Digital RD es nuestra marca</p>` +
    '<a href="https://wa.me/18095550100?text=Hola">WhatsApp</a>' +
    '<a href="mailto:hola@agenciadigital.do?subject=x">hola@agenciadigital.do</a></div>';
  const page = template.replace(TOKEN, 'Agencia Digital RD');
  let dir: string;
  let app: FastifyInstance;
  let contact = { ...drawn };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'agencia-web-contact-'));
    writeFileSync(join(dir, 'index.html'), SHELL);
    mkdirSync(join(dir, 'prerendered'));
    writeFileSync(join(dir, 'prerendered', 'index.html'), page);
    writeFileSync(join(dir, 'prerendered', 'index.template.html'), template);
    const manifest = { pages: { '/': 'index.html' }, scriptHashes: [], contact: drawn, nameToken: TOKEN };
    writeFileSync(join(dir, 'prerendered', 'manifest.json'), JSON.stringify(manifest));
    app = Fastify();
    await app.register(fastifyCookie);
    await registerWeb(app, dir, true, readPrerenderManifest(dir), async () => contact);
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the page as built while the settings hold the fallbacks', async () => {
    contact = { ...drawn };
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.body).toBe(page);
    expect(res.body).not.toContain(TOKEN);
  });

  it("puts the company's WhatsApp number and e-mail in, compressed as the browser accepts", async () => {
    contact = { whatsapp: '18297771234', email: 'ventas@cafecibao.do', name: drawn.name };
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.body).toContain('https://wa.me/18297771234?text=Hola');
    expect(plain.body).toContain('mailto:ventas@cafecibao.do?subject=x">ventas@cafecibao.do<');
    expect(plain.body).not.toContain('18095550100');
    expect(plain.body).not.toContain('hola@agenciadigital.do');
    const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    const gz = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('escapes markup in the e-mail and takes `$` patterns literally', () => {
    expect(personalise(page, drawn, { ...drawn, whatsapp: '1', email: 'a"b@x.do' })).toContain(
      'a&#34;b@x.do',
    );
    const dollar = personalise(page, drawn, { ...drawn, whatsapp: '1', email: "pay$`$&$'@x.do" });
    expect(dollar).toContain('mailto:pay$`$&#38;$&#39;@x.do?subject=x">pay$`$&#38;$&#39;@x.do<');
    expect(dollar.startsWith('<div id="root">')).toBe(true);
  });

  it("puts the company's name where the pages draw it from the settings, and only there", async () => {
    contact = { ...drawn, name: 'Café & Co <Estudio>' };
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('<header>Café &#38; Co &#60;Estudio&#62;</header>');
    expect(res.body).toContain('<p>Agencia Digital RD es nuestra marca</p>'); // fixed copy stays
    expect(res.body).not.toContain(TOKEN);
    expect(res.body).toContain('wa.me/18095550100');
  });

  it('serves the page as built when the settings cannot be read', async () => {
    const failing = Fastify();
    await failing.register(fastifyCookie);
    await registerWeb(failing, dir, true, readPrerenderManifest(dir), async () => {
      throw new Error('database down');
    });
    const res = await failing.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(page);
    await failing.close();
  });
});

describe('web plugin: pre-rendered pages (decision 027)', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'agencia-web-'));
    writeFileSync(join(dir, 'index.html'), SHELL);
    mkdirSync(join(dir, 'prerendered'));
    writeFileSync(join(dir, 'prerendered', 'index.html'), LANDING);
    writeFileSync(join(dir, 'prerendered', 'portfolio.html'), PORTFOLIO);
    writeFileSync(
      join(dir, 'prerendered', 'manifest.json'),
      JSON.stringify({
        pages: { '/': 'index.html', '/portfolio': 'portfolio.html' },
        scriptHashes: ["'sha256-abc='"],
      }),
    );
    app = Fastify();
    await app.register(fastifyCookie);
    await registerWeb(app, dir, true);
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the manifest, or null without one', () => {
    expect(readPrerenderManifest(dir)).toEqual({
      pages: { '/': 'index.html', '/portfolio': 'portfolio.html' },
      scriptHashes: ["'sha256-abc='"],
      contact: null,
      nameToken: null,
    });
    expect(readPrerenderManifest(join(dir, 'prerendered'))).toBeNull();
  });

  it('answers / with the pre-rendered landing, revalidated and varying on the cookie', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(LANDING);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers.vary)).toContain('Cookie');
  });

  it('answers / with the empty shell when the browser says it is signed in', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/?from=bookmark',
      cookies: { [SIGNED_IN_HINT_COOKIE]: '1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL);
  });

  it('answers /portfolio (with or without a trailing slash) pre-rendered, signed in or not', async () => {
    for (const url of ['/portfolio', '/portfolio/', '/portfolio?categoria=web']) {
      const response = await app.inject({ method: 'GET', url, cookies: { [SIGNED_IN_HINT_COOKIE]: '1' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(PORTFOLIO);
    }
  });

  it('answers every pre-rendered page with the shell for a theme variant other than the default', async () => {
    for (const url of ['/', '/portfolio']) {
      const custom = await app.inject({ method: 'GET', url, cookies: { [THEME_HINT_COOKIE]: 'modern' } });
      expect(custom.body, url).toBe(SHELL);
      expect(String(custom.headers.vary), url).toContain('Cookie');
      const standard = await app.inject({ method: 'GET', url, cookies: { [THEME_HINT_COOKIE]: 'default' } });
      expect(standard.body, url).not.toBe(SHELL);
    }
  });

  it('answers other app routes with the shell and unknown API paths with the JSON 404', async () => {
    const dashboard = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toBe(SHELL);
    const api = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, message: 'Ruta no encontrada' });
  });
});

describe('web plugin: the installable portal’s files (decision 169)', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'agencia-web-pwa-'));
    writeFileSync(join(dir, 'index.html'), SHELL);
    writeFileSync(join(dir, 'sw.js'), "self.addEventListener('fetch', () => {});");
    writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Portal","display":"standalone"}');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    app = Fastify();
    await app.register(fastifyCookie);
    await registerWeb(app, dir, true, null);
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves sw.js as JavaScript revalidated on every visit (a new build’s worker is found at once)', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the manifest as application/manifest+json, revalidated', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ display: 'standalone' });
  });

  it('keeps hashed assets immutable for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
