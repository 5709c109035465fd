/**
 * What users read: an order and a fill as shown (`view`, `fillView`, live profit at the current
 * quote), the order list and one order with its fills, the profit totals, the margin account of
 * /profile/balance2, the ledger's order references and the home page's 24 h volume.
 */
import type {
  CloseReason,
  FillReason,
  ListUOrderQuery,
  ListUOrderResult,
  MarginAccount,
  OrderState,
  ProfitTotal,
  UFill,
  UOrder,
  UOrderDetail,
} from '@openbourse/contracts/trading.ts';
import { ORDER_STATES, ORDER_STATUS } from '@openbourse/contracts/trading.ts';
import { type Side, accountMarginLevel, closePriceTicks, stepsToLots, unrealisedPnlMinor } from '@openbourse/engine';
import type { z } from 'zod';
import type { AccountMode } from '../../http/request-context.ts';
import type { QuoteSnapshot } from '../market/market.service.ts';
import type { Instrument } from '../market/market.types.ts';
import { positionOf, price, type TradingContext } from './trading.context.ts';
import {
  engineInstrument,
  quoteTicks,
  storedLotsToSteps,
  storedPriceToTicks,
  ticksToPriceString,
  trimDecimal,
  USDT,
  usdt,
  usdtMinor,
} from './trading.pricing.ts';
import { type FillRow, type OrderRow, tradingRepository as repo } from './trading.repository.ts';

type ListInput = z.output<typeof ListUOrderQuery>;

export type TradingViews = ReturnType<typeof createTradingViews>;

export function createTradingViews(ctx: TradingContext) {
  const { db, clock, ledger, market, instrument, stopOutLevel, own } = ctx;

  const ms = (d: Date | null) => (d ? d.getTime() : null);

  function view(inst: Instrument, row: OrderRow, snap?: QuoteSnapshot | null): UOrder {
    const ins = engineInstrument(inst);
    const realised = usdtMinor(row.realisedPnl);
    let unrealised: bigint | null = null;
    let current: string | null = null;
    if (row.status === 'open') {
      const q = snap === undefined ? market.currentQuote(inst.id) : snap;
      const ticks = q ? quoteTicks(inst, q) : null;
      if (ticks) {
        const exit = closePriceTicks(row.side as Side, ticks);
        unrealised = unrealisedPnlMinor(ins, positionOf(inst, ins, row), exit);
        current = ticksToPriceString(inst, exit);
      }
    }
    const lotsOf = (stored: string) => stepsToLots(ins, storedLotsToSteps(ins, stored));
    return {
      id: row.publicId,
      orderNo: row.orderNo,
      instrumentId: row.instrumentId,
      code: row.instrumentCode,
      name: inst.name,
      side: row.side as Side,
      type: row.type as UOrder['type'],
      status: ORDER_STATUS[row.status as OrderState],
      state: row.status as OrderState,
      lots: lotsOf(row.lots),
      openLots: lotsOf(row.openLots),
      leverage: row.leverage,
      price: price(inst, row.orderPrice),
      openPrice: price(inst, row.entryPrice),
      openTickId: row.entryTickId,
      openTime: ms(row.openedAt),
      closePrice: price(inst, row.closePrice),
      closeTickId: row.closeTickId,
      closeTime: ms(row.closedAt),
      closeReason: row.closeReason as CloseReason | null,
      margin: usdt(usdtMinor(row.margin)),
      marginHeld: usdt(usdtMinor(row.marginHeld)),
      fee: usdt(usdtMinor(row.fee)),
      stopLoss: price(inst, row.stopLoss),
      takeProfit: price(inst, row.takeProfit),
      stopOutPrice: price(inst, row.stopOutPrice),
      stopOutLevel: trimDecimal(row.stopOutLevel),
      profit: usdt(realised + (unrealised ?? 0n)),
      realisedProfit: usdt(realised),
      unrealisedProfit: unrealised === null ? null : usdt(unrealised),
      currentPrice: current,
      cancelReason: row.cancelReason as UOrder['cancelReason'],
      cancelTime: ms(row.cancelledAt),
      createdAt: row.createdAt.getTime(),
    };
  }

  function fillView(inst: Instrument, f: FillRow): UFill {
    const ins = engineInstrument(inst);
    return {
      id: f.id,
      kind: f.kind as UFill['kind'],
      reason: f.reason as FillReason,
      lots: stepsToLots(ins, storedLotsToSteps(ins, f.lots)),
      price: ticksToPriceString(inst, storedPriceToTicks(inst, f.price)),
      tickId: f.tickId,
      notional: usdt(usdtMinor(f.notional)),
      fee: usdt(usdtMinor(f.fee)),
      margin: usdt(usdtMinor(f.margin)),
      profit: usdt(usdtMinor(f.pnl)),
      lossWaived: usdt(usdtMinor(f.lossWaived)),
      time: f.createdAt.getTime(),
    };
  }

  return {
    view,
    fillView,

    /** A page of the user's orders (newest first), with live profit for open positions. */
    async list(userId: number, mode: AccountMode, q: ListInput): Promise<ListUOrderResult> {
      const codes = q.status === undefined ? [] : Array.isArray(q.status) ? q.status : [q.status];
      const statuses = [...new Set(codes.map((c) => ORDER_STATES[c - 1] as string))];
      const { rows, total } = await repo.listOrders(db, {
        userId,
        mode,
        statuses,
        limit: q.size,
        offset: (q.page - 1) * q.size,
      });
      const list: UOrder[] = [];
      for (const row of rows) list.push(view(await instrument(row.instrumentId), row));
      return { list, total, page: q.page, size: q.size };
    },

    /** One order (by public id) with its fills (each naming the tick that priced it). */
    async get(userId: number, mode: AccountMode, publicId: number): Promise<UOrderDetail> {
      const row = await own(userId, mode, publicId);
      const inst = await instrument(row.instrumentId);
      const fills = await repo.listFills(db, row.id);
      return { ...view(inst, row), fills: fills.map((f) => fillView(inst, f)) };
    },

    /** Realised (all time, today UTC), unrealised and fees, in the request's book. */
    async profitTotal(userId: number, mode: AccountMode): Promise<ProfitTotal> {
      const now = clock.now();
      const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const totals = await repo.fillTotals(db, userId, mode, midnight);
      const live = await repo.userLiveOrders(db, userId, mode);
      let open = 0n;
      let positions = 0;
      for (const row of live) {
        if (row.status !== 'open') continue;
        positions++;
        const v = view(await instrument(row.instrumentId), row);
        open += v.unrealisedProfit === null ? 0n : usdtMinor(v.unrealisedProfit);
      }
      return {
        mode,
        currency: USDT,
        totalProfit: usdt(usdtMinor(totals.pnl)),
        todayProfit: usdt(usdtMinor(totals.pnlSince)),
        openProfit: usdt(open),
        totalFee: usdt(usdtMinor(totals.fees)),
        openPositions: positions,
        pendingOrders: live.length - positions,
      };
    },

    /** The margin account of /profile/balance2 in the request's book. */
    async marginAccount(userId: number, mode: AccountMode): Promise<MarginAccount> {
      const balance = await ledger.balance(db, userId, mode, USDT);
      const available = usdtMinor(balance.available);
      let used = 0n;
      let pending = 0n;
      let open = 0n;
      for (const row of await repo.userLiveOrders(db, userId, mode)) {
        if (row.status === 'pending') {
          pending += usdtMinor(row.marginHeld);
          continue;
        }
        used += usdtMinor(row.marginHeld);
        const v = view(await instrument(row.instrumentId), row);
        open += v.unrealisedProfit === null ? 0n : usdtMinor(v.unrealisedProfit);
      }
      const cash = available + used + pending;
      return {
        mode,
        currency: USDT,
        balance: usdt(cash),
        equity: usdt(cash + open),
        usedMargin: usdt(used),
        orderMargin: usdt(pending),
        freeMargin: usdt(available),
        openProfit: usdt(open),
        marginLevel: accountMarginLevel(cash + open, used),
        stopOutLevel: trimDecimal(await stopOutLevel()),
      };
    },

    /**
     * What users see of the user's margin orders among internal `ids` (ledger references): the
     * public id and the order number, by internal id. Others' ids are absent.
     */
    async orderRefs(userId: number, ids: readonly number[]): Promise<Map<number, { id: number; orderNo: string }>> {
      const rows = await repo.orderRefs(db, userId, ids);
      return new Map(rows.map((r) => [r.id, { id: r.publicId, orderNo: r.orderNo }]));
    },

    /** Traded notional of the real book over the last 24 h (home page figure), trimmed. */
    /** Open positions per instrument and side in a book (the back office's exposure). */
    async exposure(mode: AccountMode) {
      return (await repo.exposure(db, mode)).map((r) => ({
        ...r,
        side: r.side as Side,
        lots: trimDecimal(r.lots),
        margin: trimDecimal(usdt(usdtMinor(r.margin))),
        notional: trimDecimal(usdt(usdtMinor(r.notional))),
      }));
    },

    /** Fills, their notional and fees since a time in a book. */
    async fillsSince(mode: AccountMode, since: Date) {
      const f = await repo.fillsSince(db, mode, since);
      return {
        fills: f.fills,
        notional: trimDecimal(usdt(usdtMinor(f.notional))),
        fees: trimDecimal(usdt(usdtMinor(f.fees))),
      };
    },

    async volume24hUsdt(): Promise<string> {
      const since = new Date(clock.now().getTime() - 86_400_000);
      return trimDecimal(usdt(usdtMinor(await repo.notionalSince(db, 'real', since))));
    },
  };
}
