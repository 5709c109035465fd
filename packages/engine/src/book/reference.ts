import type { Side } from '../instrument.ts';
import type { BookCommand, BookEvent, BookSnapshot, CancelReason, L2Level, L2Snapshot, ResultCode } from './types.ts';
import { isId, isPositive } from './types.ts';

interface NaiveOrder {
  id: number;
  owner: number;
  side: Side;
  priceTicks: number;
  qtyLots: number;
  postOnly: boolean;
  /** Arrival sequence: time priority. */
  seq: number;
}

/**
 * A deliberately naive order book: one plain array of orders, filtered and sorted on every step.
 * Slow and obviously right; the property tests hold OrderBook equal to it.
 */
export class NaiveOrderBook {
  private orders: NaiveOrder[] = [];
  private seq = 0;

  apply(c: BookCommand): { code: ResultCode; events: BookEvent[] } {
    const events: BookEvent[] = [];
    const code = this.run(c, events);
    return { code, events: code === 'ok' ? events : [] };
  }

  private run(c: BookCommand, events: BookEvent[]): ResultCode {
    switch (c.type) {
      case 'limit': {
        if (!isId(c.id) || !isId(c.owner)) return 'invalid_id';
        if (c.side !== 'buy' && c.side !== 'sell') return 'invalid_command';
        if (!['GTC', 'IOC', 'FOK', 'POST_ONLY'].includes(c.tif)) return 'invalid_command';
        if (!isPositive(c.priceTicks)) return 'invalid_price';
        if (!isPositive(c.qtyLots)) return 'invalid_qty';
        if (this.find(c.id)) return 'duplicate_id';
        const opposite = this.crossing(c.side, c.priceTicks);
        if (c.tif === 'POST_ONLY' && opposite.length > 0) return 'post_only_would_cross';
        if (c.tif === 'FOK') {
          const available = opposite.filter((o) => o.owner !== c.owner).reduce((s, o) => s + o.qtyLots, 0);
          if (available < c.qtyLots) return 'fok_cannot_fill';
        }
        const left = this.take(c.side, c.priceTicks, c.qtyLots, c.id, c.owner, events);
        if (left > 0 && (c.tif === 'GTC' || c.tif === 'POST_ONLY')) {
          this.add(c.id, c.owner, c.side, c.priceTicks, left, c.tif === 'POST_ONLY', events);
        } else if (left > 0) {
          this.cancelled(c.id, c.owner, c.side, c.priceTicks, left, 'unfilled', events);
        }
        return 'ok';
      }
      case 'market': {
        if (!isId(c.id) || !isId(c.owner)) return 'invalid_id';
        if (c.side !== 'buy' && c.side !== 'sell') return 'invalid_command';
        if (!isPositive(c.protectionPriceTicks)) return 'invalid_price';
        if (!isPositive(c.qtyLots)) return 'invalid_qty';
        if (this.find(c.id)) return 'duplicate_id';
        const left = this.take(c.side, c.protectionPriceTicks, c.qtyLots, c.id, c.owner, events);
        if (left > 0) this.cancelled(c.id, c.owner, c.side, c.protectionPriceTicks, left, 'unfilled', events);
        return 'ok';
      }
      case 'cancel': {
        const o = this.find(c.id);
        if (!o) return 'unknown_order';
        this.remove(o);
        this.cancelled(o.id, o.owner, o.side, o.priceTicks, o.qtyLots, 'user', events);
        return 'ok';
      }
      case 'reduce': {
        const o = this.find(c.id);
        if (!o) return 'unknown_order';
        if (!isPositive(c.qtyLots)) return 'invalid_qty';
        const by = Math.min(c.qtyLots, o.qtyLots);
        o.qtyLots -= by;
        if (o.qtyLots === 0) this.remove(o);
        const { id, owner, side, priceTicks, qtyLots } = o;
        events.push({ type: 'reduced', side, id, owner, priceTicks, qtyLots, reducedLots: by });
        return 'ok';
      }
      case 'move': {
        const o = this.find(c.id);
        if (!o) return 'unknown_order';
        if (!isPositive(c.priceTicks)) return 'invalid_price';
        if (o.postOnly && this.crossing(o.side, c.priceTicks).length > 0) return 'post_only_would_cross';
        this.remove(o);
        const { id, owner, side, qtyLots } = o;
        events.push({
          type: 'moved',
          side,
          id,
          owner,
          fromPriceTicks: o.priceTicks,
          priceTicks: c.priceTicks,
          qtyLots,
        });
        const left = this.take(side, c.priceTicks, qtyLots, id, owner, events);
        if (left > 0) this.add(id, owner, side, c.priceTicks, left, o.postOnly, events);
        return 'ok';
      }
      default:
        return 'invalid_command';
    }
  }

  private find(id: number): NaiveOrder | undefined {
    return this.orders.find((o) => o.id === id);
  }

  private remove(o: NaiveOrder): void {
    this.orders = this.orders.filter((x) => x !== o);
  }

  /** Opposite orders a taker at `limit` may reach, in priority order. */
  private crossing(side: Side, limit: number): NaiveOrder[] {
    const buy = side === 'buy';
    return this.orders
      .filter((o) => o.side !== side && (buy ? o.priceTicks <= limit : o.priceTicks >= limit))
      .sort((a, b) => (buy ? a.priceTicks - b.priceTicks : b.priceTicks - a.priceTicks) || a.seq - b.seq);
  }

  private take(side: Side, limit: number, qty: number, id: number, owner: number, events: BookEvent[]): number {
    let left = qty;
    for (const m of this.crossing(side, limit)) {
      if (left === 0) break;
      if (m.owner === owner) {
        this.remove(m);
        this.cancelled(m.id, m.owner, m.side, m.priceTicks, m.qtyLots, 'self_trade', events);
        continue;
      }
      const q = Math.min(left, m.qtyLots);
      events.push({
        type: 'trade',
        side,
        takerId: id,
        takerOwner: owner,
        makerId: m.id,
        makerOwner: m.owner,
        priceTicks: m.priceTicks,
        qtyLots: q,
      });
      left -= q;
      m.qtyLots -= q;
      if (m.qtyLots === 0) this.remove(m);
    }
    return left;
  }

  private add(
    id: number,
    owner: number,
    side: Side,
    priceTicks: number,
    qtyLots: number,
    postOnly: boolean,
    events: BookEvent[],
  ): void {
    this.orders.push({ id, owner, side, priceTicks, qtyLots, postOnly, seq: this.seq++ });
    events.push({ type: 'resting', side, id, owner, priceTicks, qtyLots });
  }

  private cancelled(
    id: number,
    owner: number,
    side: Side,
    priceTicks: number,
    qtyLots: number,
    reason: CancelReason,
    events: BookEvent[],
  ): void {
    events.push({ type: 'cancelled', side, id, owner, priceTicks, qtyLots, reason });
  }

  l2(depth = Number.POSITIVE_INFINITY): L2Snapshot {
    const levels = (side: Side): L2Level[] => {
      const prices = [...new Set(this.orders.filter((o) => o.side === side).map((o) => o.priceTicks))];
      prices.sort((a, b) => (side === 'buy' ? b - a : a - b));
      return prices.slice(0, depth).map((priceTicks) => {
        const at = this.orders.filter((o) => o.side === side && o.priceTicks === priceTicks);
        return { priceTicks, qtyLots: at.reduce((s, o) => s + o.qtyLots, 0), orders: at.length };
      });
    };
    return { bids: levels('buy'), asks: levels('sell') };
  }

  snapshot(): BookSnapshot {
    const side = (s: Side) =>
      this.crossing(s === 'buy' ? 'sell' : 'buy', s === 'buy' ? 0 : Number.MAX_SAFE_INTEGER)
        .filter((o) => o.side === s)
        .map(({ id, owner, priceTicks, qtyLots, postOnly }) => ({ id, owner, priceTicks, qtyLots, postOnly }));
    return { version: 1, bids: side('buy'), asks: side('sell') };
  }

  get size(): number {
    return this.orders.length;
  }
}
