import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { params } from './params.tables.ts';
import { type ParamType, paramTypeOf } from './params.types.ts';

/** Defaults written on first start; an operator changes them later (admin back office). */
export const DEFAULT_PARAMS: { key: string; value: string; description: string; isPublic: boolean }[] = [
  { key: 'site_name', value: 'OpenBourse', description: 'Platform name shown in the app', isPublic: true },
  { key: 'support_email', value: 'support@openbourse.local', description: 'Support contact address', isPublic: true },
  {
    key: 'down_url',
    value: '/download',
    description: 'App download link: an APK URL or store page; the default /download installs the web app',
    isPublic: true,
  },
  { key: 'demo_enabled', value: 'true', description: 'Whether users may switch to the demo account', isPublic: true },
  {
    key: 'demo_initial_balance',
    value: '100000',
    description: 'Virtual USDT credited once to each demo account',
    isPublic: true,
  },
  { key: 'demo_currency', value: 'USDT', description: 'Currency of the demo funding', isPublic: true },
  {
    key: 'cfd_stop_out_level',
    value: '',
    description:
      'Margin level (equity ÷ margin) at which a margin position is closed, e.g. 0.5 = 50 %; applies to new ' +
      'positions; empty: TRADING_STOP_OUT_LEVEL, else 0.5',
    isPublic: true,
  },
  {
    key: 'exchange.spreadBps',
    value: '50',
    description: 'Currency exchange spread taken from the rate, in basis points (50 = 0.5 %), shown in every quote',
    isPublic: true,
  },
  {
    key: 'exchange.quoteTtlSeconds',
    value: '15',
    description: 'Seconds a currency exchange quote may be confirmed',
    isPublic: true,
  },
  {
    key: 'options.quoteTtlSeconds',
    value: '15',
    description: 'Seconds an options quote (its rate, volatility and maximum payout) may be confirmed',
    isPublic: true,
  },
  { key: 'withdraw_fee_rate', value: '0.002', description: 'Withdrawal handling fee (fraction)', isPublic: true },
  { key: 'loan_free_days', value: '7', description: 'Interest-free days after drawing a loan', isPublic: true },
  {
    key: 'smart_enabled',
    value: 'true',
    description: 'Whether smart plans are sold (false: shown on /trading, not sold; earning plans keep paying)',
    isPublic: true,
  },
  {
    key: 'earn_treasury_seed',
    value: '1000000',
    description: 'USDT moved once from the platform treasury into the earn treasury on a fresh platform',
    isPublic: false,
  },
  { key: 'kyc_review_hours', value: '48', description: 'KYC review time limit in hours', isPublic: true },
  { key: 'min_deposit_USDT', value: '120', description: 'Minimum USDT deposit', isPublic: true },
  { key: 'min_deposit_BTC', value: '0.015', description: 'Minimum BTC deposit', isPublic: true },
  { key: 'min_deposit_ETH', value: '0.2', description: 'Minimum ETH deposit', isPublic: true },
  { key: 'upload_max_bytes', value: '2097152', description: 'Largest accepted upload (2 MB)', isPublic: true },
  { key: 'social_github', value: '', description: 'Link for the footer GitHub icon', isPublic: true },
  { key: 'social_x', value: '', description: 'Link for the footer X icon', isPublic: true },
  { key: 'social_telegram', value: '', description: 'Link for the footer Telegram icon', isPublic: true },
  { key: 'social_discord', value: '', description: 'Link for the footer Discord icon', isPublic: true },
];

export interface ParamsService {
  seed(exec: Executor): Promise<void>;
  get(key: string): Promise<string | undefined>;
  getPublic(key: string): Promise<string | undefined>;
  set(exec: Executor, key: string, value: string): Promise<void>;
  /** Every parameter with its description, type and visibility (the back office). */
  list(): Promise<
    { key: string; value: string; description: string; isPublic: boolean; type: ParamType; updatedAt: Date }[]
  >;
  /** One parameter's stored row, locked in `exec`'s transaction, or undefined. */
  lock(exec: Executor, key: string): Promise<{ value: string } | undefined>;
}

/** How long `get` may answer a value it read before (any writer, any process): 1 s. */
export const PARAMS_TTL_MS = 1000;

/**
 * `get` is read on hot paths (every demo request, every order) and parameters change rarely, by an
 * operator: a value read is kept for `ttlMs` (0: none), concurrent reads of one key share one query,
 * and `set` forgets the key at once in this process. A change made anywhere is therefore seen
 * everywhere at most `ttlMs` after it commits. `getPublic` always reads.
 */
export function createParamsService({
  db,
  clock,
  ttlMs = PARAMS_TTL_MS,
}: {
  db: Db;
  clock: Clock;
  ttlMs?: number;
}): ParamsService {
  const cache = new Map<string, { at: number; value: Promise<string | undefined> }>();

  async function read(key: string): Promise<string | undefined> {
    const [row] = await db.select({ value: params.value }).from(params).where(eq(params.key, key));
    return row?.value;
  }

  return {
    async seed(exec) {
      const now = clock.now();
      await exec
        .insert(params)
        .values(DEFAULT_PARAMS.map((p) => ({ ...p, updatedAt: now })))
        .onConflictDoNothing();
      cache.clear();
    },
    get(key) {
      if (ttlMs <= 0) return read(key);
      const now = clock.now().getTime();
      const hit = cache.get(key);
      // A clock set back counts as expired.
      if (hit && now >= hit.at && now - hit.at < ttlMs) return hit.value;
      const entry = { at: now, value: read(key) };
      cache.set(key, entry);
      entry.value.catch(() => {
        if (cache.get(key) === entry) cache.delete(key);
      });
      return entry.value;
    },
    async list() {
      const rows = await db.select().from(params).orderBy(params.key);
      return rows.map((r) => ({ ...r, type: paramTypeOf(r.key) }));
    },
    async lock(exec, key) {
      const [row] = await exec.select({ value: params.value }).from(params).where(eq(params.key, key)).for('update');
      return row;
    },
    async getPublic(key) {
      const [row] = await db
        .select({ value: params.value })
        .from(params)
        .where(sql`${params.key} = ${key} and ${params.isPublic}`);
      return row?.value;
    },
    async set(exec, key, value) {
      await exec
        .insert(params)
        .values({ key, value, updatedAt: clock.now() })
        .onConflictDoUpdate({ target: params.key, set: { value, updatedAt: clock.now() } });
      // After the write: a read begun before it is dropped too. (Inside a transaction, a read
      // between this and the commit keeps the old value for at most ttlMs.)
      cache.delete(key);
    },
  };
}
