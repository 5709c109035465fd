/**
 * A spot order's fees, one set of rules for the settlement (spot.plan.ts) and the preview shown
 * before the user confirms (`order/previewBb`): the user's rates (the pair's, less their VIP discount,
 * rounded up to the ppm), what the order holds, and the worst its fee and total can come to. Pure (bigint).
 */
import { divRound } from '@openbourse/money';
import { discountedRate } from '../levels/levels.arithmetic.ts';
import { baseUnits, feeDue, type PairGrid, PPM, turnoverUnits } from './spot.grid.ts';

/** A user's fee rates on a pair, in ppm: the pair's maker and taker rates less the discount (basis points). */
export interface UserRates {
  makerPpm: bigint;
  takerPpm: bigint;
}

/** The pair's rates for a user with `discountBps` off (0: none), each rounded up to the ppm (levels.arithmetic). */
export function userRates(g: PairGrid, discountBps: number): UserRates {
  return { makerPpm: discountedRate(g.makerFeePpm, discountBps), takerPpm: discountedRate(g.takerFeePpm, discountBps) };
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * What a buy holds: its turnover at `ticks` plus the fee at the higher of the pair's two rates before
 * any discount, rounded up. A discount can only lower a fill's fee (a level may change between the
 * order and its fills), so every fill's cost (turnover plus the fee accrued, `feeDue`) fits in it.
 */
export function buyHoldUnits(g: PairGrid, ticks: number, lots: number): bigint {
  const t = turnoverUnits(g, ticks, lots);
  return t + divRound(t * max(g.takerFeePpm, g.makerFeePpm), PPM, 'ceiling');
}

/** What an order holds when the book first sees it: quote for a buy (at its price bound), base for a sell. */
export function holdUnits(g: PairGrid, side: 'buy' | 'sell', boundTicks: number, lots: number): bigint {
  return side === 'buy' ? buyHoldUnits(g, boundTicks, lots) : baseUnits(g, lots);
}

/**
 * The rate a user's order pays at worst: a post-only order only ever rests (maker); any other may
 * take at once or rest, so the higher of the two.
 */
export function worstRatePpm(rates: UserRates, tif: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY'): bigint {
  return tif === 'POST_ONLY' ? rates.makerPpm : max(rates.makerPpm, rates.takerPpm);
}

export interface OrderFees {
  rates: UserRates;
  /** The rate of `fee` (see worstRatePpm). */
  ratePpm: bigint;
  /** Quote units of the whole quantity at the price bound (limit price, a market order's protection). */
  turnover: bigint;
  /**
   * The fee of the whole quantity traded at the bound, at `ratePpm`, rounded up once as the fills
   * accrue it (`feeDue`): a buy never pays more; a sell's fee grows only with proceeds above the bound.
   */
  fee: bigint;
  /** Quote for a buy, base for a sell: what the order holds until it ends. */
  hold: bigint;
  /** A buy: turnover + fee, the most it pays; a sell: turnover − fee, the least it receives. */
  total: bigint;
}

/** An order's figures before it is placed, by the rules its fills settle by. */
export function orderFees(
  g: PairGrid,
  o: { side: 'buy' | 'sell'; tif: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY'; boundTicks: number; lots: number },
  discountBps: number,
): OrderFees {
  const rates = userRates(g, discountBps);
  const ratePpm = worstRatePpm(rates, o.tif);
  const turnover = turnoverUnits(g, o.boundTicks, o.lots);
  const { fee } = feeDue(0n, 0n, turnover, ratePpm);
  return {
    rates,
    ratePpm,
    turnover,
    fee,
    hold: holdUnits(g, o.side, o.boundTicks, o.lots),
    total: o.side === 'buy' ? turnover + fee : turnover - fee,
  };
}
