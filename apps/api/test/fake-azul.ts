import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { azulRequestHash, azulResponseHash } from '../src/modules/payments/azul-hash.js';

/*
 * A local fake of Azul's Payment Page ("Página de Pagos"), written from AZUL's developer
 * documentation (decision 147): it takes the browser's form POST, checks the request AuthHash
 * (INVALID_AUTH:AuthHash otherwise, as Azul answers), shows the sale with three buttons and sends
 * the browser back as Azul does — to ApprovedUrl or DeclinedUrl with the answer and its response
 * hash in the query string, or to CancelUrl with nothing. API tests use {@link azulAnswerUrl}
 * directly; the e2e global setup starts the server.
 */

/** The answer Azul returns for an outcome of the fields the browser posted. */
export type FakeAzulOutcome = 'approved' | 'declined' | 'cancelled';

/** The documentation's test AuthKey shape: any secret string works with the fake. */
export const FAKE_AZUL_AUTH_KEY = 'clave-de-prueba-azul-0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * The URL Azul sends the browser to for `outcome` of the posted `fields`, with a correctly hashed
 * answer (under `authKey`); `overrides` change answer values after hashing (to tamper) or before
 * (`Amount` to test a mismatch, with `rehash`); `to` sends it to the other outcome's URL (an
 * approval at the declined URL: what decides is the signed content, decision 162).
 */
export function azulAnswerUrl(
  fields: Record<string, string>,
  outcome: FakeAzulOutcome,
  authKey: string = FAKE_AZUL_AUTH_KEY,
  opts: { overrides?: Record<string, string>; rehash?: boolean; to?: 'approved' | 'declined' } = {},
): string {
  if (outcome === 'cancelled') return fields.CancelUrl!;
  const now = new Date(Date.now() - 4 * 3600 * 1000); // Santo Domingo time (UTC−4)
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const approved = outcome === 'approved';
  const answer: Record<string, string> = {
    OrderNumber: fields.OrderNumber!,
    Amount: fields.Amount!,
    ITBIS: fields.ITBIS!,
    AuthorizationCode: approved ? `OK${String(randomInt(0, 10_000)).padStart(4, '0')}` : '',
    DateTime: stamp,
    ResponseCode: 'ISO8583',
    IsoCode: approved ? '00' : '51',
    ResponseMessage: approved ? 'APROBADA' : 'DECLINADA',
    ErrorDescription: approved ? '' : 'Fondos insuficientes',
    RRN: String(randomInt(100_000_000, 999_999_999)).padStart(12, '0'),
    AzulOrderId: String(randomInt(10_000, 99_999)),
    CardNumber: '424242******4242',
  };
  if (opts.rehash) Object.assign(answer, opts.overrides);
  answer.AuthHash = azulResponseHash(answer, authKey);
  if (!opts.rehash) Object.assign(answer, opts.overrides);
  const base = (opts.to ?? outcome) === 'approved' ? fields.ApprovedUrl! : fields.DeclinedUrl!;
  return `${base}?${new URLSearchParams(answer).toString()}`;
}

/** True when the posted `fields` carry a valid request AuthHash under `authKey`. */
export function validRequestHash(
  fields: Record<string, string>,
  authKey: string = FAKE_AZUL_AUTH_KEY,
): boolean {
  const hashed = {
    MerchantId: fields.MerchantId ?? '',
    MerchantName: fields.MerchantName ?? '',
    MerchantType: fields.MerchantType ?? '',
    CurrencyCode: fields.CurrencyCode ?? '',
    OrderNumber: fields.OrderNumber ?? '',
    Amount: fields.Amount ?? '',
    ITBIS: fields.ITBIS ?? '',
    ApprovedUrl: fields.ApprovedUrl ?? '',
    DeclinedUrl: fields.DeclinedUrl ?? '',
    CancelUrl: fields.CancelUrl ?? '',
    UseCustomField1: fields.UseCustomField1 ?? '',
    CustomField1Label: fields.CustomField1Label ?? '',
    CustomField1Value: fields.CustomField1Value ?? '',
    UseCustomField2: fields.UseCustomField2 ?? '',
    CustomField2Label: fields.CustomField2Label ?? '',
    CustomField2Value: fields.CustomField2Value ?? '',
  };
  return azulRequestHash(hashed, authKey) === (fields.AuthHash ?? '').toLowerCase();
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface FakeAzul {
  /** The Payment Page URL (`AZUL_PAYMENT_PAGE_URL`). */
  url: string;
  /** Every form the fake received. */
  posts: Array<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * Starts the fake Payment Page on a free local port. `POST /PaymentPage/` with the form: a bad
 * AuthHash answers 400 "INVALID_AUTH:AuthHash"; a good one, a page with the merchant, the order,
 * the amount and three links ("Aprobar", "Declinar", "Cancelar") to where Azul would send the
 * browser ({@link azulAnswerUrl}).
 */
export async function startFakeAzul(opts: { authKey?: string } = {}): Promise<FakeAzul> {
  const authKey = opts.authKey ?? FAKE_AZUL_AUTH_KEY;
  const posts: Array<Record<string, string>> = [];
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/PaymentPage')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const fields = Object.fromEntries(new URLSearchParams(await body(req)));
    posts.push(fields);
    if (!validRequestHash(fields, authKey)) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html lang="es"><title>AZUL</title><p>INVALID_AUTH:AuthHash</p></html>');
      return;
    }
    const amount = (Number(fields.Amount) / 100).toFixed(2);
    const link = (label: string, outcome: FakeAzulOutcome) =>
      `<p><a href="${escapeHtml(azulAnswerUrl(fields, outcome, authKey))}">${label}</a></p>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Página de Pagos AZUL (prueba)</title></head>
<body><main><h1>Página de Pagos AZUL</h1>
<p>Comercio: ${escapeHtml(fields.MerchantName ?? '')}</p>
<p>Orden: ${escapeHtml(fields.OrderNumber ?? '')}</p>
<p>${escapeHtml(fields.CustomField1Label ?? '')}: ${escapeHtml(fields.CustomField1Value ?? '')}</p>
<p>Monto: ${escapeHtml(fields.CurrencyCode ?? '')}${amount}</p>
${link('Aprobar', 'approved')}${link('Declinar', 'declined')}${link('Cancelar', 'cancelled')}
</main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/PaymentPage/`,
    posts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
