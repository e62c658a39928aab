#!/usr/bin/env node
// Build step after `vite build` and the pre-render (decision 169): writes dist/sw.js from
// scripts/service-worker.template.js with this build's version (a hash of every file it lists and
// of the template) and the files an offline start needs: the app shell (index.html), every hashed
// JavaScript and CSS file under assets/, the icons, the favicon and the manifest. A new build
// therefore has a new sw.js, which browsers install and which deletes the previous caches.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(WEB_ROOT, 'dist');

async function files(dir, filter) {
  const out = [];
  for (const entry of await readdir(path.join(DIST, dir), { withFileTypes: true }).catch(() => [])) {
    if (entry.isFile() && filter(entry.name)) out.push(`/${dir}/${entry.name}`);
  }
  return out.sort();
}

const precache = [
  '/index.html',
  ...(await files('assets', (name) => /\.(js|css)$/.test(name))),
  ...(await files('icons', (name) => name.endsWith('.png'))),
  '/favicon.svg',
  '/manifest.webmanifest',
];
const template = await readFile(path.join(WEB_ROOT, 'scripts', 'service-worker.template.js'), 'utf8');
const hash = createHash('sha256').update(template);
for (const url of precache) hash.update(url).update(await readFile(path.join(DIST, url)));
const version = hash.digest('hex').slice(0, 16);
const sw = template
  .replace("'__SW_VERSION__'", JSON.stringify(version))
  .replace('__SW_PRECACHE__', JSON.stringify(precache));
if (sw.includes('__SW_')) throw new Error('service-worker: a marker was left in sw.js');
await writeFile(path.join(DIST, 'sw.js'), sw);
console.info(`service-worker: sw.js ${version}, ${precache.length} files to precache`);
