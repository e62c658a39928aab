import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createInvoiceVia, invoicePayload } from './billing-factories.js';
import { injectAs } from './helpers.js';

/**
 * An open invoice of `clientId`: created and sent by the admin (`adminToken`), so it is issued
 * today with its whole total owed. Returns the invoice as the API answers it.
 */
export async function openInvoiceFor(app: FastifyInstance, adminToken: string, clientId: string) {
  const created = await createInvoiceVia(app, adminToken, invoicePayload(clientId));
  const sent = await injectAs(app, adminToken, { method: 'POST', url: `/api/invoices/${created._id}/send` });
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.statusCode} ${sent.body}`);
  return sent.json().data.invoice;
}

/** A small PNG, like a phone's screenshot of a transfer. */
export async function transferScreenshot(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 60, channels: 3, background: '#1c4fd8' } })
    .png()
    .toBuffer();
}

/**
 * A multipart body for `POST /invoices/{id}/payment-reports`: the text `fields` and, unless
 * null, the receipt `file` under `filename` with `contentType`.
 */
export function reportForm(
  fields: Record<string, string>,
  file: Buffer | null,
  filename = 'comprobante.png',
  contentType = 'image/png',
) {
  const boundary = `----pago${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
