#!/usr/bin/env node
/**
 * Rasterizes public/favicon.svg to public/favicon.png (64 × 64), the icon index.html links. A PNG
 * icon is decoded as an image; an SVG one makes Chrome build a whole SVG document for it after
 * every page load, main-thread work the page does not need.
 * Usage: node scripts/favicon.mjs   (needs Chromium at CHROMIUM, default /usr/bin/chromium)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const SIZE = 64;
const pub = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const svg = readFileSync(path.join(pub, 'favicon.svg'), 'utf8').replace(
  '<svg ',
  `<svg width="${SIZE}" height="${SIZE}" `,
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
await page.screenshot({
  path: path.join(pub, 'favicon.png'),
  omitBackground: true,
  clip: { x: 0, y: 0, width: SIZE, height: SIZE },
});
await browser.close();
console.log(path.join(pub, 'favicon.png'));
