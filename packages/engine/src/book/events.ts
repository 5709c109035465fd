import type { Side } from '../instrument.ts';
import { type BookEvent, CANCEL_REASONS } from './types.ts';

export const EV_TRADE = 0;
export const EV_RESTING = 1;
export const EV_CANCELLED = 2;
export const EV_REDUCED = 3;
export const EV_MOVED = 4;

const SIDES: readonly Side[] = ['buy', 'sell'];

/**
 * The events of the last `apply`, as columns (no object per event). Valid until the next `apply`
 * on the same book, which overwrites them: read them (or copy with `toArray`) before that.
 *
 * Column meaning per kind (`side` 0 = buy, 1 = sell):
 * - EV_TRADE: id/owner = taker, makerId/makerOwner = maker, priceTicks = maker's price, qtyLots = filled.
 * - EV_RESTING: the order rests with qtyLots at priceTicks.
 * - EV_CANCELLED: qtyLots = what was left, aux = reason (0 user, 1 unfilled, 2 self_trade).
 * - EV_REDUCED: qtyLots = remaining, aux = lots taken off.
 * - EV_MOVED: priceTicks = new price, aux = old price, qtyLots = quantity re-placed.
 */
export class EventBuffer {
  length = 0;
  private cap: number;
  kind: Uint8Array;
  side: Uint8Array;
  id: Float64Array;
  owner: Float64Array;
  makerId: Float64Array;
  makerOwner: Float64Array;
  priceTicks: Float64Array;
  qtyLots: Float64Array;
  aux: Float64Array;

  constructor(capacity = 256) {
    this.cap = capacity;
    this.kind = new Uint8Array(capacity);
    this.side = new Uint8Array(capacity);
    this.id = new Float64Array(capacity);
    this.owner = new Float64Array(capacity);
    this.makerId = new Float64Array(capacity);
    this.makerOwner = new Float64Array(capacity);
    this.priceTicks = new Float64Array(capacity);
    this.qtyLots = new Float64Array(capacity);
    this.aux = new Float64Array(capacity);
  }

  clear(): void {
    this.length = 0;
  }

  private grow(): void {
    const cap = this.cap * 2;
    const k = new Uint8Array(cap);
    k.set(this.kind);
    this.kind = k;
    const s = new Uint8Array(cap);
    s.set(this.side);
    this.side = s;
    this.id = growF64(this.id, cap);
    this.owner = growF64(this.owner, cap);
    this.makerId = growF64(this.makerId, cap);
    this.makerOwner = growF64(this.makerOwner, cap);
    this.priceTicks = growF64(this.priceTicks, cap);
    this.qtyLots = growF64(this.qtyLots, cap);
    this.aux = growF64(this.aux, cap);
    this.cap = cap;
  }

  /** Appends an event; makerId/makerOwner are 0 except for trades. */
  push(
    kind: number,
    side: number,
    id: number,
    owner: number,
    priceTicks: number,
    qtyLots: number,
    aux: number,
    makerId: number,
    makerOwner: number,
  ): void {
    if (this.length === this.cap) this.grow();
    const i = this.length++;
    this.kind[i] = kind;
    this.side[i] = side;
    this.id[i] = id;
    this.owner[i] = owner;
    this.priceTicks[i] = priceTicks;
    this.qtyLots[i] = qtyLots;
    this.aux[i] = aux;
    this.makerId[i] = makerId;
    this.makerOwner[i] = makerOwner;
  }

  /** Event i as a plain object (allocates: for tests, logs and slow consumers). */
  get(i: number): BookEvent {
    if (i < 0 || i >= this.length) throw new RangeError(`event ${i} of ${this.length}`);
    const side = SIDES[this.side[i]!]!;
    const id = this.id[i]!;
    const owner = this.owner[i]!;
    const priceTicks = this.priceTicks[i]!;
    const qtyLots = this.qtyLots[i]!;
    const aux = this.aux[i]!;
    switch (this.kind[i]) {
      case EV_TRADE:
        return {
          type: 'trade',
          side,
          takerId: id,
          takerOwner: owner,
          makerId: this.makerId[i]!,
          makerOwner: this.makerOwner[i]!,
          priceTicks,
          qtyLots,
        };
      case EV_RESTING:
        return { type: 'resting', side, id, owner, priceTicks, qtyLots };
      case EV_CANCELLED:
        return { type: 'cancelled', side, id, owner, priceTicks, qtyLots, reason: CANCEL_REASONS[aux]! };
      case EV_REDUCED:
        return { type: 'reduced', side, id, owner, priceTicks, qtyLots, reducedLots: aux };
      default:
        return { type: 'moved', side, id, owner, fromPriceTicks: aux, priceTicks, qtyLots };
    }
  }

  toArray(): BookEvent[] {
    const out: BookEvent[] = [];
    for (let i = 0; i < this.length; i++) out.push(this.get(i));
    return out;
  }
}

function growF64(a: Float64Array, cap: number): Float64Array {
  const b = new Float64Array(cap);
  b.set(a);
  return b;
}
