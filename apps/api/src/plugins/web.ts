import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCodes } from '@agencia/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA: precompressed .br/.gz siblings (made at build time), hashed
 * `/assets/*` cached for a year as immutable, `index.html` revalidated on every load
 * (no-cache), and history fallback to index.html for any non-API GET that wants HTML.
 * Unknown `/api/*` paths get the JSON 404 envelope.
 */
export async function registerWeb(app: FastifyInstance, webDir: string, serveWeb: boolean): Promise<void> {
  const hasWeb = serveWeb && existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      preCompressed: true,
      wildcard: true,
      index: false,
      setHeaders(reply, path) {
        if (path.includes(`${join(webDir, 'assets')}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (path.endsWith('.html')) {
          reply.header('Cache-Control', 'no-cache');
        } else if (path.includes(`${join(webDir, 'images')}`)) {
          // Unhashed but versioned with the app: a week, revalidated in the background after.
          reply.header('Cache-Control', 'public, max-age=604800, stale-while-revalidate=86400');
        } else {
          reply.header('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const isAsset = url.startsWith('/assets/');
    if (
      url === '/api' ||
      url.startsWith('/api/') ||
      isAsset ||
      !hasWeb ||
      (req.method !== 'GET' && req.method !== 'HEAD')
    ) {
      return reply
        .code(404)
        .send({ success: false, message: 'Ruta no encontrada', code: ErrorCodes.NOT_FOUND });
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });
}
