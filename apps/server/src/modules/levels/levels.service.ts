/**
 * VIP levels: the table (seeded VIP 0 … VIP 5, edited in the back office), each user's level as the
 * daily job sets it from their 30-day volume in USDT terms (real account) and optional balance, the
 * fee discount every fee path asks for in the transaction that posts the fee, and index/listLevel.
 */
import type { FeeDiscount, Level, ListLevelResult, MyLevel } from '@openbourse/contracts/levels.ts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { rawRows } from '../../db/raw.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  bpsToShare,
  DAY_MS,
  discountedFee,
  formatVolume,
  levelFor,
  progressShare,
  VOLUME_SCALE,
  volumeUnits,
  WINDOW_DAYS,
} from './levels.arithmetic.ts';
import { levelTiers, userLevels } from './levels.tables.ts';

/** One source of trading volume: per real-account user, the USDT volume traded in [since, until). */
export type VolumeSource = (exec: Executor, since: Date, until: Date) => Promise<{ userId: number; volume: string }[]>;

const NAMES = (n: number): Record<string, string> => ({
  en: `VIP ${n}`,
  ar: `كبار الشخصيات ${n}`,
  de: `VIP ${n}`,
  es: `VIP ${n}`,
  fr: `VIP ${n}`,
  hk: `VIP ${n} 級`,
  it: `VIP ${n}`,
  ja: `VIP ${n}`,
  ko: `VIP ${n}`,
  th: `วีไอพี ${n}`,
  zh: `VIP ${n} 级`,
});

/** The table on a fresh platform: 30-day volume thresholds and discounts 0 % … 25 %. */
export const DEFAULT_LEVELS = [
  { id: 0, minVolume: '0', minBalance: null, discountBps: 0 },
  { id: 1, minVolume: '10000', minBalance: null, discountBps: 500 },
  { id: 2, minVolume: '50000', minBalance: null, discountBps: 1000 },
  { id: 3, minVolume: '250000', minBalance: null, discountBps: 1500 },
  { id: 4, minVolume: '1000000', minBalance: '10000', discountBps: 2000 },
  { id: 5, minVolume: '5000000', minBalance: '50000', discountBps: 2500 },
].map((l) => ({ ...l, names: NAMES(l.id) }));

type TierRow = typeof levelTiers.$inferSelect;

const nameIn = (names: Record<string, string>, lang: string) => names[lang] ?? names.en ?? '';
const trim = (d: string | null) => (d === null ? null : formatVolume(volumeUnits(d)));

export interface LevelsDeps {
  db: Db;
  clock: Clock;
  /** Volume sources (margin fills, spot fills, exchanges), read through their services. */
  volumes: VolumeSource[];
  /** A user's real USDT balance (available + locked), as a decimal string. */
  balance: (exec: Executor, userId: number) => Promise<string>;
}

const DISCOUNTS_TEXT = `select l.user_id, t.discount_bps as bps from user_levels l
    join level_tiers t on t.id = l.level
    where l.user_id = any($1::bigint[]) and t.discount_bps > 0`;

/**
 * Each of these users' discount in basis points (users without one are absent), as a statement of
 * fixed text and one array: prepared once per connection whatever the number of users.
 */
export function discountsStatement(userIds: readonly number[]) {
  return {
    name: 'ob_level_discounts',
    text: DISCOUNTS_TEXT,
    values: [userIds] as unknown[],
    read: (rows: readonly Record<string, unknown>[]) => new Map(rows.map((r) => [Number(r.user_id), Number(r.bps)])),
  };
}

/**
 * A bundle part (db/raw.ts) returning one row per user whose discount is still `bps[i]` (0: none):
 * a batch that charged fees on discounts known from an earlier read expects one row per user, so a
 * level changed since fails it.
 */
export function discountsGuardPart(name: string, userIds: readonly number[], bps: readonly number[]) {
  return {
    name,
    text: `select x.user_id from unnest($1::bigint[], $2::int[]) as x(user_id, bps)
      where x.bps = coalesce((select t.discount_bps from user_levels l join level_tiers t on t.id = l.level
        where l.user_id = x.user_id and t.discount_bps > 0), 0)`,
    values: [userIds, bps] as unknown[],
  };
}

export function createLevels({ db, clock, volumes, balance }: LevelsDeps) {
  async function tiers(exec: Executor = db): Promise<TierRow[]> {
    return exec.select().from(levelTiers).orderBy(asc(levelTiers.id));
  }

  function levelView(t: TierRow, lang: string): Level {
    return {
      id: t.id,
      name: nameIn(t.names, lang),
      minVolume: trim(t.minVolume)!,
      minBalance: trim(t.minBalance),
      discount: bpsToShare(t.discountBps),
    };
  }

  /** The user's current level and its discount (no row or no such tier: level 0, no discount). */
  async function current(exec: Executor, userId: number) {
    const [row] = await exec
      .select({ level: userLevels.level, discountBps: levelTiers.discountBps, names: levelTiers.names })
      .from(userLevels)
      .innerJoin(levelTiers, eq(levelTiers.id, userLevels.level))
      .where(eq(userLevels.userId, userId));
    return row ?? null;
  }

  /**
   * The discount a fee of this user gets now, read in the fee's own transaction (`exec`): null when
   * none. `rate` discounts a fee or a rate (minor units, ppm or bps), rounded up.
   */
  async function feeDiscount(exec: Executor, userId: number, lang = 'en') {
    const row = await current(exec, userId);
    const bps = row?.discountBps ?? 0;
    const info: FeeDiscount | null =
      row && bps > 0 ? { level: row.level, name: nameIn(row.names, lang), discount: bpsToShare(bps) } : null;
    return { bps, info, apply: (fee: bigint) => discountedFee(fee, bps) };
  }

  /** The 30-day volume (USDT units) per user over [until − 30 days, until). */
  async function volumesUntil(exec: Executor, until: Date): Promise<Map<number, bigint>> {
    const since = new Date(until.getTime() - WINDOW_DAYS * DAY_MS);
    const total = new Map<number, bigint>();
    for (const source of volumes) {
      for (const r of await source(exec, since, until)) {
        total.set(r.userId, (total.get(r.userId) ?? 0n) + volumeUnits(r.volume));
      }
    }
    return total;
  }

  return {
    tiers,
    feeDiscount,

    /** One user's current level (level 0 until the daily run has placed them), e.g. beside their support chat. */
    async levelOf(userId: number, lang = 'en'): Promise<{ level: number; name: string }> {
      const row = await current(db, userId);
      if (row) return { level: row.level, name: nameIn(row.names, lang) };
      const [first] = await db.select().from(levelTiers).where(eq(levelTiers.id, 0));
      return { level: 0, name: first ? nameIn(first.names, lang) : 'VIP 0' };
    },

    /** Each of these users' discount in basis points (users without one are absent): the spot writer's batch. */
    async discountsOf(userIds: number[], exec: Executor = db): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const st = discountsStatement(userIds);
      return st.read(await rawRows(exec, st.name, st.text, st.values));
    },

    /** The same read as a statement to send with others (the spot writer's first round trip). */
    discountsStatement,
    discountsGuardPart,

    async seed(exec: Executor) {
      const now = clock.now();
      await exec
        .insert(levelTiers)
        .values(DEFAULT_LEVELS.map((l) => ({ ...l, updatedAt: now })))
        .onConflictDoNothing();
    },

    /**
     * The daily run for the day starting `dayStart` (period key `period`): every user with volume in
     * the 30 days before it, or with a level, gets the level that volume (and balance) reaches. The same
     * day run again writes the same rows: idempotent.
     */
    async computeDay(exec: Executor, dayStart: Date, period: string): Promise<number> {
      const table = (await tiers(exec)).map((t) => ({
        id: t.id,
        minVolume: volumeUnits(t.minVolume),
        minBalance: t.minBalance === null ? null : volumeUnits(t.minBalance),
      }));
      const vols = await volumesUntil(exec, dayStart);
      for (const r of await exec.select({ userId: userLevels.userId }).from(userLevels)) {
        if (!vols.has(r.userId)) vols.set(r.userId, 0n);
      }
      const needsBalance = table.some((t) => t.minBalance !== null);
      const now = clock.now();
      for (const [userId, volume] of vols) {
        const bal = needsBalance ? volumeUnits(await balance(exec, userId)) : 0n;
        const level = levelFor(table, volume, bal);
        const values = { userId, level, volume30d: formatVolume(volume), period, computedAt: now };
        await exec
          .insert(userLevels)
          .values(values)
          .onConflictDoUpdate({
            target: userLevels.userId,
            set: { level, volume30d: values.volume30d, period, computedAt: now },
          });
      }
      return vols.size;
    },

    /** index/listLevel: the table, and for a signed-in user their level and progress. */
    async list(lang: string, userId: number | null): Promise<ListLevelResult> {
      const rows = await tiers();
      const list = rows.map((t) => levelView(t, lang));
      if (userId === null) return { list, mine: null };
      const [mine] = await db.select().from(userLevels).where(eq(userLevels.userId, userId));
      const level = mine?.level ?? 0;
      const volume = volumeUnits(mine?.volume30d ?? '0');
      const here = rows.find((t) => t.id === level) ?? rows[0];
      const nextRow = rows.find((t) => t.id > level);
      const my: MyLevel = {
        level,
        name: here ? nameIn(here.names, lang) : `VIP ${level}`,
        discount: bpsToShare(here?.discountBps ?? 0),
        volume30d: formatVolume(volume),
        computedAt: mine ? mine.computedAt.toISOString() : null,
        next: nextRow
          ? {
              level: nextRow.id,
              name: nameIn(nextRow.names, lang),
              minVolume: trim(nextRow.minVolume)!,
              remaining: formatVolume(
                volumeUnits(nextRow.minVolume) > volume ? volumeUnits(nextRow.minVolume) - volume : 0n,
              ),
              progress: progressShare(volume, volumeUnits(here?.minVolume ?? '0'), volumeUnits(nextRow.minVolume)),
            }
          : null,
      };
      return { list, mine: my };
    },

    /** The back office's table, with the users at each level. */
    async adminList() {
      const rows = await tiers();
      const counts = await db
        .select({ level: userLevels.level, n: sql<number>`count(*)::int` })
        .from(userLevels)
        .groupBy(userLevels.level);
      const by = new Map(counts.map((c) => [c.level, Number(c.n)]));
      return rows.map((t) => ({ ...levelView(t, 'en'), names: t.names, users: by.get(t.id) ?? 0 }));
    },

    /** Creates or replaces a level; answers it before (null when new) and after. */
    async put(
      exec: Executor,
      input: {
        id: number;
        names: Record<string, string>;
        minVolume: string;
        minBalance: string | null;
        discountBps: number;
      },
    ) {
      const [before] = await exec.select().from(levelTiers).where(eq(levelTiers.id, input.id));
      const values = { ...input, updatedAt: clock.now() };
      const [after] = await exec
        .insert(levelTiers)
        .values(values)
        .onConflictDoUpdate({ target: levelTiers.id, set: values })
        .returning();
      return { before: before ?? null, after: after! };
    },
  };
}

export type Levels = ReturnType<typeof createLevels>;
export { VOLUME_SCALE };
