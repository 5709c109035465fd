import type {
  AddPriceAlertRequest,
  AlertCondition,
  PriceAlert,
  PriceAlertsResult,
} from '@openbourse/contracts/watchlist.ts';
import { formatDecimal, isMoneyError, parseDecimal } from '@openbourse/money';
import type { Instrument } from '../market/market.types.ts';
import type { MarketTick } from '../market/market.types.ts';
import {
  ALERT_TOPIC,
  type AlertEvent,
  randomPublicId,
  type WatchlistDeps,
  type WatchlistOptions,
} from './watchlist.context.ts';
import { watchlistErrors } from './watchlist.errors.ts';
import { PRICE_SCALE } from './watchlist.index.ts';
import { watchlistRepository as repo } from './watchlist.repository.ts';
import type { WatchedAlert } from './watchlist.runner.ts';
import type { PriceAlertRow } from './watchlist.tables.ts';

/** A stored price (numeric(38, 12), e.g. "95000.000000000000") at the instrument's decimals. */
const atDecimals = (stored: string, decimals: number) => formatDecimal(parseDecimal(stored, decimals), decimals);

/** What the evaluator holds of a stored alert. */
export const watchedOf = (row: PriceAlertRow): WatchedAlert => ({
  id: row.id,
  instrumentId: row.instrumentId,
  condition: row.condition as AlertCondition,
  target: parseDecimal(row.targetPrice, PRICE_SCALE),
  afterTickId: row.createdTickId,
});

/**
 * Price alerts: set against the current recorded quote, listed, removed, and fired once by the
 * evaluator (`fire`), which stores the notification in the same transaction.
 */
export function createAlerts(deps: WatchlistDeps, options: WatchlistOptions) {
  const { db, clock, market, events, notifications } = deps;
  const publicIds = deps.publicIds ?? randomPublicId;

  function view(row: PriceAlertRow, inst: Instrument): PriceAlert {
    const d = inst.priceDecimals;
    return {
      id: row.publicId,
      instrumentId: inst.id,
      code: inst.code,
      name: inst.name,
      priceDecimals: d,
      condition: row.condition as AlertCondition,
      price: atDecimals(row.targetPrice, d),
      status: row.firedAt ? 'fired' : 'active',
      createdAt: row.createdAt.getTime(),
      createdPrice: atDecimals(row.createdPrice, d),
      createdTickId: row.createdTickId,
      firedAt: row.firedAt?.getTime() ?? null,
      firedPrice: row.firedPrice === null ? null : atDecimals(row.firedPrice, d),
      firedTickId: row.firedTickId,
    };
  }

  async function views(rows: PriceAlertRow[]): Promise<PriceAlert[]> {
    const out: PriceAlert[] = [];
    for (const row of rows) {
      const inst = await market.getInstrument(row.instrumentId).catch(() => null);
      if (inst) out.push(view(row, inst));
    }
    return out;
  }

  /** The target in the instrument's units: positive, with no more decimals than its prices. */
  function targetUnits(inst: Instrument, price: string): bigint {
    let units: bigint;
    try {
      units = parseDecimal(price, inst.priceDecimals);
    } catch (err) {
      if (isMoneyError(err) && err.code === 'too_many_decimals') {
        throw watchlistErrors.tooManyDecimals(inst.priceDecimals);
      }
      throw watchlistErrors.invalid('price');
    }
    if (units <= 0n) throw watchlistErrors.invalid('price');
    return units;
  }

  return {
    async list(userId: number): Promise<PriceAlertsResult> {
      const [waiting, fired] = await Promise.all([
        repo.waitingOf(db, userId),
        repo.firedOf(db, userId, options.firedListed),
      ]);
      return { active: await views(waiting), fired: await views(fired), max: options.maxActiveAlerts };
    },

    /**
     * Sets an alert against the current recorded quote. A target the last price has already
     * reached is refused (40031) rather than fired at once: the user meant a move to come.
     */
    async create(userId: number, req: AddPriceAlertRequest): Promise<PriceAlert> {
      const inst = await market.getInstrument(req.instrumentId).catch(() => null);
      if (!inst?.enabled) throw watchlistErrors.noRecord();
      const target = targetUnits(inst, req.price);
      const quote = market.currentQuote(inst.id);
      if (!quote) throw watchlistErrors.noPrice();
      const condition = req.condition;
      const last = parseDecimal(quote.last, inst.priceDecimals);
      if (condition === 'above' ? last >= target : last <= target) throw watchlistErrors.alreadyReached(quote.last);
      const price = formatDecimal(target, inst.priceDecimals);
      const row = await db.transaction(async (tx) => {
        for (let attempt = 0; attempt < 5; attempt++) {
          const created = await repo.insertAlert(tx, {
            publicId: publicIds(),
            userId,
            instrumentId: inst.id,
            condition,
            targetPrice: price,
            createdAt: clock.now(),
            createdTickId: quote.tickId,
            createdPrice: quote.last,
          });
          if (!created) continue;
          const event: AlertEvent = {
            op: 'add',
            id: created.id,
            instrumentId: inst.id,
            condition,
            price,
            afterTickId: quote.tickId,
          };
          await events.write(tx, ALERT_TOPIC, event);
          // The cap last: the user's quota row stays locked only for the commit, so a burst queues briefly.
          if (!(await repo.takeQuota(tx, userId, 'activeAlerts', options.maxActiveAlerts))) {
            throw watchlistErrors.alertsFull(options.maxActiveAlerts);
          }
          return created;
        }
        throw new Error('watchlist: no free public id after 5 draws');
      });
      events.published();
      return view(row, inst);
    },

    /** Removes one of the user's alerts, waiting or fired; another's or an unknown id is 80005. */
    async remove(userId: number, publicId: number): Promise<{ id: number }> {
      await db.transaction(async (tx) => {
        const row = await repo.removeAlert(tx, userId, publicId);
        if (!row) throw watchlistErrors.noRecord();
        if (row.firedAt) return;
        await repo.releaseQuota(tx, userId, 'activeAlerts');
        const event: AlertEvent = { op: 'remove', id: row.id };
        await events.write(tx, ALERT_TOPIC, event);
      });
      events.published();
      return { id: publicId };
    },

    /**
     * Fires the alert at this tick if it is still waiting (the update's own condition decides: of
     * two evaluators one fires), in one transaction with the tick pinned (never pruned: the user
     * can look it up), the quota given back and the owner's notification.
     */
    async fire(alert: Pick<WatchedAlert, 'id'>, tick: MarketTick): Promise<boolean> {
      const fired = await db.transaction(async (tx) => {
        const row = await repo.fire(tx, alert.id, { at: tick.ts, tickId: tick.id, price: tick.last });
        if (!row) return false;
        await market.pinTick(tx, tick.id);
        await repo.releaseQuota(tx, row.userId, 'activeAlerts');
        const inst = await market.getInstrument(row.instrumentId);
        await notifications.notify(tx, {
          userId: row.userId,
          kind: 'priceAlert',
          subject: { type: 'instrument', id: inst.id, code: inst.code },
          params: {
            name: inst.name,
            condition: row.condition,
            target: atDecimals(row.targetPrice, inst.priceDecimals),
            price: tick.last,
            tickId: String(tick.id),
          },
        });
        return true;
      });
      if (fired) notifications.published();
      return fired;
    },
  };
}
