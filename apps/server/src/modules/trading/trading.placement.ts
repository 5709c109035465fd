/**
 * Placing an order (buyU, previewU): the checks in the order the form reads, the price, margin,
 * fee and stop-out it would get, clientOrderId idempotency (replay or 40016), the public id drawn,
 * and the order row with its holds (and a market order's fee and opening fill) in one transaction.
 */
import type { FeeDiscount } from '@openbourse/contracts/levels.ts';
import type { BuyURequest, OrderPreview, UOrder } from '@openbourse/contracts/trading.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import {
  type Instrument as EngineInstrument,
  type EntryType,
  type OrderQuote,
  type Quote,
  assertFreeMargin,
  checkLeverage,
  lotsToSteps,
  openPosition,
  priceToTicks,
  quoteMarketOrder,
  quotePendingOrder,
  stepsToLots,
} from '@openbourse/engine';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { QuoteSnapshot } from '../market/market.service.ts';
import type { Instrument } from '../market/market.types.ts';
import {
  asMarginError,
  entryOf,
  holdKeys,
  price,
  RETRIES,
  ref,
  stopOutPriceOf,
  TRADING_CODES,
  type TradingContext,
} from './trading.context.ts';
import { type BatchOrder, createOrderBatcher, DuplicateClientOrder } from './trading.batch.ts';
import { engine, tradingErrors } from './trading.errors.ts';
import type { TradingEvents } from './trading.events.ts';
import { clientRequestDigest, isPublicId, orderNo } from './trading.ids.ts';
import {
  engineInstrument,
  quoteTicks,
  ticksToPriceString,
  trimDecimal,
  USDT,
  usdt,
  usdtMinor,
} from './trading.pricing.ts';
import { type OrderRow, tradingRepository as repo } from './trading.repository.ts';
import type { TriggerRunner } from './trading.runner.ts';
import type { FastAccounts, TradingSettlement } from './trading.settlement.ts';
import type { TradingViews } from './trading.views.ts';

type BuyInput = z.output<typeof BuyURequest>;

/** Draws of a public id per order (a draw is taken with probability orders so far / 2^52). */
const PUBLIC_ID_DRAWS = 5;

export type TradingPlacement = ReturnType<typeof createTradingPlacement>;

export function createTradingPlacement(
  ctx: TradingContext,
  { view }: TradingViews,
  events: TradingEvents,
  { holdMarginAndFee, holdMarginAndFeeFast }: TradingSettlement,
  runner: TriggerRunner,
) {
  const { db, clock, ledger, market, publicIds, instrument, stopOutLevel, feeDiscount } = ctx;
  const { emit, published } = events;
  const batcher = createOrderBatcher(ctx, events);

  interface Prepared {
    inst: Instrument;
    ins: EngineInstrument;
    snap: QuoteSnapshot;
    quote: OrderQuote;
    stopLossTicks: bigint | null;
    takeProfitTicks: bigint | null;
    stopOut: string | null;
    level: string;
    /** The VIP discount taken off the quote's fee (modules/levels), null when none. */
    discount: FeeDiscount | null;
    /** null when not read: the ledger's conditional debit decides (fast path). */
    availableMinor: bigint | null;
  }

  /** One order on its way in: who, what, its checked quote, its public id. */
  interface Placing {
    userId: number;
    mode: AccountMode;
    input: BuyInput;
    p: Prepared;
    client: { id: string; hash: string } | null;
    /** The user's accounts when they exist (the fast path), else null. */
    fast: FastAccounts | null;
    publicId: number;
  }

  /**
   * Everything buyU checks before writing, in the order the form reads; also the preview. Without
   * `withBalance` the available balance is not read: the write refuses what does not fit (10011).
   */
  async function prepare(
    userId: number,
    mode: AccountMode,
    input: BuyInput,
    withBalance = true,
    lang = 'en',
  ): Promise<Prepared> {
    const inst = await instrument(input.instrumentId);
    const ins = engineInstrument(inst);
    const qtySteps = engine(() => lotsToSteps(ins, input.lots));
    engine(() => checkLeverage(ins, input.leverage));
    await market.assertTradable(inst.id);
    const snap = market.currentQuote(inst.id);
    const q: Quote | null = snap ? quoteTicks(inst, snap) : null;
    if (!snap || !q) throw new AppError(ErrorCode.NotTradableNow);
    const stopLossTicks = input.stopLoss ? engine(() => priceToTicks(ins, input.stopLoss!, 'stopLoss')) : null;
    const takeProfitTicks = input.takeProfit ? engine(() => priceToTicks(ins, input.takeProfit!, 'takeProfit')) : null;
    let quote: OrderQuote;
    const common = { side: input.side, qtySteps, leverage: input.leverage, quote: q, stopLossTicks, takeProfitTicks };
    if (input.type === 'market') {
      quote = engine(() => quoteMarketOrder(ins, common));
    } else {
      if (!input.price) throw tradingErrors.invalid('price');
      const entryTicks = engine(() => priceToTicks(ins, input.price!, 'price'));
      quote = engine(() => quotePendingOrder(ins, { ...common, type: input.type as EntryType, entryTicks }));
    }
    // The VIP discount off the opening fee, rounded up to the minor unit; the cost held follows it.
    const discount = await feeDiscount(db, userId, lang);
    if (discount.bps > 0) {
      const fee = discount.apply(quote.feeMinor);
      quote = { ...quote, feeMinor: fee, costMinor: quote.costMinor - (quote.feeMinor - fee) };
    }
    const level = await stopOutLevel();
    const position = openPosition(ins, {
      side: input.side,
      entryTicks: quote.entryTicks,
      qtySteps,
      leverage: input.leverage,
    });
    const balance = withBalance ? await ledger.balance(db, userId, mode, USDT) : null;
    return {
      inst,
      ins,
      snap,
      quote,
      stopLossTicks,
      takeProfitTicks,
      stopOut: stopOutPriceOf(inst, ins, position, level),
      level,
      discount: discount.info,
      availableMinor: balance ? usdtMinor(balance.available) : null,
    };
  }

  /**
   * The order that used this clientOrderId, if any: the same request (by digest) is answered with
   * it, a different one is refused (40016). Orders placed before digests were stored have none and
   * are answered as before.
   */
  async function replay(
    userId: number,
    mode: AccountMode,
    clientOrderId: string,
    requestHash: string,
  ): Promise<UOrder | null> {
    const row = await repo.findByClientId(db, { userId, mode, clientOrderId });
    if (!row) return null;
    if (row.clientRequestHash !== null && row.clientRequestHash !== requestHash) {
      throw tradingErrors.clientOrderIdReused();
    }
    return view(await instrument(row.instrumentId), row);
  }

  /** The user's USDT accounts and the platform's fee shards, when the user's accounts exist. */
  async function fastAccounts(userId: number, mode: AccountMode): Promise<FastAccounts | null> {
    const user = await ledger.userAccounts(userId, mode, USDT);
    return user ? { user, fees: await ledger.platformShards(mode, USDT, 'fees') } : null;
  }

  function drawPublicId(): number {
    const id = publicIds();
    if (!isPublicId(id)) throw new Error(`public order id ${id} is outside [2^52, 2^53)`);
    return id;
  }

  async function buy(userId: number, mode: AccountMode, input: BuyInput): Promise<UOrder> {
    const client = input.clientOrderId ? { id: input.clientOrderId, hash: clientRequestDigest(input) } : null;
    if (client) {
      const first = await replay(userId, mode, client.id, client.hash);
      if (first) return first;
    }
    // A market order between accounts that exist takes the ledger's fast path (ledger.fast.ts).
    const fast = input.type === 'market' ? await fastAccounts(userId, mode) : null;
    const p = await prepare(userId, mode, input, fast === null);
    if (p.availableMinor !== null) engine(() => assertFreeMargin(p.availableMinor as bigint, p.quote));
    const { inst, snap } = p;
    let row: OrderRow | null = null;
    for (let draw = 1; row === null; draw++) {
      try {
        row = await insertNewOrder({ userId, mode, input, p, client, fast, publicId: drawPublicId() });
      } catch (e) {
        if (!(e instanceof DuplicateClientOrder)) throw e;
        // The client's key won elsewhere (a retry racing this one): answer it, or 40016.
        if (client) {
          const first = await replay(userId, mode, client.id, client.hash);
          if (first) return first;
        }
        // Otherwise the public id was drawn before: draw again.
        if (draw >= PUBLIC_ID_DRAWS) throw new Error('trading: no unused public order id after several draws');
      }
    }
    runner.apply(entryOf(inst, row, snap.tickId));
    return view(inst, row, snap);
  }

  /** The order's row as it is inserted at `now`. */
  function orderValues({ userId, mode, input, p, client, publicId }: Placing, now: Date) {
    const { inst, ins, snap, quote } = p;
    const isMarket = input.type === 'market';
    const entryPrice = ticksToPriceString(inst, quote.entryTicks);
    const lots = stepsToLots(ins, quote.qtySteps);
    return {
      entryPrice,
      lots,
      row: {
        publicId,
        orderNo: orderNo(publicId, now),
        userId,
        mode,
        clientOrderId: client?.id ?? null,
        clientRequestHash: client?.hash ?? null,
        instrumentId: inst.id,
        instrumentCode: inst.code,
        side: input.side,
        type: input.type,
        status: isMarket ? 'open' : 'pending',
        lots,
        openLots: isMarket ? lots : '0',
        leverage: input.leverage,
        orderPrice: isMarket ? null : entryPrice,
        placedTickId: snap.tickId,
        entryPrice: isMarket ? entryPrice : null,
        entryTickId: isMarket ? snap.tickId : null,
        openedAt: isMarket ? now : null,
        stopLoss: p.stopLossTicks === null ? null : ticksToPriceString(inst, p.stopLossTicks),
        takeProfit: p.takeProfitTicks === null ? null : ticksToPriceString(inst, p.takeProfitTicks),
        stopOutPrice: isMarket ? p.stopOut : null,
        stopOutLevel: p.level,
        margin: usdt(quote.marginMinor),
        marginHeld: usdt(isMarket ? quote.marginMinor : quote.costMinor),
        fee: usdt(quote.feeMinor),
        createdAt: now,
        updatedAt: now,
      },
    };
  }

  /** A market order's opening fill, priced by the tick the quote came from. */
  function openingFill({ userId, mode, p }: Placing, lots: string, entryPrice: string, now: Date) {
    return {
      userId,
      mode,
      kind: 'open' as const,
      reason: 'market' as const,
      lots,
      price: entryPrice,
      tickId: p.snap.tickId,
      notional: usdt(p.quote.notionalMinor),
      fee: usdt(p.quote.feeMinor),
      margin: usdt(p.quote.marginMinor),
      createdAt: now,
    };
  }

  /**
   * The order row, its holds (and for a market order its fee and opening fill), committed: a market
   * order between existing accounts with the next batch (trading.batch.ts), any other in a
   * transaction of its own. Throws DuplicateClientOrder when the insert is refused by a unique key.
   */
  async function insertNewOrder(o: Placing): Promise<OrderRow> {
    const { p, fast } = o;
    if (o.input.type !== 'market' || !fast) return insertAlone(o);
    const build = (now: Date): BatchOrder => {
      const { row, lots, entryPrice } = orderValues(o, now);
      return {
        row,
        marginMinor: p.quote.marginMinor,
        feeMinor: p.quote.feeMinor,
        fast,
        tickId: p.snap.tickId,
        fill: openingFill(o, lots, entryPrice, now),
        pushPrice: price(p.inst, entryPrice),
      };
    };
    return batcher.place(fast.user.available.id, build, () => insertAlone(o));
  }

  /** One order in a transaction of its own. */
  async function insertAlone(o: Placing): Promise<OrderRow> {
    const { userId, mode, input, p, fast } = o;
    const { inst, snap, quote } = p;
    const isMarket = input.type === 'market';
    const row = await ledger.runInTransaction(
      async (tx) => {
        const now = clock.now();
        const { row, lots, entryPrice } = orderValues(o, now);
        const inserted = await repo.insertOrder(tx, row);
        if (!inserted) throw new DuplicateClientOrder();
        const { id } = inserted;
        if (!isMarket) {
          try {
            await ledger.hold(tx, {
              key: holdKeys.entry(id),
              userId,
              mode,
              currency: USDT,
              amount: usdt(quote.costMinor),
              code: TRADING_CODES.entry,
              ...ref(id),
            });
          } catch (e) {
            throw asMarginError(e);
          }
          await emit(tx, inserted, 'placed');
          return inserted;
        }
        await market.pinTick(tx, snap.tickId);
        if (fast) await holdMarginAndFeeFast(tx, inserted, quote.marginMinor, quote.feeMinor, fast);
        else await holdMarginAndFee(tx, inserted, quote.marginMinor, quote.feeMinor);
        await repo.insertFill(tx, { ...openingFill(o, lots, entryPrice, now), orderId: id });
        await emit(tx, inserted, 'opened', { reason: 'market', price: price(inst, entryPrice), tickId: snap.tickId });
        return inserted;
      },
      { retries: RETRIES },
    );
    // Its event is in the outbox: the relay publishes it now (a batch publishes its own).
    published();
    return row;
  }

  return {
    /** What buyU would do now, without doing it: price, margin, fee, stop-out (shown before confirming). */
    async preview(userId: number, mode: AccountMode, input: BuyInput, lang = 'en'): Promise<OrderPreview> {
      const p = await prepare(userId, mode, input, true, lang);
      return {
        instrumentId: p.inst.id,
        side: input.side,
        type: input.type,
        lots: stepsToLots(p.ins, p.quote.qtySteps),
        leverage: input.leverage,
        price: ticksToPriceString(p.inst, p.quote.entryTicks),
        tickId: p.snap.tickId,
        notional: usdt(p.quote.notionalMinor),
        margin: usdt(p.quote.marginMinor),
        fee: usdt(p.quote.feeMinor),
        cost: usdt(p.quote.costMinor),
        available: usdt(p.availableMinor ?? 0n),
        stopOutPrice: p.stopOut,
        stopOutLevel: trimDecimal(p.level),
        feeDiscount: p.discount,
      };
    },

    buy,
    batchStats: batcher.stats,
  };
}
