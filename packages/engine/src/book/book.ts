import { EV_CANCELLED, EV_MOVED, EV_REDUCED, EV_RESTING, EV_TRADE, EventBuffer } from './events.ts';
import { BUY, NIL } from './store.ts';
import type { BookCommand, LimitCommand, MarketCommand, MoveCommand, ReduceCommand, ResultCode } from './types.ts';
import { isId, isPositive, REASON_SELF_TRADE, REASON_UNFILLED, REASON_USER } from './types.ts';
import { BookViews } from './views.ts';

export interface ApplyResult {
  code: ResultCode;
  /** The events of this apply; overwritten by the next apply on the same book. */
  readonly events: EventBuffer;
}

/**
 * The spot order book: price-time priority, integer ticks and lots, no I/O, no clock.
 * `apply` returns the same (reused) result object every time; see README.md for the contract.
 */
export class OrderBook extends BookViews {
  readonly events = new EventBuffer();
  private readonly result: ApplyResult = { code: 'ok', events: this.events };

  apply(command: BookCommand): ApplyResult {
    this.events.clear();
    let code: ResultCode;
    switch (command.type) {
      case 'limit':
        code = this.limit(command);
        break;
      case 'market':
        code = this.market(command);
        break;
      case 'cancel':
        code = this.cancel(command.id);
        break;
      case 'reduce':
        code = this.reduce(command);
        break;
      case 'move':
        code = this.move(command);
        break;
      default:
        code = 'invalid_command';
    }
    this.result.code = code;
    return this.result;
  }

  private limit(c: LimitCommand): ResultCode {
    if (!isId(c.id) || !isId(c.owner)) return 'invalid_id';
    const side = sideOf(c.side);
    const tif = c.tif;
    if (side < 0 || (tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK' && tif !== 'POST_ONLY')) return 'invalid_command';
    const price = c.priceTicks;
    if (!isPositive(price)) return 'invalid_price';
    const qty = c.qtyLots;
    if (!isPositive(qty)) return 'invalid_qty';
    if (this.index.has(c.id)) return 'duplicate_id';
    if (tif === 'POST_ONLY') {
      if (this.crosses(side, price)) return 'post_only_would_cross';
      this.restAndReport(side, c.id, c.owner, price, qty, 1);
      return 'ok';
    }
    if (tif === 'FOK' && !this.canFill(side, price, qty, c.owner)) return 'fok_cannot_fill';
    const left = this.match(side, price, qty, c.id, c.owner);
    if (left > 0) {
      if (tif === 'GTC') this.restAndReport(side, c.id, c.owner, price, left, 0);
      else this.events.push(EV_CANCELLED, side, c.id, c.owner, price, left, REASON_UNFILLED, 0, 0);
    }
    return 'ok';
  }

  private market(c: MarketCommand): ResultCode {
    if (!isId(c.id) || !isId(c.owner)) return 'invalid_id';
    const side = sideOf(c.side);
    if (side < 0) return 'invalid_command';
    const price = c.protectionPriceTicks;
    if (!isPositive(price)) return 'invalid_price';
    if (!isPositive(c.qtyLots)) return 'invalid_qty';
    if (this.index.has(c.id)) return 'duplicate_id';
    const left = this.match(side, price, c.qtyLots, c.id, c.owner);
    if (left > 0) this.events.push(EV_CANCELLED, side, c.id, c.owner, price, left, REASON_UNFILLED, 0, 0);
    return 'ok';
  }

  private cancel(id: number): ResultCode {
    const node = this.index.get(id);
    if (node === undefined) return 'unknown_order';
    const level = this.oLevel[node]!;
    this.events.push(
      EV_CANCELLED,
      this.oSide[node]!,
      id,
      this.oOwner[node]!,
      this.lPrice[level]!,
      this.oQty[node]!,
      REASON_USER,
      0,
      0,
    );
    this.removeNode(node);
    return 'ok';
  }

  private reduce(c: ReduceCommand): ResultCode {
    const node = this.index.get(c.id);
    if (node === undefined) return 'unknown_order';
    if (!isPositive(c.qtyLots)) return 'invalid_qty';
    const level = this.oLevel[node]!;
    const side = this.oSide[node]!;
    const owner = this.oOwner[node]!;
    const price = this.lPrice[level]!;
    const qty = this.oQty[node]!;
    const by = c.qtyLots < qty ? c.qtyLots : qty;
    if (by === qty) this.removeNode(node);
    else {
      this.oQty[node] = qty - by;
      this.lQty[level]! -= by;
    }
    this.events.push(EV_REDUCED, side, c.id, owner, price, qty - by, by, 0, 0);
    return 'ok';
  }

  private move(c: MoveCommand): ResultCode {
    const node = this.index.get(c.id);
    if (node === undefined) return 'unknown_order';
    const price = c.priceTicks;
    if (!isPositive(price)) return 'invalid_price';
    const side = this.oSide[node]!;
    const postOnly = this.oPostOnly[node]!;
    if (postOnly === 1 && this.crosses(side, price)) return 'post_only_would_cross';
    const owner = this.oOwner[node]!;
    const qty = this.oQty[node]!;
    const from = this.lPrice[this.oLevel[node]!]!;
    this.removeNode(node);
    this.events.push(EV_MOVED, side, c.id, owner, price, qty, from, 0, 0);
    const left = this.match(side, price, qty, c.id, owner);
    if (left > 0) this.restAndReport(side, c.id, owner, price, left, postOnly);
    return 'ok';
  }

  private restAndReport(side: number, id: number, owner: number, price: number, qty: number, postOnly: number): void {
    this.rest(side, id, owner, price, qty, postOnly);
    this.events.push(EV_RESTING, side, id, owner, price, qty, 0, 0, 0);
  }

  /** Would an order at `price` on `side` meet the best opposite price? */
  private crosses(side: number, price: number): boolean {
    const best = this.bestPrice(1 - side);
    return side === BUY ? price >= best : price <= best;
  }

  /**
   * FOK pre-check: is there `qty` within `limit` from other owners? Orders of the taker's owner do
   * not count (self-trade prevention would cancel them instead of filling). Stops at the first
   * sufficient prefix.
   */
  private canFill(side: number, limit: number, qty: number, owner: number): boolean {
    const opp = 1 - side;
    const lad = this.ladder[opp]!;
    let need = qty;
    for (let i = this.depth[opp]! - 1; i >= 0; i--) {
      const level = lad[i]!;
      const p = this.lPrice[level]!;
      if (side === BUY ? p > limit : p < limit) return false;
      for (let node = this.lHead[level]!; node !== NIL; node = this.oNext[node]!) {
        if (this.oOwner[node] !== owner) {
          need -= this.oQty[node]!;
          if (need <= 0) return true;
        }
      }
    }
    return false;
  }

  /**
   * Fills a taker against the opposite side from the best price while the price is within `limit`;
   * returns the unfilled quantity. A maker of the taker's own owner is cancelled (self_trade), never
   * filled. Trades print at the maker's price.
   */
  private match(side: number, limit: number, qty: number, takerId: number, takerOwner: number): number {
    const opp = 1 - side;
    const lad = this.ladder[opp]!;
    const ev = this.events;
    const oQty = this.oQty;
    const oNext = this.oNext;
    const oOwner = this.oOwner;
    const oId = this.oId;
    const index = this.index;
    let left = qty;
    let n = this.depth[opp]!;
    while (left > 0 && n > 0) {
      const level = lad[n - 1]!;
      const price = this.lPrice[level]!;
      if (side === BUY ? price > limit : price < limit) break;
      let node = this.lHead[level]!;
      let levelQty = this.lQty[level]!;
      let count = this.lCount[level]!;
      while (node !== NIL && left > 0) {
        const next = oNext[node]!;
        const makerQty = oQty[node]!;
        const makerId = oId[node]!;
        const makerOwner = oOwner[node]!;
        if (makerOwner === takerOwner) {
          ev.push(EV_CANCELLED, opp, makerId, makerOwner, price, makerQty, REASON_SELF_TRADE, 0, 0);
        } else if (makerQty > left) {
          ev.push(EV_TRADE, side, takerId, takerOwner, price, left, 0, makerId, makerOwner);
          oQty[node] = makerQty - left;
          levelQty -= left;
          left = 0;
          break;
        } else {
          ev.push(EV_TRADE, side, takerId, takerOwner, price, makerQty, 0, makerId, makerOwner);
          left -= makerQty;
        }
        // The maker leaves the book: it is the level's head, so unlinking is O(1).
        levelQty -= makerQty;
        count--;
        index.delete(makerId);
        this.freeNode(node);
        node = next;
        if (node !== NIL) this.oPrev[node] = NIL;
      }
      this.lHead[level] = node;
      if (count === 0) {
        n--;
        this.freeLevel(level);
      } else {
        this.lQty[level] = levelQty;
        this.lCount[level] = count;
        if (node === NIL) this.lTail[level] = NIL;
      }
    }
    this.depth[opp] = n;
    return left;
  }
}

function sideOf(side: string): number {
  return side === 'buy' ? 0 : side === 'sell' ? 1 : -1;
}
