import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../../db/client.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { DRIVERS, openTestDatabase } from '../../../test/db.ts';
import type { Bus, BusMessage } from '../events.bus.ts';
import { createLocalBus } from '../events.bus.ts';
import { runBundleWithIds } from '../../../db/raw.ts';
import { createRelay, ownEventPart, writeEvent } from '../events.outbox.ts';
import { createEvents } from '../events.service.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const quiet = { warn: () => undefined, error: () => undefined };
const noop = () => undefined;

describe.each(DRIVERS)('events after commit on %s', (driver) => {
  let database: Database;
  const clock = new ManualClock('2026-11-24T12:00:00Z');
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => database?.close());

  const collect = (bus: Bus, topic: string) => {
    const heard: BusMessage[] = [];
    bus.subscribe(topic, (m) => heard.push(m));
    return heard;
  };

  it('publishes what committed, in order, and never what rolled back', async () => {
    const bus = createLocalBus({ onError: noop });
    const heard = collect(bus, 'orders');
    const relay = createRelay({ db: database.db, bus, clock, log: quiet });
    await database.db.transaction(async (tx) => {
      await writeEvent(tx, clock, 'orders', { n: 1 });
      await writeEvent(tx, clock, 'orders', { n: 2 });
    });
    await database.db
      .transaction(async (tx) => {
        await writeEvent(tx, clock, 'orders', { n: 'never' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await writeEvent(database.db, clock, 'orders', { n: 3 });
    expect(await relay.drain()).toBe(3);
    expect(heard.map((m) => m.payload)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(await relay.drain()).toBe(0);
  });

  it('sweeps published events once they are a day old, never unpublished ones (the events.sweep job)', async () => {
    const c = new ManualClock('2026-11-20T00:00:00Z');
    const bus = createLocalBus({ onError: noop });
    const relay = createRelay({ db: database.db, bus, clock: c, log: quiet });
    await relay.drain();
    await writeEvent(database.db, c, 'sweep', { n: 'published' });
    await relay.drain();
    await writeEvent(database.db, c, 'sweep', { n: 'waiting' });
    c.advance(25 * 3_600_000);
    expect(await relay.sweep()).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ payload: { n: string } }>(
      database.db,
      sql`select payload from event_outbox where topic = 'sweep'`,
    );
    expect(left.map((r) => r.payload.n)).toEqual(['waiting']);
  });

  it('two relays over one database (two processes) publish each event exactly once', async () => {
    const buses = [createLocalBus({ onError: noop }), createLocalBus({ onError: noop })];
    const heard = buses.map((b) => collect(b, 'load'));
    const relays = buses.map((bus) => createRelay({ db: database.db, bus, clock, log: quiet, options: { batch: 7 } }));
    const n = driver === 'postgres' ? 400 : 150;
    await Promise.all(Array.from({ length: n }, (_, i) => writeEvent(database.db, clock, 'load', { i })));
    await Promise.all([relays[0]!.drain(), relays[1]!.drain(), relays[0]!.drain(), relays[1]!.drain()]);
    const ids = heard.flat().map((m) => m.id);
    expect(ids).toHaveLength(n);
    expect(new Set(ids).size).toBe(n);
  });

  it('retries a batch the bus refused, and a claim whose relay died', async () => {
    let fail = true;
    const heard: BusMessage[] = [];
    const flaky: Bus = {
      kind: 'local',
      ready: async () => undefined,
      async publish(messages) {
        if (fail) throw new Error('bus down');
        heard.push(...messages);
      },
      subscribe: () => noop,
      close: async () => undefined,
    };
    const relay = createRelay({ db: database.db, bus: flaky, clock, log: quiet });
    await writeEvent(database.db, clock, 'retry', { a: 1 });
    expect(await relay.drain()).toBe(0);
    const [row] = await queryRows<{ last_error: string; published_at: string | null }>(
      database.db,
      sql`select last_error, published_at from event_outbox where topic = 'retry'`,
    );
    expect(row).toMatchObject({ last_error: 'bus down', published_at: null });
    fail = false;
    expect(await relay.drain()).toBe(1);
    expect(heard.map((m) => m.payload)).toEqual([{ a: 1 }]);

    // A relay that claimed and died: its claim lapses and another relay publishes the event.
    await writeEvent(database.db, clock, 'retry', { a: 2 });
    await database.db.execute(
      sql`update event_outbox set claimed_until = ${new Date(clock.now().getTime() + 30_000).toISOString()}::timestamptz
          where topic = 'retry' and published_at is null`,
    );
    expect(await relay.drain()).toBe(0);
    clock.advance(31_000);
    expect(await relay.drain()).toBe(1);
    expect(heard.map((m) => m.payload)).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('a writer publishes its own event after commit and marks it; no relay takes it while claimed, one does once the writer is gone', async () => {
    const bus = createLocalBus({ onError: noop });
    const heard = collect(bus, 'own');
    const writer = createRelay({ db: database.db, bus, clock, log: quiet });
    const other = createRelay({ db: database.db, bus, clock, log: quiet });
    await other.drain();
    const state = async () =>
      queryRows<{ id: string; published_at: string | null; claimed_until: string | null }>(
        database.db,
        sql`select id, published_at, claimed_until from event_outbox where topic = 'own' order by id`,
      );

    // Written in a bundle, answering its id; published by the writer, marked a moment later.
    const { ids } = await database.db.transaction((tx) =>
      runBundleWithIds(tx, [ownEventPart(clock, 'ev', 'own', { n: 1 }, 30_000)], ['ev']),
    );
    const [id] = ids.ev ?? [];
    expect(id).toBeTypeOf('number');
    expect(await other.drain()).toBe(0);
    await writer.publishOwn([{ id: id!, topic: 'own', payload: { n: 1 } }]);
    expect(heard.map((m) => m.payload)).toEqual([{ n: 1 }]);
    await writer.flushMarks();
    expect((await state())[0]?.published_at).not.toBeNull();

    // Its writer died between commit and publication: the claim lapses and a relay publishes it.
    await database.db.transaction((tx) =>
      runBundleWithIds(tx, [ownEventPart(clock, 'ev', 'own', { n: 2 }, 30_000)], ['ev']),
    );
    expect(await other.drain()).toBe(0);
    clock.advance(31_000);
    expect(await other.drain()).toBe(1);
    expect(heard.map((m) => m.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    expect((await state()).every((r) => r.published_at !== null)).toBe(true);
  });

  it.runIf(REDIS_URL)('through Redis, every process hears every event once', async () => {
    const channel = `ob-test-${randomBytes(6).toString('hex')}`;
    const processes = [0, 1].map(() =>
      createEvents({ db: database.db, clock, log: quiet, redisUrl: REDIS_URL, redisChannel: channel }),
    );
    try {
      const heard = processes.map((p) => {
        const got: unknown[] = [];
        p.subscribe('fan', (m) => got.push(m.payload));
        return got;
      });
      await Promise.all(processes.map((p) => p.start()));
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < 5; i++) await processes[0]!.write(tx, 'fan', { i });
      });
      processes[0]!.published();
      const want = [0, 1, 2, 3, 4].map((i) => ({ i }));
      for (let i = 0; i < 100 && heard.some((h) => h.length < 5); i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual([want, want]);
    } finally {
      await Promise.all(processes.map((p) => p.stop()));
    }
  });
});
