import type {
  BuyURequest,
  CloseReason,
  FillReason,
  ListUOrderQuery,
  ListUOrderResult,
  MarginAccount,
  OrderPreview,
  OrderPush,
  OrderPushEvent,
  OrderState,
  ProfitTotal,
  StopURequest,
  UFill,
  UOrder,
  UOrderDetail,
  UpdateURequest,
} from '@openbourse/contracts/trading.ts';
import { ORDER_STATES, ORDER_STATUS } from '@openbourse/contracts/trading.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import {
  type Instrument as EngineInstrument,
  type EntryType,
  type Fired,
  type OrderQuote,
  type Position,
  type Quote,
  type Side,
  assertFreeMargin,
  checkLeverage,
  closePosition,
  closePriceTicks,
  feeMinor,
  lotsToSteps,
  marginLevel,
  notionalMinor,
  openPosition,
  parseStopOutLevel,
  priceToTicks,
  quoteMarketOrder,
  quotePendingOrder,
  ratio,
  stepsToLots,
  stopOutTicks,
  unrealisedPnlMinor,
  validatePendingStops,
  validateStops,
} from '@openbourse/engine';
import { minUnits } from '@openbourse/money';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MarketService, QuoteSnapshot } from '../market/market.service.ts';
import type { Instrument, MarketTick } from '../market/market.types.ts';
import type { ParamsService } from '../params/params.service.ts';
import { engine, tradingErrors } from './trading.errors.ts';
import { clientRequestDigest, isPublicId, orderNo, type PublicIdSource, randomPublicId } from './trading.ids.ts';
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
import { createTriggerRunner, type RunnerEntry, type TriggerRunner } from './trading.runner.ts';

/** Transfer and hold codes this module writes (README: ledger flows). */
export const TRADING_CODES = {
  /** hold: margin of an open position (available → locked). */
  margin: 'cfd_margin',
  /** hold: margin + fee of an order waiting to open. */
  entry: 'cfd_entry',
  /** void of the entry hold (cancel, or converted into the position's hold on fill). */
  entryRelease: 'cfd_entry_release',
  /** user available → platform fees: the opening fee. */
  fee: 'cfd_fee',
  /** post of the margin hold: locked → user available. */
  marginRelease: 'cfd_margin_release',
  /** post of the margin hold: locked → platform treasury (a realised loss). */
  loss: 'cfd_loss',
  /** platform treasury → user available (a realised profit). */
  profit: 'cfd_profit',
} as const;

export const holdKeys = {
  entry: (orderId: number) => `cfd:${orderId}:entry`,
  margin: (orderId: number) => `cfd:${orderId}:margin`,
};

export interface TradingOptions {
  /**
   * Margin level at which a position is stopped out, a fraction in [0, 1) with at most 4 decimals:
   * "0.5" closes a position once its equity (margin + unrealised PnL) falls to 50 % of its margin.
   * The parameter `cfd_stop_out_level`, when set, overrides it for new positions.
   */
  stopOutLevel: string;
  /** How long a manual close / modification waits for the trigger runner to reach its quote. */
  catchUpMs: number;
}

export const DEFAULT_TRADING_OPTIONS: TradingOptions = { stopOutLevel: '0.5', catchUpMs: 2000 };

/** TRADING_STOP_OUT_LEVEL from the environment (optional). */
export function tradingOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): TradingOptions {
  const level = env.TRADING_STOP_OUT_LEVEL;
  if (level !== undefined && !isLevel(level)) {
    throw new Error(`Invalid TRADING_STOP_OUT_LEVEL "${level}": a fraction in [0, 1) with at most 4 decimals`);
  }
  return { ...DEFAULT_TRADING_OPTIONS, ...(level !== undefined ? { stopOutLevel: level } : {}) };
}

function isLevel(s: string): boolean {
  if (!/^0(\.\d{1,4})?$/.test(s)) return false;
  try {
    parseStopOutLevel(s);
    return true;
  } catch {
    return false;
  }
}

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
const silent: Logger = { info() {}, warn() {}, error() {} };

type BuyInput = z.output<typeof BuyURequest>;
type StopInput = z.output<typeof StopURequest>;
type UpdateInput = z.output<typeof UpdateURequest>;
type ListInput = z.output<typeof ListUOrderQuery>;

/**
 * A refused insert: the client's idempotency key exists (roll back and answer the first order, or
 * 40016 for a different request), or the random public id was drawn before (draw again).
 */
class DuplicateClientOrder extends Error {}

const REF_TYPE = 'cfd_order';
const RETRIES = 3;
/** Draws of a public id per order (a draw is taken with probability orders so far / 2^52). */
const PUBLIC_ID_DRAWS = 5;

export interface TradingDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  market: MarketService;
  params: Pick<ParamsService, 'get'>;
  options?: Partial<TradingOptions>;
  log?: Logger;
  /** Public order ids (default: random from the CSPRNG). */
  publicIds?: PublicIdSource;
}

export function createTradingService(deps: TradingDeps) {
  const { db, clock, ledger, market, params } = deps;
  const options: TradingOptions = { ...DEFAULT_TRADING_OPTIONS, ...deps.options };
  const log = deps.log ?? silent;
  const publicIds = deps.publicIds ?? randomPublicId;
  if (!isLevel(options.stopOutLevel)) throw new Error(`invalid stop-out level ${options.stopOutLevel}`);

  /** Instruments seen by this service, for the runner's synchronous path (ticks → engine ticks). */
  const instruments = new Map<number, Instrument>();

  async function instrument(id: number): Promise<Instrument> {
    const inst = await market.getInstrument(id);
    instruments.set(inst.id, inst);
    return inst;
  }

  async function stopOutLevel(): Promise<string> {
    const p = await params.get('cfd_stop_out_level');
    if (p !== undefined && p !== '') {
      if (isLevel(p)) return p;
      log.warn({ value: p }, 'trading: parameter cfd_stop_out_level is not a fraction in [0, 1); using the default');
    }
    return options.stopOutLevel;
  }

  /** 10092 from the ledger becomes "balance insufficient, recharge first" (10011). */
  function asMarginError(e: unknown): unknown {
    return e instanceof AppError && e.code === ErrorCode.BalanceInsufficient ? tradingErrors.insufficientMargin() : e;
  }

  // ─── state of a row ──────────────────────────────────────────────────────────────────────────

  function positionOf(inst: Instrument, ins: EngineInstrument, row: OrderRow): Position {
    if (row.entryPrice === null) throw new Error(`cfd order ${row.id} has no entry price`);
    return {
      side: row.side as Side,
      entryTicks: storedPriceToTicks(inst, row.entryPrice),
      qtySteps: storedLotsToSteps(ins, row.openLots),
      marginMinor: usdtMinor(row.marginHeld),
      realisedExact: ratio(BigInt(row.realisedNum), BigInt(row.realisedDen)),
    };
  }

  const priceTicksOrNull = (inst: Instrument, stored: string | null) =>
    stored === null ? null : storedPriceToTicks(inst, stored);

  /** The order's triggers as the runner holds them, active from the first tick after `afterTickId`. */
  function entryOf(inst: Instrument, row: OrderRow, afterTickId: number): RunnerEntry {
    const base = { instrumentId: row.instrumentId, orderId: row.id, version: row.version, afterTickId };
    if (row.status === 'pending' && row.orderPrice !== null) {
      return {
        ...base,
        item: {
          kind: 'entry',
          id: row.id,
          side: row.side as Side,
          type: row.type as EntryType,
          priceTicks: storedPriceToTicks(inst, row.orderPrice),
        },
      };
    }
    if (row.status === 'open') {
      const stopLossTicks = priceTicksOrNull(inst, row.stopLoss);
      const takeProfitTicks = priceTicksOrNull(inst, row.takeProfit);
      const stopOut = priceTicksOrNull(inst, row.stopOutPrice);
      if (stopLossTicks === null && takeProfitTicks === null && stopOut === null) return { ...base, item: null };
      return {
        ...base,
        item: {
          kind: 'position',
          id: row.id,
          side: row.side as Side,
          stopLossTicks,
          takeProfitTicks,
          stopOutTicks: stopOut,
        },
      };
    }
    return { ...base, item: null };
  }

  // ─── views ───────────────────────────────────────────────────────────────────────────────────

  const ms = (d: Date | null) => (d ? d.getTime() : null);
  const price = (inst: Instrument, stored: string | null) =>
    stored === null ? null : ticksToPriceString(inst, storedPriceToTicks(inst, stored));

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

  // ─── ledger steps ────────────────────────────────────────────────────────────────────────────

  const ref = (orderId: number) => ({ refType: REF_TYPE, refId: String(orderId) });

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
          credit: { platform: 'fees', mode },
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
        to: { platform: 'treasury', mode },
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
        debit: { platform: 'treasury', mode },
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

  function stopOutPriceOf(inst: Instrument, ins: EngineInstrument, p: Position, level: string): string | null {
    const ticks = stopOutTicks(ins, p, trimDecimal(level));
    return ticks === null ? null : ticksToPriceString(inst, ticks);
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
      fee = feeMinor(ins, fired.fillTicks, qtySteps);
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

  // ─── order events (private pushes) ───────────────────────────────────────────────────────────

  const orderListeners = new Set<(userId: number, push: OrderPush) => void>();

  /** Tells listeners (the WebSocket) that an order changed; called after its transaction committed. */
  function emit(
    row: OrderRow,
    event: OrderPushEvent,
    fill: { reason: string | null; price: string | null; tickId: number | null } = {
      reason: null,
      price: null,
      tickId: null,
    },
  ): void {
    if (orderListeners.size === 0) return;
    const push: OrderPush = {
      ch: 'orders',
      mode: row.mode as AccountMode,
      id: row.publicId,
      orderNo: row.orderNo,
      code: row.instrumentCode,
      state: row.status as OrderState,
      event,
      reason: fill.reason,
      price: fill.price,
      tickId: fill.tickId,
    };
    for (const listener of orderListeners) {
      try {
        listener(row.userId, push);
      } catch (err) {
        log.warn({ err }, 'trading: order listener failed');
      }
    }
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
    let acted: { row: OrderRow; price: string | null } | null = null;
    const row = await ledger.runInTransaction(
      async (tx) => {
        acted = null;
        const locked = await repo.lockOrder(tx, fired.id);
        if (!locked) return null;
        const expected = fired.kind === 'entry' ? 'pending' : 'open';
        if (locked.status !== expected || levelNow(inst, locked, fired.reason) !== fired.triggerTicks) return locked;
        if (fired.kind === 'entry') {
          const filled = await fillEntry(tx, locked, inst, fired, tick);
          acted = { row: filled, price: price(inst, filled.entryPrice) };
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
        acted = { row: closed.row, price: price(inst, closed.fill.price) };
        return closed.row;
      },
      { retries: RETRIES },
    );
    const done = acted as { row: OrderRow; price: string | null } | null;
    if (done) {
      const r = done.row;
      if (r.status === 'cancelled') emit(r, 'cancelled', { reason: r.cancelReason, price: null, tickId: tick.id });
      else if (fired.kind === 'entry') emit(r, 'opened', { reason: fired.reason, price: done.price, tickId: tick.id });
      else
        emit(r, r.status === 'closed' ? 'closed' : 'reduced', {
          reason: fired.reason,
          price: done.price,
          tickId: tick.id,
        });
    }
    return row ? entryOf(inst, row, tick.id) : null;
  }

  const runner: TriggerRunner = createTriggerRunner({
    subscribe: (listener) => market.subscribe(listener),
    async loadAll() {
      const rows = await repo.liveOrders(db);
      const out: RunnerEntry[] = [];
      for (const row of rows) {
        const inst = await instrument(row.instrumentId);
        out.push(entryOf(inst, row, Math.max(row.placedTickId, row.entryTickId ?? 0)));
      }
      return out;
    },
    async loadOne(orderId, afterTickId) {
      const row = await repo.findOrder(db, orderId);
      if (!row) return null;
      return entryOf(await instrument(row.instrumentId), row, afterTickId);
    },
    quoteOf(tick) {
      const inst = instruments.get(tick.instrumentId);
      return inst ? quoteTicks(inst, tick) : null;
    },
    settle: settleFired,
    log,
  });

  // ─── placing ─────────────────────────────────────────────────────────────────────────────────

  interface Prepared {
    inst: Instrument;
    ins: EngineInstrument;
    snap: QuoteSnapshot;
    quote: OrderQuote;
    stopLossTicks: bigint | null;
    takeProfitTicks: bigint | null;
    stopOut: string | null;
    level: string;
    availableMinor: bigint;
  }

  /** Everything buyU checks before writing, in the order the form reads; also the preview. */
  async function prepare(userId: number, mode: AccountMode, input: BuyInput): Promise<Prepared> {
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
    const level = await stopOutLevel();
    const position = openPosition(ins, {
      side: input.side,
      entryTicks: quote.entryTicks,
      qtySteps,
      leverage: input.leverage,
    });
    const balance = await ledger.balance(db, userId, mode, USDT);
    return {
      inst,
      ins,
      snap,
      quote,
      stopLossTicks,
      takeProfitTicks,
      stopOut: stopOutPriceOf(inst, ins, position, level),
      level,
      availableMinor: usdtMinor(balance.available),
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
    const p = await prepare(userId, mode, input);
    engine(() => assertFreeMargin(p.availableMinor, p.quote));
    const { inst, snap } = p;
    let row: OrderRow | null = null;
    for (let draw = 1; row === null; draw++) {
      try {
        row = await insertNewOrder(userId, mode, input, p, client);
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
    if (input.type === 'market') {
      emit(row, 'opened', { reason: 'market', price: price(inst, row.entryPrice), tickId: snap.tickId });
    } else emit(row, 'placed');
    return view(inst, row, snap);
  }

  /**
   * The order row, its holds (and for a market order its fee and opening fill) in one transaction.
   * Throws DuplicateClientOrder when the insert is refused by a unique key.
   */
  async function insertNewOrder(
    userId: number,
    mode: AccountMode,
    input: BuyInput,
    p: Prepared,
    client: { id: string; hash: string } | null,
  ): Promise<OrderRow> {
    const { inst, ins, snap, quote } = p;
    const isMarket = input.type === 'market';
    const publicId = drawPublicId();
    return ledger.runInTransaction(
      async (tx) => {
        const now = clock.now();
        const id = await repo.nextOrderId(tx);
        const entryPrice = ticksToPriceString(inst, quote.entryTicks);
        const lots = stepsToLots(ins, quote.qtySteps);
        const inserted = await repo.insertOrder(tx, {
          id,
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
        });
        if (!inserted) throw new DuplicateClientOrder();
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
          return inserted;
        }
        await market.pinTick(tx, snap.tickId);
        await holdMarginAndFee(tx, inserted, quote.marginMinor, quote.feeMinor);
        await repo.insertFill(tx, {
          orderId: id,
          userId,
          mode,
          kind: 'open',
          reason: 'market',
          lots,
          price: entryPrice,
          tickId: snap.tickId,
          notional: usdt(quote.notionalMinor),
          fee: usdt(quote.feeMinor),
          margin: usdt(quote.marginMinor),
          createdAt: now,
        });
        return inserted;
      },
      { retries: RETRIES },
    );
  }

  // ─── the service ─────────────────────────────────────────────────────────────────────────────

  /** The user's order in that book by its public id (80005 for anyone else's, or the other book's). */
  async function own(userId: number, mode: AccountMode, publicId: number): Promise<OrderRow> {
    const row = await repo.findOwnOrder(db, { publicId, userId, mode });
    if (!row) throw tradingErrors.noRecord();
    return row;
  }

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
    runner,
    options,

    /** Starts the trigger runner (subscribes to ticks, loads open positions and pending orders). */
    start: () => runner.start(),
    stop: () => runner.stop(),

    /** What buyU would do now, without doing it: price, margin, fee, stop-out (shown before confirming). */
    async preview(userId: number, mode: AccountMode, input: BuyInput): Promise<OrderPreview> {
      const p = await prepare(userId, mode, input);
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
        available: usdt(p.availableMinor),
        stopOutPrice: p.stopOut,
        stopOutLevel: trimDecimal(p.level),
      };
    },

    buy,

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
          return settleClose(tx, row, inst, steps, closePriceTicks(row.side as Side, q), snap.tickId, 'manual');
        },
        { retries: RETRIES },
      );
      runner.apply(entryOf(inst, out.row, snap.tickId));
      emit(out.row, out.row.status === 'closed' ? 'closed' : 'reduced', {
        reason: 'manual',
        price: price(inst, out.fill.price),
        tickId: snap.tickId,
      });
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
          return repo.updateOrder(tx, locked.id, {
            status: 'cancelled',
            cancelReason: 'user',
            cancelledAt: now,
            marginHeld: '0',
            updatedAt: now,
          });
        },
        { retries: RETRIES },
      );
      const inst = await instrument(row.instrumentId);
      runner.apply(entryOf(inst, row, market.currentQuote(inst.id)?.tickId ?? row.placedTickId));
      emit(row, 'cancelled', { reason: 'user', price: null, tickId: null });
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
          const side = locked.side as Side;
          if (locked.status === 'open') engine(() => validateStops(side, stops, q));
          else engine(() => validatePendingStops(side, stops, storedPriceToTicks(inst, locked.orderPrice!)));
          return repo.updateOrder(tx, locked.id, {
            stopLoss: stops.stopLossTicks === null ? null : ticksToPriceString(inst, stops.stopLossTicks),
            takeProfit: stops.takeProfitTicks === null ? null : ticksToPriceString(inst, stops.takeProfitTicks),
            updatedAt: clock.now(),
          });
        },
        { retries: RETRIES },
      );
      runner.apply(entryOf(inst, row, snap.tickId));
      emit(row, 'updated');
      return view(inst, row, snap);
    },

    /**
     * Calls `listener` after each committed change of any order (placed, opened, closed, reduced,
     * cancelled, stops updated), with the owner's id. Returns the unsubscribe function.
     */
    onOrderChange(listener: (userId: number, push: OrderPush) => void): () => void {
      orderListeners.add(listener);
      return () => orderListeners.delete(listener);
    },

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
        marginLevel: marginLevel(used, open),
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
    async volume24hUsdt(): Promise<string> {
      const since = new Date(clock.now().getTime() - 86_400_000);
      return trimDecimal(usdt(usdtMinor(await repo.notionalSince(db, 'real', since))));
    },
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
