/**
 * Spot pairs in the back office: listed with the orders resting on each book, edited and added by an
 * owner. Every value is checked here (40001 naming the field) before anything is written; the write,
 * its audit row (before and after) and the announcement on the bus (`config` topic, kind
 * `spotPairs`) share one transaction, and every process reloads its pairs when it hears it.
 *
 * The grid (tickSize, lotSize) changes only while no order rests on the pair in either account
 * (40054 naming the field): resting orders are stored as ticks and lots of the grid they were
 * placed on. A grid must fit both currencies' scales (spot.grid.ts `gridOf`).
 */
import type {
  AdminSpotPair,
  AdminSpotPairCreate,
  AdminSpotPairEdit,
  AdminSpotPairList,
} from '@openbourse/contracts/admin-spot.ts';
import { formatDecimal, isMoneyError, parseDecimal } from '@openbourse/money';
import type { Db, Executor } from '../../db/client.ts';
import { invalidField } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Events } from '../events/events.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MarketService } from '../market/market.service.ts';
import { gridOf, trim } from '../spot/spot.grid.ts';
import { spotPairRecords as pairs } from '../spot/spot.pair-records.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminErrors } from './admin.errors.ts';
import { CONFIG_TOPIC } from './admin.instruments.ts';
import { adminRepository as repo } from './admin.repository.ts';

type Row = Awaited<ReturnType<typeof pairs.list>>[number];
type Terms = Parameters<typeof pairs.update>[2];
type OpenOrders = { real: number; demo: number };

/** Grid sizes are stored as numeric(38,18). */
const GRID_SCALE = 18;
/** Rates are stored in parts per million. */
const PPM_SCALE = 6;
const SIZE = /^(0|[1-9]\d{0,14})(\.\d{1,18})?$/;
const RATE = /^(0|[1-9]\d{0,5})(\.\d+)?$/;

/** Bounds of each rate in ppm, as the table's checks have them (spot.tables.ts). */
const RATES = {
  makerFeeRate: { column: 'makerFeePpm', min: 0, max: 100_000 },
  takerFeeRate: { column: 'takerFeePpm', min: 0, max: 100_000 },
  protectionRate: { column: 'protectionPpm', min: 1, max: 500_000 },
  mmSpreadRate: { column: 'mmSpreadPpm', min: 1, max: 200_000 },
  mmStepRate: { column: 'mmStepPpm', min: 1, max: 200_000 },
} as const;
type RateField = keyof typeof RATES;

const fraction = (ppm: number) => formatDecimal(BigInt(ppm), PPM_SCALE, { trim: true });
const e18 = (v: string) => parseDecimal(trim(v), GRID_SCALE);
const quantity = (lots: number, lotSize: string) =>
  formatDecimal(BigInt(lots) * e18(lotSize), GRID_SCALE, { trim: true });

const view = (r: Row, open: OpenOrders | undefined): AdminSpotPair => ({
  id: r.id,
  symbol: r.symbol,
  base: r.base,
  quote: r.quote,
  instrumentCode: r.instrumentCode,
  enabled: r.enabled,
  sort: r.sort,
  tickSize: trim(r.tickSize),
  lotSize: trim(r.lotSize),
  minQuantity: quantity(r.minLots, r.lotSize),
  maxQuantity: quantity(r.maxLots, r.lotSize),
  makerFeeRate: fraction(r.makerFeePpm),
  takerFeeRate: fraction(r.takerFeePpm),
  protectionRate: fraction(r.protectionPpm),
  mmEnabled: r.mmEnabled,
  mmSpreadRate: fraction(r.mmSpreadPpm),
  mmStepRate: fraction(r.mmStepPpm),
  mmLevels: r.mmLevels,
  mmLevelQuote: trim(r.mmLevelQuote),
  openOrders: open ?? { real: 0, demo: 0 },
  updatedAt: r.updatedAt.toISOString(),
});

/** What an edit can change, as the audit log records it. */
const termsOf = (r: Row) => {
  const { id: _id, openOrders: _open, updatedAt: _at, ...terms } = view(r, undefined);
  return terms;
};

/** A decimal in range, in parts per million. */
function ratePpm(value: string, field: RateField): number {
  const { min, max } = RATES[field];
  if (!RATE.test(value)) throw invalidField(field);
  let ppm: bigint;
  try {
    ppm = parseDecimal(value, PPM_SCALE);
  } catch (e) {
    if (isMoneyError(e)) throw invalidField(field);
    throw e;
  }
  if (ppm < BigInt(min) || ppm > BigInt(max)) throw invalidField(field);
  return Number(ppm);
}

/** A positive grid size, trimmed. */
function size(value: string, field: 'tickSize' | 'lotSize'): string {
  if (!SIZE.test(value) || parseDecimal(value, GRID_SCALE) <= 0n) throw invalidField(field);
  return trim(value);
}

/** A quantity as a whole number of lots. */
function lotsOf(value: string, lotSize: string, field: 'minQuantity' | 'maxQuantity'): number {
  if (!SIZE.test(value)) throw invalidField(field);
  const v = parseDecimal(value, GRID_SCALE);
  const lot = e18(lotSize);
  if (v <= 0n || v % lot !== 0n || v / lot > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidField(field);
  return Number(v / lot);
}

/** The quote value of a market maker's level: positive, within the quote's scale. */
function levelQuote(value: string, quoteScale: number): string {
  if (!SIZE.test(value)) throw invalidField('mmLevelQuote');
  try {
    if (parseDecimal(value, quoteScale) <= 0n) throw invalidField('mmLevelQuote');
  } catch (e) {
    if (isMoneyError(e)) throw invalidField('mmLevelQuote');
    throw e;
  }
  return trim(value);
}

const intIn = (v: number, min: number, max: number, field: string) => {
  if (!Number.isInteger(v) || v < min || v > max) throw invalidField(field);
  return v;
};

export function createAdminSpot(deps: {
  db: Db;
  clock: Clock;
  events: Events;
  ledger: LedgerService;
  market: MarketService;
}) {
  const { db, clock, events, ledger, market } = deps;

  async function scaleOf(exec: Executor, code: string, field: 'base' | 'quote'): Promise<number> {
    const c = await ledger.getCurrency(exec, code);
    if (!c) throw invalidField(field);
    return c.scale;
  }

  async function instrument(code: string | null): Promise<string | null> {
    if (code === null) return null;
    const found = await market.getInstrument(code).catch(() => null);
    if (!found || found.code !== code) throw invalidField('instrumentCode');
    return code;
  }

  /** The grid must fit the currencies: the field named is the one that does not (or the one changed). */
  function checkGrid(row: Row, baseScale: number, quoteScale: number, changed: 'tickSize' | 'lotSize') {
    try {
      gridOf(row, baseScale, quoteScale);
    } catch (e) {
      if (!(e instanceof Error)) throw e;
      const field = /the lot is/.test(e.message) ? 'lotSize' : /the tick is/.test(e.message) ? 'tickSize' : changed;
      throw invalidField(field);
    }
  }

  /** Every value of `e` checked against `row` (the stored pair, or the new one's defaults); the columns to write. */
  async function checked(exec: Executor, row: Row, e: AdminSpotPairEdit): Promise<Terms> {
    const set: Terms = {};
    if (e.enabled !== undefined) set.enabled = e.enabled;
    if (e.mmEnabled !== undefined) set.mmEnabled = e.mmEnabled;
    if (e.sort !== undefined) set.sort = intIn(e.sort, 0, 10_000, 'sort');
    if (e.mmLevels !== undefined) set.mmLevels = intIn(e.mmLevels, 1, 50, 'mmLevels');
    for (const field of Object.keys(RATES) as RateField[]) {
      const v = e[field];
      if (v !== undefined) set[RATES[field].column] = ratePpm(v, field);
    }
    if (e.instrumentCode !== undefined) set.instrumentCode = await instrument(e.instrumentCode);
    const quoteScale = await scaleOf(exec, row.quote, 'quote');
    if (e.mmLevelQuote !== undefined) set.mmLevelQuote = levelQuote(e.mmLevelQuote, quoteScale);

    // The grid, then the quantities on it (kept as quantities when only the lot changes).
    const tickSize = e.tickSize === undefined ? row.tickSize : size(e.tickSize, 'tickSize');
    const lotSize = e.lotSize === undefined ? row.lotSize : size(e.lotSize, 'lotSize');
    const tickChanged = e18(tickSize) !== e18(row.tickSize);
    const lotChanged = e18(lotSize) !== e18(row.lotSize);
    if (tickChanged || lotChanged) {
      const baseScale = await scaleOf(exec, row.base, 'base');
      checkGrid({ ...row, tickSize, lotSize }, baseScale, quoteScale, tickChanged ? 'tickSize' : 'lotSize');
      if (tickChanged) set.tickSize = tickSize;
      if (lotChanged) set.lotSize = lotSize;
    }
    if (lotChanged || e.minQuantity !== undefined || e.maxQuantity !== undefined) {
      const min = lotsOf(e.minQuantity ?? quantity(row.minLots, row.lotSize), lotSize, 'minQuantity');
      const max = lotsOf(e.maxQuantity ?? quantity(row.maxLots, row.lotSize), lotSize, 'maxQuantity');
      if (min > max) throw invalidField(e.minQuantity !== undefined ? 'minQuantity' : 'maxQuantity');
      set.minLots = min;
      set.maxLots = max;
    }
    return set;
  }

  async function openOf(exec: Executor, id: number) {
    return (await pairs.openOrders(exec, id)).get(id);
  }

  return {
    async list(): Promise<AdminSpotPairList> {
      const [rows, open, currencies] = await Promise.all([
        pairs.list(db),
        pairs.openOrders(db),
        ledger.listCurrencies(db),
      ]);
      return {
        list: rows.map((r) => view(r, open.get(r.id))),
        currencies: currencies.map((c) => ({ code: c.code, name: c.name, scale: c.scale })),
      };
    },

    async edit(actor: AdminActor, id: number, edit: AdminSpotPairEdit): Promise<AdminSpotPair> {
      const out = await db.transaction(async (tx) => {
        const before = await pairs.lock(tx, id);
        if (!before) throw adminErrors.noRecord();
        // Resting orders are ticks and lots of the grid they were placed on: it stays while they rest.
        const open = await openOf(tx, id);
        if (open && open.real + open.demo > 0) {
          for (const field of ['tickSize', 'lotSize'] as const) {
            const v = edit[field];
            if (v !== undefined && SIZE.test(v) && e18(v) !== e18(before[field])) {
              throw adminErrors.spotPairConflict(field);
            }
          }
        }
        const set = await checked(tx, before, edit);
        const after = await pairs.update(tx, id, set, clock.now());
        await repo.auditAs(tx, actor, clock.now(), {
          action: 'spotPairs.edit',
          targetType: 'spotPair',
          targetId: after.symbol,
          before: termsOf(before),
          after: termsOf(after),
        });
        await events.write(tx, CONFIG_TOPIC, { kind: 'spotPairs', id });
        return view(after, open);
      });
      events.published();
      return out;
    },

    async create(actor: AdminActor, input: AdminSpotPairCreate): Promise<AdminSpotPair> {
      const out = await db.transaction(async (tx) => {
        const baseScale = await scaleOf(tx, input.base, 'base');
        const quoteScale = await scaleOf(tx, input.quote, 'quote');
        if (input.base === input.quote) throw invalidField('quote');
        const tickSize = size(input.tickSize, 'tickSize');
        const lotSize = size(input.lotSize, 'lotSize');
        const now = clock.now();
        // A pair of one lot with no fee, on the new grid: `checked` replaces every term the input gives.
        const draft: Row = {
          id: 0,
          symbol: `${input.base}/${input.quote}`,
          base: input.base,
          quote: input.quote,
          instrumentCode: null,
          tickSize,
          lotSize,
          minLots: 1,
          maxLots: 1,
          makerFeePpm: 0,
          takerFeePpm: 0,
          protectionPpm: 1,
          enabled: false,
          sort: 0,
          mmEnabled: false,
          mmSpreadPpm: 1,
          mmStepPpm: 1,
          mmLevels: 1,
          mmLevelQuote: '1',
          createdAt: now,
          updatedAt: now,
        };
        checkGrid(draft, baseScale, quoteScale, 'tickSize');
        const { base: _b, quote: _q, ...edit } = input;
        const terms = { ...draft, ...(await checked(tx, draft, edit)) };
        const { id: _id, createdAt: _c, updatedAt: _u, ...values } = terms;
        const row = await pairs.insert(tx, values, now);
        if (!row) throw adminErrors.spotPairConflict('symbol');
        await repo.auditAs(tx, actor, now, {
          action: 'spotPairs.create',
          targetType: 'spotPair',
          targetId: row.symbol,
          after: termsOf(row),
        });
        await events.write(tx, CONFIG_TOPIC, { kind: 'spotPairs', id: row.id });
        return view(row, undefined);
      });
      events.published();
      return out;
    },
  };
}

export type AdminSpot = ReturnType<typeof createAdminSpot>;
