/**
 * Settlement: the ledger moves and row changes of opening and closing. The margin and fee held
 * when a position opens, a close (full or partial, manual or fired) with its loss cap, a waiting
 * order filled by a tick, and `settleFired`, which the trigger runner calls for what a tick fired
 * (stop loss, take profit, stop-out, entry).
 */
import type { CloseReason } from '@openbourse/contracts/trading.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import {
  type Fired,
  type Position,
  type Side,
  closePosition,
  feeMinor,
  notionalMinor,
  openPosition,
  stepsToLots,
} from '@openbourse/engine';
import { minUnits } from '@openbourse/money';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { AccountMeta, FreshHold, FreshTransfer, UserAccountPair } from '../ledger/ledger.service.ts';
import type { Instrument, MarketTick } from '../market/market.types.ts';
import {
  asMarginError,
  entryOf,
  holdKeys,
  platform,
  positionOf,
  price,
  priceTicksOrNull,
  RETRIES,
  ref,
  stopOutPriceOf,
  TRADING_CODES,
  type TradingContext,
} from './trading.context.ts';
import { engine } from './trading.errors.ts';
import type { TradingEvents } from './trading.events.ts';
import {
  engineInstrument,
  storedLotsToSteps,
  storedPriceToTicks,
  ticksToPriceString,
  USDT,
  usdt,
  usdtMinor,
} from './trading.pricing.ts';
import { type FillRow, type OrderRow, tradingRepository as repo } from './trading.repository.ts';
import type { RunnerEntry } from './trading.runner.ts';

export type TradingSettlement = ReturnType<typeof createTradingSettlement>;

/** What a market order's opening needs for the ledger's fast path: the user's accounts, the fee shards. */
export interface FastAccounts {
  user: UserAccountPair;
  fees: readonly AccountMeta[];
}

/** A market order's opening on the ledger's fast path: the margin held and the fee to a fee shard. */
export function openingPostings(
  row: OrderRow,
  marginMinor: bigint,
  fee: bigint,
  fast: FastAccounts,
  feeShard = platform('fees', row.mode as AccountMode, row.id).shard,
): { holds: FreshHold[]; transfers: FreshTransfer[] } {
  const fees = fast.fees[feeShard];
  if (!fees) throw new Error('trading: no fee shard for the order');
  return {
    holds:
      marginMinor > 0n
        ? [
            {
              key: holdKeys.margin(row.id),
              user: fast.user,
              amount: usdt(marginMinor),
              code: TRADING_CODES.margin,
              ...ref(row.id),
            },
          ]
        : [],
    transfers:
      fee > 0n
        ? [
            {
              key: `cfd:${row.id}:fee`,
              debit: fast.user.available,
              credit: fees,
              amount: usdt(fee),
              code: TRADING_CODES.fee,
              ...ref(row.id),
            },
          ]
        : [],
  };
}

export function createTradingSettlement(ctx: TradingContext, { emit, published }: TradingEvents) {
  const { db, clock, ledger, market, log, instrument } = ctx;

  /** Opening: the margin held for the position, the fee to the platform. 10011 if either does not fit. */
  async function holdMarginAndFee(exec: Executor, row: OrderRow, marginMinor: bigint, fee: bigint): Promise<void> {
    const mode = row.mode as AccountMode;
    try {
      if (marginMinor > 0n) {
        await ledger.hold(exec, {
          key: holdKeys.margin(row.id),
          userId: row.userId,
          mode,
          currency: USDT,
          amount: usdt(marginMinor),
          code: TRADING_CODES.margin,
          ...ref(row.id),
        });
      }
      if (fee > 0n) {
        await ledger.transfer(exec, {
          key: `cfd:${row.id}:fee`,
          debit: { userId: row.userId, mode },
          credit: platform('fees', mode, row.id),
          currency: USDT,
          amount: usdt(fee),
          code: TRADING_CODES.fee,
          ...ref(row.id),
        });
      }
    } catch (e) {
      throw asMarginError(e);
    }
  }

  /**
   * `holdMarginAndFee` on the ledger's fast path (ledger.fast.ts): the same hold and fee transfer,
   * written in two statements. A refusal (10011) must roll the caller's transaction back.
   */
  async function holdMarginAndFeeFast(
    exec: Executor,
    row: OrderRow,
    marginMinor: bigint,
    fee: bigint,
    fast: FastAccounts,
  ): Promise<void> {
    try {
      await ledger.postFresh(exec, { currency: USDT, ...openingPostings(row, marginMinor, fee, fast) });
    } catch (e) {
      throw asMarginError(e);
    }
  }

  /**
   * Settles a close of `closeSteps` at `exitTicks` (priced by tick `tickId`): the fill row, the
   * margin released (less a loss), the profit from the treasury, the order's new state. The loss
   * charged is at most the margin this close releases: isolated margin, the stop-out closes
   * before equity is gone, and a price gap beyond it is absorbed by the platform (lossWaived).
   */
  async function settleClose(
    tx: Tx,
    row: OrderRow,
    inst: Instrument,
    closeSteps: bigint,
    exitTicks: bigint,
    tickId: number,
    reason: CloseReason,
  ): Promise<{ row: OrderRow; fill: FillRow }> {
    const ins = engineInstrument(inst);
    const mode = row.mode as AccountMode;
    const result = engine(() => closePosition(ins, positionOf(inst, ins, row), closeSteps, exitTicks));
    await market.pinTick(tx, tickId);
    const released = result.marginReleasedMinor;
    const pnl = result.pnlMinor;
    const loss = pnl < 0n ? minUnits(-pnl, released) : 0n;
    const waived = pnl < 0n ? -pnl - loss : 0n;
    const settled = pnl < 0n ? -loss : pnl;
    const now = clock.now();
    const fill = await repo.insertFill(tx, {
      orderId: row.id,
      userId: row.userId,
      mode,
      kind: 'close',
      reason,
      lots: stepsToLots(ins, closeSteps),
      price: ticksToPriceString(inst, exitTicks),
      tickId,
      notional: usdt(notionalMinor(ins, exitTicks, closeSteps)),
      fee: '0',
      margin: usdt(released),
      pnl: usdt(settled),
      lossWaived: usdt(waived),
      createdAt: now,
    });
    const key = `cfd:${row.id}:fill:${fill.id}`;
    const holdKey = holdKeys.margin(row.id);
    if (loss > 0n) {
      await ledger.postHold(tx, {
        holdKey,
        key: `${key}:loss`,
        amount: usdt(loss),
        to: platform('treasury', mode, row.id),
        code: TRADING_CODES.loss,
        ...ref(row.id),
      });
    }
    if (released - loss > 0n) {
      await ledger.postHold(tx, {
        holdKey,
        key: `${key}:release`,
        amount: usdt(released - loss),
        to: { userId: row.userId, mode },
        code: TRADING_CODES.marginRelease,
        ...ref(row.id),
      });
    }
    if (pnl > 0n) {
      await ledger.transfer(tx, {
        key: `${key}:profit`,
        debit: platform('treasury', mode, row.id),
        credit: { userId: row.userId, mode },
        currency: USDT,
        amount: usdt(pnl),
        code: TRADING_CODES.profit,
        ...ref(row.id),
      });
    }
    const remaining = result.remaining;
    const common = {
      realisedPnl: usdt(usdtMinor(row.realisedPnl) + settled),
      realisedNum: result.realisedExact.num.toString(),
      realisedDen: result.realisedExact.den.toString(),
      updatedAt: now,
    };
    const updated = remaining
      ? await repo.updateOrder(tx, row.id, {
          ...common,
          openLots: stepsToLots(ins, remaining.qtySteps),
          marginHeld: usdt(remaining.marginMinor),
          stopOutPrice: stopOutPriceOf(inst, ins, remaining, row.stopOutLevel),
        })
      : await repo.updateOrder(tx, row.id, {
          ...common,
          status: 'closed',
          openLots: '0',
          marginHeld: '0',
          closePrice: ticksToPriceString(inst, exitTicks),
          closeTickId: tickId,
          closeReason: reason,
          closedAt: now,
        });
    return { row: updated, fill };
  }

  /**
   * A pending entry reached by tick `tick`: the entry hold is released and the position opened at
   * the tick's price (margin and fee re-priced there). If the re-priced margin + fee no longer
   * fit the available balance (a gap), the order is cancelled as `insufficientMargin`.
   */
  async function fillEntry(tx: Tx, row: OrderRow, inst: Instrument, fired: Fired, tick: MarketTick): Promise<OrderRow> {
    const ins = engineInstrument(inst);
    const mode = row.mode as AccountMode;
    const qtySteps = storedLotsToSteps(ins, row.lots);
    const now = clock.now();
    await ledger.voidHold(tx, {
      holdKey: holdKeys.entry(row.id),
      key: `cfd:${row.id}:entry:void`,
      code: TRADING_CODES.entryRelease,
    });
    let position: Position;
    let fee: bigint;
    try {
      position = openPosition(ins, {
        side: row.side as Side,
        entryTicks: fired.fillTicks,
        qtySteps,
        leverage: row.leverage,
      });
      // The VIP discount as it stands when the fee is posted (this transaction).
      fee = (await ctx.feeDiscount(tx, row.userId)).apply(feeMinor(ins, fired.fillTicks, qtySteps));
      // A savepoint: the hold and the fee commit together or not at all.
      await (tx as unknown as Db).transaction((sp) => holdMarginAndFee(sp, row, position.marginMinor, fee));
    } catch (e) {
      const refused = e instanceof AppError && e.code === ErrorCode.BalanceInsufficientRecharge;
      if (!refused && !(e instanceof Error && e.name === 'EngineError')) throw e;
      log.info(
        { orderId: row.id, tickId: tick.id },
        'trading: entry reached but margin no longer available; cancelled',
      );
      return repo.updateOrder(tx, row.id, {
        status: 'cancelled',
        cancelReason: 'insufficientMargin',
        cancelledAt: now,
        marginHeld: '0',
        updatedAt: now,
      });
    }
    await market.pinTick(tx, tick.id);
    const entryPrice = ticksToPriceString(inst, fired.fillTicks);
    const updated = await repo.updateOrder(tx, row.id, {
      status: 'open',
      openLots: row.lots,
      entryPrice,
      entryTickId: tick.id,
      openedAt: now,
      margin: usdt(position.marginMinor),
      marginHeld: usdt(position.marginMinor),
      fee: usdt(fee),
      stopOutPrice: stopOutPriceOf(inst, ins, position, row.stopOutLevel),
      updatedAt: now,
    });
    await repo.insertFill(tx, {
      orderId: row.id,
      userId: row.userId,
      mode,
      kind: 'open',
      reason: fired.reason,
      lots: stepsToLots(ins, qtySteps),
      price: entryPrice,
      tickId: tick.id,
      notional: usdt(notionalMinor(ins, fired.fillTicks, qtySteps)),
      fee: usdt(fee),
      margin: usdt(position.marginMinor),
      createdAt: now,
    });
    return updated;
  }

  /** The level a fired position trigger was registered at, as the row holds it now. */
  function levelNow(inst: Instrument, row: OrderRow, reason: Fired['reason']): bigint | null {
    switch (reason) {
      case 'stopLoss':
        return priceTicksOrNull(inst, row.stopLoss);
      case 'takeProfit':
        return priceTicksOrNull(inst, row.takeProfit);
      case 'stopOut':
        return priceTicksOrNull(inst, row.stopOutPrice);
      default:
        return row.orderPrice === null ? null : storedPriceToTicks(inst, row.orderPrice);
    }
  }

  /**
   * Settles what a tick fired, in its own transaction, priced at that tick. The row is the truth:
   * if it changed since the trigger was registered (closed by hand, stops modified), nothing is
   * done and the row's current triggers are registered again.
   */
  async function settleFired(fired: Fired, tick: MarketTick): Promise<RunnerEntry | null> {
    const found = await repo.findOrder(db, fired.id);
    if (!found) return null;
    const inst = await instrument(found.instrumentId);
    const row = await ledger.runInTransaction(
      async (tx) => {
        const locked = await repo.lockOrder(tx, fired.id);
        if (!locked) return null;
        const expected = fired.kind === 'entry' ? 'pending' : 'open';
        if (locked.status !== expected || levelNow(inst, locked, fired.reason) !== fired.triggerTicks) return locked;
        if (fired.kind === 'entry') {
          const filled = await fillEntry(tx, locked, inst, fired, tick);
          if (filled.status === 'cancelled') {
            await emit(tx, filled, 'cancelled', { reason: filled.cancelReason, price: null, tickId: tick.id });
          } else {
            await emit(tx, filled, 'opened', {
              reason: fired.reason,
              price: price(inst, filled.entryPrice),
              tickId: tick.id,
            });
          }
          return filled;
        }
        const steps = storedLotsToSteps(engineInstrument(inst), locked.openLots);
        const closed = await settleClose(
          tx,
          locked,
          inst,
          steps,
          fired.fillTicks,
          tick.id,
          fired.reason as CloseReason,
        );
        await emit(tx, closed.row, closed.row.status === 'closed' ? 'closed' : 'reduced', {
          reason: fired.reason,
          price: price(inst, closed.fill.price),
          tickId: tick.id,
        });
        return closed.row;
      },
      { retries: RETRIES },
    );
    published();
    return row ? entryOf(inst, row, tick.id) : null;
  }

  return { holdMarginAndFee, holdMarginAndFeeFast, settleClose, settleFired };
}
