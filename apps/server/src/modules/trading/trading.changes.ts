/**
 * Changes to an order after it was placed: a manual close of all or part of an open position
 * (stopU), the cancel of an order waiting to open (chedan), and moving its stop loss / take profit
 * (updateU). Closes and stop changes first wait for the trigger runner to reach their quote.
 */
import type { StopURequest, UFill, UOrder, UpdateURequest } from '@openbourse/contracts/trading.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import {
  type Quote,
  type Side,
  closePriceTicks,
  lotsToSteps,
  priceToTicks,
  validatePendingStops,
  validateStops,
} from '@openbourse/engine';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { QuoteSnapshot } from '../market/market.service.ts';
import type { Instrument } from '../market/market.types.ts';
import {
  entryOf,
  holdKeys,
  price,
  priceTicksOrNull,
  RETRIES,
  TRADING_CODES,
  type TradingContext,
} from './trading.context.ts';
import { engine, tradingErrors } from './trading.errors.ts';
import type { TradingEvents } from './trading.events.ts';
import {
  engineInstrument,
  quoteTicks,
  storedLotsToSteps,
  storedPriceToTicks,
  ticksToPriceString,
} from './trading.pricing.ts';
import { tradingRepository as repo } from './trading.repository.ts';
import type { TriggerRunner } from './trading.runner.ts';
import type { TradingSettlement } from './trading.settlement.ts';
import type { TradingViews } from './trading.views.ts';

type StopInput = z.output<typeof StopURequest>;
type UpdateInput = z.output<typeof UpdateURequest>;

export type TradingChanges = ReturnType<typeof createTradingChanges>;

export function createTradingChanges(
  ctx: TradingContext,
  { view, fillView }: TradingViews,
  { emit, published }: TradingEvents,
  { settleClose }: TradingSettlement,
  runner: TriggerRunner,
) {
  const { clock, ledger, market, options, instrument, own } = ctx;

  /** The latest quote once the runner has settled every tick up to it (see README: tick order). */
  async function caughtUpQuote(inst: Instrument): Promise<{ snap: QuoteSnapshot; q: Quote }> {
    const first = market.currentQuote(inst.id);
    if (!first) throw new AppError(ErrorCode.NotTradableNow);
    await runner.until(first.tickId, options.catchUpMs);
    const snap = market.currentQuote(inst.id) ?? first;
    const q = quoteTicks(inst, snap);
    if (!q) throw new AppError(ErrorCode.NotTradableNow);
    return { snap, q };
  }

  return {
    /** Closes all or part of an open position (`input.id`: its public id) at the current quote (manual). */
    async close(userId: number, mode: AccountMode, input: StopInput): Promise<{ order: UOrder; fill: UFill }> {
      const first = await own(userId, mode, input.id);
      if (first.status !== 'open') throw tradingErrors.notOpen();
      const inst = await instrument(first.instrumentId);
      const ins = engineInstrument(inst);
      const requested = input.lots === undefined ? null : engine(() => lotsToSteps(ins, input.lots!));
      await market.assertTradable(inst.id);
      const { snap, q } = await caughtUpQuote(inst);
      const out = await ledger.runInTransaction(
        async (tx) => {
          const row = await repo.findOwnOrder(tx, { publicId: input.id, userId, mode }, true);
          if (!row) throw tradingErrors.noRecord();
          if (row.status !== 'open') throw tradingErrors.notOpen();
          const open = storedLotsToSteps(ins, row.openLots);
          const steps = requested ?? open;
          if (steps > open) throw tradingErrors.badLots();
          const closed = await settleClose(
            tx,
            row,
            inst,
            steps,
            closePriceTicks(row.side as Side, q),
            snap.tickId,
            'manual',
          );
          await emit(tx, closed.row, closed.row.status === 'closed' ? 'closed' : 'reduced', {
            reason: 'manual',
            price: price(inst, closed.fill.price),
            tickId: snap.tickId,
          });
          return closed;
        },
        { retries: RETRIES },
      );
      runner.apply(entryOf(inst, out.row, snap.tickId));
      published();
      return { order: view(inst, out.row, snap), fill: fillView(inst, out.fill) };
    },

    /** Withdraws an order waiting to open (by public id); its hold (margin + fee) returns to available. */
    async cancel(userId: number, mode: AccountMode, publicId: number): Promise<UOrder> {
      const row = await ledger.runInTransaction(
        async (tx) => {
          const locked = await repo.findOwnOrder(tx, { publicId, userId, mode }, true);
          if (!locked) throw tradingErrors.noRecord();
          if (locked.status !== 'pending') throw tradingErrors.notCancellable();
          await ledger.voidHold(tx, {
            holdKey: holdKeys.entry(locked.id),
            key: `cfd:${locked.id}:entry:void`,
            code: TRADING_CODES.entryRelease,
          });
          const now = clock.now();
          const cancelled = await repo.updateOrder(tx, locked.id, {
            status: 'cancelled',
            cancelReason: 'user',
            cancelledAt: now,
            marginHeld: '0',
            updatedAt: now,
          });
          await emit(tx, cancelled, 'cancelled', { reason: 'user', price: null, tickId: null });
          return cancelled;
        },
        { retries: RETRIES },
      );
      published();
      const inst = await instrument(row.instrumentId);
      runner.apply(entryOf(inst, row, market.currentQuote(inst.id)?.tickId ?? row.placedTickId));
      return view(inst, row);
    },

    /**
     * Sets, moves or removes the stop loss / take profit of an open position (checked against the
     * price it would close at now) or of an order waiting to open (checked against its entry).
     * `input.id` is the order's public id.
     */
    async updateStops(userId: number, mode: AccountMode, input: UpdateInput): Promise<UOrder> {
      const first = await own(userId, mode, input.id);
      if (first.status !== 'open' && first.status !== 'pending') throw tradingErrors.notOpen();
      const inst = await instrument(first.instrumentId);
      const ins = engineInstrument(inst);
      const parse = (v: string | null | undefined, field: string): bigint | null | undefined =>
        v === undefined || v === null ? v : engine(() => priceToTicks(ins, v, field));
      const sl = parse(input.stopLoss, 'stopLoss');
      const tp = parse(input.takeProfit, 'takeProfit');
      const { snap, q } = await caughtUpQuote(inst);
      const row = await ledger.runInTransaction(
        async (tx) => {
          const locked = await repo.findOwnOrder(tx, { publicId: input.id, userId, mode }, true);
          if (!locked) throw tradingErrors.noRecord();
          if (locked.status !== 'open' && locked.status !== 'pending') throw tradingErrors.notOpen();
          const stops = {
            stopLossTicks: sl === undefined ? priceTicksOrNull(inst, locked.stopLoss) : sl,
            takeProfitTicks: tp === undefined ? priceTicksOrNull(inst, locked.takeProfit) : tp,
          };
          // Only what changes is checked: a stop kept as it was may be nearer the market by now.
          const changed = { stopLossTicks: sl ?? null, takeProfitTicks: tp ?? null };
          const side = locked.side as Side;
          if (locked.status === 'open') {
            const entryTicks = storedPriceToTicks(inst, locked.entryPrice!);
            engine(() => validateStops(side, changed, q, { entryTicks, minDistanceTicks: ins.stopsLevel }));
          } else {
            const entryTicks = storedPriceToTicks(inst, locked.orderPrice!);
            engine(() => validatePendingStops(side, changed, entryTicks, ins.stopsLevel));
          }
          const updated = await repo.updateOrder(tx, locked.id, {
            stopLoss: stops.stopLossTicks === null ? null : ticksToPriceString(inst, stops.stopLossTicks),
            takeProfit: stops.takeProfitTicks === null ? null : ticksToPriceString(inst, stops.takeProfitTicks),
            updatedAt: clock.now(),
          });
          await emit(tx, updated, 'updated');
          return updated;
        },
        { retries: RETRIES },
      );
      runner.apply(entryOf(inst, row, snap.tickId));
      published();
      return view(inst, row, snap);
    },
  };
}
