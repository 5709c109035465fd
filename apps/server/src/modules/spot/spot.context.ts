/**
 * What the spot module's parts share: dependencies, the accounts of a user in a pair's currencies
 * (created on first use, outside any transaction, so the writer's batches find them), amounts and
 * grid values as strings, and fill ids drawn ahead in blocks.
 */
import { parseDecimal } from '@openbourse/money';
import type { Db, Executor } from '../../db/client.ts';
import { rawRows } from '../../db/raw.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Events } from '../events/events.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MarketService } from '../market/market.service.ts';
import { type PairGrid, priceString, qtyString } from './spot.grid.ts';
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
}

/** The bus topic of committed book changes. */
export const SPOT_TOPIC = 'spot.book';

/** Fill ids are drawn from their sequence this many at a time (sequences are not transactional: gaps are fine). */
const FILL_ID_BLOCK = 1024;

export type SpotContext = ReturnType<typeof createSpotContext>;

export function createSpotContext(deps: SpotDeps) {
  const { db, ledger } = deps;
  let fillIds: number[] = [];

  return {
    ...deps,
    topic: SPOT_TOPIC,
    /** Batches written and the commands in them, since start (the benchmark prints the mean size). */
    stats: { batches: 0, commands: 0 },

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
    async nextFillIds(exec: Executor, n: number): Promise<number[]> {
      while (fillIds.length < n) {
        const want = Math.max(FILL_ID_BLOCK, n - fillIds.length);
        const rows = await rawRows(
          exec,
          'ob_spot_fill_ids',
          "select nextval(pg_get_serial_sequence('spot_fills', 'id'))::bigint as id from generate_series(1, $1::int)",
          [want],
        );
        fillIds = fillIds.concat(rows.map((r) => Number(r.id)));
      }
      return fillIds.splice(0, n);
    },
  };
}
