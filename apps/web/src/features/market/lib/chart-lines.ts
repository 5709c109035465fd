import type { UOrder } from '@openbourse/contracts/trading.ts';
import { formatUnits } from '@openbourse/engine';
import { toUnits } from '@/shared/lib/decimal';

/** A horizontal line the chart draws for an open position: its entry, stop loss or take profit. */
export interface PositionLine {
  key: string;
  order: UOrder;
  kind: 'entry' | 'stopLoss' | 'takeProfit';
  price: string;
  /** Stop loss and take profit can be dragged to a new level (then confirmed); the entry cannot. */
  draggable: boolean;
}

/** The lines of the open positions on one instrument. */
export function positionLines(orders: readonly UOrder[], instrumentId: number): PositionLine[] {
  const out: PositionLine[] = [];
  for (const order of orders) {
    if (order.instrumentId !== instrumentId || order.state !== 'open' || !order.openPrice) continue;
    out.push({ key: `${order.id}:entry`, order, kind: 'entry', price: order.openPrice, draggable: false });
    if (order.stopLoss)
      out.push({ key: `${order.id}:sl`, order, kind: 'stopLoss', price: order.stopLoss, draggable: true });
    if (order.takeProfit)
      out.push({ key: `${order.id}:tp`, order, kind: 'takeProfit', price: order.takeProfit, draggable: true });
  }
  return out;
}

/**
 * A price read off the chart (a pixel's worth of float) as a decimal string on the instrument's
 * tick grid, the nearest tick: what a dragged line proposes, for the trader to confirm and the
 * server to check exactly. Null for a price at or below zero.
 */
export function snapToTick(price: number, tickSize: string, decimals: number): string | null {
  if (!Number.isFinite(price) || price <= 0) return null;
  const tick = toUnits(tickSize, decimals);
  if (tick <= 0n) return null;
  const units = BigInt(Math.round(price * 10 ** decimals));
  const snapped = ((units + tick / 2n) / tick) * tick;
  return snapped > 0n ? formatUnits(snapped, decimals) : null;
}
