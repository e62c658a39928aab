#!/usr/bin/env node
// Generates the installable portal's icons (decision 169) from the brand mark of public/favicon.svg:
// 192 and 512 px ("any": the rounded square as drawn), a 512 px maskable one (full-bleed colour,
// the letter inside the 80 % safe zone) and the 180 px apple-touch-icon. The output is committed
// under apps/web/public/icons/, so builds need neither sharp nor any network.
// Run: node apps/web/scripts/generate-icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const PUBLIC = path.join(import.meta.dirname, '..', 'public');
const OUT = path.join(PUBLIC, 'icons');
mkdirSync(OUT, { recursive: true });
const favicon = readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');
const colour = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1] ?? '#1971c2';
const letter = /<path d="([^"]+)"/.exec(favicon)?.[1];
if (!letter) throw new Error('generate-icons: no letter path in favicon.svg');

/** The mark on a full square (no rounded corners), the letter scaled to `scale` around the centre. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${colour}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -31)"><path d="${letter}" fill="#fff"/></g></svg>`;

const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 64) * 1.5 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, file));

await render(favicon, 192, 'icon-192.png');
await render(favicon, 512, 'icon-512.png');
await render(fullBleed(0.8), 512, 'maskable-512.png');
// iOS draws its own rounded corners and shows transparency as black: the full square.
await render(fullBleed(0.9), 180, 'apple-touch-icon.png');
console.info(`generate-icons: 4 icons in ${path.relative(process.cwd(), OUT)}`);
