import { createHash } from 'node:crypto';
import { ErrorCodes } from '@agencia/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, Tx } from '../db/client.js';
import { files } from '../db/schema/index.js';
import { AppError } from './errors.js';

/** Content types accepted for images (avatars, logos). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Content types accepted for documents and attachments. */
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf', 'text/plain', 'application/zip'] as const;

/** Default per-file limit: 10 MB. */
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** Per-user upload limits (issue 13): files per rolling hour and bytes per rolling day. */
export const UPLOAD_MAX_FILES_PER_HOUR = 60;
export const UPLOAD_MAX_BYTES_PER_DAY = 200 * 1024 * 1024;

/**
 * 429 in Spanish when `userId` uploaded {@link UPLOAD_MAX_FILES_PER_HOUR} files in the last hour,
 * or when `bytes` more would pass {@link UPLOAD_MAX_BYTES_PER_DAY} in the last 24 hours.
 * Counted from the stored files, so every app process sees the same totals.
 */
export async function assertUploadQuota(db: Db | Tx, userId: string, bytes: number): Promise<void> {
  const [hour] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(files)
    .where(and(eq(files.uploadedBy, userId), gt(files.createdAt, sql`now() - interval '1 hour'`)));
  if ((hour?.n ?? 0) >= UPLOAD_MAX_FILES_PER_HOUR)
    throw new AppError(
      429,
      ErrorCodes.THROTTLED,
      `Has subido ${UPLOAD_MAX_FILES_PER_HOUR} archivos en la última hora. Intenta de nuevo más tarde.`,
      undefined,
      {
        'Retry-After': '600',
      },
    );
  const [day] = await db
    .select({ bytes: sql<number>`coalesce(sum(${files.sizeBytes}), 0)::bigint`.mapWith(Number) })
    .from(files)
    .where(and(eq(files.uploadedBy, userId), gt(files.createdAt, sql`now() - interval '24 hours'`)));
  if ((day?.bytes ?? 0) + bytes > UPLOAD_MAX_BYTES_PER_DAY)
    throw new AppError(
      429,
      ErrorCodes.THROTTLED,
      `Alcanzaste el límite de ${UPLOAD_MAX_BYTES_PER_DAY / 1024 / 1024} MB subidos por día. Intenta de nuevo mañana.`,
      undefined,
      {
        'Retry-After': '3600',
      },
    );
}

/** Metadata of a stored file (without its bytes). */
export interface StoredFile {
  id: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
}

function looksLikeText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sniffs the content type from the bytes (never trusts the name or the client's header):
 * magic numbers via `file-type`; valid UTF-8 without NUL bytes counts as text/plain.
 * Returns null when unknown.
 */
export async function sniffContentType(data: Buffer): Promise<string | null> {
  const detected = await fileTypeFromBuffer(data);
  if (detected) return detected.mime;
  return looksLikeText(data) ? 'text/plain' : null;
}

/** Strips path parts and control characters from a client-supplied filename. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'archivo';
  const cleaned = [...base]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && !'"<>|:*?'.includes(ch))
    .join('')
    .trim();
  return (cleaned || 'archivo').slice(0, 200);
}

/**
 * Stores a file in PostgreSQL. Throws 413 PAYLOAD_TOO_LARGE above `maxBytes` and 415
 * UNSUPPORTED_MEDIA_TYPE when the sniffed type is not in `allowed`.
 */
export async function saveFile(
  db: Db | Tx,
  input: {
    ownerType: string;
    ownerId: string | null;
    filename: string;
    data: Buffer;
    uploadedBy: string | null;
    maxBytes?: number;
    allowed?: readonly string[];
    /** A user's own upload (not a generated PDF): checks {@link assertUploadQuota}. */
    userUpload?: boolean;
  },
): Promise<StoredFile> {
  const maxBytes = input.maxBytes ?? DEFAULT_MAX_BYTES;
  if (input.userUpload && input.uploadedBy) await assertUploadQuota(db, input.uploadedBy, input.data.length);
  if (input.data.length === 0) throw new AppError(400, ErrorCodes.VALIDATION, 'El archivo está vacío');
  if (input.data.length > maxBytes) {
    throw new AppError(
      413,
      ErrorCodes.PAYLOAD_TOO_LARGE,
      `El archivo supera el tamaño máximo de ${Math.round(maxBytes / 1024 / 1024)} MB`,
    );
  }
  const contentType = await sniffContentType(input.data);
  const allowed = input.allowed ?? DOCUMENT_TYPES;
  if (!contentType || !allowed.includes(contentType)) {
    throw new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA_TYPE, 'Tipo de archivo no permitido');
  }
  const [row] = await db
    .insert(files)
    .values({
      ownerType: input.ownerType,
      ownerId: input.ownerId,
      filename: safeFilename(input.filename),
      contentType,
      sizeBytes: input.data.length,
      sha256: createHash('sha256').update(input.data).digest('hex'),
      data: input.data,
      uploadedBy: input.uploadedBy,
    })
    .returning({
      id: files.id,
      filename: files.filename,
      contentType: files.contentType,
      sizeBytes: files.sizeBytes,
      createdAt: files.createdAt,
    });
  return row!;
}

/** Reads a file with its bytes, or null. Callers check access to `ownerType`/`ownerId` first. */
export async function readFile(db: Db | Tx, id: string) {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

/** Deletes a stored file (no error when it does not exist). */
export async function deleteFile(db: Db | Tx, id: string): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}

/** `Content-Disposition` value for a download with a UTF-8 filename (RFC 6266). */
export function contentDisposition(filename: string, inline = false): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
