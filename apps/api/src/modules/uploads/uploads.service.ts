import { AVATAR_SIZE, ErrorCodes, MAX_IMAGE_BYTES, type UPLOAD_TYPES } from '@agencia/shared';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import { loadSharp } from '../../lib/sharp.js';
import { IMAGE_TYPES, saveFile, sniffContentType } from '../../lib/storage.js';
import { uploadPolicy } from './uploads.policy.js';

/** What `POST /upload` stores: a user's avatar or the company logo. */
export type UploadType = (typeof UPLOAD_TYPES)[number];

/**
 * Stores one uploaded image (decision 065): 403 unless the policy lets `actor` upload this
 * `type` (logos: admins), 400 for an empty file, 415 unless the bytes are PNG, JPEG or WebP (or
 * the image cannot be decoded); re-encodes it with sharp (avatars: a 256 px square WebP owned by
 * the actor; logos: fitted into 512 px, PNG), which drops metadata, and audits `file.uploaded`.
 * Returns the stored file row.
 */
export async function storeImage({
  db,
  actor,
  type,
  file,
  ctx,
}: {
  db: Db;
  actor: Actor;
  type: UploadType;
  file: { data: Buffer; filename: string };
  ctx: AuditContext;
}) {
  if (!uploadPolicy.can(actor.role, type === 'logo' ? 'uploadLogo' : 'uploadAvatar')) throw forbidden();
  if (file.data.length === 0) throw badRequest('El archivo está vacío');
  const sniffed = await sniffContentType(file.data);
  if (!sniffed || !(IMAGE_TYPES as readonly string[]).includes(sniffed)) {
    throw new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA_TYPE, 'Solo se permiten imágenes PNG, JPEG o WebP');
  }
  let processed: Buffer;
  try {
    const sharp = await loadSharp();
    const image = sharp(file.data, { limitInputPixels: 40_000_000 }).rotate();
    processed =
      type === 'avatar'
        ? await image
            .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
            .webp({ quality: 85 })
            .toBuffer()
        : await image.resize(512, 512, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  } catch {
    throw new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA_TYPE, 'La imagen está dañada o no se puede leer');
  }
  const base = file.filename.replace(/\.[^.]*$/, '') || type;
  const stored = await saveFile(db, {
    ownerType: type === 'avatar' ? 'user_avatar' : 'company_logo',
    ownerId: type === 'avatar' ? actor.id : null,
    filename: `${base}.${type === 'avatar' ? 'webp' : 'png'}`,
    data: processed,
    uploadedBy: actor.id,
    maxBytes: MAX_IMAGE_BYTES,
    allowed: IMAGE_TYPES,
    userUpload: true,
  });
  await audit(
    db,
    ctx,
    'file.uploaded',
    { type: 'file', id: stored.id },
    { kind: type, bytes: stored.sizeBytes },
  );
  return stored;
}
