/** Spot orders, fills, pairs and trades as the API shows them (packages/contracts/src/spot.ts). */
import type { SpotFill, SpotOrder, SpotPair } from '@openbourse/contracts/spot.ts';
import { divRound, parseDecimal, pow10 } from '@openbourse/money';
import { baseUnits, type PairGrid, PPM, priceString, qtyString, trim, units } from './spot.grid.ts';
import type { LiveOrder } from './spot.plan.ts';
import type { PairStats } from './spot.repository.ts';
import type { SpotFillRow, SpotOrderRow, SpotPairRow } from './spot.tables.ts';

const STATUS = { open: 1, cancelled: 2, filled: 3 } as const;

/** What a view needs of an order, whether the writer holds it or the database answered it. */
export type OrderLike = Omit<LiveOrder, 'accounts'>;

export function orderLikeOf(r: SpotOrderRow, g: PairGrid): OrderLike {
  const u = (v: string, scale: number) => parseDecimal(v, scale);
  return {
    id: r.id,
    publicId: r.publicId,
    orderNo: r.orderNo,
    userId: r.userId,
    side: r.side as OrderLike['side'],
    type: r.type as OrderLike['type'],
    tif: r.tif as OrderLike['tif'],
    priceTicks: r.priceTicks,
    protectionTicks: r.protectionTicks,
    qtyLots: r.qtyLots,
    filledLots: r.filledLots,
    turnover: u(r.turnover, g.quoteScale),
    fee: u(r.fee, g.quoteScale),
    feeAccrual: u(r.feeAccrual, 0),
    held: u(r.held, r.side === 'buy' ? g.quoteScale : g.baseScale),
    status: r.status as OrderLike['status'],
    cancelReason: r.cancelReason as OrderLike['cancelReason'],
    bookSeq: r.bookSeq,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    lastTradeAt: r.lastTradeAt,
  };
}

/** Turnover / quantity at the price's decimals, rounded half-even (a display figure, not money). */
function average(g: PairGrid, turnover: bigint, lots: number): string | null {
  if (lots === 0) return null;
  const base = baseUnits(g, lots);
  // price = turnover / 10^qs ÷ (base / 10^bs), at priceDecimals.
  const n = turnover * pow10(g.baseScale) * pow10(g.priceDecimals);
  const d = base * pow10(g.quoteScale);
  return units(divRound(n, d, 'half-even'), g.priceDecimals);
}

export function orderView(g: PairGrid, o: OrderLike, fills?: SpotFill[]): SpotOrder {
  return {
    id: o.publicId,
    orderNo: o.orderNo,
    pairId: g.id,
    symbol: g.symbol,
    base: g.base,
    quote: g.quote,
    side: o.side,
    type: o.type,
    timeInForce: o.tif,
    status: STATUS[o.status],
    price: o.priceTicks === null ? null : priceString(g, o.priceTicks),
    protectionPrice: o.protectionTicks === null ? null : priceString(g, o.protectionTicks),
    quantity: qtyString(g, o.qtyLots),
    filledQuantity: qtyString(g, o.filledLots),
    turnover: units(o.turnover, g.quoteScale),
    averagePrice: average(g, o.turnover, o.filledLots),
    fee: units(o.fee, g.quoteScale),
    held: units(o.held, o.side === 'buy' ? g.quoteScale : g.baseScale),
    cancelReason: o.cancelReason,
    createdAt: o.createdAt.getTime(),
    updatedAt: o.updatedAt.getTime(),
    lastTradeAt: o.lastTradeAt?.getTime() ?? null,
    ...(fills ? { fills } : {}),
  };
}

export function fillView(g: PairGrid, f: SpotFillRow, orderId: number): SpotFill {
  const maker = f.makerOrderId === orderId;
  return {
    id: f.id,
    price: priceString(g, f.priceTicks),
    quantity: qtyString(g, f.qtyLots),
    turnover: trim(f.turnover),
    fee: trim(maker ? f.makerFee : f.takerFee),
    role: maker ? 'maker' : 'taker',
    time: f.createdAt.getTime(),
  };
}

const rate = (ppm: bigint) => units(ppm, 6);

export function pairView(
  g: PairGrid,
  row: SpotPairRow,
  extra: { instrumentId: number | null; last: number | null; reference: string | null; stats: PairStats | undefined },
): SpotPair {
  const s = extra.stats;
  const open = s ? (s.before ?? s.first) : null;
  let change: string | null = null;
  if (s && open && extra.last !== null) {
    // Percent at two decimals, half-even.
    change = units(divRound(BigInt(extra.last - open) * 10_000n, BigInt(open), 'half-even'), 2);
  }
  return {
    id: g.id,
    symbol: g.symbol,
    base: g.base,
    quote: g.quote,
    tickSize: g.tickSize,
    lotSize: g.lotSize,
    minQuantity: qtyString(g, g.minLots),
    maxQuantity: qtyString(g, g.maxLots),
    makerFeeRate: rate(g.makerFeePpm),
    takerFeeRate: rate(g.takerFeePpm),
    marketProtection: rate(g.protectionPpm),
    enabled: row.enabled,
    instrumentId: extra.instrumentId,
    lastPrice: extra.last === null ? null : priceString(g, extra.last),
    referencePrice: extra.reference,
    change24h: change,
    high24h: s ? priceString(g, s.high) : null,
    low24h: s ? priceString(g, s.low) : null,
    volume24h: s ? qtyString(g, s.lots) : '0',
    quoteVolume24h: s ? trim(s.quote) : '0',
  };
}

export { PPM };
