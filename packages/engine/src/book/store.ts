/**
 * Storage of the order book, as parallel typed arrays (struct of arrays) so that the hot path
 * allocates nothing: order nodes and price levels are pooled and reused through free lists.
 *
 * - An order node lives in a doubly linked FIFO list per price level (o*Next/o*Prev).
 * - A side's levels are kept in a "ladder": an Int32Array of level indices sorted from the worst
 *   price to the best, so the best level is at the end (matching pops levels in O(1), and new
 *   orders mostly land near the top, where inserting shifts few entries).
 * - `index` maps a resting order id to its node.
 */
export const NIL = -1;
export const BUY = 0;
export const SELL = 1;

export class BookStore {
  // ---- order nodes
  protected oCap: number;
  protected oId: Float64Array;
  protected oOwner: Float64Array;
  protected oQty: Float64Array;
  protected oSide: Uint8Array;
  protected oPostOnly: Uint8Array;
  protected oLevel: Int32Array;
  protected oNext: Int32Array;
  protected oPrev: Int32Array;
  /** Head of the free node list (chained through oNext); unused nodes beyond oUsed are free too. */
  protected oFree = NIL;
  protected oUsed = 0;

  // ---- price levels
  protected lCap: number;
  protected lPrice: Float64Array;
  protected lQty: Float64Array;
  protected lCount: Int32Array;
  protected lHead: Int32Array;
  protected lTail: Int32Array;
  protected lFree = NIL;
  protected lUsed = 0;

  /** Per side: level indices sorted worst → best (bids ascending price, asks descending). */
  protected ladder: [Int32Array, Int32Array];
  protected depth: Int32Array = new Int32Array(2);

  protected readonly index = new Map<number, number>();

  constructor(orderCapacity = 1024, levelCapacity = 256) {
    this.oCap = orderCapacity;
    this.oId = new Float64Array(orderCapacity);
    this.oOwner = new Float64Array(orderCapacity);
    this.oQty = new Float64Array(orderCapacity);
    this.oSide = new Uint8Array(orderCapacity);
    this.oPostOnly = new Uint8Array(orderCapacity);
    this.oLevel = new Int32Array(orderCapacity);
    this.oNext = new Int32Array(orderCapacity);
    this.oPrev = new Int32Array(orderCapacity);
    this.lCap = levelCapacity;
    this.lPrice = new Float64Array(levelCapacity);
    this.lQty = new Float64Array(levelCapacity);
    this.lCount = new Int32Array(levelCapacity);
    this.lHead = new Int32Array(levelCapacity);
    this.lTail = new Int32Array(levelCapacity);
    this.ladder = [new Int32Array(levelCapacity), new Int32Array(levelCapacity)];
  }

  /** Number of resting orders. */
  get size(): number {
    return this.index.size;
  }

  has(id: number): boolean {
    return this.index.has(id);
  }

  /** Best price of a side (0 buy, 1 sell), or NaN when the side is empty. */
  protected bestPrice(side: number): number {
    const n = this.depth[side]!;
    return n === 0 ? Number.NaN : this.lPrice[this.ladder[side]![n - 1]!]!;
  }

  /** Appends a new order at the tail of its price level (creating the level if needed). */
  protected rest(side: number, id: number, owner: number, priceTicks: number, qtyLots: number, postOnly: number): void {
    const node = this.allocNode();
    const level = this.levelFor(side, priceTicks);
    this.oId[node] = id;
    this.oOwner[node] = owner;
    this.oQty[node] = qtyLots;
    this.oSide[node] = side;
    this.oPostOnly[node] = postOnly;
    this.oLevel[node] = level;
    const tail = this.lTail[level]!;
    this.oPrev[node] = tail;
    this.oNext[node] = NIL;
    if (tail === NIL) this.lHead[level] = node;
    else this.oNext[tail] = node;
    this.lTail[level] = node;
    this.lCount[level]!++;
    this.lQty[level]! += qtyLots;
    this.index.set(id, node);
  }

  /** Takes a resting order out of the book (index, level list, empty level) and frees its node. */
  protected removeNode(node: number): void {
    const level = this.oLevel[node]!;
    const prev = this.oPrev[node]!;
    const next = this.oNext[node]!;
    if (prev === NIL) this.lHead[level] = next;
    else this.oNext[prev] = next;
    if (next === NIL) this.lTail[level] = prev;
    else this.oPrev[next] = prev;
    this.lQty[level]! -= this.oQty[node]!;
    if (--this.lCount[level]! === 0) this.removeLevel(this.oSide[node]!, level);
    this.index.delete(this.oId[node]!);
    this.freeNode(node);
  }

  protected allocNode(): number {
    const f = this.oFree;
    if (f !== NIL) {
      this.oFree = this.oNext[f]!;
      return f;
    }
    if (this.oUsed === this.oCap) this.growNodes();
    return this.oUsed++;
  }

  protected freeNode(node: number): void {
    this.oNext[node] = this.oFree;
    this.oFree = node;
  }

  /** The level at priceTicks on `side`, inserted into the ladder if absent. */
  private levelFor(side: number, priceTicks: number): number {
    const lad = this.ladder[side]!;
    const n = this.depth[side]!;
    // Most orders land at or near the best price: look there before searching.
    if (n > 0) {
      const top = lad[n - 1]!;
      if (this.lPrice[top] === priceTicks) return top;
    }
    const pos = this.search(side, priceTicks);
    if (pos < n && this.lPrice[lad[pos]!] === priceTicks) return lad[pos]!;
    const level = this.allocLevel(priceTicks);
    let l = this.ladder[side]!;
    if (n === l.length) {
      const bigger = new Int32Array(l.length * 2);
      bigger.set(l);
      this.ladder[side] = bigger;
      l = bigger;
    }
    if (pos < n) l.copyWithin(pos + 1, pos, n);
    l[pos] = level;
    this.depth[side] = n + 1;
    return level;
  }

  /** First ladder position whose price is not worse than priceTicks (lower bound, worst → best). */
  protected search(side: number, priceTicks: number): number {
    const lad = this.ladder[side]!;
    const price = this.lPrice;
    let lo = 0;
    let hi = this.depth[side]!;
    if (side === BUY) {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (price[lad[mid]!]! < priceTicks) lo = mid + 1;
        else hi = mid;
      }
    } else {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (price[lad[mid]!]! > priceTicks) lo = mid + 1;
        else hi = mid;
      }
    }
    return lo;
  }

  private removeLevel(side: number, level: number): void {
    const lad = this.ladder[side]!;
    const n = this.depth[side]!;
    if (lad[n - 1] !== level) {
      const pos = this.search(side, this.lPrice[level]!);
      lad.copyWithin(pos, pos + 1, n);
    }
    this.depth[side] = n - 1;
    this.freeLevel(level);
  }

  private allocLevel(priceTicks: number): number {
    let level = this.lFree;
    if (level !== NIL) this.lFree = this.lHead[level]!;
    else {
      if (this.lUsed === this.lCap) this.growLevels();
      level = this.lUsed++;
    }
    this.lPrice[level] = priceTicks;
    this.lQty[level] = 0;
    this.lCount[level] = 0;
    this.lHead[level] = NIL;
    this.lTail[level] = NIL;
    return level;
  }

  protected freeLevel(level: number): void {
    this.lHead[level] = this.lFree;
    this.lFree = level;
  }

  /** Empties the book (keeps the allocated capacity). */
  protected clearStore(): void {
    this.index.clear();
    this.oFree = NIL;
    this.oUsed = 0;
    this.lFree = NIL;
    this.lUsed = 0;
    this.depth[0] = 0;
    this.depth[1] = 0;
  }

  private growNodes(): void {
    const cap = this.oCap * 2;
    this.oId = growF64(this.oId, cap);
    this.oOwner = growF64(this.oOwner, cap);
    this.oQty = growF64(this.oQty, cap);
    this.oSide = growU8(this.oSide, cap);
    this.oPostOnly = growU8(this.oPostOnly, cap);
    this.oLevel = growI32(this.oLevel, cap);
    this.oNext = growI32(this.oNext, cap);
    this.oPrev = growI32(this.oPrev, cap);
    this.oCap = cap;
  }

  private growLevels(): void {
    const cap = this.lCap * 2;
    this.lPrice = growF64(this.lPrice, cap);
    this.lQty = growF64(this.lQty, cap);
    this.lCount = growI32(this.lCount, cap);
    this.lHead = growI32(this.lHead, cap);
    this.lTail = growI32(this.lTail, cap);
    this.lCap = cap;
  }
}

function growF64(a: Float64Array, cap: number): Float64Array {
  const b = new Float64Array(cap);
  b.set(a);
  return b;
}
function growI32(a: Int32Array, cap: number): Int32Array {
  const b = new Int32Array(cap);
  b.set(a);
  return b;
}
function growU8(a: Uint8Array, cap: number): Uint8Array {
  const b = new Uint8Array(cap);
  b.set(a);
  return b;
}
