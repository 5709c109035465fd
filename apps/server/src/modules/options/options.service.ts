/**
 * Options (spec §1, §7 order/buyOptions, order/listOptionsOrder, order/getOptionsOrderById; DESIGN §4):
 * a quote fixes σ, the model rate, the rate charged and the maximum payout for a few seconds; the
 * confirmation takes the strike from the recorded tick current at that moment (pinned), marks the
 * quote used and moves the premium to the platform's options account, all in one transaction. The
 * settlement at expiry is options.settlement.ts; the model is packages/engine/src/options.
 */
import { randomBytes } from 'node:crypto';
import type {
  ListOptionsOrderResult,
  OptionDirection,
  OptionOrder,
  OptionQuote,
  OptionQuoteRequest,
  OptionStatus,
} from '@openbourse/contracts/options.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { capPrice, optionQuantity } from '@openbourse/engine';
import { fitsLedger, formatDecimal, parseDecimal } from '@openbourse/money';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { trimAmount, userAmountUnits } from '../../lib/amounts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Mode } from '../ledger/ledger.types.ts';
import type { RateLimiter } from '../limits/limits.service.ts';
import type { MarketService } from '../market/market.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { nextSessionChange } from '../market/market.session.ts';
import type { Instrument } from '../market/market.types.ts';
import type { ParamsService } from '../params/params.service.ts';
import { optionsErrors } from './options.errors.ts';
import { createOptionPricing, type OptionPricing, quoteFigures } from './options.pricing.ts';
import { type OptionStatus as RowStatus, optionsRepository as repo } from './options.repository.ts';
import { createOptionSeries, unitsAt } from './options.series.ts';
import { createOptionSettlement, OPTION_CODES, OPTION_REF, priceText, shardOf } from './options.settlement.ts';
import type { OptionOrderRow, OptionSeriesRow } from './options.tables.ts';

type QuoteInput = z.output<typeof OptionQuoteRequest>;

/** How long a quote may be confirmed: parameter `options.quoteTtlSeconds` (1–3600), default 15. */
export const OPTIONS_QUOTE_TTL_PARAM = 'options.quoteTtlSeconds';
export const OPTIONS_QUOTE_TTL_SECONDS_DEFAULT = 15;
/** Quotes one user may ask for per minute: each is a stored row. */
export const QUOTE_RULE = { windowMs: 60_000, max: 60 };

/** 52 random bits above 2^52: 16 digits, exact in JSON, not counting the platform's orders. */
const randomPublicId = () => Number((1n << 52n) | (randomBytes(8).readBigUInt64BE() >> 12n));

function ttlSeconds(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return OPTIONS_QUOTE_TTL_SECONDS_DEFAULT;
  const n = Number(raw);
  return n >= 1 && n <= 3_600 ? n : OPTIONS_QUOTE_TTL_SECONDS_DEFAULT;
}

export function createOptions(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  market: MarketService;
  params: ParamsService;
  limiter?: RateLimiter;
  pricing?: OptionPricing;
  /** The outbox (events module): settled orders are announced after commit. */
  events?: { write(exec: Executor, topic: string, payload: unknown): Promise<unknown>; published(): void };
  /** The owners' inbox: a settled order is notified in its transaction (notifications module). */
  notify?: Notify;
  quoteIds?: () => string;
  publicIds?: () => number;
}) {
  const { db, clock, ledger, market, params } = deps;
  const quoteIds = deps.quoteIds ?? (() => randomBytes(16).toString('hex'));
  const publicIds = deps.publicIds ?? randomPublicId;
  const pricing = deps.pricing ?? createOptionPricing({ market, clock });
  const series = createOptionSeries({ db, clock, ledger, market, pricing });
  const settlement = createOptionSettlement({
    db,
    clock,
    ledger,
    market,
    scaleOf: series.scaleOf,
    ...(deps.events ? { events: deps.events } : {}),
    ...(deps.notify ? { notify: deps.notify } : {}),
  });

  /** An order as its owner sees it. */
  async function view(row: OptionOrderRow): Promise<OptionOrder> {
    const inst = await series.instrumentOf(row.instrumentId);
    const scale = (await series.scaleOf(db, row.currency)) ?? 0;
    const payout = row.payout === null ? null : trimAmount(row.payout);
    const px = (v: string) => priceText(v, inst?.priceDecimals ?? 0);
    const profit =
      payout === null
        ? null
        : formatDecimal(unitsAt(payout, scale) - unitsAt(row.amount, scale), scale, { trim: true });
    return {
      id: row.publicId,
      mode: row.mode as Mode,
      seriesId: row.seriesId,
      instrumentId: row.instrumentId,
      code: inst?.code ?? '',
      direction: row.direction as OptionDirection,
      period: row.period,
      currency: row.currency,
      amount: trimAmount(row.amount),
      volatility: row.volatility,
      modelRate: row.modelRate,
      spreadBps: row.spreadBps,
      rate: row.rate,
      capMove: trimAmount(row.capMove),
      strike: px(row.strike),
      openTickId: row.openTickId,
      quantity: trimAmount(row.quantity),
      capPrice: px(row.capPrice),
      maxPayout: trimAmount(row.maxPayout),
      openedAt: row.openedAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
      status: row.status as OptionStatus,
      settlePrice: row.settlePrice === null ? null : px(row.settlePrice),
      settleTickId: row.settleTickId,
      settleTickAt: row.settleTickAt?.getTime() ?? null,
      settledAt: row.settledAt?.getTime() ?? null,
      payout,
      profit,
    };
  }

  /** The instrument of an enabled series; 10014 when the series is unknown, off, or its instrument gone. */
  async function openSeries(exec: Executor, id: number): Promise<{ row: OptionSeriesRow; inst: Instrument }> {
    const row = await series.get(exec, id);
    const inst = row?.enabled ? await series.instrumentOf(row.instrumentId) : null;
    if (!row || !inst) throw optionsErrors.series();
    return { row, inst };
  }

  /**
   * 10015 unless the instrument can be traded at `now` and stays in session past `expiresAtMs` (the
   * expiry must be priced by a tick of the same session, not by the next open).
   */
  async function assertOpenUntil(inst: Instrument, now: Date, expiresAtMs: number): Promise<void> {
    try {
      await market.assertTradable(inst.id, now);
    } catch {
      throw optionsErrors.notTradable();
    }
    const change = nextSessionChange(inst.session, now);
    if (change !== null && change <= expiresAtMs) throw optionsErrors.notTradable();
  }

  async function available(userId: number, mode: Mode, currency: string, scale: number): Promise<bigint> {
    const b = await ledger.balance(db, userId, mode, currency);
    return parseDecimal(b.available, scale, { allowNegative: true });
  }

  return {
    series,
    pricing,
    settlement,
    view,

    /**
     * Quotes an option in the user's `mode` account and stores the quote: σ now, the model rate, the
     * rate charged, the maximum payout; the price now and its tick as the indicative strike.
     */
    async quote(userId: number, mode: Mode, input: QuoteInput): Promise<OptionQuote> {
      if (deps.limiter) {
        const hit = await deps.limiter.hit(`options:quote:${userId}`, QUOTE_RULE);
        if (!hit.allowed) throw optionsErrors.tooManyQuotes();
      }
      const { row, inst } = await openSeries(db, input.seriesId);
      if (!row.periods.includes(input.period)) throw optionsErrors.period();
      const scale = await series.scaleOf(db, row.currency);
      if (scale === null) throw optionsErrors.series();
      const amount = userAmountUnits(input.amount, scale);
      if (amount === null || !fitsLedger(amount, scale)) throw optionsErrors.amount();
      if (amount < unitsAt(row.minAmount, scale) || amount > unitsAt(row.maxAmount, scale)) {
        throw optionsErrors.amount();
      }
      const now = clock.now();
      await assertOpenUntil(inst, now, now.getTime() + input.period * 1000);
      const volatility = await pricing.volatility(inst);
      const current = market.currentQuote(inst.id);
      if (volatility === null || !current) throw optionsErrors.notTradable();
      const amountText = formatDecimal(amount, scale, { trim: true });
      const figures = quoteFigures({
        kind: input.direction,
        session: inst.session,
        periodSeconds: input.period,
        volatility,
        capMove: trimAmount(row.capMove),
        spreadBps: row.spreadBps,
        amount: amountText,
        scale,
      });
      if (unitsAt(figures.rate, 8) === 0n) throw optionsErrors.notTradable();
      const quantity = optionQuantity(amountText, current.last, figures.rate);
      if (unitsAt(quantity, 8) === 0n) throw optionsErrors.amount();
      // Told now rather than at confirmation; the confirmation's debit checks again.
      if ((await available(userId, mode, row.currency, scale)) < amount) throw optionsErrors.insufficient(row.currency);
      const ttlMs = ttlSeconds(await params.get(OPTIONS_QUOTE_TTL_PARAM)) * 1000;
      for (let draw = 0; draw < 5; draw++) {
        const stored = await repo.insertQuote(db, {
          quoteId: quoteIds(),
          userId,
          mode,
          seriesId: row.id,
          direction: input.direction,
          period: input.period,
          amount: amountText,
          volatility: figures.volatility,
          modelRate: figures.modelRate,
          spreadBps: row.spreadBps,
          rate: figures.rate,
          capMove: row.capMove,
          maxPayout: figures.maxPayout,
          createdAt: now,
          expiresAt: new Date(now.getTime() + ttlMs),
        });
        if (!stored) continue;
        return {
          quoteId: stored.quoteId,
          mode,
          seriesId: row.id,
          code: inst.code,
          direction: input.direction,
          period: input.period,
          currency: row.currency,
          amount: amountText,
          volatility: figures.volatility,
          modelRate: figures.modelRate,
          spreadBps: row.spreadBps,
          rate: figures.rate,
          capMove: trimAmount(row.capMove),
          maxPayout: trimAmount(figures.maxPayout),
          price: current.last,
          tickId: current.tickId,
          quantity: trimAmount(quantity),
          expiresAt: stored.expiresAt.getTime(),
        };
      }
      throw new Error('options: no free quote id after 5 draws');
    },

    /**
     * Buys the user's quote in `mode`: used once (unused, not expired, the user's), struck at the
     * recorded tick current now (pinned), the premium moved to the platform's options account, in
     * one transaction. A refused debit (10011) leaves the quote unused and nothing written.
     */
    async buy(userId: number, mode: Mode, quoteId: string): Promise<OptionOrder> {
      const seen = await repo.quoteOf(db, quoteId, userId, mode);
      if (!seen || seen.usedAt !== null) throw optionsErrors.quoteNotFound();
      if (seen.expiresAt.getTime() <= clock.now().getTime()) throw optionsErrors.quoteExpired();
      const { row: seriesRow, inst } = await openSeries(db, seen.seriesId);
      const scale = await series.scaleOf(db, seriesRow.currency);
      if (scale === null) throw optionsErrors.series();
      const shard = shardOf(seen.quoteId);
      // The accounts exist before the transaction, so that it never waits on another's uncommitted
      // creation of one.
      await Promise.all([
        ledger.getOrCreateUserAccount(db, userId, mode, seriesRow.currency),
        ledger.getOrCreatePlatformAccount(db, mode, seriesRow.currency, 'options', shard),
      ]);
      const order = await ledger.runInTransaction(
        async (tx) => {
          const now = clock.now();
          const used = await repo.useQuote(tx, { quoteId, userId, mode, now });
          if (!used) {
            const again = await repo.quoteOf(tx, quoteId, userId, mode);
            if (again && again.usedAt === null) throw optionsErrors.quoteExpired();
            throw optionsErrors.quoteNotFound();
          }
          const expiresAt = new Date(now.getTime() + used.period * 1000);
          await assertOpenUntil(inst, now, expiresAt.getTime());
          const current = market.currentQuote(inst.id);
          if (!current) throw optionsErrors.notTradable();
          // The strike: the recorded tick current now, kept forever with the order.
          const tick = await market.pinTick(tx, current.tickId);
          const amount = trimAmount(used.amount);
          const rate = trimAmount(used.rate);
          const capMove = trimAmount(used.capMove);
          const quantity = optionQuantity(amount, tick.last, rate);
          if (unitsAt(quantity, 8) === 0n) throw optionsErrors.amount();
          let inserted: OptionOrderRow | undefined;
          for (let draw = 0; draw < 5 && !inserted; draw++) {
            inserted = await repo.insertOrder(tx, {
              publicId: publicIds(),
              userId,
              mode,
              seriesId: used.seriesId,
              instrumentId: inst.id,
              quoteId: used.quoteId,
              direction: used.direction,
              period: used.period,
              currency: seriesRow.currency,
              amount,
              volatility: used.volatility,
              modelRate: used.modelRate,
              spreadBps: used.spreadBps,
              rate,
              capMove,
              strike: tick.last,
              openTickId: tick.id,
              quantity,
              capPrice: capPrice(used.direction as OptionDirection, tick.last, capMove),
              maxPayout: used.maxPayout,
              openedAt: now,
              expiresAt,
              status: 'open',
            });
          }
          if (!inserted) throw new Error('options: no free public id after 5 draws');
          try {
            await ledger.transfer(tx, {
              key: `option:${inserted.id}:premium`,
              debit: { userId, mode },
              credit: { platform: 'options', mode, shard },
              currency: inserted.currency,
              amount,
              code: OPTION_CODES.premium,
              refType: OPTION_REF,
              refId: String(inserted.publicId),
            });
          } catch (e) {
            if (e instanceof AppError && e.code === ErrorCode.BalanceInsufficient) {
              throw optionsErrors.insufficient(inserted.currency);
            }
            throw e;
          }
          return inserted;
        },
        { retries: 3 },
      );
      return view(order);
    },

    /** The user's orders in `mode`, newest first (order/listOptionsOrder). */
    async list(
      userId: number,
      mode: Mode,
      q: { status?: RowStatus | undefined; page: number; size: number },
    ): Promise<ListOptionsOrderResult> {
      const { rows, total } = await repo.orders(db, { userId, mode, status: q.status, page: q.page, size: q.size });
      const list: OptionOrder[] = [];
      for (const r of rows) list.push(await view(r));
      return { list, total, page: q.page, size: q.size };
    },

    /** One of the user's orders, in either account (it carries its mode); 80005 for anyone else's. */
    async get(userId: number, publicId: number): Promise<OptionOrder> {
      const row = await repo.orderByPublicId(db, publicId, userId);
      if (!row) throw optionsErrors.noRecord();
      return view(row);
    },

    /** Per series, mode and currency: the open orders and the sum of their maximum payouts (the back office). */
    exposure: () => repo.openExposure(db),

    /** Forgets quotes never confirmed that expired more than a day ago (a job runs it). */
    async sweepQuotes(): Promise<number> {
      return repo.sweepQuotes(db, new Date(clock.now().getTime() - 24 * 3_600_000));
    },
  };
}

export type Options = ReturnType<typeof createOptions>;
