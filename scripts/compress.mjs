#!/usr/bin/env node
// Precompresses the static build for the API's static file server:
//   node scripts/compress.mjs DIR
// writes FILE.br (brotli, quality 11) and FILE.gz (gzip, level 9) next to every text asset of at
// least 1 KB. A variant that is not smaller than the original is not written.
import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function writeVariant(file, suffix, original, compressed) {
  const target = file + suffix;
  if (compressed.length < original.length) {
    await writeFile(target, compressed);
    return compressed.length;
  }
  await unlink(target).catch(() => {}); // a stale variant must not outlive its source
  return original.length;
}

async function compressFile(file) {
  const original = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gz(original, { level: 9 }),
  ]);
  return {
    raw: original.length,
    br: await writeVariant(file, '.br', original, br),
    gz: await writeVariant(file, '.gz', original, gzipped),
  };
}

const dir = path.resolve(process.argv[2] ?? 'dist');
if (!(await stat(dir).catch(() => null))?.isDirectory()) {
  console.error(`✗ compress: ${dir} is not a directory`);
  process.exit(1);
}

const files = [];
for await (const file of walk(dir)) {
  if (!EXTENSIONS.has(path.extname(file))) continue;
  if ((await stat(file)).size < MIN_BYTES) continue;
  files.push(file);
}

const totals = { raw: 0, br: 0, gz: 0 };
const queue = [...files];
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const sizes = await compressFile(file);
      totals.raw += sizes.raw;
      totals.br += sizes.br;
      totals.gz += sizes.gz;
    }
  }),
);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.info(
  `compress: ${files.length} files in ${path.relative(process.cwd(), dir) || '.'}: ${kb(totals.raw)} → gzip ${kb(totals.gz)}, brotli ${kb(totals.br)}`,
);
