import type { HomeStats } from '@openbourse/contracts/content.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FeesService } from '../fees/fees.service.ts';
import type { UsersService } from '../users/users.service.ts';

/**
 * The home page's marketing figures, computed (DESIGN §1.3). Sources that later modules own
 * (traded volume, listed instruments) are passed in as functions so this module reads no one
 * else's tables; a short cache keeps the home page cheap under load.
 */
export interface HomeSources {
  volume24hUsdt(): Promise<string>;
  listedInstruments(): Promise<number>;
}

export const noMarketYet: HomeSources = {
  volume24hUsdt: async () => '0',
  listedInstruments: async () => 0,
};

export function createHomeService(deps: {
  clock: Clock;
  users: UsersService;
  fees: FeesService;
  sources: HomeSources;
  cacheMs?: number;
}) {
  let cached: { at: number; value: HomeStats } | null = null;
  const cacheMs = deps.cacheMs ?? 10_000;
  return {
    async stats(): Promise<HomeStats> {
      const now = deps.clock.now();
      if (cached && now.getTime() - cached.at < cacheMs) return cached.value;
      const [volume24hUsdt, listedInstruments, registeredUsers, lowestFeeRate] = await Promise.all([
        deps.sources.volume24hUsdt(),
        deps.sources.listedInstruments(),
        deps.users.count(),
        deps.fees.lowestRate(),
      ]);
      const value = { volume24hUsdt, listedInstruments, registeredUsers, lowestFeeRate, asOf: now.toISOString() };
      cached = { at: now.getTime(), value };
      return value;
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
