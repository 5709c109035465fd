import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDrainLoop } from '../../lib/drain-loop.ts';

export interface MailRelayOptions {
  pollMs: number;
  batch: number;
  /** How long a relay holds a claimed message before another may take it (it died mid-send). */
  claimMs: number;
  /** Waits before each retry; after the last, the message is failed. */
  backoffMs: readonly number[];
}

export const DEFAULT_MAIL_RELAY: MailRelayOptions = {
  pollMs: 1_000,
  batch: 20,
  claimMs: 60_000,
  backoffMs: [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000],
};

export type Transport = (message: {
  channel: string;
  recipient: string;
  subject: string;
  body: string;
}) => Promise<void>;

interface Row {
  id: string | number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

/**
 * Delivers the mail outbox: claims due messages (FOR UPDATE SKIP LOCKED, so several processes
 * share the work and each message is taken by one relay at a time), sends each, and records the
 * outcome. A failed send is retried after the next backoff step; a relay that dies mid-send
 * leaves its claim to expire, and the message is retried. At least once: a relay that dies after
 * sending and before recording sends that message again.
 */
export function createMailRelay(deps: {
  db: Db;
  clock: Clock;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** null: no delivery configured; messages are written to the log. */
  transport: Transport | null;
  options?: Partial<MailRelayOptions>;
}) {
  const opts = { ...DEFAULT_MAIL_RELAY, ...deps.options };

  async function claim(): Promise<Row[]> {
    const now = deps.clock.now();
    const until = new Date(now.getTime() + opts.claimMs).toISOString();
    const nowIso = now.toISOString();
    return queryRows<Row>(
      deps.db,
      sql`update outbox set status = 'sending', claimed_until = ${until}::timestamptz, attempts = attempts + 1
          where id in (
            select id from outbox
            where (status = 'queued' and next_attempt_at <= ${nowIso}::timestamptz)
               or (status = 'sending' and claimed_until < ${nowIso}::timestamptz)
            order by id limit ${opts.batch}
            for update skip locked)
          returning id, channel, recipient, subject, body, attempts`,
    );
  }

  async function record(id: number, status: string, error: string | null, nextAttemptAt: Date | null) {
    const now = deps.clock.now().toISOString();
    await deps.db.execute(
      sql`update outbox set status = ${status}, error = ${error}, claimed_until = null,
            next_attempt_at = ${nextAttemptAt ? nextAttemptAt.toISOString() : null}::timestamptz,
            delivered_at = ${status === 'sent' || status === 'logged' ? now : null}::timestamptz
          where id = ${id}`,
    );
  }

  async function deliver(row: Row) {
    const id = Number(row.id);
    if (!deps.transport || row.channel !== 'email') {
      deps.log.info(
        { channel: row.channel, to: row.recipient, subject: row.subject, body: row.body },
        'outgoing message (no delivery configured)',
      );
      return record(id, 'logged', null, null);
    }
    try {
      await deps.transport(row);
      await record(id, 'sent', null, null);
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const wait = opts.backoffMs[row.attempts - 1];
      if (wait === undefined) {
        deps.log.warn({ outboxId: id, attempts: row.attempts, error: message }, 'mail: delivery failed; giving up');
        return record(id, 'failed', message, null);
      }
      deps.log.warn({ outboxId: id, attempts: row.attempts, error: message }, 'mail: delivery failed; will retry');
      return record(id, 'queued', message, new Date(deps.clock.now().getTime() + wait));
    }
  }

  async function drainOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await claim();
      for (const row of rows) await deliver(row);
      total += rows.length;
      if (rows.length < opts.batch) return total;
    }
  }

  const loop = createDrainLoop({
    pollMs: opts.pollMs,
    work: drainOnce,
    onError: (err) =>
      deps.log.warn({ error: err instanceof Error ? err.message : String(err) }, 'mail: relay failed; will retry'),
  });
  return { kick: loop.kick, drain: loop.drain, start: loop.start, stop: loop.stop };
}
