import type { InstrumentSpec, QuoteTick } from '@openbourse/contracts/market.ts';
import type { UOrder } from '@openbourse/contracts/trading.ts';
import {
  closePosition,
  compileInstrument,
  formatUnits,
  type Instrument,
  lotsToSteps,
  pnlMinor,
  priceToTicks,
  RATIO_ZERO,
} from '@openbourse/engine';
import { toUnits } from '@/shared/lib/decimal';

/** USDT minor units, as the server settles them (trading.pricing USDT_SCALE). */
export const USDT_SCALE = 6;

type PricingSpec = Pick<
  InstrumentSpec,
  'code' | 'tickSize' | 'contractSize' | 'lotStep' | 'minLots' | 'maxLots' | 'maxLeverage' | 'feeRate' | 'quoteToUsdt'
>;

const compiled = new WeakMap<PricingSpec, Instrument>();

function engineInstrument(spec: PricingSpec): Instrument {
  let ins = compiled.get(spec);
  if (!ins) {
    ins = compileInstrument({
      symbol: spec.code,
      tickSize: spec.tickSize,
      contractSize: spec.contractSize,
      lotStep: spec.lotStep,
      minLots: spec.minLots,
      maxLots: spec.maxLots,
      maxLeverage: spec.maxLeverage,
      feeRate: spec.feeRate,
      quoteScale: USDT_SCALE,
      quoteToUsdt: spec.quoteToUsdt,
    });
    compiled.set(spec, ins);
  }
  return ins;
}

export interface LivePnl {
  /** The price the position would close at on this quote: the bid for a long, the ask for a short. */
  price: string;
  /** Unrealised PnL in USDT (6 decimals), with the server's engine arithmetic. */
  pnl: string;
  /** The quote's time, so the UI can tell which tick it is showing. */
  ts: number;
}

/**
 * The unrealised PnL of an open position on a pushed quote, computed with the same engine the
 * server settles with (exact integers, truncated toward zero), so the figure on screen is what a
 * close on that tick would pay. After a partial close the server also carries the exact remainder
 * of earlier closes, so its figure may differ from this one by at most 0.000001 USDT.
 * Returns null when the order is not an open position or the quote cannot be priced.
 */
export function livePnl(order: UOrder, spec: PricingSpec, quote: QuoteTick): LivePnl | null {
  if (order.state !== 'open' || !order.openPrice || order.instrumentId !== quote.id) return null;
  try {
    const ins = engineInstrument(spec);
    const exit = order.side === 'buy' ? quote.bid : quote.ask;
    const minor = pnlMinor(
      ins,
      order.side,
      priceToTicks(ins, order.openPrice),
      priceToTicks(ins, exit),
      lotsToSteps(ins, order.openLots),
    );
    return { price: exit, pnl: formatUnits(minor, USDT_SCALE), ts: quote.ts };
  } catch {
    // A quote off the tick grid or a spec the engine refuses: keep the server's last figure.
    return null;
  }
}

export interface CloseEstimate {
  /** The price the close would fill at on this quote (bid for a long, ask for a short). */
  price: string;
  /** Profit or loss realised by closing these lots (USDT). */
  pnl: string;
  /** Margin the close releases: pro rata rounded down, the whole rest on a full close. */
  released: string;
  /** What comes back to the free balance: released margin plus the profit, less the loss (never below 0). */
  credited: string;
}

/**
 * What closing `lots` of an open position would settle at this quote, by the engine the server
 * settles with (closePosition): the figure a trader sees before confirming a close. Isolated
 * margin: a loss is charged at most the margin the close releases. Null when the lots or the quote
 * cannot be priced (the dialog then shows no estimate rather than a wrong one).
 */
export function closeEstimate(
  order: UOrder,
  spec: PricingSpec,
  quote: Pick<QuoteTick, 'id' | 'bid' | 'ask'>,
  lots: string,
): CloseEstimate | null {
  if (order.state !== 'open' || !order.openPrice || order.instrumentId !== quote.id) return null;
  try {
    const ins = engineInstrument(spec);
    const exit = order.side === 'buy' ? quote.bid : quote.ask;
    const result = closePosition(
      ins,
      {
        side: order.side,
        entryTicks: priceToTicks(ins, order.openPrice),
        qtySteps: lotsToSteps(ins, order.openLots),
        marginMinor: toUnits(order.marginHeld, USDT_SCALE),
        realisedExact: RATIO_ZERO,
      },
      lotsToSteps(ins, lots),
      priceToTicks(ins, exit),
    );
    const released = result.marginReleasedMinor;
    const credited = released + result.pnlMinor;
    return {
      price: exit,
      pnl: formatUnits(result.pnlMinor, USDT_SCALE),
      released: formatUnits(released, USDT_SCALE),
      credited: formatUnits(credited > 0n ? credited : 0n, USDT_SCALE),
    };
  } catch {
    return null;
  }
}

/** Sum of decimal strings with up to `scale` fraction digits, exactly. */
export function sumDecimals(values: readonly string[], scale = USDT_SCALE): string {
  return formatUnits(
    values.reduce((total, v) => total + toUnits(v, scale), 0n),
    scale,
  );
}
