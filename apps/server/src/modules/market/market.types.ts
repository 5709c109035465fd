import type { SessionSpec, TickSource } from '@openbourse/contracts/market.ts';
import type { AssetClass } from './market.catalogue.ts';

/**
 * An instrument as the market module holds it in memory: the stored row (decimal strings in their
 * shortest form) plus the integers code works with. Prices are bigint units at `priceDecimals`.
 */
export interface Instrument {
  id: number;
  code: string;
  name: string;
  type: number;
  assetClass: AssetClass;
  base: string;
  quote: string;
  quoteToUsdt: 'direct' | 'inverse';
  tickSize: string;
  contractSize: string;
  lotStep: string;
  minLots: string;
  maxLots: string;
  maxLeverage: number;
  feeRate: string;
  /** Ticks a stop loss or take profit keeps at least from the closing price (0: one tick). */
  stopsLevel: number;
  priceDecimals: number;
  session: SessionSpec;
  volatility: string;
  initialPrice: string;
  spreadRate: string;
  dailyVolume: string;
  feedSymbol: string | null;
  enabled: boolean;
  sort: number;
  /** tickSize in price units. */
  tickUnits: bigint;
  initialUnits: bigint;
  /** spreadRate at scale 8 (0.0002 → 20_000n). */
  spreadRateUnits: bigint;
  /** dailyVolume at VOLUME_SCALE. */
  dailyVolumeUnits: bigint;
  /** Decimals of one lot step in base units (volume granularity). */
  qtyDecimals: number;
}

/** One observation from a feed, before it is numbered and recorded. */
export interface FeedTick {
  instrumentId: number;
  /** Epoch ms. */
  ts: number;
  bid: bigint;
  ask: bigint;
  last: bigint;
  /** Base units traded since the previous tick, at VOLUME_SCALE. */
  volume: bigint;
  source: TickSource;
}

/** A source of ticks (DESIGN §5): the simulated feed, an exchange adapter, or a composite. */
export interface MarketFeed {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  onTick(listener: (tick: FeedTick) => void): () => void;
}

/** A recorded tick: numbered, timestamped, with its source (what a fill references). */
export interface MarketTick {
  id: number;
  instrumentId: number;
  code: string;
  ts: Date;
  /** Decimal strings at the instrument's price scale. */
  bid: string;
  ask: string;
  last: string;
  volume: string;
  source: TickSource;
  priceDecimals: number;
  bidUnits: bigint;
  askUnits: bigint;
  lastUnits: bigint;
}

export type TickListener = (tick: MarketTick) => void;
