import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local S3 for the backup tests (STYLE.md "Outside systems"), written from the Amazon S3 API
 * reference: PutObject (`PUT /{Bucket}/{Key}`, path-style) and ListObjectsV2
 * (`GET /{Bucket}?list-type=2&prefix=…`, XML `ListBucketResult`). It checks what a real S3 checks
 * that a client could get wrong: a SigV4 `Authorization` header for the configured access key,
 * `x-amz-content-sha256` equal to the body's SHA-256 (or an unsigned-payload marker), and the
 * body's length against `Content-Length`. Errors answer S3's XML error document.
 */
export interface FakeS3 {
  endpoint: string;
  /** Objects by "bucket/key". */
  objects: Map<string, { body: Buffer; lastModified: Date; etag: string }>;
  close(): Promise<void>;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function errorXml(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the fake on 127.0.0.1 with `buckets` existing and one access key. */
export async function startFakeS3(options: { buckets: string[]; accessKeyId: string }): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body = '', headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/xml', ...headers });
      res.end(body);
    };
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`))
      return send(
        403,
        errorXml('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'),
      );
    if (!options.buckets.includes(bucket))
      return send(404, errorXml('NoSuchBucket', 'The specified bucket does not exist'));
    if (req.method === 'PUT' && key) {
      const body = await bodyOf(req);
      if (
        req.headers['content-length'] !== undefined &&
        Number(req.headers['content-length']) !== body.length
      )
        return send(
          400,
          errorXml(
            'IncompleteBody',
            'You did not provide the number of bytes specified by the Content-Length HTTP header',
          ),
        );
      const declared = String(req.headers['x-amz-content-sha256'] ?? '');
      const unsigned = declared === 'UNSIGNED-PAYLOAD';
      if (!unsigned && declared !== createHash('sha256').update(body).digest('hex'))
        return send(
          400,
          errorXml(
            'XAmzContentSHA256Mismatch',
            'The provided x-amz-content-sha256 header does not match what was computed.',
          ),
        );
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(`${bucket}/${key}`, { body, lastModified: new Date(), etag });
      return send(200, '', { etag });
    }
    if (req.method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const max = Number(url.searchParams.get('max-keys') ?? 1000);
      const all = [...objects.entries()]
        .filter(([k]) => k.startsWith(`${bucket}/${prefix}`))
        .map(([k, o]) => ({ key: k.slice(bucket.length + 1), ...o }))
        .sort((a, b) => a.key.localeCompare(b.key));
      const page = all.slice(0, max);
      const contents = page
        .map(
          (o) =>
            `<Contents><Key>${xmlEscape(o.key)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
        )
        .join('');
      return send(
        200,
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${all.length > max}</IsTruncated>${contents}</ListBucketResult>`,
      );
    }
    return send(
      405,
      errorXml('MethodNotAllowed', 'The specified method is not allowed against this resource.'),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
