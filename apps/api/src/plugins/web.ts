import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { ErrorCodes } from '@agencia/shared';
import { DEFAULT_THEME_VARIANT, SIGNED_IN_HINT_COOKIE, THEME_HINT_COOKIE } from '@agencia/shared/constants';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../lib/email-template.js';

/** `dist/prerendered/manifest.json`, written by apps/web/scripts/prerender.mjs (decision 027). */
export interface PrerenderManifest {
  /** URL path → file under `dist/prerendered/`. */
  pages: Record<string, string>;
  /** CSP sources (`'sha256-…'`) of the inline scripts those pages carry. */
  scriptHashes: string[];
  /** The fallbacks drawn into the pages (WhatsApp digits, e-mail, company name); null in older builds. */
  contact: Contact | null;
  /** Where `<page>.template.html` has the company name; null in older builds. */
  nameToken: string | null;
}

/** The company as the public pages show it: WhatsApp digits, e-mail and name. */
export interface Contact {
  whatsapp: string;
  email: string;
  name: string;
}

/** Reads the pre-render manifest of a web build; null when there is none (no build, or an older one). */
export function readPrerenderManifest(webDir: string): PrerenderManifest | null {
  const file = join(webDir, 'prerendered', 'manifest.json');
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<PrerenderManifest>;
  return {
    pages: parsed.pages ?? {},
    scriptHashes: parsed.scriptHashes ?? [],
    contact: parsed.contact ?? null,
    nameToken: parsed.nameToken ?? null,
  };
}

/**
 * A pre-rendered page with the company's contact instead of the build's fallbacks: the wa.me
 * number, the e-mail (mailto and visible text) and, in a template, the name at `nameToken`.
 * Pure; exported for tests.
 */
export function personalise(
  html: string,
  drawn: Contact,
  actual: Contact,
  nameToken?: string | null,
): string {
  // Replacer functions: a string replacement would expand `$&`, `$'`… found in the value.
  const whatsapp = `wa.me/${actual.whatsapp.replace(/\D/g, '')}`;
  const email = escapeHtml(actual.email);
  const name = escapeHtml(actual.name);
  const out = html.replaceAll(`wa.me/${drawn.whatsapp}`, () => whatsapp).replaceAll(drawn.email, () => email);
  return nameToken ? out.replaceAll(nameToken, () => name) : out;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Serves the built SPA: precompressed .br/.gz siblings (made at build time), hashed
 * `/assets/*` cached for a year as immutable, `index.html`, `sw.js` and the web app manifest
 * revalidated on every load (no-cache), and history fallback to index.html for any non-API GET that wants HTML.
 * Unknown `/api/*` paths get the JSON 404 envelope. Paths in the pre-render manifest get their
 * pre-rendered HTML instead of the empty shell, except `/` for a browser that says it is signed
 * in (it is sent on to the dashboard) and any of them for a browser with a theme variant other
 * than the default, which the pre-rendered HTML does not draw (decision 027).
 */
export async function registerWeb(
  app: FastifyInstance,
  webDir: string,
  serveWeb: boolean,
  prerender: PrerenderManifest | null = readPrerenderManifest(webDir),
  /** The company's contact now (from the settings); without it the pages keep the fallbacks. */
  loadContact?: () => Promise<Contact>,
): Promise<void> {
  const hasWeb = serveWeb && existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      preCompressed: true,
      wildcard: true,
      index: false,
      setHeaders(reply, path) {
        // `path` is the file sent: `sw.js.br` when the browser takes the precompressed one.
        const served = path.replace(/\.(br|gz)$/, '');
        if (served === join(webDir, 'sw.js') || served === join(webDir, 'manifest.webmanifest')) {
          // The service worker and the manifest name a build's files: always revalidated, so a new
          // build's worker is found on the next visit (decision 169).
          reply.header('Cache-Control', 'no-cache');
          if (path.endsWith('.webmanifest'))
            reply.header('Content-Type', 'application/manifest+json; charset=utf-8');
        } else if (path.includes(`${join(webDir, 'assets')}`)) {
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
  // Pre-rendered pages with the company's contact, built once per contact and file.
  const variants = new Map<string, Promise<{ raw: Buffer; br: Buffer; gz: Buffer }>>();
  const variantOf = (file: string, contact: Contact) => {
    const key = `${file}\n${contact.whatsapp}\n${contact.email}\n${contact.name}`;
    let variant = variants.get(key);
    if (!variant) {
      if (variants.size > 20) variants.clear(); // settings changed many times: start over
      const drawn = prerender?.contact as Contact;
      const token = prerender?.nameToken ?? null;
      const source = token ? file.replace(/\.html$/, '.template.html') : file;
      const html = readFileSync(join(webDir, 'prerendered', source), 'utf8');
      const raw = Buffer.from(personalise(html, drawn, contact, token));
      variant = Promise.all([
        brotli(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
        gz(raw, { level: 9 }),
      ]).then(([br, gzipped]) => ({ raw, br, gz: gzipped }));
      variants.set(key, variant);
      variant.catch(() => variants.delete(key)); // a failure is not remembered
    }
    return variant;
  };

  /** A pre-rendered page: the build's file, or its variant with the company's contact. */
  const sendPrerendered = async (req: FastifyRequest, reply: FastifyReply, file: string) => {
    const drawn = prerender?.contact;
    let contact: Contact | null = null;
    let variant: { raw: Buffer; br: Buffer; gz: Buffer } | null = null;
    try {
      contact = drawn && loadContact ? await loadContact() : null;
      if (
        drawn &&
        contact &&
        (contact.whatsapp !== drawn.whatsapp || contact.email !== drawn.email || contact.name !== drawn.name)
      ) {
        variant = await variantOf(file, contact);
      }
    } catch (err) {
      // The landing stays up when the settings cannot be read: the page as built.
      req.log.warn({ err }, 'pre-rendered page: company contact unavailable, serving the build');
    }
    if (!variant) return reply.sendFile(join('prerendered', file));
    const accepts = String(req.headers['accept-encoding'] ?? '');
    reply.header('Vary', 'Cookie, Accept-Encoding');
    if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(variant.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(variant.gz);
    return reply.send(variant.raw);
  };

  /** The HTML document for an app route: its pre-rendered page, or the empty shell. */
  const sendDocument = (req: FastifyRequest, reply: FastifyReply, url: string) => {
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
    const prerendered = prerender?.pages[path];
    if (!prerendered) return reply.sendFile('index.html');
    reply.header('Vary', 'Cookie'); // two documents, chosen by the hint cookies
    const signedIn = req.cookies?.[SIGNED_IN_HINT_COOKIE] === '1';
    const theme = req.cookies?.[THEME_HINT_COOKIE];
    const customTheme = theme !== undefined && theme !== '' && theme !== DEFAULT_THEME_VARIANT;
    if (!customTheme && !(path === '/' && signedIn)) return sendPrerendered(req, reply, prerendered);
    return reply.sendFile('index.html');
  };
  if (hasWeb) {
    // Explicit routes: `/` must not reach the static plugin's directory handling (403 without
    // an Accept-Encoding it can serve precompressed).
    for (const url of new Set(['/', ...Object.keys(prerender?.pages ?? {})])) {
      app.get(url, { schema: { hide: true } }, (req, reply) => sendDocument(req, reply, url));
    }
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
    return sendDocument(req, reply, url);
  });
}
