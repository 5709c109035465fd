import { sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type BundlePart, tableInsert } from '../../db/raw.ts';
import { createDrainLoop } from '../../lib/drain-loop.ts';
import type { Bus, BusMessage } from './events.bus.ts';
import { eventOutbox } from './events.tables.ts';

/** Writes an event in the caller's transaction: it is published only if that transaction commits. */
export async function writeEvent(exec: Executor, clock: Clock, topic: string, payload: unknown): Promise<void> {
  // Prepared raw SQL (db/raw.ts): every order writes one.
  await outboxInsert.insert(exec, { topic, payload, createdAt: clock.now() });
}

const outboxInsert = tableInsert(eventOutbox);

/** An event as a part of a bundle (db/raw.ts `runBundle`): written with the caller's other rows. */
export function eventPart(clock: Clock, name: string, topic: string, payload: unknown): BundlePart {
  return outboxInsert.part(name, [{ topic, payload, createdAt: clock.now() }]);
}

/**
 * An event its writer will publish itself once the transaction commits (`relay.publishOwn`): the
 * row is written already claimed for `claimMs`, so no relay takes it meanwhile; if the writer dies
 * before marking it published, the claim runs out and a relay publishes it (at least once, as
 * ever). Returns its `id` (db/raw.ts `runBundleWithIds`).
 */
export function ownEventPart(clock: Clock, name: string, topic: string, payload: unknown, claimMs: number): BundlePart {
  const now = clock.now();
  return outboxInsert.part(
    name,
    [{ topic, payload, createdAt: now, claimedUntil: new Date(now.getTime() + claimMs), attempts: 1 }],
    'id',
  );
}

export interface RelayOptions {
  /** How often to look for events that no nudge announced (other processes', missed ones). */
  pollMs: number;
  batch: number;
  /** How long a relay holds claimed rows before another may take them (it died meanwhile). */
  claimMs: number;
  /** Published rows are kept this long (for inspection), then deleted. */
  keepMs: number;
}

/** How long published ids wait to be marked together. */
const MARK_DELAY_MS = 50;

export const DEFAULT_RELAY: RelayOptions = { pollMs: 250, batch: 200, claimMs: 30_000, keepMs: 24 * 3_600_000 };

/**
 * Publishes committed outbox rows to the bus, oldest first, in batches. Several relays (one per
 * process) share the work: each claims unpublished rows with FOR UPDATE SKIP LOCKED and holds
 * them for `claimMs`, so a row is taken by one relay at a time and retaken if that relay dies.
 * `kick()` after a transaction commits publishes at once; the poll catches the rest.
 */
export function createRelay(deps: {
  db: Db;
  bus: Bus;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
  options?: Partial<RelayOptions>;
}) {
  const opts = { ...DEFAULT_RELAY, ...deps.options };

  async function claim(): Promise<BusMessage[]> {
    const now = deps.clock.now();
    const until = new Date(now.getTime() + opts.claimMs).toISOString();
    const rows = await queryRows<{ id: string | number; topic: string; payload: unknown }>(
      deps.db,
      sql`update event_outbox set claimed_until = ${until}::timestamptz, attempts = attempts + 1
          where id in (
            select id from event_outbox
            where published_at is null and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
            order by id limit ${opts.batch}
            for update skip locked)
          returning id, topic, payload`,
    );
    return rows.map((r) => ({ id: Number(r.id), topic: r.topic, payload: r.payload })).sort((a, b) => a.id - b.id);
  }

  /** Publishes what is waiting; returns how many it published. */
  async function drainOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) break;
      const ids = batch.map((m) => m.id);
      try {
        await deps.bus.publish(batch);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await deps.db.execute(
          sql`update event_outbox set last_error = ${message.slice(0, 500)}, claimed_until = null
              where id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
        );
        deps.log.warn({ err: message, events: ids.length }, 'events: publishing failed; will retry');
        break;
      }
      await deps.db.execute(
        sql`update event_outbox set published_at = ${deps.clock.now().toISOString()}::timestamptz
            where id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      total += batch.length;
      if (batch.length < opts.batch) break;
    }
    return total;
  }

  /** Deletes published rows older than `keepMs`: the `events.sweep` job. Answers how many went. */
  async function sweep(): Promise<number> {
    const before = new Date(deps.clock.now().getTime() - opts.keepMs).toISOString();
    const res = (await deps.db.execute(
      sql`delete from event_outbox where published_at is not null and published_at < ${before}::timestamptz`,
    )) as unknown as { rowCount?: number | null; affectedRows?: number };
    return res.rowCount ?? res.affectedRows ?? 0;
  }

  /** Ids published by their writer, marked in one statement a moment later. */
  let toMark: number[] = [];
  let marking: Promise<void> | null = null;
  let markTimer: NodeJS.Timeout | null = null;

  function flushMarks(): Promise<void> {
    if (markTimer) clearTimeout(markTimer);
    markTimer = null;
    if (marking) return marking.then(() => (toMark.length > 0 ? flushMarks() : undefined));
    if (toMark.length === 0) return Promise.resolve();
    const ids = toMark;
    toMark = [];
    marking = (async () => {
      try {
        await deps.db.execute(
          sql`update event_outbox set published_at = ${deps.clock.now().toISOString()}::timestamptz
              where id = any(${`{${ids.join(',')}}`}::bigint[])`,
        );
      } catch (err) {
        // Still claimed: when the claim runs out a relay publishes them again (at least once).
        deps.log.warn(
          { err: err instanceof Error ? err.message : String(err), events: ids.length },
          'events: marking failed',
        );
      } finally {
        marking = null;
      }
    })();
    return marking;
  }

  /**
   * Publishes events its caller wrote with `ownEventPart` and has just committed, then marks them
   * published with others a moment later: no claim, no read back, one update for many batches.
   * A failed publication is left to the relays (the rows stay claimed until `claimMs` passes).
   */
  async function publishOwn(messages: readonly BusMessage[]): Promise<void> {
    try {
      await deps.bus.publish(messages);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      deps.log.warn({ err: message, events: messages.length }, 'events: publishing failed; a relay will retry');
      return;
    }
    for (const m of messages) toMark.push(m.id);
    markTimer ??= setTimeout(() => void flushMarks(), MARK_DELAY_MS);
    markTimer.unref?.();
  }

  const loop = createDrainLoop({
    pollMs: opts.pollMs,
    work: drainOnce,
    onError: (err) =>
      deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'events: relay failed; will retry'),
  });
  return {
    /** Publishes at once what has just committed (call after the transaction). */
    kick: loop.kick,
    publishOwn,
    /** Marks now what `publishOwn` published (tests, shutdown). */
    flushMarks,
    claimMs: opts.claimMs,
    sweep,
    /** Publishes everything committed so far (tests, shutdown). */
    drain: loop.drain,
    start: loop.start,
    async stop() {
      await loop.stop();
      await flushMarks();
      // What committed before the stop still goes out.
      await drainOnce().catch(() => 0);
    },
  };
}

export type Relay = ReturnType<typeof createRelay>;
