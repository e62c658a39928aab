#!/usr/bin/env node
// Generates the public site's illustrations (services, portfolio, Open Graph card) from SVG
// drawn here, rendered with sharp into AVIF and WebP at two widths. The output is committed
// under apps/web/public/images/, so builds and runtime need neither sharp nor any network.
// Run: node apps/web/scripts/generate-images.mjs   (decision record 022)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.join(import.meta.dirname, '..', 'public', 'images');
/** Rendered widths; the aspect ratio is 16:10 everywhere (matches IMAGE_RATIO in the web app). */
const WIDTHS = [480, 960];
const W = 960;
const H = 600;

/** id → [dark, main, light] colours, one scene list per item (3 images each). */
const SERVICES = {
  'sitios-web': ['#0b3d91', '#1c7ed6', '#a5d8ff'],
  automatizacion: ['#5f3dc4', '#7950f2', '#d0bfff'],
  'marketing-digital': ['#c2255c', '#e64980', '#fcc2d7'],
  seo: ['#2b8a3e', '#40c057', '#b2f2bb'],
  ecommerce: ['#d9480f', '#fd7e14', '#ffd8a8'],
  branding: ['#862e9c', '#be4bdb', '#eebefa'],
  'apps-empresariales': ['#1864ab', '#339af0', '#d0ebff'],
  'consultoria-digital': ['#087f5b', '#20c997', '#c3fae8'],
  'soporte-mantenimiento': ['#364fc7', '#5c7cfa', '#dbe4ff'],
};
const PROJECTS = {
  'portal-noticias': ['#212529', '#e03131', '#ffc9c9'],
  'cafe-cibao-shop': ['#5c3a21', '#a0522d', '#f4e1c1'],
  'servicios-aeroportuarios': ['#0b7285', '#15aabf', '#c5f6fa'],
  'ayuntamiento-digital': ['#1e6b34', '#2f9e44', '#d3f9d8'],
  'operaciones-aeropuerto': ['#1a1b4b', '#4263eb', '#bac8ff'],
};

function seeded(str) {
  let h = 2166136261;
  for (const ch of str) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

function background([dark, main, light], rand) {
  const cx = Math.round(rand() * W);
  return `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${main}"/>
    </linearGradient>
    <radialGradient id="glow" cx="${cx}" cy="80" r="520" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${light}" stop-opacity=".55"/><stop offset="1" stop-color="${light}" stop-opacity="0"/>
    </radialGradient>
    <filter id="sh" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="0" dy="14" stdDeviation="16" flood-color="#000" flood-opacity=".28"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#glow)"/>
  <circle cx="${80 + rand() * 120}" cy="${480 + rand() * 80}" r="${90 + rand() * 60}" fill="${light}" opacity=".12"/>
  <circle cx="${820 + rand() * 100}" cy="${100 + rand() * 60}" r="${50 + rand() * 50}" fill="#fff" opacity=".10"/>`;
}

function browser([dark, main, light], rand) {
  const cards = [0, 1, 2]
    .map(
      (
        i,
      ) => `<rect x="${230 + i * 170}" y="330" width="150" height="120" rx="12" fill="${i === 1 ? light : '#f1f3f5'}"/>
      <rect x="${246 + i * 170}" y="350" width="${60 + rand() * 60}" height="12" rx="6" fill="${main}" opacity=".8"/>
      <rect x="${246 + i * 170}" y="374" width="110" height="8" rx="4" fill="#adb5bd"/>
      <rect x="${246 + i * 170}" y="392" width="90" height="8" rx="4" fill="#ced4da"/>`,
    )
    .join('');
  return `<g filter="url(#sh)">
    <rect x="200" y="90" width="560" height="400" rx="18" fill="#fff"/>
    <path d="M200 108a18 18 0 0 1 18-18h524a18 18 0 0 1 18 18v26H200z" fill="#e9ecef"/>
    <circle cx="224" cy="112" r="6" fill="#fa5252"/><circle cx="244" cy="112" r="6" fill="#fab005"/><circle cx="264" cy="112" r="6" fill="#40c057"/>
    <rect x="300" y="104" width="300" height="16" rx="8" fill="#fff"/>
    <rect x="230" y="160" width="500" height="140" rx="14" fill="${dark}"/>
    <rect x="256" y="190" width="${180 + rand() * 80}" height="20" rx="10" fill="#fff"/>
    <rect x="256" y="222" width="220" height="10" rx="5" fill="${light}" opacity=".8"/>
    <rect x="256" y="252" width="110" height="30" rx="15" fill="${main}"/>
    <circle cx="${640 + rand() * 20}" cy="230" r="48" fill="${main}" opacity=".7"/>
    ${cards}
  </g>`;
}

function dashboard([dark, main, light], rand) {
  const bars = Array.from({ length: 8 }, (_, i) => {
    const h = 40 + rand() * 150;
    return `<rect x="${250 + i * 40}" y="${430 - h}" width="24" height="${h}" rx="6" fill="${i % 3 === 0 ? main : light}"/>`;
  }).join('');
  const points = Array.from({ length: 7 }, (_, i) => `${580 + i * 25},${400 - i * 22 - rand() * 40}`).join(
    ' ',
  );
  return `<g filter="url(#sh)">
    <rect x="160" y="80" width="640" height="440" rx="20" fill="#fff"/>
    <rect x="160" y="80" width="120" height="440" rx="20" fill="${dark}"/>
    <rect x="260" y="80" width="20" height="440" fill="${dark}"/>
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="186" y="${130 + i * 44}" width="${60 + (i % 2) * 12}" height="12" rx="6" fill="#fff" opacity="${i === 1 ? 1 : 0.45}"/>`).join('')}
    ${[0, 1, 2]
      .map(
        (
          i,
        ) => `<rect x="${300 + i * 160}" y="110" width="144" height="84" rx="14" fill="${i === 0 ? main : '#f1f3f5'}"/>
      <rect x="${316 + i * 160}" y="130" width="56" height="10" rx="5" fill="${i === 0 ? '#fff' : '#adb5bd'}"/>
      <rect x="${316 + i * 160}" y="152" width="${70 + rand() * 40}" height="22" rx="8" fill="${i === 0 ? '#fff' : dark}" opacity=".9"/>`,
      )
      .join('')}
    <rect x="236" y="220" width="0" height="0"/>
    <g transform="translate(60 0)">${bars}</g>
    <rect x="570" y="220" width="210" height="220" rx="14" fill="#f8f9fa"/>
    <polyline points="${points}" fill="none" stroke="${main}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="300" y="460" width="480" height="36" rx="10" fill="#f1f3f5"/>
  </g>`;
}

function mobile([dark, main, light], rand) {
  const rows = [0, 1, 2, 3]
    .map(
      (i) => `<rect x="392" y="${250 + i * 62}" width="176" height="50" rx="10" fill="#f1f3f5"/>
      <circle cx="416" cy="${275 + i * 62}" r="14" fill="${i % 2 ? light : main}"/>
      <rect x="440" y="${264 + i * 62}" width="${70 + rand() * 40}" height="9" rx="4" fill="#495057"/>
      <rect x="440" y="${281 + i * 62}" width="80" height="7" rx="3" fill="#adb5bd"/>`,
    )
    .join('');
  return `<g filter="url(#sh)">
    <rect x="372" y="60" width="216" height="480" rx="34" fill="#111"/>
    <rect x="382" y="70" width="196" height="460" rx="26" fill="#fff"/>
    <rect x="446" y="78" width="68" height="12" rx="6" fill="#111"/>
    <rect x="392" y="104" width="176" height="130" rx="16" fill="${main}"/>
    <rect x="408" y="124" width="100" height="14" rx="7" fill="#fff"/>
    <rect x="408" y="148" width="130" height="9" rx="4" fill="${light}"/>
    <rect x="408" y="190" width="70" height="26" rx="13" fill="${dark}"/>
    ${rows}
  </g>
  <g filter="url(#sh)">
    <rect x="140" y="${170 + rand() * 60}" width="200" height="120" rx="18" fill="#fff"/>
    <circle cx="184" cy="${230 + rand() * 10}" r="24" fill="${light}"/>
    <rect x="220" y="214" width="96" height="12" rx="6" fill="${dark}"/>
    <rect x="220" y="236" width="70" height="9" rx="4" fill="#adb5bd"/>
    <rect x="620" y="${300 + rand() * 60}" width="200" height="110" rx="18" fill="${dark}"/>
    <rect x="644" y="340" width="120" height="14" rx="7" fill="#fff"/>
    <rect x="644" y="366" width="80" height="10" rx="5" fill="${light}"/>
  </g>`;
}

const SCENES = [browser, dashboard, mobile];

async function render(svg, file) {
  const base = sharp(Buffer.from(svg));
  for (const width of WIDTHS) {
    const resized = base.clone().resize({ width });
    await resized.clone().avif({ quality: 55, effort: 4 }).toFile(`${file}-${width}.avif`);
    await resized.clone().webp({ quality: 72, effort: 6 }).toFile(`${file}-${width}.webp`);
  }
}

async function generate(dir, items) {
  mkdirSync(path.join(OUT, dir), { recursive: true });
  for (const [id, colours] of Object.entries(items)) {
    for (let n = 0; n < 3; n++) {
      const rand = seeded(`${id}-${n}`);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${background(colours, rand)}${SCENES[(n + id.length) % 3](colours, rand)}</svg>`;
      await render(svg, path.join(OUT, dir, `${id}-${n + 1}`));
    }
  }
}

await generate('services', SERVICES);
await generate('portfolio', PROJECTS);

// Open Graph card (1200×630 JPEG: what link previews read best).
const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3d91"/><stop offset="1" stop-color="#1c7ed6"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <circle cx="1050" cy="120" r="220" fill="#a5d8ff" opacity=".18"/>
  <text x="80" y="250" font-family="DejaVu Sans, Arial, sans-serif" font-size="72" font-weight="700" fill="#fff">Agencia Digital RD</text>
  <text x="80" y="330" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" fill="#d0ebff">Sitios web, automatización y marketing digital</text>
  <text x="80" y="380" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" fill="#d0ebff">para negocios de República Dominicana</text>
  <rect x="80" y="440" width="420" height="72" rx="36" fill="#fff"/>
  <text x="112" y="488" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="#0b3d91">Tu sitio listo en 15 días</text>
</svg>`;
await sharp(Buffer.from(og)).jpeg({ quality: 82, mozjpeg: true }).toFile(path.join(OUT, 'og-image.jpg'));
writeFileSync(
  path.join(OUT, 'README.txt'),
  'Generated by apps/web/scripts/generate-images.mjs; do not edit by hand.\n',
);
console.info('images written to', OUT);
