import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ publicUrl: 'https://agencia.example.do/' });
});

describe('SEO files', () => {
  it('serves robots.txt with the sitemap URL and the portal disallowed', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Sitemap: https://agencia.example.do/sitemap.xml');
    expect(res.body).toContain('Disallow: /dashboard');
    expect(res.body).toContain('Disallow: /firmar');
  });

  it('lists the public routes with absolute URLs in sitemap.xml', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    for (const path of ['/', '/portfolio', '/quote', '/login'])
      expect(res.body).toContain(`<loc>https://agencia.example.do${path}</loc>`);
  });
});
