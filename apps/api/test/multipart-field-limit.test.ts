import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueIp } from './helpers.js';

/*
 * Issue 43 item 7 (decision 162): a multipart text field longer than the route accepts is refused
 * with 413, not silently cut at the limit and then refused (or parsed) as if it were the whole.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

/** A multipart/form-data body with text fields only. */
function form(fields: Record<string, string>) {
  const boundary = `----campo${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(value),
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('multipart text fields past the limit (issue 43 item 7)', () => {
  it('the e-CF receiver answers 413 to a 20 MB «xml» field (it was cut at 2 MB and answered 400)', async () => {
    const xml = `<?xml version="1.0"?><SemillaModel>${'a'.repeat(20 * 1024 * 1024)}</SemillaModel>`;
    const res = await app.inject({
      method: 'POST',
      url: '/fe/autenticacion/api/validacioncertificado',
      ...form({ xml }),
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'xml_demasiado_grande',
      mensaje: 'El archivo XML excede el tamaño permitido.',
    });
  });

  it('the public access request answers 413 to a «data» field past 64 KB (it answered 400, "no es JSON válido")', async () => {
    const data = JSON.stringify({ clientType: 'individual', notes: 'x'.repeat(200 * 1024) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/access-requests',
      ...form({ data }),
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      errors: [{ field: 'data', message: 'Excede el tamaño permitido' }],
    });
  });
});
