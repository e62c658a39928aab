import type { FastifyPluginAsync } from 'fastify';

/** Public routes listed in the sitemap (spec doc 1 §2 route table, plus the legal pages). */
export const PUBLIC_PATHS = [
  '/',
  '/portfolio',
  '/quote',
  '/login',
  '/terminos',
  '/privacidad',
  '/soporte',
] as const;

/**
 * `GET /robots.txt` and `GET /sitemap.xml`, built from PUBLIC_URL so the sitemap carries
 * absolute URLs on any host. The portal's paths are disallowed for crawlers.
 */
const seoRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, opts) => {
  const base = opts.publicUrl.replace(/\/+$/, '');
  const robots = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...[
      '/dashboard',
      '/projects',
      '/tickets',
      '/calendar',
      '/clients',
      '/billing',
      '/reports',
      '/settings',
      '/profile',
      '/users',
      '/invoice',
      // Shared documents (decision 116): the page also says noindex; crawlers never need them.
      '/compartido',
      // Signing links and the proposals screens (decision 173); the signing page also says noindex.
      '/firmar',
      '/proposals',
      '/contracts',
    ].map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PATHS.map(
      (p) =>
        `  <url><loc>${base}${p}</loc><changefreq>${p === '/' ? 'weekly' : 'monthly'}</changefreq><priority>${p === '/' ? '1.0' : '0.7'}</priority></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(sitemap),
  );
};

export default seoRoutes;
