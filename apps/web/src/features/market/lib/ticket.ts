import type { MarketInfo } from '@openbourse/contracts/market.ts';
import type { BuyURequest, OrderType, Side } from '@openbourse/contracts/trading.ts';
import { compareDecimal, isDecimal, isMultipleOf } from '@/shared/lib/decimal';

/** The order ticket's rules before any request: what the form holds, what is wrong with it, the request it makes. */
export interface TicketValues {
  side: Side;
  type: OrderType;
  lots: string;
  leverage: string;
  price: string;
  stopLoss: string;
  takeProfit: string;
}

export type TicketSpec = Pick<MarketInfo, 'minLots' | 'maxLots' | 'lotStep' | 'maxLeverage'>;

/** Keys of the texts (market.ticket.errors.*) for what is wrong with the ticket, before any request. */
export function validateTicket(v: TicketValues, spec: TicketSpec) {
  const errors: Record<string, 'lots' | 'lotsRange' | 'lotsStep' | 'leverage' | 'price' | 'priceRequired'> = {};
  const lots = v.lots.trim();
  if (!isDecimal(lots) || lots.startsWith('-')) errors.lots = 'lots';
  else if (compareDecimal(lots, spec.minLots) < 0 || compareDecimal(lots, spec.maxLots) > 0) errors.lots = 'lotsRange';
  else if (!isMultipleOf(lots, spec.lotStep)) errors.lots = 'lotsStep';
  const lev = Number(v.leverage);
  if (!/^\d+$/.test(v.leverage.trim()) || lev < 1 || lev > spec.maxLeverage) errors.leverage = 'leverage';
  if (v.type !== 'market') {
    if (!v.price.trim()) errors.price = 'priceRequired';
    else if (!isPositive(v.price)) errors.price = 'price';
  }
  if (v.stopLoss.trim() && !isPositive(v.stopLoss)) errors.stopLoss = 'price';
  if (v.takeProfit.trim() && !isPositive(v.takeProfit)) errors.takeProfit = 'price';
  return errors;
}

const isPositive = (s: string) => /^(0|[1-9]\d*)(\.\d+)?$/.test(s.trim()) && /[1-9]/.test(s);

export function toRequest(instrumentId: number, v: TicketValues): BuyURequest {
  return {
    instrumentId,
    side: v.side,
    type: v.type,
    lots: v.lots.trim(),
    leverage: Number(v.leverage),
    ...(v.type !== 'market' ? { price: v.price.trim() } : {}),
    ...(v.stopLoss.trim() ? { stopLoss: v.stopLoss.trim() } : {}),
    ...(v.takeProfit.trim() ? { takeProfit: v.takeProfit.trim() } : {}),
  };
}
