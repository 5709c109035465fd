import type { KPeriod } from '@openbourse/contracts/market.ts';

/**
 * The chart periods and their lengths (contracts K_PERIODS / PERIOD_MS), repeated here so the market
 * chunk does not pull zod in with the contracts module's values.
 */
export const K_PERIODS: readonly KPeriod[] = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'];
export const PERIOD_MS: Record<KPeriod, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};
