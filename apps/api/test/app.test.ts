import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from './helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

describe('cross-cutting API behaviour', () => {
  it('GET /api/health reports the database as up', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('unknown /api path → JSON 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ success: false, message: 'Ruta no encontrada', code: 'NOT_FOUND' });
  });

  it('sends security headers and no-store on API responses', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('GET /api/settings/public exposes the company name without auth', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.settings).toMatchObject({ name: 'Agencia Digital RD', currency: 'DOP' });
  });

  it('GET /api/nav/badges needs a session and returns non-negative counts', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/nav/badges' })).statusCode).toBe(401);
    const s = await login(app, DEMO.client);
    const res = await injectAs(app, s.token, { method: 'GET', url: '/api/nav/badges' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ projects: expect.any(Number), tickets: expect.any(Number) });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/me', '/api/health']),
    );
  });
});
