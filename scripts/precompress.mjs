#!/usr/bin/env node
// Writes .br and .gz beside every compressible file of a build, so the server sends them as they
// are (@fastify/static preCompressed) instead of compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
const compressible = /\.(js|css|html|json|svg|txt|webmanifest|map)$/;
let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  files += 1;
  before += data.length;
  after += br.length;
}
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB (brotli)`,
);
