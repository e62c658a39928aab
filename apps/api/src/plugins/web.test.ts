import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGNED_IN_HINT_COOKIE, THEME_HINT_COOKIE } from '@agencia/shared/constants';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPrerenderManifest, registerWeb } from './web.js';

const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';
const LANDING = '<!doctype html><html><body><div id="root"><h1>Landing</h1></div></body></html>';
const PORTFOLIO = '<!doctype html><html><body><div id="root"><h1>Portafolio</h1></div></body></html>';

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
