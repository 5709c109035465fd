/**
 * The tick stream between server processes: the owner of the feed publishes every tick it records
 * (numbered, as stored), and every other process hears them in order and keeps its quotes, candles,
 * statistics and quote pushes from them. Redis pub/sub, one channel per installation; ticks
 * recorded in one turn of the event loop travel as one message.
 *
 * Pub/sub may drop what is sent while a process is disconnected: a follower then shows a stale
 * quote until the next tick, and fills are priced by the owner's recorded ticks only (a follower's
 * quote is the same numbered tick, or an older one).
 */
import { randomBytes } from 'node:crypto';
import type { TickSource } from '@openbourse/contracts/market.ts';
import { Redis } from 'ioredis';
import type { TickRow } from './market.repository.ts';

export interface TickStream {
  /** Resolves once the stream can deliver (subscribed). */
  ready(): Promise<void>;
  /** Queues a recorded tick; queued ticks go out together at the end of this turn. */
  publish(row: TickRow): void;
  /** Ticks recorded by other processes, in the order they were published. Returns unsubscribe. */
  subscribe(handler: (rows: TickRow[]) => void): () => void;
  close(): Promise<void>;
}

type Wire = [
  id: number,
  instrumentId: number,
  ts: number,
  bid: string,
  ask: string,
  price: string,
  volume: string,
  source: TickSource,
];

export function createRedisTickStream(opts: {
  url: string;
  channel: string;
  onError: (err: unknown) => void;
}): TickStream {
  // Our own messages come back on the channel: they carry this process's id and are skipped.
  const origin = randomBytes(8).toString('hex');
  const pub = new Redis(opts.url, { maxRetriesPerRequest: 3 });
  const sub = new Redis(opts.url);
  pub.on('error', opts.onError);
  sub.on('error', opts.onError);
  const handlers = new Set<(rows: TickRow[]) => void>();
  const ready = sub.subscribe(opts.channel);
  let queued: Wire[] = [];

  sub.on('message', (channel: string, text: string) => {
    if (channel !== opts.channel || handlers.size === 0) return;
    let msg: { o: string; t: Wire[] };
    try {
      msg = JSON.parse(text) as { o: string; t: Wire[] };
    } catch (err) {
      opts.onError(err);
      return;
    }
    if (msg.o === origin) return;
    const rows = msg.t.map(
      ([id, instrumentId, ts, bid, ask, price, volume, source]): TickRow => ({
        id,
        instrumentId,
        ts: new Date(ts),
        bid,
        ask,
        price,
        volume,
        source,
      }),
    );
    for (const h of handlers) {
      try {
        h(rows);
      } catch (err) {
        opts.onError(err);
      }
    }
  });

  function send() {
    const t = queued;
    queued = [];
    pub.publish(opts.channel, JSON.stringify({ o: origin, t })).catch(opts.onError);
  }

  return {
    async ready() {
      await ready;
    },
    publish(row) {
      if (queued.length === 0) setImmediate(send);
      queued.push([row.id, row.instrumentId, row.ts.getTime(), row.bid, row.ask, row.price, row.volume, row.source]);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      if (queued.length > 0) send();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
