#!/usr/bin/env node
// Draws the installable app's icons (public/icons) from the brand mark (public/favicon.svg's
// drawing): "any" icons with the mark's rounded corners, "maskable" ones full-bleed with the mark
// inside the safe zone (the middle 80 %), and the apple-touch-icon (iOS rounds it itself).
// Run after changing the mark: node apps/web/scripts/pwa-icons.mjs (sharp comes with the server).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../public/icons');
const gradient =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#19c39c"/><stop offset="1" stop-color="#0e7f6a"/></linearGradient></defs>';
const stroke = (d) =>
  `<path d="${d}" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`;
const LINE = 'M14 42l11-12 8 7 17-19';

const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" rx="14" fill="url(#g)"/>${stroke(LINE)}</svg>`;
// Full bleed, the line scaled to 70 % about the centre so it stays inside the maskable safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(32 32) scale(0.7) translate(-32 -30)">${stroke(LINE)}</g></svg>`;
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(32 32) scale(0.8) translate(-32 -30)">${stroke(LINE)}</g></svg>`;

fs.mkdirSync(out, { recursive: true });
const jobs = [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-192.png', maskable, 192],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', square, 180],
  ['badge-72.png', `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${stroke(LINE)}</svg>`, 72],
];
for (const [name, svg, size] of jobs) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
}
console.log(`wrote ${jobs.length} icons to ${out}`);
