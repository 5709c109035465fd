import type { spotPairs } from './spot.tables.ts';

type PairSeed = Omit<typeof spotPairs.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * The pairs a fresh platform lists (operators edit them in the back office). Each grid is chosen so
 * that one tick × one lot is a whole number of the quote's minor units (USDT: 6 decimals) and one
 * lot a whole number of the base's. Fees: maker 0.08 %, taker 0.1 %; a market order trades at most
 * 5 % beyond the best price it meets. The market maker quotes 10 levels a side, the first 0.05 %
 * from the feed's mid price, 0.03 % apart, each worth about 2,000 USDT.
 */
const pair = (
  sort: number,
  base: string,
  tickSize: string,
  lotSize: string,
  maxLots: number,
  instrumentCode = `${base}USDT`,
): PairSeed => ({
  symbol: `${base}/USDT`,
  base,
  quote: 'USDT',
  instrumentCode,
  tickSize,
  lotSize,
  minLots: 1,
  maxLots,
  makerFeePpm: 800,
  takerFeePpm: 1000,
  protectionPpm: 50_000,
  enabled: true,
  sort,
  mmEnabled: true,
  mmSpreadPpm: 500,
  mmStepPpm: 300,
  mmLevels: 10,
  mmLevelQuote: '2000',
});

export const DEFAULT_PAIRS: readonly PairSeed[] = [
  pair(1, 'BTC', '0.01', '0.0001', 1_000_000),
  pair(2, 'ETH', '0.01', '0.001', 1_000_000),
  pair(3, 'BNB', '0.01', '0.001', 1_000_000),
  pair(4, 'SOL', '0.01', '0.01', 10_000_000),
  pair(5, 'XRP', '0.0001', '0.1', 100_000_000),
  pair(6, 'DOGE', '0.00001', '1', 100_000_000),
  pair(7, 'ADA', '0.0001', '0.1', 100_000_000),
  pair(8, 'LTC', '0.01', '0.001', 1_000_000),
];
