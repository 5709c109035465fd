import type { FavouritesResult } from '@openbourse/contracts/watchlist.ts';
import type { Instrument } from '../market/market.types.ts';
import type { WatchlistDeps, WatchlistOptions } from './watchlist.context.ts';
import { watchlistErrors } from './watchlist.errors.ts';
import { watchlistRepository as repo } from './watchlist.repository.ts';

/**
 * Favourites: a set of instruments per user. Adding one already there changes nothing (the same
 * answer); the cap is taken in the same transaction as the row, so a burst cannot pass it.
 */
export function createFavourites(deps: WatchlistDeps, options: WatchlistOptions) {
  const { db, clock, market } = deps;

  async function list(userId: number): Promise<FavouritesResult> {
    const rows = await repo.favourites(db, userId);
    const out: FavouritesResult['list'] = [];
    for (const row of rows) {
      const inst = await market.getInstrument(row.instrumentId).catch(() => null);
      if (inst) out.push({ instrumentId: inst.id, code: inst.code, addedAt: row.createdAt.getTime() });
    }
    return { list: out, max: options.maxFavourites };
  }

  /** An instrument users may see: unknown and disabled ones answer 80005. */
  async function listed(instrumentId: number): Promise<Instrument> {
    const inst = await market.getInstrument(instrumentId).catch(() => null);
    if (!inst?.enabled) throw watchlistErrors.noRecord();
    return inst;
  }

  return {
    list,

    async add(userId: number, instrumentId: number): Promise<FavouritesResult> {
      const inst = await listed(instrumentId);
      await db.transaction(async (tx) => {
        if (!(await repo.addFavourite(tx, userId, inst.id, clock.now()))) return;
        if (!(await repo.takeQuota(tx, userId, 'favourites', options.maxFavourites))) {
          throw watchlistErrors.favouritesFull(options.maxFavourites);
        }
      });
      return list(userId);
    },

    /** Idempotent: removing what is not a favourite changes nothing. Unknown instruments: 80005. */
    async remove(userId: number, instrumentId: number): Promise<FavouritesResult> {
      const inst = await market.getInstrument(instrumentId).catch(() => null);
      if (!inst) throw watchlistErrors.noRecord();
      await db.transaction(async (tx) => {
        if (await repo.removeFavourite(tx, userId, inst.id)) await repo.releaseQuota(tx, userId, 'favourites');
      });
      return list(userId);
    },
  };
}
