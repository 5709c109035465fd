/**
 * The alerts of one instrument waiting for a price: pure, no I/O. Targets and prices are bigint
 * units at one scale (PRICE_SCALE, the market's numeric scale), so instruments' decimals never
 * mix. Two binary heaps: `above` with the lowest target on top, `below` with the highest; a price
 * pops what it reached from each, and a price that reaches nothing costs two comparisons.
 * Removal is lazy (dead entries are dropped when they surface, or by a rebuild once they
 * outnumber the live ones). `alertBook.property.test` proves it equal to a plain list.
 */

import type { AlertCondition } from '@openbourse/contracts/watchlist.ts';

/** Prices in the book: units at 12 decimals, the scale of `numeric(38, 12)`. */
export const PRICE_SCALE = 12;

export interface AlertItem {
  id: number;
  condition: AlertCondition;
  /** Target in units at PRICE_SCALE. */
  target: bigint;
}

/** above: reached at or over the target; below: at or under it. */
export const reached = (item: Pick<AlertItem, 'condition' | 'target'>, price: bigint): boolean =>
  item.condition === 'above' ? price >= item.target : price <= item.target;

class Heap {
  readonly a: AlertItem[] = [];
  constructor(private readonly highFirst: boolean) {}

  private before(x: AlertItem, y: AlertItem): boolean {
    if (x.target !== y.target) return this.highFirst ? x.target > y.target : x.target < y.target;
    return x.id < y.id;
  }

  get top(): AlertItem | undefined {
    return this.a[0];
  }

  push(item: AlertItem): void {
    const a = this.a;
    let i = a.length;
    a.push(item);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(item, a[p]!)) break;
      a[i] = a[p]!;
      i = p;
    }
    a[i] = item;
  }

  pop(): AlertItem | undefined {
    const a = this.a;
    const top = a[0];
    const last = a.pop();
    if (a.length === 0 || !last) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const r = l + 1;
      const c = r < a.length && this.before(a[r]!, a[l]!) ? r : l;
      if (!this.before(a[c]!, last)) break;
      a[i] = a[c]!;
      i = c;
    }
    a[i] = last;
    return top;
  }

  rebuild(alive: ReadonlyMap<number, AlertItem>): void {
    const keep = this.a.filter((x) => alive.get(x.id) === x);
    this.a.length = 0;
    for (const x of keep) this.push(x);
  }
}

export class AlertBook {
  private readonly above = new Heap(false);
  private readonly below = new Heap(true);
  private readonly alive = new Map<number, AlertItem>();
  private dead = 0;

  get size(): number {
    return this.alive.size;
  }

  has(id: number): boolean {
    return this.alive.has(id);
  }

  /** Adds an alert; one already in the book under this id is left as it is (false). */
  add(item: AlertItem): boolean {
    if (this.alive.has(item.id)) return false;
    const copy = { ...item };
    this.alive.set(item.id, copy);
    (copy.condition === 'above' ? this.above : this.below).push(copy);
    return true;
  }

  remove(id: number): boolean {
    if (!this.alive.delete(id)) return false;
    this.dead += 1;
    if (this.dead > 64 && this.dead > this.alive.size) {
      this.above.rebuild(this.alive);
      this.below.rebuild(this.alive);
      this.dead = 0;
    }
    return true;
  }

  /** Every alert this price reached, taken out of the book, in id order. */
  onPrice(price: bigint): AlertItem[] {
    const fired: AlertItem[] = [];
    for (const heap of [this.above, this.below]) {
      for (let top = heap.top; top && reached(top, price); top = heap.top) {
        heap.pop();
        if (this.alive.get(top.id) !== top) {
          this.dead = Math.max(0, this.dead - 1);
          continue;
        }
        this.alive.delete(top.id);
        fired.push(top);
      }
    }
    return fired.sort((x, y) => x.id - y.id);
  }
}
