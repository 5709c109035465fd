#!/usr/bin/env node
// The one test command (README): types, lint, unit + API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys against a freshly built web app.
// Prints a closing "N passed, N failed" line summed over every vitest run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-test-'));
const only = process.argv[2]; // optional: "unit" or "e2e"
let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;
const failures = []; // "file › test: first line of the error", printed again at the very end

function run(label, cmd, args, env = {}) {
  const started = Date.now();
  process.stdout.write(`\n▶ ${label}\n`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`◀ ${label}: ${res.status === 0 ? 'ok' : `FAILED (exit ${res.status})`} in ${secs}s\n`);
  if (res.status !== 0) ok = false;
  return res.status === 0;
}

function firstLines(text) {
  return String(text ?? '')
    .split('\n')
    .slice(0, 6)
    .join('\n    ');
}

function vitest(label, args) {
  const out = path.join(tmp, `${label.replace(/\W+/g, '-')}.json`);
  run(label, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`]);
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    if (r.numTotalTests === 0) ok = false;
    for (const file of r.testResults ?? []) {
      const rel = path.relative(root, file.name);
      for (const t of file.assertionResults ?? []) {
        if (t.status !== 'failed') continue;
        failures.push(`${label}: ${rel} › ${t.fullName}\n    ${firstLines(t.failureMessages?.[0])}`);
      }
      if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
        failures.push(`${label}: ${rel}\n    ${firstLines(file.message)}`);
      }
    }
  } else {
    failed += 1;
  }
}

if (!only || only === 'unit') {
  run('typecheck', 'npm', ['run', 'typecheck']);
  run('lint', 'npx', ['biome', 'check', '.']);
  if (!process.env.TEST_DATABASE_URL) {
    process.stdout.write('\n(TEST_DATABASE_URL not set: API and ledger tests run on PGlite only)\n');
  }
  vitest('unit and API tests', []);
}
if (!only || only === 'e2e') {
  run('build the apps', 'npm', ['run', 'build']);
  vitest('browser journeys', ['--config', 'e2e/vitest.config.ts']);
}

if (failures.length > 0) process.stdout.write(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(ok && failed === 0 ? 0 : 1);
