import type { FastifyInstance } from 'fastify';
import { uniqueIp } from './helpers.js';

// Payloads and calls of the public request forms (quote, access request), shared by the
// requests route tests.

/** A valid cédula and RNC (real check digits). */
export const VALID_CEDULA = '001-1234567-3';
export const VALID_RNC = '130123454';

/** A valid quote request (`overrides` replace fields). */
export const quote = (overrides: Record<string, unknown> = {}) => ({
  serviceId: 'sitios-web',
  serviceFeatures: [
    'Diseño responsive',
    'SEO básico',
    'Formulario de contacto',
    'SSL',
    'Hosting',
    'extra',
  ].slice(0, 5),
  name: 'María Rodríguez',
  email: 'Maria@Ejemplo.do',
  phone: '809-555-1234',
  company: 'Colmado La Esquina',
  budget: '1000-3000',
  timeline: '3-4 semanas',
  description: 'Necesito un sitio web para mi colmado con catálogo.',
  requirements: 'Que funcione en celulares',
  ...overrides,
});

/** A valid individual access request. */
export const individual = (overrides: Record<string, unknown> = {}) => ({
  clientType: 'individual',
  primaryEmail: 'pedro.santos@ejemplo.do',
  primaryPhone: '+1 (809) 555-7788',
  firstName: 'Pedro',
  lastName: 'Santos',
  cedula: VALID_CEDULA,
  projectDescription: 'Quiero una tienda en línea para vender artesanías dominicanas.',
  estimatedBudget: '3000-5000',
  preferredContact: 'whatsapp',
  address: 'Calle El Conde 105',
  city: 'Santo Domingo',
  province: 'Distrito Nacional',
  country: 'República Dominicana',
  acceptTerms: true,
  acceptMarketing: false,
  ...overrides,
});

/** A valid company access request. */
export const company = (overrides: Record<string, unknown> = {}) =>
  individual({
    clientType: 'company',
    primaryEmail: 'info@tropical.do',
    lastName: '',
    cedula: '',
    companyName: 'Tropical Frutas SRL',
    rnc: VALID_RNC,
    legalRepresentativeName: 'Ana Tropical',
    legalRepresentativeCedula: '00112345673',
    ...overrides,
  });

/**
 * `POST /api/public/quote-requests` and `/access-requests` from a fresh IP (or `ip`), on the app
 * `getApp()` returns when called (the test file's app, set in `beforeAll`).
 */
export function publicPosts(getApp: () => FastifyInstance) {
  const post =
    (url: string) =>
    (payload: unknown, ip = uniqueIp()) =>
      getApp().inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
  return {
    postQuote: post('/api/public/quote-requests'),
    postAccess: post('/api/public/access-requests'),
  };
}

/** Builds a multipart/form-data body: a `data` JSON part plus file parts. */
export function multipart(
  data: unknown,
  filesToSend: { field: string; filename: string; type: string; bytes: Buffer }[],
) {
  const boundary = '----agenciaTestBoundary';
  const chunks: Buffer[] = [];
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
    ),
  );
  for (const f of filesToSend) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A tiny real PDF and PNG for uploads. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
