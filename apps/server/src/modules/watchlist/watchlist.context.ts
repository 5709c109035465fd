import { randomBytes } from 'node:crypto';
import { MAX_ACTIVE_ALERTS, MAX_FAVOURITES } from '@openbourse/contracts/watchlist.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Events } from '../events/events.service.ts';
import type { MarketService } from '../market/market.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';

/** The bus topic of alerts set and removed: the evaluator, wherever it runs, hears them. */
export const ALERT_TOPIC = 'watchlist.alerts';

/** An alert set (watched after `afterTickId`) or removed by its owner. `price` at its stored scale. */
export type AlertEvent =
  | { op: 'add'; id: number; instrumentId: number; condition: 'above' | 'below'; price: string; afterTickId: number }
  | { op: 'remove'; id: number };

export interface WatchlistOptions {
  maxFavourites: number;
  maxActiveAlerts: number;
  /** Fired alerts listed (the most recent). */
  firedListed: number;
}

export const DEFAULT_WATCHLIST_OPTIONS: WatchlistOptions = {
  maxFavourites: MAX_FAVOURITES,
  maxActiveAlerts: MAX_ACTIVE_ALERTS,
  firedListed: 50,
};

export interface WatchlistLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WatchlistDeps {
  db: Db;
  clock: Clock;
  market: Pick<MarketService, 'getInstrument' | 'currentQuote' | 'pinTick' | 'subscribe'>;
  events: Pick<Events, 'write' | 'published' | 'subscribe'>;
  /** Stores a notification in the caller's transaction; `published` pushes it after the commit. */
  notifications: { notify: Notify; published(): void };
  log: WatchlistLog;
  options?: Partial<WatchlistOptions>;
  /** Public ids of alerts (default: random from the CSPRNG; a test may force a collision). */
  publicIds?: () => number;
}

/** 52 random bits above 2^52: 16 digits, exact as a JS number and in JSON. */
export const randomPublicId = () => Number((1n << 52n) | (randomBytes(8).readBigUInt64BE() >> 12n));
