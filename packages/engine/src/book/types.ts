import type { Side } from '../instrument.ts';

/**
 * Commands and results of the spot order book (see README.md in this folder for the contract).
 * Prices are integer ticks and quantities integer lots, both positive safe integers; ids and
 * owners are non-negative safe integers. The book never reads a clock: time priority is the
 * order in which commands are applied.
 */

export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';

export interface LimitCommand {
  readonly type: 'limit';
  readonly id: number;
  readonly owner: number;
  readonly side: Side;
  readonly priceTicks: number;
  readonly qtyLots: number;
  readonly tif: TimeInForce;
}

/** A market order never fills beyond `protectionPriceTicks`; what it cannot fill there is cancelled. */
export interface MarketCommand {
  readonly type: 'market';
  readonly id: number;
  readonly owner: number;
  readonly side: Side;
  readonly qtyLots: number;
  readonly protectionPriceTicks: number;
}

export interface CancelCommand {
  readonly type: 'cancel';
  readonly id: number;
}

/** Lowers the resting quantity by `qtyLots` (priority kept); reducing by the whole rest removes the order. */
export interface ReduceCommand {
  readonly type: 'reduce';
  readonly id: number;
  readonly qtyLots: number;
}

/** Cancel + re-place at `priceTicks` with the same id, owner, side, quantity and post-only flag: priority lost. */
export interface MoveCommand {
  readonly type: 'move';
  readonly id: number;
  readonly priceTicks: number;
}

export type BookCommand = LimitCommand | MarketCommand | CancelCommand | ReduceCommand | MoveCommand;

/** 'ok' or why the command was refused. A refused command changes nothing and emits no event. */
export type ResultCode =
  | 'ok'
  /** cancel / reduce / move of an id that is not resting (never placed, filled, cancelled). */
  | 'unknown_order'
  /** limit / market with the id of an order resting in the book. */
  | 'duplicate_id'
  | 'post_only_would_cross'
  | 'fok_cannot_fill'
  /** qtyLots not a positive safe integer. */
  | 'invalid_qty'
  /** priceTicks (or protectionPriceTicks) not a positive safe integer. */
  | 'invalid_price'
  /** id or owner not a non-negative safe integer. */
  | 'invalid_id'
  /** Unknown command type, side or time in force. */
  | 'invalid_command';

export type CancelReason =
  /** A cancel command. */
  | 'user'
  /** The rest of an IOC or market order that found nothing more to fill. */
  | 'unfilled'
  /** Self-trade prevention: a resting order of the taker's owner that the taker reached. */
  | 'self_trade';

export const CANCEL_REASONS: readonly CancelReason[] = ['user', 'unfilled', 'self_trade'];
export const REASON_USER = 0;
export const REASON_UNFILLED = 1;
export const REASON_SELF_TRADE = 2;

/** Events as plain objects (EventBuffer.toArray, the reference book). `side` is the taker's for a trade. */
export type BookEvent =
  | {
      type: 'trade';
      side: Side;
      takerId: number;
      takerOwner: number;
      makerId: number;
      makerOwner: number;
      priceTicks: number;
      qtyLots: number;
    }
  /** The order (or its unfilled rest) now rests in the book with qtyLots. */
  | { type: 'resting'; side: Side; id: number; owner: number; priceTicks: number; qtyLots: number }
  /** qtyLots is what was left when the order was cancelled. */
  | {
      type: 'cancelled';
      side: Side;
      id: number;
      owner: number;
      priceTicks: number;
      qtyLots: number;
      reason: CancelReason;
    }
  /** qtyLots is what remains (0: the order left the book); reducedLots what was taken off. */
  | {
      type: 'reduced';
      side: Side;
      id: number;
      owner: number;
      priceTicks: number;
      qtyLots: number;
      reducedLots: number;
    }
  /** Emitted before the trades of the re-placed order; the re-placed order then rests or trades as a GTC limit. */
  | {
      type: 'moved';
      side: Side;
      id: number;
      owner: number;
      fromPriceTicks: number;
      priceTicks: number;
      qtyLots: number;
    };

export interface L2Level {
  priceTicks: number;
  qtyLots: number;
  orders: number;
}

/** Bids best (highest) first, asks best (lowest) first. */
export interface L2Snapshot {
  bids: L2Level[];
  asks: L2Level[];
}

export interface SnapshotOrder {
  id: number;
  owner: number;
  priceTicks: number;
  qtyLots: number;
  postOnly: boolean;
}

/** Serialisable state: each side's orders best level first, time priority within a level. */
export interface BookSnapshot {
  version: 1;
  bids: SnapshotOrder[];
  asks: SnapshotOrder[];
}

export const isId = (x: number): boolean => Number.isSafeInteger(x) && x >= 0;
export const isPositive = (x: number): boolean => Number.isSafeInteger(x) && x > 0;
