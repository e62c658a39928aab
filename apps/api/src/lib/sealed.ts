import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * Secrets stored in the database (the e-CF certificate and DGII token, decision 136; the Azul
 * auth key, decision 147) are sealed with AES-256-GCM under the configured 32-byte key
 * (`ECF_ENCRYPTION_KEY` or `DATA_DIR/ecf-key`). A sealed value is "e1.<iv>.<tag>.<data>", each
 * part base64url; nothing sealed is ever returned by the API or logged.
 */

/** Seals `plain` (UTF-8) under `key` (32 bytes) with a fresh 96-bit IV: `e1.<iv>.<tag>.<data>`. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['e1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/**
 * Opens a value {@link seal} made. Throws on a malformed value, and when the key differs or the
 * value was altered (GCM authentication fails).
 */
export function openSealed(key: Buffer, sealed: string): string {
  const [version, iv, tag, data, extra] = sealed.split('.');
  if (version !== 'e1' || !iv || !tag || !data || extra !== undefined)
    throw new Error('malformed sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
