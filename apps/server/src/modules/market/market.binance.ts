import WebSocket from 'ws';
import type { Clock } from '../../lib/clock.ts';
import { VOLUME_SCALE } from './market.aggregator.ts';
import { decimalToUnits, snapToTick } from './market.price.ts';
import type { Cancel, Scheduler } from './market.scheduler.ts';
import type { FeedTick, Instrument, MarketFeed } from './market.types.ts';

/**
 * A real feed from Binance's public market-data WebSocket (spot), written against its documented
 * combined-stream format: `<base>/stream?streams=btcusdt@bookTicker/btcusdt@trade/…`, each frame
 * `{"stream":"<name>","data":<payload>}`.
 *   bookTicker payload: { u: updateId, s: symbol, b: best bid, B: bid qty, a: best ask, A: ask qty }
 *   trade payload:      { e: "trade", E: event time, s, t: trade id, p: price, q: qty, T: trade time, m, M }
 * Bare (non-combined) payloads are accepted too. Book updates arrive many times a second, so the
 * adapter coalesces: every `emitMs` it emits one tick per symbol that changed, with the best bid and
 * ask, the last trade price (the mid until a trade is seen) and the quantity traded since the last
 * tick. It reconnects with exponential backoff and jitter, and treats a silent connection as dead.
 */

export type BinanceEvent =
  | { kind: 'book'; symbol: string; updateId: number; bid: string; ask: string }
  | { kind: 'trade'; symbol: string; tradeId: number; price: string; qty: string; time: number };

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

/** One frame of the stream, validated; anything else (subscription replies, junk) → null. */
export function parseBinanceFrame(text: string): BinanceEvent | null {
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return null;
  }
  if (!msg || typeof msg !== 'object') return null;
  const data = (
    'data' in msg && typeof (msg as { data: unknown }).data === 'object' ? (msg as { data: unknown }).data : msg
  ) as Record<string, unknown> | null;
  if (!data || typeof data.s !== 'string') return null;
  const symbol = data.s.toUpperCase();
  if (data.e === 'trade') {
    if (typeof data.p !== 'string' || typeof data.q !== 'string' || !DECIMAL.test(data.p) || !DECIMAL.test(data.q)) {
      return null;
    }
    return {
      kind: 'trade',
      symbol,
      tradeId: Number(data.t),
      price: data.p,
      qty: data.q,
      time: Number(data.T ?? data.E ?? 0),
    };
  }
  if ((data.e === undefined || data.e === 'bookTicker') && typeof data.b === 'string' && typeof data.a === 'string') {
    if (!DECIMAL.test(data.b) || !DECIMAL.test(data.a)) return null;
    return { kind: 'book', symbol, updateId: Number(data.u ?? 0), bid: data.b, ask: data.a };
  }
  return null;
}

export function binanceStreamUrl(base: string, symbols: readonly string[]): string {
  const streams = symbols.flatMap((s) => [`${s.toLowerCase()}@bookTicker`, `${s.toLowerCase()}@trade`]).join('/');
  return `${base.replace(/\/+$/, '')}/stream?streams=${streams}`;
}

export interface BinanceFeedOptions {
  /** Base address, e.g. wss://stream.binance.com:9443 (the adapter appends /stream?streams=…). */
  url: string;
  instruments: ReadonlyArray<Pick<Instrument, 'id' | 'code' | 'feedSymbol' | 'priceDecimals' | 'tickUnits'>>;
  clock: Clock;
  scheduler: Scheduler;
  emitMs?: number;
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  /** No frame for this long → the connection is dropped and reopened. */
  idleTimeoutMs?: number;
  /** Jitter source in [0, 1). */
  random?: () => number;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export interface BinanceFeed extends MarketFeed {
  readonly connected: boolean;
  readonly connections: number;
}

interface SymbolState {
  inst: BinanceFeedOptions['instruments'][number];
  bid: bigint | null;
  ask: bigint | null;
  last: bigint | null;
  volume: bigint;
  dirty: boolean;
}

export function createBinanceFeed(opts: BinanceFeedOptions): BinanceFeed {
  const emitMs = opts.emitMs ?? 1000;
  const backoffInitialMs = opts.backoffInitialMs ?? 1000;
  const backoffMaxMs = opts.backoffMaxMs ?? 60_000;
  const idleTimeoutMs = opts.idleTimeoutMs ?? 60_000;
  const random = opts.random ?? Math.random;
  const listeners = new Set<(t: FeedTick) => void>();
  const bySymbol = new Map<string, SymbolState>();
  for (const inst of opts.instruments) {
    if (inst.feedSymbol) {
      bySymbol.set(inst.feedSymbol.toUpperCase(), { inst, bid: null, ask: null, last: null, volume: 0n, dirty: false });
    }
  }
  const url = binanceStreamUrl(opts.url, [...bySymbol.keys()]);
  let socket: WebSocket | null = null;
  let stopped = true;
  let attempt = 0;
  let connections = 0;
  let lastFrameAt = 0;
  const timers: Cancel[] = [];
  let reconnectTimer: Cancel | null = null;

  const toPrice = (s: SymbolState, value: string) =>
    snapToTick(decimalToUnits(value, s.inst.priceDecimals), s.inst.tickUnits);

  function handle(event: BinanceEvent) {
    const s = bySymbol.get(event.symbol);
    if (!s) return;
    if (event.kind === 'book') {
      const bid = toPrice(s, event.bid);
      const ask = toPrice(s, event.ask);
      if (bid > ask || decimalToUnits(event.bid, s.inst.priceDecimals) <= 0n) return;
      s.bid = bid;
      s.ask = ask;
    } else {
      if (decimalToUnits(event.price, s.inst.priceDecimals) <= 0n) return;
      s.last = toPrice(s, event.price);
      s.volume += decimalToUnits(event.qty, VOLUME_SCALE);
    }
    s.dirty = true;
  }

  function emit() {
    const ts = opts.clock.now().getTime();
    for (const s of bySymbol.values()) {
      if (!s.dirty || s.bid === null || s.ask === null) continue;
      const mid = snapToTick((s.bid + s.ask) / 2n, s.inst.tickUnits);
      const tick: FeedTick = {
        instrumentId: s.inst.id,
        ts,
        bid: s.bid,
        ask: s.ask,
        last: s.last ?? mid,
        volume: s.volume,
        source: 'binance',
      };
      s.volume = 0n;
      s.dirty = false;
      for (const l of listeners) l(tick);
    }
  }

  function scheduleReconnect() {
    if (stopped || reconnectTimer) return;
    const base = Math.min(backoffMaxMs, backoffInitialMs * 2 ** attempt);
    const delay = Math.round(base / 2 + (base / 2) * random());
    attempt++;
    opts.log?.warn({ delayMs: delay, attempt }, 'market feed: binance disconnected, reconnecting');
    reconnectTimer = opts.scheduler.after(delay, () => {
      reconnectTimer = null;
      connect();
    });
  }

  function connect() {
    if (stopped) return;
    const ws = new WebSocket(url, { handshakeTimeout: 10_000 });
    socket = ws;
    ws.on('open', () => {
      connections++;
      lastFrameAt = opts.clock.now().getTime();
      opts.log?.info({ url }, 'market feed: binance connected');
    });
    ws.on('message', (data) => {
      attempt = 0; // a live stream resets the backoff
      lastFrameAt = opts.clock.now().getTime();
      const event = parseBinanceFrame(data.toString());
      if (event) handle(event);
    });
    const drop = () => {
      if (socket === ws) socket = null;
      scheduleReconnect();
    };
    ws.on('close', drop);
    // ws follows every 'error' with 'close', which reconnects.
    ws.on('error', (err) => opts.log?.warn({ err: err.message }, 'market feed: binance socket error'));
  }

  return {
    name: 'binance',
    get connected() {
      return socket?.readyState === WebSocket.OPEN;
    },
    get connections() {
      return connections;
    },
    async start() {
      if (!stopped || bySymbol.size === 0) return;
      stopped = false;
      timers.push(opts.scheduler.every(emitMs, emit));
      timers.push(
        opts.scheduler.every(Math.max(1000, Math.floor(idleTimeoutMs / 2)), () => {
          if (socket?.readyState === WebSocket.OPEN && opts.clock.now().getTime() - lastFrameAt > idleTimeoutMs) {
            opts.log?.warn({ idleTimeoutMs }, 'market feed: binance stream silent, reconnecting');
            socket.terminate();
          }
        }),
      );
      connect();
    },
    async stop() {
      stopped = true;
      for (const c of timers.splice(0)) c();
      reconnectTimer?.();
      reconnectTimer = null;
      const ws = socket;
      socket = null;
      if (ws && ws.readyState !== WebSocket.CLOSED) {
        await new Promise<void>((resolve) => {
          const done = setTimeout(() => {
            ws.terminate();
            resolve();
          }, 1000);
          ws.once('close', () => {
            clearTimeout(done);
            resolve();
          });
          if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
          else ws.close(1000);
        });
      }
    },
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Several feeds as one (the Binance adapter for crypto, the simulation for everything else). */
export function combineFeeds(feeds: readonly MarketFeed[]): MarketFeed {
  return {
    name: feeds.map((f) => f.name).join('+'),
    async start() {
      for (const f of feeds) await f.start();
    },
    async stop() {
      await Promise.all(feeds.map((f) => f.stop()));
    },
    onTick(listener) {
      const offs = feeds.map((f) => f.onTick(listener));
      return () => {
        for (const off of offs) off();
      };
    },
  };
}
