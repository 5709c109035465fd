#!/usr/bin/env node
// The one test command (README): types, lint, unit + API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys against a freshly built web app.
// Prints a closing "N passed, N failed" line summed over every vitest run.
import { spawn, spawnSync } from 'node:child_process';
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
const slowest = []; // [seconds, "suite: file"]: the slowest files, printed at the end (where the time goes)

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

/**
 * Runs a command with its output kept in a file, printed whole when it ends (two suites running side
 * by side would otherwise interleave line by line).
 */
function runAside(label, cmd, args) {
  const started = Date.now();
  const logFile = path.join(tmp, `${label.replace(/\W+/g, '-')}.log`);
  const log = fs.openSync(logFile, 'w');
  process.stdout.write(`\n▶ ${label} (output below when it ends)\n`);
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', log, log], env: process.env });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      fs.closeSync(log);
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n━━ ${label} ━━\n${fs.readFileSync(logFile, 'utf8')}`);
      process.stdout.write(`◀ ${label}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${secs}s\n`);
      if (status !== 0) ok = false;
      resolve(status === 0);
    });
  });
}

const vitestArgs = (label, args) => {
  const out = path.join(tmp, `${label.replace(/\W+/g, '-')}.json`);
  return { out, args: ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`] };
};

function vitest(label, args) {
  const { out, args: all } = vitestArgs(label, args);
  run(label, 'npx', all);
  collect(label, out);
}

/** The suite's counts and failures from its JSON report. */
function collect(label, out) {
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    if (r.numTotalTests === 0) ok = false;
    for (const file of r.testResults ?? []) {
      const rel = path.relative(root, file.name);
      if (file.startTime && file.endTime) slowest.push([(file.endTime - file.startTime) / 1000, `${label}: ${rel}`]);
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
}
if (!only) {
  // One suite after the other. TEST_PARALLEL=1 runs them side by side (measured on two cores: slower
  // in all, and the back office's 5 s component tests time out under the load).
  run('build the apps', 'npm', ['run', 'build']);
  const unit = vitestArgs('unit and API tests', []);
  const e2e = vitestArgs('browser journeys', ['--config', 'e2e/vitest.config.ts']);
  if (!process.env.TEST_PARALLEL) {
    run('unit and API tests', 'npx', unit.args);
    run('browser journeys', 'npx', e2e.args);
  } else {
    const started = Date.now();
    const beat = setInterval(() => {
      process.stdout.write(`… both suites running (${Math.round((Date.now() - started) / 60_000)} min)\n`);
    }, 60_000);
    await Promise.all([
      runAside('unit and API tests', 'npx', unit.args),
      runAside('browser journeys', 'npx', e2e.args),
    ]);
    clearInterval(beat);
  }
  collect('unit and API tests', unit.out);
  collect('browser journeys', e2e.out);
} else if (only === 'unit') {
  vitest('unit and API tests', []);
} else if (only === 'e2e') {
  run('build the apps', 'npm', ['run', 'build']);
  vitest('browser journeys', ['--config', 'e2e/vitest.config.ts']);
}

if (slowest.length > 0) {
  slowest.sort((a, b) => b[0] - a[0]);
  const lines = slowest.slice(0, 15).map(([secs, name]) => `  ${secs.toFixed(1).padStart(6)}s  ${name}`);
  process.stdout.write(`\nSlowest files:\n${lines.join('\n')}\n`);
}
if (failures.length > 0) process.stdout.write(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(ok && failed === 0 ? 0 : 1);
