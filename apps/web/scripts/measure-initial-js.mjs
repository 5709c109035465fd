#!/usr/bin/env node
/**
 * Sizes the JavaScript a first visit to a route downloads before it renders: the entry chunk, its
 * static imports, the route's chunk with its static imports, and the active language's texts.
 * Usage: node scripts/measure-initial-js.mjs [route-module] [language]   (after `vite build`)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const route = process.argv[2] ?? 'src/features/home/routes/home.tsx';
const lang = process.argv[3] ?? 'en';

const files = new Set();
function walk(key) {
  const entry = manifest[key];
  if (!entry) throw new Error(`not in the manifest: ${key}`);
  if (files.has(entry.file)) return;
  files.add(entry.file);
  for (const dep of entry.imports ?? []) walk(dep);
}
walk('index.html');
walk(route);
// A language without its own app.json borrows English's (src/shared/i18n/i18n.ts).
for (const ns of ['app', 'errors']) {
  const own = Object.keys(manifest).find((key) => key.endsWith(`/messages/${lang}/${ns}.json`));
  const fallback = Object.keys(manifest).find((key) => key.endsWith(`/messages/en/${ns}.json`));
  const key = own ?? fallback;
  if (key) walk(key);
}

let raw = 0;
let gz = 0;
const rows = [];
for (const file of files) {
  const buf = readFileSync(path.join(dist, file));
  const size = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += size;
  rows.push([file, buf.length, size]);
}
rows.sort((a, b) => b[2] - a[2]);
for (const [file, r, g] of rows)
  console.log(`${(g / 1024).toFixed(1).padStart(7)} KiB gz  ${(r / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
console.log(
  `\n${route} (${lang}): ${files.size} files, ${(raw / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzipped`,
);
