/**
 * What the spot module's parts share: dependencies, the accounts of a user in a pair's currencies
 * (created on first use, outside any transaction, so the writer's batches find them), amounts and
 * grid values as strings, and fill ids drawn ahead in blocks.
 */
import { parseDecimal } from '@openbourse/money';
import type { Db, Executor } from '../../db/client.ts';
import { type BundlePart, rawRows } from '../../db/raw.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Events } from '../events/events.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MarketService } from '../market/market.service.ts';
import { type PairGrid, priceString, qtyString } from './spot.grid.ts';
import type { Owners } from './spot.expect.ts';
import type { PairAccounts } from './spot.plan.ts';

export interface SpotLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SpotDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  events: Events;
  market: MarketService;
  log: SpotLog;
  /** Each user's VIP fee discount in basis points (modules/levels); none by default. */
  feeDiscounts?: (userIds: number[]) => Promise<Map<number, number>>;
  /** The same read as a statement the book writer sends in its batch's first round trip. */
  discountsStatement?: (userIds: readonly number[]) => {
    name: string;
    text: string;
    values: unknown[];
    read(rows: readonly Record<string, unknown>[]): Map<number, number>;
  };
  /**
   * Batches whose submitters the writer knows go as one write (spot.expect.ts); false: every batch
   * reads first (SPOT_ONE_WRITE=0, for comparing the two in the benchmark).
   */
  oneWrite?: boolean;
  /** A bundle part returning a row per user whose discount is still the one given (spot.expect.ts). */
  discountsGuardPart?: (name: string, userIds: readonly number[], bps: readonly number[]) => BundlePart;
}

/** The bus topic of committed book changes. */
export const SPOT_TOPIC = 'spot.book';

/**
 * Order and fill ids are drawn from their sequences this many at a time (sequences are not
 * transactional: gaps are fine). Only the books' owner draws them, and hands them out in ascending
 * order, so a later order has a higher id (lists show the newest first by id).
 */
const ID_BLOCK = 1024;

export type SpotContext = ReturnType<typeof createSpotContext>;

export function createSpotContext(deps: SpotDeps) {
  const { db, ledger } = deps;
  const pools = { spot_orders: [] as number[], spot_fills: [] as number[] };
  async function nextIds(exec: Executor, table: keyof typeof pools, n: number): Promise<number[]> {
    while (pools[table].length < n) {
      const want = Math.max(ID_BLOCK, n - pools[table].length);
      const rows = await rawRows(
        exec,
        `ob_${table}_ids`,
        `select nextval(pg_get_serial_sequence('${table}', 'id'))::bigint as id from generate_series(1, $1::int)`,
        [want],
      );
      pools[table] = pools[table].concat(rows.map((r) => Number(r.id))).sort((a, b) => a - b);
    }
    return pools[table].splice(0, n);
  }

  return {
    ...deps,
    topic: SPOT_TOPIC,
    /** The writer that last planned a change of each account, for all books (spot.expect.ts). */
    owners: new Map() as Owners,
    /**
     * Batches written and the commands in them, since start, and where their time went (ms, summed):
     * ids and discounts read before the transaction, its first round trip (BEGIN, balance locks, early
     * inserts), the batch applied in memory, its last round trip (the bundle and COMMIT); `whole`:
     * the batches sent as one write (spot.expect.ts), whose one round trip counts as their last. The
     * benchmark prints the means.
     */
    stats: { batches: 0, whole: 0, commands: 0, beforeMs: 0, firstMs: 0, planMs: 0, lastMs: 0 },

    /** A numeric column's text as units at `scale` (trailing zeros beyond it are fine). */
    toUnits: (v: string, scale: number) => parseDecimal(v, scale, { allowNegative: false }),

    price: (g: PairGrid, ticks: number) => priceString(g, ticks),
    qty: (g: PairGrid, lots: number) => qtyString(g, lots),

    /** The user's available and locked accounts in both currencies of the pair, created if missing. */
    async accountsOf(userId: number, mode: 'real' | 'demo', g: PairGrid): Promise<PairAccounts> {
      const pair = async (currency: string) => {
        let p = await ledger.userAccounts(userId, mode, currency);
        if (!p) {
          await ledger.getOrCreateUserAccount(db, userId, mode, currency, 'available');
          await ledger.getOrCreateUserAccount(db, userId, mode, currency, 'locked');
          p = await ledger.userAccounts(userId, mode, currency);
        }
        if (!p) throw new Error(`spot: accounts of user ${userId} in ${currency} could not be created`);
        return p;
      };
      return { base: await pair(g.base), quote: await pair(g.quote) };
    },

    /** `n` fresh fill ids (`exec`: outside the batch's transaction where there is an outside). */
    nextFillIds: (exec: Executor, n: number) => nextIds(exec, 'spot_fills', n),
    /** `n` fresh order ids, ascending (`exec` as above). */
    nextOrderIds: (exec: Executor, n: number) => nextIds(exec, 'spot_orders', n),
    /** `n` order ids from those drawn already, without waiting; null when fewer are left. */
    takeOrderIds: (n: number): number[] | null =>
      pools.spot_orders.length >= n ? pools.spot_orders.splice(0, n) : null,
  };
}
