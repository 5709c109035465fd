/**
 * What the parts of the trading service share: the transfer and hold codes, the options (and their
 * environment form), the dependencies, the instruments seen so far, and the helpers every part uses
 * to read an order row (its position, its triggers, its prices, its owner's look-up).
 *
 * Nothing here is replaced after construction: `instruments` is a map that is only added to, so
 * parts may keep a reference to it.
 */
import type { FeeDiscount } from '@openbourse/contracts/levels.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import {
  type Instrument as EngineInstrument,
  type EntryType,
  type Position,
  type Side,
  parseStopOutLevel,
  ratio,
  stopOutTicks,
} from '@openbourse/engine';
import type { BundlePart } from '../../db/raw.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { createEvents } from '../events/events.service.ts';
import { type LedgerService, PLATFORM_SHARDS } from '../ledger/ledger.service.ts';
import type { MarketService } from '../market/market.service.ts';
import type { Instrument } from '../market/market.types.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import type { ParamsService } from '../params/params.service.ts';
import type { LedgerErrorCode } from '../ledger/ledger.errors.ts';
import { tradingErrors } from './trading.errors.ts';
import { type PublicIdSource, randomPublicId } from './trading.ids.ts';
import {
  storedLotsToSteps,
  storedPriceToTicks,
  ticksToPriceString,
  trimDecimal,
  usdtMinor,
} from './trading.pricing.ts';
import { type OrderRow, tradingRepository as repo } from './trading.repository.ts';
import type { RunnerEntry } from './trading.runner.ts';

/** Transfer and hold codes this module writes (README: ledger flows). */
export const TRADING_CODES = {
  /** hold: margin of an open position (available → locked). */
  margin: 'cfd_margin',
  /** hold: margin + fee of an order waiting to open. */
  entry: 'cfd_entry',
  /** void of the entry hold (cancel, or converted into the position's hold on fill). */
  entryRelease: 'cfd_entry_release',
  /** user available → platform fees: the opening fee. */
  fee: 'cfd_fee',
  /** post of the margin hold: locked → user available. */
  marginRelease: 'cfd_margin_release',
  /** post of the margin hold: locked → platform treasury (a realised loss). */
  loss: 'cfd_loss',
  /** platform treasury → user available (a realised profit). */
  profit: 'cfd_profit',
} as const;

export const holdKeys = {
  entry: (orderId: number) => `cfd:${orderId}:entry`,
  margin: (orderId: number) => `cfd:${orderId}:margin`,
};

export interface TradingOptions {
  /**
   * Margin level at which a position is stopped out, a fraction in [0, 1) with at most 4 decimals:
   * "0.5" closes a position once its equity (margin + unrealised PnL) falls to 50 % of its margin.
   * The parameter `cfd_stop_out_level`, when set, overrides it for new positions.
   */
  stopOutLevel: string;
  /** How long a manual close / modification waits for the trigger runner to reach its quote. */
  catchUpMs: number;
}

export const DEFAULT_TRADING_OPTIONS: TradingOptions = { stopOutLevel: '0.5', catchUpMs: 2000 };

/** TRADING_STOP_OUT_LEVEL from the environment (optional). */
export function tradingOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): TradingOptions {
  const level = env.TRADING_STOP_OUT_LEVEL;
  if (level !== undefined && !isLevel(level)) {
    throw new Error(`Invalid TRADING_STOP_OUT_LEVEL "${level}": a fraction in [0, 1) with at most 4 decimals`);
  }
  return { ...DEFAULT_TRADING_OPTIONS, ...(level !== undefined ? { stopOutLevel: level } : {}) };
}

function isLevel(s: string): boolean {
  if (!/^0(\.\d{1,4})?$/.test(s)) return false;
  try {
    parseStopOutLevel(s);
    return true;
  } catch {
    return false;
  }
}

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
const silent: Logger = { info() {}, warn() {}, error() {} };

const REF_TYPE = 'cfd_order';
export const RETRIES = 3;

export interface TradingDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  market: MarketService;
  params: Pick<ParamsService, 'get'>;
  options?: Partial<TradingOptions>;
  log?: Logger;
  /** Public order ids (default: random from the CSPRNG). */
  publicIds?: PublicIdSource;
  /** The outbox and bus order changes are published through (default: an outbox nobody relays). */
  events?: EventSink;
  /** Stores a user's notification in the order's transaction (fills and closes by trigger); none by default. */
  notify?: Notify;
  /** The user's VIP fee discount (modules/levels), read in the fee's transaction; none by default. */
  feeDiscount?: FeeDiscountOf;
}

/** A user's fee discount now: `apply` discounts a fee in minor units (rounded up); `info` for the ticket. */
export type FeeDiscountOf = (
  exec: Executor,
  userId: number,
  lang?: string,
) => Promise<{ bps: number; info: FeeDiscount | null; apply(fee: bigint): bigint }>;

const NO_DISCOUNT: FeeDiscountOf = async () => ({ bps: 0, info: null, apply: (fee) => fee });

/** What trading needs of the events module (apps/server/src/modules/events). */
export interface EventSink {
  write(exec: Executor, topic: string, payload: unknown): Promise<void>;
  /**
   * An event as a part of a bundle (db/raw.ts), written with the batch's other rows, that the
   * writer publishes itself after commit (`publishOwn`, with the id the bundle answers).
   */
  ownPart(name: string, topic: string, payload: unknown): BundlePart;
  publishOwn(messages: readonly { id: number; topic: string; payload: unknown }[]): Promise<void>;
  published(): void;
  subscribe(topic: string, handler: (message: { payload: unknown }) => void): () => void;
}

export type TradingContext = ReturnType<typeof createTradingContext>;

export function createTradingContext(deps: TradingDeps) {
  const { db, clock, ledger, market, params } = deps;
  const options: TradingOptions = { ...DEFAULT_TRADING_OPTIONS, ...deps.options };
  const log = deps.log ?? silent;
  const publicIds = deps.publicIds ?? randomPublicId;
  const events: EventSink = deps.events ?? createEvents({ db, clock, log: { warn: log.warn, error: log.warn } });
  if (!isLevel(options.stopOutLevel)) throw new Error(`invalid stop-out level ${options.stopOutLevel}`);

  /** Instruments seen by this service, for the runner's synchronous path (ticks → engine ticks). */
  const instruments = new Map<number, Instrument>();

  async function instrument(id: number): Promise<Instrument> {
    const inst = await market.getInstrument(id);
    instruments.set(inst.id, inst);
    return inst;
  }

  async function stopOutLevel(): Promise<string> {
    const p = await params.get('cfd_stop_out_level');
    if (p !== undefined && p !== '') {
      if (isLevel(p)) return p;
      log.warn({ value: p }, 'trading: parameter cfd_stop_out_level is not a fraction in [0, 1); using the default');
    }
    return options.stopOutLevel;
  }

  /** The user's order in that book by its public id (80005 for anyone else's, or the other book's). */
  async function own(userId: number, mode: AccountMode, publicId: number): Promise<OrderRow> {
    const row = await repo.findOwnOrder(db, { publicId, userId, mode });
    if (!row) throw tradingErrors.noRecord();
    return row;
  }

  const { notify } = deps;
  const feeDiscount = deps.feeDiscount ?? NO_DISCOUNT;
  return {
    feeDiscount,
    db,
    clock,
    ledger,
    market,
    options,
    log,
    publicIds,
    events,
    notify,
    instruments,
    instrument,
    stopOutLevel,
    own,
  };
}

/**
 * What each ledger refusal means to a trader (one entry per ledger code: a new ledger code fails to
 * compile until it is mapped here): 10092 becomes "balance insufficient, recharge first" (10011);
 * the others are the caller's bugs or races and surface as they are.
 */
const FROM_LEDGER = {
  [ErrorCode.BalanceInsufficient]: () => tradingErrors.insufficientMargin(),
  [ErrorCode.Conflict]: null,
  [ErrorCode.NotFound]: null,
  [ErrorCode.InvalidField]: null,
} as const satisfies Record<LedgerErrorCode, (() => AppError) | null>;

export function asMarginError(e: unknown): unknown {
  if (!(e instanceof AppError) || !(e.code in FROM_LEDGER)) return e;
  const map = FROM_LEDGER[e.code as LedgerErrorCode];
  return map ? map() : e;
}

export const ref = (orderId: number) => ({ refType: REF_TYPE, refId: String(orderId) });

/**
 * The platform's fees or treasury account an order's postings use: one of its shards, chosen by the
 * order's id, so that concurrent opens and closes do not all queue on one row (ledger README).
 */
export const platform = (kind: 'fees' | 'treasury', mode: AccountMode, orderId: number) => ({
  platform: kind,
  mode,
  shard: orderId % PLATFORM_SHARDS,
});

// ─── state of a row ──────────────────────────────────────────────────────────────────────────

export function positionOf(inst: Instrument, ins: EngineInstrument, row: OrderRow): Position {
  if (row.entryPrice === null) throw new Error(`cfd order ${row.id} has no entry price`);
  return {
    side: row.side as Side,
    entryTicks: storedPriceToTicks(inst, row.entryPrice),
    qtySteps: storedLotsToSteps(ins, row.openLots),
    marginMinor: usdtMinor(row.marginHeld),
    realisedExact: ratio(BigInt(row.realisedNum), BigInt(row.realisedDen)),
  };
}

export const priceTicksOrNull = (inst: Instrument, stored: string | null) =>
  stored === null ? null : storedPriceToTicks(inst, stored);

/** A stored price as shown (on the instrument's grid), or null. */
export const price = (inst: Instrument, stored: string | null) =>
  stored === null ? null : ticksToPriceString(inst, storedPriceToTicks(inst, stored));

export function stopOutPriceOf(inst: Instrument, ins: EngineInstrument, p: Position, level: string): string | null {
  const ticks = stopOutTicks(ins, p, trimDecimal(level));
  return ticks === null ? null : ticksToPriceString(inst, ticks);
}

/** What of an order its triggers depend on (carried by its events to the engine's process). */
export type TriggerFields = Pick<
  OrderRow,
  | 'id'
  | 'instrumentId'
  | 'version'
  | 'status'
  | 'side'
  | 'type'
  | 'orderPrice'
  | 'stopLoss'
  | 'takeProfit'
  | 'stopOutPrice'
>;

export const triggerFieldsOf = (row: OrderRow): TriggerFields => ({
  id: row.id,
  instrumentId: row.instrumentId,
  version: row.version,
  status: row.status,
  side: row.side,
  type: row.type,
  orderPrice: row.orderPrice,
  stopLoss: row.stopLoss,
  takeProfit: row.takeProfit,
  stopOutPrice: row.stopOutPrice,
});

/** The order's triggers as the runner holds them, active from the first tick after `afterTickId`. */
export function entryOf(inst: Instrument, row: TriggerFields, afterTickId: number): RunnerEntry {
  const base = { instrumentId: row.instrumentId, orderId: row.id, version: row.version, afterTickId };
  if (row.status === 'pending' && row.orderPrice !== null) {
    return {
      ...base,
      item: {
        kind: 'entry',
        id: row.id,
        side: row.side as Side,
        type: row.type as EntryType,
        priceTicks: storedPriceToTicks(inst, row.orderPrice),
      },
    };
  }
  if (row.status === 'open') {
    const stopLossTicks = priceTicksOrNull(inst, row.stopLoss);
    const takeProfitTicks = priceTicksOrNull(inst, row.takeProfit);
    const stopOut = priceTicksOrNull(inst, row.stopOutPrice);
    if (stopLossTicks === null && takeProfitTicks === null && stopOut === null) return { ...base, item: null };
    return {
      ...base,
      item: {
        kind: 'position',
        id: row.id,
        side: row.side as Side,
        stopLossTicks,
        takeProfitTicks,
        stopOutTicks: stopOut,
      },
    };
  }
  return { ...base, item: null };
}
