import { copyFileSync, createReadStream, mkdirSync, renameSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { BackupS3Config } from '../../config.js';

/**
 * The second place of each archive (decision 143): a folder on another disk, or an S3-compatible
 * bucket through the AWS SDK (`BACKUP_S3_*`). One adapter module, like every outside system
 * (STYLE.md "Outside systems"); callers never see HTTP.
 */

/** Copies `archive` into `dir` (temporary name, then rename: no half copy carries the name). */
export function copyToDirectory(archive: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const to = join(dir, basename(archive));
  const partial = `${to}.partial`;
  copyFileSync(archive, partial);
  renameSync(partial, to);
  return to;
}

/**
 * The SDK client for `s3`. Checksums only where the operation requires them, which any S3 clone
 * accepts. The SDK is imported on first use: a server without `BACKUP_S3_*` never loads it.
 */
export async function s3Client(s3: BackupS3Config): Promise<S3Client> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint ?? undefined,
    forcePathStyle: s3.forcePathStyle,
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Uploads `archive` to the bucket as `prefix + name` (PutObject, streamed with its length), then
 * lists the key (ListObjectsV2) and checks the stored size. Answers the key. Throws the SDK's error
 * (access denied, no such bucket …) or an Error when the sizes differ.
 */
export async function uploadToS3(archive: string, s3: BackupS3Config): Promise<string> {
  const { ListObjectsV2Command, PutObjectCommand } = await import('@aws-sdk/client-s3');
  const client = await s3Client(s3);
  const key = `${s3.prefix}${basename(archive)}`;
  const bytes = statSync(archive).size;
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: key,
        Body: createReadStream(archive),
        ContentLength: bytes,
        ContentType: 'application/octet-stream',
      }),
    );
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: key, MaxKeys: 1 }),
    );
    const stored = listed.Contents?.find((o) => o.Key === key);
    if (!stored || stored.Size !== bytes)
      throw new Error(`El bucket ${s3.bucket} no tiene ${key} completo tras subirlo`);
    return key;
  } finally {
    client.destroy();
  }
}
