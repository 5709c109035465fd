import { BookStore, BUY, NIL, SELL } from './store.ts';
import type { BookSnapshot, L2Level, L2Snapshot, SnapshotOrder } from './types.ts';
import { isId, isPositive } from './types.ts';

/** Read-only views of the book (depth, invariants, snapshots); they allocate and are off the hot path. */
export class BookViews extends BookStore {
  /** Up to `depth` levels per side: bids descending, asks ascending. */
  l2(depth = Number.POSITIVE_INFINITY): L2Snapshot {
    return { bids: this.side(BUY, depth), asks: this.side(SELL, depth) };
  }

  private side(side: number, depth: number): L2Level[] {
    const out: L2Level[] = [];
    const lad = this.ladder[side]!;
    for (let i = this.depth[side]! - 1; i >= 0 && out.length < depth; i--) {
      const level = lad[i]!;
      out.push({ priceTicks: this.lPrice[level]!, qtyLots: this.lQty[level]!, orders: this.lCount[level]! });
    }
    return out;
  }

  /** Serialisable plain data; `restore` of it gives a book that answers every command identically. */
  snapshot(): BookSnapshot {
    return { version: 1, bids: this.sideOrders(BUY), asks: this.sideOrders(SELL) };
  }

  private sideOrders(side: number): SnapshotOrder[] {
    const out: SnapshotOrder[] = [];
    const lad = this.ladder[side]!;
    for (let i = this.depth[side]! - 1; i >= 0; i--) {
      const level = lad[i]!;
      for (let node = this.lHead[level]!; node !== NIL; node = this.oNext[node]!) {
        out.push({
          id: this.oId[node]!,
          owner: this.oOwner[node]!,
          priceTicks: this.lPrice[level]!,
          qtyLots: this.oQty[node]!,
          postOnly: this.oPostOnly[node] === 1,
        });
      }
    }
    return out;
  }

  /** Replaces the whole book with a snapshot (orders re-added in priority order). */
  restore(snapshot: BookSnapshot): void {
    if (snapshot.version !== 1) throw new Error(`unknown book snapshot version ${String(snapshot.version)}`);
    this.clearStore();
    const sides: [number, SnapshotOrder[]][] = [
      [BUY, snapshot.bids],
      [SELL, snapshot.asks],
    ];
    for (const [side, orders] of sides) {
      for (const o of orders) {
        if (!isId(o.id) || !isId(o.owner) || !isPositive(o.priceTicks) || !isPositive(o.qtyLots)) {
          throw new Error(`invalid order in snapshot: ${JSON.stringify(o)}`);
        }
        if (this.index.has(o.id)) throw new Error(`duplicate order id ${o.id} in snapshot`);
        this.rest(side, o.id, o.owner, o.priceTicks, o.qtyLots, o.postOnly ? 1 : 0);
      }
    }
    this.checkInvariants();
  }

  /** Test hook: throws if any structural invariant is broken (see README.md). */
  checkInvariants(): void {
    let orders = 0;
    for (const side of [BUY, SELL]) {
      const lad = this.ladder[side]!;
      const n = this.depth[side]!;
      for (let i = 0; i < n; i++) {
        const level = lad[i]!;
        const price = this.lPrice[level]!;
        if (!isPositive(price)) throw new Error(`level price ${price} is not a positive safe integer`);
        if (i > 0) {
          const prev = this.lPrice[lad[i - 1]!]!;
          if (side === BUY ? prev >= price : prev <= price) throw new Error(`side ${side} ladder unsorted at ${i}`);
        }
        let qty = 0;
        let count = 0;
        let prevNode = NIL;
        for (let node = this.lHead[level]!; node !== NIL; node = this.oNext[node]!) {
          if (this.oPrev[node] !== prevNode) throw new Error(`broken prev link at order ${this.oId[node]}`);
          if (this.oLevel[node] !== level || this.oSide[node] !== side) {
            throw new Error(`order ${this.oId[node]} filed under the wrong level or side`);
          }
          if (!isPositive(this.oQty[node]!))
            throw new Error(`order ${this.oId[node]} rests with qty ${this.oQty[node]}`);
          if (this.index.get(this.oId[node]!) !== node) throw new Error(`order ${this.oId[node]} not indexed`);
          qty += this.oQty[node]!;
          count++;
          prevNode = node;
          if (count > this.oUsed) throw new Error('cycle in a level list');
        }
        if (this.lTail[level] !== prevNode) throw new Error(`level ${price} tail mismatch`);
        if (count === 0) throw new Error(`empty level ${price} left in the ladder`);
        if (count !== this.lCount[level]) throw new Error(`level ${price} count ${this.lCount[level]} != ${count}`);
        if (qty !== this.lQty[level]) throw new Error(`level ${price} qty ${this.lQty[level]} != ${qty}`);
        orders += count;
      }
    }
    if (orders !== this.index.size) throw new Error(`index holds ${this.index.size} ids, book ${orders} orders`);
    const bid = this.bestPrice(BUY);
    const ask = this.bestPrice(SELL);
    if (bid >= ask) throw new Error(`crossed book at rest: bid ${bid} >= ask ${ask}`);
  }
}
