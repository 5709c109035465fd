/**
 * One batch of a book's commands, applied in arrival order to the book in memory, and what the batch
 * must write for them: the refused orders' rows to delete, the orders' new states, the fills, and the
 * ledger postings in each currency. No I/O: the writer (spot.writer.ts) runs the batch's transaction
 * around it, and reloads the book from the database when that transaction fails.
 *
 * Per order the money goes: its hold (`spot:<id>`, buy: quote, sell: base) is placed when the book
 * first sees it; each trade moves the seller's base out of its hold to the buyer, the turnover out of
 * the buyer's hold to the seller, the buyer's fee out of its hold and the seller's fee out of its
 * proceeds to the platform's fee account; when the order ends (filled or cancelled) what its hold
 * still holds is released to the user.
 */
import {
  EV_CANCELLED,
  EV_RESTING,
  EV_TRADE,
  type OrderBook,
  REASON_SELF_TRADE,
  REASON_UNFILLED,
  REASON_USER,
} from '@openbourse/engine';
import type { AccountMeta, BulkHold, BulkHoldChange, BulkTransfer, UserAccountPair } from '../ledger/ledger.service.ts';
import { spotErrors } from './spot.errors.ts';
import { holdUnits, userRates } from './spot.fees.ts';
import { baseUnits, feeDue, type PairGrid, protectionTicks, turnoverUnits } from './spot.grid.ts';

export const SPOT_CODES = {
  hold: 'spot_order',
  trade: 'spot_trade',
  fee: 'spot_fee',
  release: 'spot_release',
} as const;
export const SPOT_REF = 'spot_order';

export type CancelReason = 'user' | 'unfilled' | 'self_trade';
const REASONS: Record<number, CancelReason> = {
  [REASON_USER]: 'user',
  [REASON_UNFILLED]: 'unfilled',
  [REASON_SELF_TRADE]: 'self_trade',
};

/** A user's accounts in the pair's two currencies. */
export interface PairAccounts {
  base: UserAccountPair;
  quote: UserAccountPair;
}

/** An order as the writer holds it from its acceptance until it leaves the book. */
export interface LiveOrder {
  id: number;
  publicId: number;
  orderNo: string;
  userId: number;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  tif: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
  priceTicks: number | null;
  protectionTicks: number | null;
  qtyLots: number;
  filledLots: number;
  turnover: bigint;
  fee: bigint;
  feeAccrual: bigint;
  /** What its hold still holds (quote for a buy, base for a sell). */
  held: bigint;
  status: 'open' | 'filled' | 'cancelled';
  cancelReason: CancelReason | null;
  bookSeq: number | null;
  accounts: PairAccounts;
  createdAt: Date;
  updatedAt: Date;
  lastTradeAt: Date | null;
}

/** A new order as the batch receives it (already checked against the pair's grid). */
export interface NewOrder {
  id: number;
  publicId: number;
  orderNo: string;
  userId: number;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  tif: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
  priceTicks: number | null;
  qtyLots: number;
  accounts: PairAccounts;
  createdAt: Date;
}

export interface PlanFill {
  takerOrderId: number;
  makerOrderId: number;
  takerSide: 'buy' | 'sell';
  priceTicks: number;
  qtyLots: number;
  turnover: bigint;
  takerFee: bigint;
  makerFee: bigint;
}

interface Postings {
  holds: BulkHold[];
  holdChanges: BulkHoldChange[];
  transfers: BulkTransfer[];
}

export const holdKeyOf = (orderId: number) => `spot:${orderId}`;

/**
 * The batch in memory. `submit` and `cancel` apply one command each to the book and answer the
 * order's state or the refusal; `postings` and `touched` are what the transaction writes.
 */
export class BatchPlan {
  readonly touched = new Map<number, LiveOrder>();
  readonly fresh = new Set<number>();
  readonly refused: number[] = [];
  readonly fills: PlanFill[] = [];
  readonly users = new Set<number>();
  private readonly heldAtStart = new Map<number, bigint>();
  private readonly released = new Set<number>();
  private readonly transfers = { base: [] as BulkTransfer[], quote: [] as BulkTransfer[] };
  private readonly holdUnits = new Map<number, bigint>();
  changed = false;

  constructor(
    private readonly grid: PairGrid,
    private readonly book: OrderBook,
    private readonly live: Map<number, LiveOrder>,
    /** Balances of the submitters' available accounts in the held currencies, spent as orders are admitted. */
    private readonly available: Map<number, bigint>,
    private readonly fees: { base: AccountMeta; quote: AccountMeta },
    private readonly now: Date,
    private readonly nextBookSeq: () => number,
    /** Each user's VIP fee discount in basis points (absent: none), taken off their fee rate, rounded up. */
    private readonly discounts: ReadonlyMap<number, number> = new Map(),
  ) {}

  private touch(o: LiveOrder): void {
    if (!this.touched.has(o.id)) {
      this.touched.set(o.id, o);
      if (!this.fresh.has(o.id)) this.heldAtStart.set(o.id, o.held);
    }
    o.updatedAt = this.now;
    this.users.add(o.userId);
  }

  /** Places the order on the book after its hold, or answers why not (its row is then deleted). */
  submit(n: NewOrder): LiveOrder | Error {
    const g = this.grid;
    let protection: number | null = null;
    if (n.type === 'market') {
      const best = this.book.l2(1);
      const level = n.side === 'buy' ? best.asks[0] : best.bids[0];
      if (!level) return this.refuse(n.id, spotErrors.noLiquidity());
      protection = protectionTicks(g, n.side, level.priceTicks);
    }
    const holdTicks = n.type === 'limit' ? (n.priceTicks as number) : (protection as number);
    const hold = holdUnits(g, n.side, holdTicks, n.qtyLots);
    const account = (n.side === 'buy' ? n.accounts.quote : n.accounts.base).available.id;
    const have = this.available.get(account) ?? 0n;
    if (have < hold) return this.refuse(n.id, spotErrors.insufficient());
    // Field by field (a spread of `n` is several times slower in this loop).
    const order: LiveOrder = {
      id: n.id,
      publicId: n.publicId,
      orderNo: n.orderNo,
      userId: n.userId,
      side: n.side,
      type: n.type,
      tif: n.tif,
      priceTicks: n.priceTicks,
      qtyLots: n.qtyLots,
      accounts: n.accounts,
      createdAt: n.createdAt,
      protectionTicks: protection,
      filledLots: 0,
      turnover: 0n,
      fee: 0n,
      feeAccrual: 0n,
      held: hold,
      status: 'open',
      cancelReason: null,
      bookSeq: null,
      updatedAt: this.now,
      lastTradeAt: null,
    };
    const r =
      n.type === 'limit'
        ? this.book.apply({
            type: 'limit',
            id: n.id,
            owner: n.userId,
            side: n.side,
            priceTicks: n.priceTicks as number,
            qtyLots: n.qtyLots,
            tif: n.tif,
          })
        : this.book.apply({
            type: 'market',
            id: n.id,
            owner: n.userId,
            side: n.side,
            qtyLots: n.qtyLots,
            protectionPriceTicks: protection as number,
          });
    if (r.code === 'post_only_would_cross') return this.refuse(n.id, spotErrors.postOnlyWouldCross());
    if (r.code === 'fok_cannot_fill') return this.refuse(n.id, spotErrors.fokCannotFill());
    if (r.code !== 'ok') return this.refuse(n.id, new Error(`spot: the book refused order ${n.id}: ${r.code}`));
    // A market order that met nothing (and cancelled no resting order of its owner) changed nothing.
    const ev = r.events;
    if (n.type === 'market' && ev.length === 1 && ev.kind[0] === EV_CANCELLED && ev.id[0] === n.id) {
      return this.refuse(n.id, spotErrors.noLiquidity());
    }
    this.available.set(account, have - hold);
    this.fresh.add(n.id);
    this.holdUnits.set(n.id, hold);
    this.live.set(n.id, order);
    this.touch(order);
    this.readEvents(order);
    return order;
  }

  /** Cancels a resting order of `userId`: its hold's rest is released. */
  cancel(orderId: number): LiveOrder | Error {
    const order = this.live.get(orderId);
    if (!order) return spotErrors.notOpen();
    const r = this.book.apply({ type: 'cancel', id: orderId });
    if (r.code !== 'ok') return spotErrors.notOpen();
    this.readEvents(order);
    return order;
  }

  private refuse(id: number, e: Error): Error {
    this.refused.push(id);
    return e;
  }

  /** The events of the last `apply`, settled. */
  private readEvents(taker: LiveOrder): void {
    const ev = this.book.events;
    for (let i = 0; i < ev.length; i++) {
      this.changed = true;
      const kind = ev.kind[i];
      if (kind === EV_TRADE) {
        const maker = this.live.get(ev.makerId[i] as number);
        if (!maker) throw new Error(`spot: the book traded with unknown order ${ev.makerId[i]}`);
        this.trade(taker, maker, ev.priceTicks[i] as number, ev.qtyLots[i] as number);
      } else if (kind === EV_RESTING) {
        const o = this.live.get(ev.id[i] as number) as LiveOrder;
        o.bookSeq = this.nextBookSeq();
        this.touch(o);
      } else if (kind === EV_CANCELLED) {
        const o = this.live.get(ev.id[i] as number);
        if (!o) throw new Error(`spot: the book cancelled unknown order ${ev.id[i]}`);
        o.status = 'cancelled';
        o.cancelReason = REASONS[ev.aux[i] as number] ?? 'user';
        this.end(o);
      }
    }
  }

  private trade(taker: LiveOrder, maker: LiveOrder, priceTicks: number, qtyLots: number): void {
    const g = this.grid;
    const turnover = turnoverUnits(g, priceTicks, qtyLots);
    const base = baseUnits(g, qtyLots);
    // Each side's rate as the preview (spot.fees.ts) shows it: the pair's, less the user's discount.
    const rates = (o: LiveOrder) => userRates(g, this.discounts.get(o.userId) ?? 0);
    const t = feeDue(taker.feeAccrual, taker.fee, turnover, rates(taker).takerPpm);
    const m = feeDue(maker.feeAccrual, maker.fee, turnover, rates(maker).makerPpm);
    const [buyer, seller] = taker.side === 'buy' ? [taker, maker] : [maker, taker];
    // Touched before anything changes: what their holds held at the batch's start is kept.
    this.touch(taker);
    this.touch(maker);
    const buyerFee = buyer === taker ? t.fee : m.fee;
    const sellerFee = seller === taker ? t.fee : m.fee;
    const key = `spot:${taker.id}:${maker.id}`;
    const ref = (o: LiveOrder) => ({ refType: SPOT_REF, refId: String(o.id) });
    // Base: out of the seller's hold to the buyer.
    this.transfers.base.push({
      key: `${key}:base`,
      debit: seller.accounts.base.locked,
      credit: buyer.accounts.base.available,
      units: base,
      code: SPOT_CODES.trade,
      holdKey: holdKeyOf(seller.id),
      ...ref(buyer),
    });
    // Quote: the turnover out of the buyer's hold to the seller, the buyer's fee out of its hold.
    this.transfers.quote.push({
      key: `${key}:quote`,
      debit: buyer.accounts.quote.locked,
      credit: seller.accounts.quote.available,
      units: turnover,
      code: SPOT_CODES.trade,
      holdKey: holdKeyOf(buyer.id),
      ...ref(seller),
    });
    if (buyerFee > 0n) {
      this.transfers.quote.push({
        key: `${key}:buyer_fee`,
        debit: buyer.accounts.quote.locked,
        credit: this.fees.quote,
        units: buyerFee,
        code: SPOT_CODES.fee,
        holdKey: holdKeyOf(buyer.id),
        ...ref(buyer),
      });
    }
    if (sellerFee > 0n) {
      this.transfers.quote.push({
        key: `${key}:seller_fee`,
        debit: seller.accounts.quote.available,
        credit: this.fees.quote,
        units: sellerFee,
        code: SPOT_CODES.fee,
        ...ref(seller),
      });
    }
    buyer.held -= turnover + buyerFee;
    seller.held -= base;
    if (buyer.held < 0n || seller.held < 0n) throw new Error(`spot: a trade of ${key} spent more than its hold`);
    taker.feeAccrual = t.accrual;
    taker.fee += t.fee;
    maker.feeAccrual = m.accrual;
    maker.fee += m.fee;
    for (const o of [taker, maker]) {
      o.filledLots += qtyLots;
      o.turnover += turnover;
      o.lastTradeAt = this.now;
      this.touch(o);
      if (o.filledLots === o.qtyLots) {
        o.status = 'filled';
        this.end(o);
      }
    }
    this.fills.push({
      takerOrderId: taker.id,
      makerOrderId: maker.id,
      takerSide: taker.side,
      priceTicks,
      qtyLots,
      turnover,
      takerFee: t.fee,
      makerFee: m.fee,
    });
  }

  /** The order left the book: what its hold still holds goes back to the user. */
  private end(o: LiveOrder): void {
    this.touch(o);
    this.live.delete(o.id);
    if (o.held > 0n) {
      const cur = o.side === 'buy' ? 'quote' : 'base';
      const pair = o.accounts[cur];
      this.transfers[cur].push({
        key: `${holdKeyOf(o.id)}:release`,
        debit: pair.locked,
        credit: pair.available,
        units: o.held,
        code: SPOT_CODES.release,
        holdKey: holdKeyOf(o.id),
        refType: SPOT_REF,
        refId: String(o.id),
      });
      o.held = 0n;
      this.released.add(o.id);
    }
  }

  /**
   * The ledger postings of the batch, per currency. An order placed and ended in this batch (a taker
   * filled at once, an unfilled IOC or market rest) never rested: it needs no hold, so its trades and
   * fees debit its available account directly (checked by the same conditional debit) and nothing is
   * released. Only an order still open at the batch's end, or one that had rested before, has a hold.
   */
  postings(): { base: Postings; quote: Postings } {
    const direct = new Map<string, LiveOrder>();
    for (const o of this.touched.values()) {
      if (this.fresh.has(o.id) && o.status !== 'open') direct.set(holdKeyOf(o.id), o);
    }
    const unheld = (transfers: BulkTransfer[]): BulkTransfer[] => {
      if (direct.size === 0) return transfers;
      const out: BulkTransfer[] = [];
      for (const t of transfers) {
        const owner = t.holdKey ? direct.get(t.holdKey) : undefined;
        if (!owner) out.push(t);
        else if (t.code !== SPOT_CODES.release) {
          const cur = owner.side === 'buy' ? 'quote' : 'base';
          out.push({ ...t, debit: owner.accounts[cur].available, holdKey: null });
        }
      }
      return out;
    };
    const out = {
      base: { holds: [], holdChanges: [], transfers: unheld(this.transfers.base) } as Postings,
      quote: { holds: [], holdChanges: [], transfers: unheld(this.transfers.quote) } as Postings,
    };
    for (const o of this.touched.values()) {
      const cur = o.side === 'buy' ? 'quote' : 'base';
      const endStatus = this.released.has(o.id) ? 'voided' : 'posted';
      if (this.fresh.has(o.id)) {
        if (direct.has(holdKeyOf(o.id))) continue;
        out[cur].holds.push({
          key: holdKeyOf(o.id),
          user: o.accounts[cur],
          units: this.holdUnits.get(o.id) as bigint,
          remaining: o.held,
          endStatus,
          code: SPOT_CODES.hold,
          refType: SPOT_REF,
          refId: String(o.id),
        });
      } else {
        const spent = (this.heldAtStart.get(o.id) as bigint) - o.held;
        if (spent > 0n) out[cur].holdChanges.push({ holdKey: holdKeyOf(o.id), units: spent, endStatus });
      }
    }
    return out;
  }
}
