import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pgliteTemplateFile } from '../../apps/server/src/test/db.ts';

const root = path.resolve(__dirname, '../..');

export interface RunningServer {
  url: string;
  /** The server's DATA_DIR (the embedded database, and the first owner's initial-admin.txt). */
  dataDir: string;
  /** Messages the server "sent" (no SMTP configured: they are logged, as in the outbox). */
  messages: { to: string; subject: string; body: string }[];
  /** Waits for the newest 6-digit code sent to an address after `since` messages. */
  codeFor(to: string, since?: number): Promise<string>;
  /** Moves the server's clock ahead by `ms` more (CLOCK_OFFSET_FILE): loan days, expiries. */
  advanceClock(ms: number): void;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /**
   * The host name users open it at (its PUBLIC_URL): 127.0.0.1 by default; `localhost` for WebAuthn,
   * which browsers refuse on an IP address (localhost is a secure context, its RP ID `localhost`).
   */
  hostname?: '127.0.0.1' | 'localhost';
}

/** Starts the real server on a free port with a fresh embedded database and the built web app. */
export async function startServer({ hostname = '127.0.0.1' }: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-e2e-'));
  // The embedded database starts migrated (the same template the API tests use): the server finds
  // its migrations applied and seeds the platform as on any first start, in half the time.
  fs.mkdirSync(path.join(dataDir, 'pglite'));
  const unpacked = spawnSync('tar', ['-xf', await pgliteTemplateFile(), '-C', path.join(dataDir, 'pglite')]);
  if (unpacked.status !== 0) throw new Error(`could not unpack the database template: ${unpacked.stderr}`);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child: ChildProcess = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://${hostname}:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      CLOCK_OFFSET_FILE: path.join(dataDir, 'clock-offset'),
      // Sessions outlive the days a journey moves the clock ahead (a loan's free days).
      SESSION_TTL_HOURS: String(24 * 60),
      ADMIN_SESSION_TTL_HOURS: String(24 * 30),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const messages: RunningServer['messages'] = [];
  let buffer = '';
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d.toString();
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      buffer += d.toString();
      let nl = buffer.indexOf('\n');
      while (nl >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.includes('is running at')) resolve();
        if (line.startsWith('{') && line.includes('outgoing message')) {
          const entry = JSON.parse(line) as { to: string; subject: string; body: string };
          messages.push({ to: entry.to, subject: entry.subject, body: entry.body });
        }
        nl = buffer.indexOf('\n');
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}\n${stderr}`)));
  });
  await ready;
  let offset = 0;
  return {
    advanceClock(ms) {
      offset += ms;
      fs.writeFileSync(path.join(dataDir, 'clock-offset'), String(offset));
    },
    url: `http://${hostname}:${port}`,
    dataDir,
    messages,
    async codeFor(to, since = 0) {
      for (let i = 0; i < 100; i++) {
        const hit = messages
          .slice(since)
          .reverse()
          .find((m) => m.to === to);
        const code = hit ? /\b(\d{6})\b/.exec(hit.body)?.[1] : undefined;
        if (code) return code;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no code was sent to ${to}`);
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
