import { EngineError } from './errors.ts';
import {
  addRatio,
  divCeil,
  divFloor,
  formatUnits,
  parseDecimal,
  pow10,
  RATIO_ZERO,
  type Ratio,
  ratio,
  truncRatio,
} from './fixed.ts';
import { checkLeverage, checkLots, type Instrument, type Side, stopDistanceTicks } from './instrument.ts';

/**
 * Margin and PnL of CFD positions. Pure: prices in ticks, quantities in lot steps, amounts in the
 * settlement currency's minor units (USDT at quoteScale 6: 1 USDT = 1_000_000n). Every rounding is
 * named at the line that does it; the README lists them.
 */

/** One recorded quote, in ticks. Longs open at the ask and close at the bid; shorts the reverse. */
export interface Quote {
  bidTicks: bigint;
  askTicks: bigint;
}

export type EntryType = 'limit' | 'stop';

export interface Stops {
  stopLossTicks?: bigint | null;
  takeProfitTicks?: bigint | null;
}

/** An open position's state: what the service persists between calls. */
export interface Position {
  readonly side: Side;
  readonly entryTicks: bigint;
  readonly qtySteps: bigint;
  /** Margin still held for the open lots (minor units); partial closes release it pro rata. */
  readonly marginMinor: bigint;
  /**
   * Exact PnL realised by earlier partial closes (minor units, a ratio). What has been paid out is
   * exactly trunc(realisedExact): carrying the fraction is what makes partial closes sum to the
   * whole and keeps the total paid within the exact total.
   */
  readonly realisedExact: Ratio;
}

export function checkQuote(quote: Quote): void {
  if (quote.bidTicks < 1n || quote.askTicks < quote.bidTicks) {
    throw new EngineError('invalid_quote', `bad quote bid ${quote.bidTicks} ask ${quote.askTicks}`, 'price');
  }
}

/** Where a market order fills: buys lift the ask, sells hit the bid. */
export const openPriceTicks = (side: Side, quote: Quote): bigint => (side === 'buy' ? quote.askTicks : quote.bidTicks);

/** Where a position is valued and closed: a long sells at the bid, a short buys back at the ask. */
export const closePriceTicks = (side: Side, quote: Quote): bigint => (side === 'buy' ? quote.bidTicks : quote.askTicks);

/**
 * price × lots × contractSize in USDT minor units, exact. A direct pair's notional is in the quote
 * (= USDT); an inverse pair's (base USD) is lots × contractSize dollars whatever the price.
 */
export function notionalExact(ins: Instrument, priceTicks: bigint, qtySteps: bigint): Ratio {
  if (ins.quoteToUsdt === 'inverse') return ratio(qtySteps * ins.stepBase.num, ins.stepBase.den);
  return ratio(priceTicks * qtySteps * ins.tickValue.num, ins.tickValue.den);
}

/** Notional for display, rounded UP like the charges derived from it: ceil(notional / leverage) = requiredMargin. */
export function notionalMinor(ins: Instrument, priceTicks: bigint, qtySteps: bigint): bigint {
  const n = notionalExact(ins, priceTicks, qtySteps);
  return divCeil(n.num, n.den);
}

/**
 * notional / leverage, rounded UP to the minor unit: the user is shown it before confirming, and
 * holding a fraction of a unit less than the exact margin would let the position run under-margined.
 */
export function requiredMarginMinor(ins: Instrument, priceTicks: bigint, qtySteps: bigint, leverage: number): bigint {
  const n = notionalExact(ins, priceTicks, qtySteps);
  return divCeil(n.num, n.den * checkLeverage(ins, leverage));
}

/** notional × feeRate, rounded UP (shown before confirming; a fee never rounds to less than its rate). Computed from the exact notional, not the rounded one. */
export function feeMinor(ins: Instrument, priceTicks: bigint, qtySteps: bigint): bigint {
  const n = notionalExact(ins, priceTicks, qtySteps);
  return divCeil(n.num * ins.feeRate.units, n.den * pow10(ins.feeRate.scale));
}

/**
 * Exact PnL in USDT minor units: long (exit − entry), short (entry − exit), × lots × contractSize.
 * An inverse pair's PnL is in the quote currency (JPY for USD/JPY) and is converted at the exit
 * price, the current price the position is valued or closed at: PnL_USDT = PnL_quote / exit.
 */
export function pnlExact(ins: Instrument, side: Side, entryTicks: bigint, exitTicks: bigint, qtySteps: bigint): Ratio {
  const moveTicks = side === 'buy' ? exitTicks - entryTicks : entryTicks - exitTicks;
  if (ins.quoteToUsdt === 'inverse') {
    if (exitTicks < 1n) throw new EngineError('invalid_quote', 'inverse pair needs a positive price', 'price');
    // (move × tick × stepBase × steps) / (exit × tick): the tick size cancels.
    return ratio(moveTicks * qtySteps * ins.stepBase.num, exitTicks * ins.stepBase.den);
  }
  return ratio(moveTicks * qtySteps * ins.tickValue.num, ins.tickValue.den);
}

/**
 * PnL of a whole position opened and closed in one go, TRUNCATED toward zero: nobody is paid more
 * than the exact amount (a profit is never rounded up, a loss never rounded beyond what was lost),
 * and since truncation is odd, a long's PnL is exactly minus a short's for the same prices.
 */
export function pnlMinor(ins: Instrument, side: Side, entryTicks: bigint, exitTicks: bigint, qtySteps: bigint): bigint {
  return truncRatio(pnlExact(ins, side, entryTicks, exitTicks, qtySteps));
}

/** A fresh position with its margin computed at the fill price (entryTicks). */
export function openPosition(
  ins: Instrument,
  input: { side: Side; entryTicks: bigint; qtySteps: bigint; leverage: number },
): Position {
  checkLots(ins, input.qtySteps);
  if (input.entryTicks < 1n) throw new EngineError('invalid_quote', 'entry price must be positive', 'price');
  return {
    side: input.side,
    entryTicks: input.entryTicks,
    qtySteps: input.qtySteps,
    marginMinor: requiredMarginMinor(ins, input.entryTicks, input.qtySteps, input.leverage),
    realisedExact: RATIO_ZERO,
  };
}

/**
 * What closing the whole position at `exitTicks` would pay now (minor units): the part of the
 * exact running total not yet paid, truncated — the same figure closePosition would return.
 */
export function unrealisedPnlMinor(ins: Instrument, position: Position, exitTicks: bigint): bigint {
  const open = pnlExact(ins, position.side, position.entryTicks, exitTicks, position.qtySteps);
  const carried = position.realisedExact;
  return truncRatio(addRatio(carried, open)) - truncRatio(carried);
}

/** margin + exact unrealised PnL (minor units, a ratio): what the stop-out level is measured against. */
export function equityExact(ins: Instrument, position: Position, exitTicks: bigint): Ratio {
  const open = pnlExact(ins, position.side, position.entryTicks, exitTicks, position.qtySteps);
  return addRatio(ratio(position.marginMinor, 1n), open);
}

export interface CloseResult {
  readonly closedSteps: bigint;
  readonly exitTicks: bigint;
  /** Realised by this close (minor units). */
  readonly pnlMinor: bigint;
  readonly marginReleasedMinor: bigint;
  /** Running exact total realised over the position's life, this close included. */
  readonly realisedExact: Ratio;
  /** What is left open, or null after a full close. */
  readonly remaining: Position | null;
}

/**
 * Closes `closeSteps` of the open lots at `exitTicks` (the triggering tick's bid for a long, ask for
 * a short). Rounding:
 * - PnL: the running exact total is carried, and this close pays trunc(total after) − trunc(total
 *   before). Closing in parts at one price therefore pays exactly what one full close pays, and over
 *   the position's life the user is paid trunc(exact total) — never more than the exact amount.
 * - Margin: released pro rata, rounded DOWN (the remaining lots keep at least their share); the
 *   close that empties the position takes the remainder, so the releases sum to the margin held.
 * A partial close must leave at least minLots open and close at least minLots.
 */
export function closePosition(ins: Instrument, position: Position, closeSteps: bigint, exitTicks: bigint): CloseResult {
  if (closeSteps < 1n || closeSteps > position.qtySteps) {
    throw new EngineError('invalid_quantity', `cannot close ${closeSteps} of ${position.qtySteps} lot steps`, 'lots');
  }
  const leftSteps = position.qtySteps - closeSteps;
  if (leftSteps > 0n && (closeSteps < ins.minSteps || leftSteps < ins.minSteps)) {
    throw new EngineError(
      'lots_below_min',
      `${ins.symbol}: a partial close must close and leave at least ${ins.spec.minLots} lots`,
      'lots',
    );
  }
  const before = position.realisedExact;
  const after = addRatio(before, pnlExact(ins, position.side, position.entryTicks, exitTicks, closeSteps));
  const marginReleasedMinor =
    leftSteps === 0n ? position.marginMinor : divFloor(position.marginMinor * closeSteps, position.qtySteps);
  return {
    closedSteps: closeSteps,
    exitTicks,
    pnlMinor: truncRatio(after) - truncRatio(before),
    marginReleasedMinor,
    realisedExact: after,
    remaining:
      leftSteps === 0n
        ? null
        : {
            ...position,
            qtySteps: leftSteps,
            marginMinor: position.marginMinor - marginReleasedMinor,
            realisedExact: after,
          },
  };
}

/**
 * What a stop loss and take profit are checked against, besides the price the position would close
 * at: the entry price (a take profit must lie beyond it: a profit, as its name says), and the
 * instrument's minimum distance from the close price in ticks (its stops level; at least one tick:
 * a stop at the close price would fire on the very next tick at that same price).
 */
export interface StopsRule {
  entryTicks?: bigint | null;
  minDistanceTicks?: bigint;
}

/**
 * Stop loss and take profit of an open position (or a market order about to open) against the
 * price it would close at (bid for a long, ask for a short), d = the minimum distance:
 * long SL ≤ bid − d and TP ≥ bid + d, TP above the entry; short SL ≥ ask + d and TP ≤ ask − d,
 * TP below the entry.
 */
export function validateStops(side: Side, stops: Stops, quote: Quote, rule: StopsRule = {}): void {
  checkQuote(quote);
  checkStopsAround(side, stops, closePriceTicks(side, quote), rule);
}

/** Stops of a pending order, against its entry price: long SL ≤ entry − d < entry + d ≤ TP, short mirrored. */
export function validatePendingStops(side: Side, stops: Stops, entryTicks: bigint, minDistanceTicks = 0n): void {
  checkStopsAround(side, stops, entryTicks, { entryTicks, minDistanceTicks });
}

function checkStopsAround(side: Side, stops: Stops, refTicks: bigint, rule: StopsRule): void {
  const sl = stops.stopLossTicks ?? null;
  const tp = stops.takeProfitTicks ?? null;
  const gap = stopDistanceTicks(rule.minDistanceTicks ?? 0n);
  const entry = rule.entryTicks ?? null;
  const below = (x: bigint) => x >= 1n && x <= refTicks - gap;
  const above = (x: bigint) => x >= refTicks + gap;
  if (sl !== null && !(side === 'buy' ? below(sl) : above(sl))) {
    throw new EngineError(
      'unreasonable_price',
      `stop loss ${sl} closer than ${gap} ticks to ${refTicks} or on its wrong side`,
      'stopLoss',
    );
  }
  if (tp !== null) {
    const beyondEntry = entry === null || (side === 'buy' ? tp > entry : tp < entry);
    if (!(side === 'buy' ? above(tp) : below(tp)) || !beyondEntry) {
      throw new EngineError(
        'unreasonable_price',
        `take profit ${tp} closer than ${gap} ticks to ${refTicks}, on its wrong side or not beyond the entry`,
        'takeProfit',
      );
    }
  }
}

/**
 * A pending entry must wait: buy limit below the ask, buy stop above it; sell limit above the bid,
 * sell stop below it. At or through the market it would fill at once, so it is unreasonable.
 */
export function validatePendingEntry(side: Side, type: EntryType, entryTicks: bigint, quote: Quote): void {
  checkQuote(quote);
  const ok =
    side === 'buy'
      ? type === 'limit'
        ? entryTicks < quote.askTicks
        : entryTicks > quote.askTicks
      : type === 'limit'
        ? entryTicks > quote.bidTicks
        : entryTicks < quote.bidTicks;
  if (!ok || entryTicks < 1n) {
    throw new EngineError('unreasonable_price', `${side} ${type} at ${entryTicks} would not wait`, 'price');
  }
}

/** A stop-out level as a decimal fraction in [0, 1): "0.5" stops out at 50 % margin level. */
export function parseStopOutLevel(level: string): { units: bigint; scale: number } {
  const d = parseDecimal(level, 'stopOutLevel');
  if (d.units >= pow10(d.scale))
    throw new EngineError('invalid_level', 'stop-out level must be below 1', 'stopOutLevel');
  return d;
}

/**
 * Isolated-margin stop-out price: where equity (margin + exact unrealised PnL) falls to
 * stopOutLevel × margin. Returned as the grid price that fires exactly at the first tick reaching
 * the level: for a long the HIGHEST tick with equity ≤ level × margin (fire when bid ≤ it), for a
 * short the LOWEST tick with equity ≤ level × margin (fire when ask ≥ it). Quotes are on the grid,
 * so no tick can lie between the level and this price: the stop-out never fires later than the
 * exact level, and never while the recorded tick still shows equity above it.
 * null when no positive price reaches the level (e.g. leverage 1 with level 0).
 */
export function stopOutTicks(ins: Instrument, position: Position, stopOutLevel: string): bigint | null {
  const level = parseStopOutLevel(stopOutLevel);
  const scale = pow10(level.scale);
  // Loss that triggers: (1 − level) × margin, kept over the common denominator `scale`.
  const lossNum = (scale - level.units) * position.marginMinor;
  const e = position.entryTicks;
  if (ins.quoteToUsdt === 'direct') {
    // PnL = ±(p − e) × steps × tickValue; solve for p at PnL = −loss: |p − e| = loss / (steps × tickValue).
    const a = position.qtySteps * ins.tickValue.num * scale;
    const b = lossNum * ins.tickValue.den;
    const distTicks = divCeil(b, a);
    if (position.side === 'sell') return e + distTicks;
    return e - distTicks >= 1n ? e - distTicks : null;
  }
  // Inverse: PnL = ±(p − e) × W / p with W the USD notional. Long: p ≤ e·W/(W + loss);
  // short: p ≥ e·W/(W − loss), unreachable when loss ≥ W (a short's loss in USD tends to W).
  const w = position.qtySteps * ins.stepBase.num * scale;
  const l = lossNum * ins.stepBase.den;
  if (position.side === 'buy') {
    const p = divFloor(e * w, w + l);
    return p >= 1n ? p : null;
  }
  return w > l ? divCeil(e * w, w - l) : null;
}

/**
 * A position's own margin level (isolated margin): (its margin + its open PnL) / its margin, in
 * USDT minor units, as a decimal string with 4 places rounded down (never more safety than there
 * is); null with no margin. The stop-out closes a position when this level reaches the stop-out
 * level — each position on its own, whatever the rest of the account holds.
 */
export function marginLevel(usedMinor: bigint, openMinor: bigint): string | null {
  if (usedMinor <= 0n) return null;
  return formatUnits(divFloor((usedMinor + openMinor) * 10_000n, usedMinor), 4);
}

/**
 * The account's margin level as traders read it: equity / used margin (MetaTrader's definition),
 * 4 places rounded down; null with no margin in use. Shown beside the per-position level that the
 * stop-out actually watches.
 */
export function accountMarginLevel(equityMinor: bigint, usedMinor: bigint): string | null {
  if (usedMinor <= 0n) return null;
  return formatUnits(divFloor(equityMinor * 10_000n, usedMinor), 4);
}
