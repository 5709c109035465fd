#!/usr/bin/env node
// Lighthouse (mobile profile, default throttling) on the home page and the trading page (/market),
// served by the real server on an embedded database, in Debian's Chromium. Also sums the gzipped
// size of the JavaScript the home route loads before any interaction (entry script + its imports +
// the home chunk + the English texts).
// Usage: npm run build && node bench/lighthouse.mjs [runs]   (LH_PAGES=/,/market picks the pages)
// With LH_REPORT_DIR=<dir> each run's full report is also written there (lighthouse-<page>-<n>.json),
// for the diagnostics: render-blocking resources, request chains, main-thread work, bootup time,
// unused JavaScript.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const runs = Number(process.argv[2] ?? 3);
const reportDir = process.env.LH_REPORT_DIR;
const port = 18000 + Math.floor(Math.random() * 1000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-lh-'));

const server = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => d.toString().includes('is running at') && resolve());
  server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
});

const pages = (process.env.LH_PAGES ?? '/,/market').split(',').filter(Boolean);
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const results = [];
try {
  for (let i = 0; i < runs; i++)
    for (const page of pages) {
      const url = `http://127.0.0.1:${port}${page}`;
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (reportDir) {
        fs.mkdirSync(reportDir, { recursive: true });
        const name = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        fs.writeFileSync(path.join(reportDir, `lighthouse-${name}-${i}.json`), JSON.stringify(lhr, null, 2));
      }
      if (lhr.runtimeError) {
        // A trace Lighthouse could not read (NO_NAVSTART now and then): say so and measure again.
        console.warn(`${page}: run ${i} failed (${lhr.runtimeError.code}), not counted`);
        continue;
      }
      const a = lhr.audits;
      const scripts = (a['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
      results.push({
        page,
        score: Math.round(lhr.categories.performance.score * 100),
        fcpMs: Math.round(a['first-contentful-paint'].numericValue),
        lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(a['total-blocking-time'].numericValue),
        cls: Number(a['cumulative-layout-shift'].numericValue.toFixed(3)),
        scriptTransferKiB: Number((scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 1024).toFixed(1)),
      });
    }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
}

// Initial JS of the home route from the built files: what index.html loads eagerly, gzipped. The
// build hands the file names to index.html's inline script (apps/web/vite-plugin-first-paint.ts),
// which loads the entry, its imports, the home page's chunks and the language's texts (English
// here); script and modulepreload tags in the HTML count too, should there be any.
const dist = path.join(root, 'apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const tags = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
  (m) => m[1],
);
const assets = JSON.parse(html.match(/var assets = (\{.*?\});/)?.[1] ?? 'null');
const eager = [
  ...new Set([
    ...tags,
    ...(assets ? [assets.entry, ...assets.preload, ...assets.home, assets.app.en, assets.errors.en] : []),
  ]),
];
const gz = (file) => gzipSync(fs.readFileSync(path.join(dist, file.replace(/^\//, '')))).length;
const eagerKiB = eager.reduce((s, f) => s + gz(f), 0) / 1024;

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log('\nLighthouse mobile, Debian Chromium');
console.table(results);
for (const page of pages) {
  const of = results.filter((r) => r.page === page);
  const bar = page === '/' ? '>= 90' : '>= 95, CLS < 0.1';
  console.log(
    `${page}: median performance score ${median(of.map((r) => r.score))} (bar: ${bar}), median CLS ${median(of.map((r) => r.cls))}, median LCP ${median(of.map((r) => r.lcpMs))} ms, median script transfer ${median(of.map((r) => r.scriptTransferKiB))} KiB`,
  );
}
console.log(`entry JS in index.html, gzipped: ${eagerKiB.toFixed(1)} KiB (${eager.length} files; bar: <= 200 KiB)`);
fs.rmSync(dataDir, { recursive: true, force: true });
