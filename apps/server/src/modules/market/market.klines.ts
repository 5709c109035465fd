/**
 * K-line reads: stored candles of an instrument and period, with the candle still forming served
 * from the live aggregator.
 */
import type { Candle, KPeriod } from '@openbourse/contracts/market.ts';
import type { MarketContext } from './market.context.ts';
import { marketErrors } from './market.errors.ts';
import { decimalToUnits, trimDecimal, unitsToDecimal } from './market.price.ts';
import { marketRepository as repo } from './market.repository.ts';

export type MarketKlines = ReturnType<typeof createMarketKlines>;

export function createMarketKlines(ctx: MarketContext) {
  const { db, clock } = ctx;

  return {
    /**
     * K-lines of an enabled instrument: the latest `limit` (default 300, ≤ 1000) candles with
     * openTime in [from, to] (default: everything up to now), oldest first, the current candle live.
     */
    async candles(q: { code: string; period: KPeriod; from?: number; to?: number; limit?: number }): Promise<Candle[]> {
      await ctx.ensureLoaded();
      const inst = ctx.find(q.code);
      if (!inst?.enabled || /^\d+$/.test(q.code)) throw marketErrors.noRecord();
      const toMs = q.to ?? clock.now().getTime();
      const fromMs = q.from ?? 0;
      if (fromMs > toMs) throw marketErrors.invalid('from');
      const limit = q.limit ?? 300;
      const rows = await repo.candles(db, { instrumentId: inst.id, period: q.period, fromMs, toMs, limit });
      const d = inst.priceDecimals;
      const out: Candle[] = rows.map((r) => ({
        openTime: r.openTime,
        open: unitsToDecimal(decimalToUnits(r.open, d), d),
        high: unitsToDecimal(decimalToUnits(r.high, d), d),
        low: unitsToDecimal(decimalToUnits(r.low, d), d),
        close: unitsToDecimal(decimalToUnits(r.close, d), d),
        volume: trimDecimal(r.volume),
      }));
      // The candle still forming is served from memory (the stored copy may be a second old).
      const live = ctx.aggregator.current(inst.id, q.period);
      if (live && live.openTime >= fromMs && live.openTime <= toMs) {
        const c = ctx.candleRow(live);
        const fresh: Candle = {
          openTime: c.openTime,
          open: c.open,
          high: c.high,
          low: c.low,
          close: c.close,
          volume: c.volume,
        };
        const lastOut = out[out.length - 1];
        if (lastOut?.openTime === live.openTime) out[out.length - 1] = fresh;
        else if (!lastOut || lastOut.openTime < live.openTime) out.push(fresh);
      }
      return out.slice(-limit);
    },
  };
}
