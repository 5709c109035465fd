/**
 * Option series: what operators list (an instrument, the currency paid in, the periods, the stake
 * range, the spread, the cap), seeded on a fresh platform, shown to users with the live volatility
 * and whether they can be bought now, and edited in the back office. An order copies its series'
 * terms when bought, so an edit never changes an order already open.
 */
import type { AdminOptionSeriesInput, OptionSeries } from '@openbourse/contracts/options.ts';
import { isMoneyError, parseDecimal } from '@openbourse/money';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { trimAmount } from '../../lib/amounts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MarketService } from '../market/market.service.ts';
import type { Instrument } from '../market/market.types.ts';
import { optionsErrors } from './options.errors.ts';
import type { OptionPricing } from './options.pricing.ts';
import { optionsRepository as repo } from './options.repository.ts';
import type { NewOptionSeriesRow, OptionSeriesRow } from './options.tables.ts';

type SeriesInput = z.output<typeof AdminOptionSeriesInput>;

/** 5 min, 15 min, 1 h, 1 day. */
const PERIODS = [300, 900, 3_600, 86_400];

/** The series a fresh platform lists (inserted only while there are none): crypto 24/7, gold in its session. */
export const DEFAULT_SERIES: { code: string; row: Omit<NewOptionSeriesRow, 'instrumentId' | 'updatedAt'> }[] = [
  {
    code: 'BTCUSDT',
    row: {
      currency: 'USDT',
      periods: PERIODS,
      minAmount: '10',
      maxAmount: '5000',
      spreadBps: 500,
      capMove: '0.05',
      enabled: true,
    },
  },
  {
    code: 'ETHUSDT',
    row: {
      currency: 'USDT',
      periods: PERIODS,
      minAmount: '10',
      maxAmount: '5000',
      spreadBps: 500,
      capMove: '0.05',
      enabled: true,
    },
  },
  {
    code: 'XAUUSD',
    row: {
      currency: 'USDT',
      periods: [300, 900, 3_600],
      minAmount: '10',
      maxAmount: '2000',
      spreadBps: 500,
      capMove: '0.02',
      enabled: true,
    },
  },
];

/** Units of a stored amount at the currency's scale (operators' amounts are checked to fit it). */
export const unitsAt = (stored: string, scale: number) => parseDecimal(trimAmount(stored), scale);

export function createOptionSeries(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  market: MarketService;
  pricing: OptionPricing;
}) {
  const { db, clock, ledger, market, pricing } = deps;

  async function scaleOf(exec: Executor, currency: string): Promise<number | null> {
    return (await ledger.getCurrency(exec, currency))?.scale ?? null;
  }

  async function instrumentOf(id: number): Promise<Instrument | null> {
    return market.getInstrument(id).catch(() => null);
  }

  const tradableNow = (inst: Instrument) =>
    market.assertTradable(inst.id).then(
      () => true,
      () => false,
    );

  /** A series as users see it, with σ now and whether it can be bought now. */
  async function view(row: OptionSeriesRow, inst: Instrument, scale: number): Promise<OptionSeries> {
    const volatility = inst.enabled ? await pricing.volatility(inst) : null;
    return {
      id: row.id,
      instrumentId: row.instrumentId,
      code: inst.code,
      name: inst.name,
      currency: row.currency,
      scale,
      periods: [...row.periods],
      minAmount: trimAmount(row.minAmount),
      maxAmount: trimAmount(row.maxAmount),
      spreadBps: row.spreadBps,
      capMove: trimAmount(row.capMove),
      volatility,
      // Bought only when the instrument trades now and its σ could be measured.
      tradable: row.enabled && volatility !== null && (await tradableNow(inst)),
    };
  }

  /** An operator's series, checked: the instrument exists, amounts at the currency's scale, min ≤ max, a cap > 0. */
  async function checked(exec: Executor, input: SeriesInput): Promise<Omit<NewOptionSeriesRow, 'updatedAt'>> {
    const key = /^\d+$/.test(input.instrument) ? Number(input.instrument) : input.instrument;
    const inst = await market.getInstrument(key).catch(() => null);
    if (!inst) throw optionsErrors.invalid('instrument');
    const scale = await scaleOf(exec, input.currency);
    if (scale === null) throw optionsErrors.invalid('currency');
    const at = (field: 'minAmount' | 'maxAmount') => {
      const v = input[field];
      if (v.split('.')[0]!.length > 15) throw optionsErrors.invalid(field);
      try {
        const u = parseDecimal(v, scale);
        if (u <= 0n) throw optionsErrors.invalid(field);
        return u;
      } catch (e) {
        if (isMoneyError(e)) throw optionsErrors.invalid(field);
        throw e;
      }
    };
    const min = at('minAmount');
    const max = at('maxAmount');
    if (max < min) throw optionsErrors.invalid('maxAmount');
    if (/^0(\.0*)?$/.test(input.capMove)) throw optionsErrors.invalid('capMove');
    return {
      instrumentId: inst.id,
      currency: input.currency,
      periods: [...new Set(input.periods)].sort((a, b) => a - b),
      minAmount: input.minAmount,
      maxAmount: input.maxAmount,
      spreadBps: input.spreadBps,
      capMove: input.capMove,
      enabled: input.enabled,
    };
  }

  return {
    scaleOf,
    instrumentOf,

    /**
     * Inserts the default series when there are none (a fresh platform); an instrument missing is
     * skipped. The instruments are looked up first, outside the transaction (the market reads its own).
     */
    async seed(): Promise<void> {
      const found: { instrumentId: number; row: (typeof DEFAULT_SERIES)[number]['row'] }[] = [];
      for (const s of DEFAULT_SERIES) {
        const inst = await market.getInstrument(s.code).catch(() => null);
        if (inst) found.push({ instrumentId: inst.id, row: s.row });
      }
      await db.transaction(async (tx) => {
        if ((await repo.seriesCount(tx)) > 0) return;
        const now = clock.now();
        for (const f of found) await repo.insertSeries(tx, { ...f.row, instrumentId: f.instrumentId, updatedAt: now });
      });
    },

    /** The enabled series of enabled instruments (of one instrument when asked), as users see them. */
    async list(instrumentId?: number): Promise<OptionSeries[]> {
      const out: OptionSeries[] = [];
      for (const row of await repo.allSeries(db)) {
        if (!row.enabled || (instrumentId !== undefined && row.instrumentId !== instrumentId)) continue;
        const inst = await instrumentOf(row.instrumentId);
        const scale = await scaleOf(db, row.currency);
        if (!inst?.enabled || scale === null) continue;
        out.push(await view(row, inst, scale));
      }
      return out;
    },

    /** One series (enabled or not). */
    get: (exec: Executor, id: number) => repo.series(exec, id),

    /** Every series with its view (the back office), instruments missing shown by id. */
    async all(): Promise<{ row: OptionSeriesRow; view: OptionSeries }[]> {
      const out: { row: OptionSeriesRow; view: OptionSeries }[] = [];
      for (const row of await repo.allSeries(db)) {
        const inst = await instrumentOf(row.instrumentId);
        const scale = (await scaleOf(db, row.currency)) ?? 0;
        if (!inst) continue;
        out.push({ row, view: await view(row, inst, scale) });
      }
      return out;
    },

    /** Creates a series in the caller's transaction (which audits it). */
    async create(tx: Executor, input: SeriesInput): Promise<OptionSeriesRow> {
      return repo.insertSeries(tx, { ...(await checked(tx, input)), updatedAt: clock.now() });
    },

    /** Replaces a series' fields in the caller's transaction; orders already open keep their terms. */
    async update(
      tx: Executor,
      id: number,
      input: SeriesInput,
    ): Promise<{ before: OptionSeriesRow; after: OptionSeriesRow }> {
      const before = await repo.series(tx, id, true);
      if (!before) throw optionsErrors.noRecord();
      const after = await repo.updateSeries(tx, id, { ...(await checked(tx, input)), updatedAt: clock.now() });
      if (!after) throw optionsErrors.noRecord();
      return { before, after };
    },

    view,
  };
}

export type OptionSeriesService = ReturnType<typeof createOptionSeries>;
