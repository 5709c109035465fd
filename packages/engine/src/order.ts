import { EngineError } from './errors.ts';
import { checkLeverage, checkLots, type Instrument, type Side } from './instrument.ts';
import {
  checkQuote,
  type EntryType,
  feeMinor,
  notionalMinor,
  openPriceTicks,
  type Quote,
  requiredMarginMinor,
  type Stops,
  validatePendingEntry,
  validatePendingStops,
  validateStops,
} from './margin.ts';

/**
 * Order previews for order/buyU: everything the user is shown before confirming, validated in the
 * order the form reads (lots, leverage, price, stops). The engine sees no balances: the service
 * passes the account's free margin to assertFreeMargin.
 */

export interface MarketOrderInput extends Stops {
  side: Side;
  qtySteps: bigint;
  leverage: number;
  /** The latest recorded tick: the order fills at its ask (buy) or bid (sell). */
  quote: Quote;
}

export interface PendingOrderInput extends MarketOrderInput {
  type: EntryType;
  entryTicks: bigint;
}

export interface OrderQuote {
  readonly side: Side;
  readonly entryTicks: bigint;
  readonly qtySteps: bigint;
  readonly leverage: number;
  readonly notionalMinor: bigint;
  readonly marginMinor: bigint;
  readonly feeMinor: bigint;
  /** margin + fee: what free margin must cover. */
  readonly costMinor: bigint;
}

function priced(ins: Instrument, side: Side, entryTicks: bigint, qtySteps: bigint, leverage: number): OrderQuote {
  const marginMinor = requiredMarginMinor(ins, entryTicks, qtySteps, leverage);
  const fee = feeMinor(ins, entryTicks, qtySteps);
  return {
    side,
    entryTicks,
    qtySteps,
    leverage,
    notionalMinor: notionalMinor(ins, entryTicks, qtySteps),
    marginMinor,
    feeMinor: fee,
    costMinor: marginMinor + fee,
  };
}

/** A market order at the current quote; stops are checked against the price the position would close at. */
export function quoteMarketOrder(ins: Instrument, input: MarketOrderInput): OrderQuote {
  checkLots(ins, input.qtySteps);
  checkLeverage(ins, input.leverage);
  checkQuote(input.quote);
  validateStops(input.side, input, input.quote, {
    entryTicks: openPriceTicks(input.side, input.quote),
    minDistanceTicks: ins.stopsLevel,
  });
  return priced(ins, input.side, openPriceTicks(input.side, input.quote), input.qtySteps, input.leverage);
}

/**
 * A limit or stop order "waiting to open": the entry must wait (see validatePendingEntry), stops are
 * checked against the entry price, and margin and fee are priced at it. The fill may be better or
 * worse than the entry (it is priced by the triggering tick); the service re-prices at the fill.
 */
export function quotePendingOrder(ins: Instrument, input: PendingOrderInput): OrderQuote {
  checkLots(ins, input.qtySteps);
  checkLeverage(ins, input.leverage);
  validatePendingEntry(input.side, input.type, input.entryTicks, input.quote);
  validatePendingStops(input.side, input, input.entryTicks, ins.stopsLevel);
  return priced(ins, input.side, input.entryTicks, input.qtySteps, input.leverage);
}

/** Refuses an order whose margin + fee exceeds the account's free margin (minor units). */
export function assertFreeMargin(freeMarginMinor: bigint, order: Pick<OrderQuote, 'costMinor'>): void {
  if (order.costMinor > freeMarginMinor) {
    throw new EngineError('insufficient_margin', `needs ${order.costMinor}, free ${freeMarginMinor}`, 'lots');
  }
}
