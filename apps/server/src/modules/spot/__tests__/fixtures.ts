import { gridOf } from '../spot.grid.ts';
import type { SpotPairRow } from '../spot.tables.ts';

/** BTC/USDT as seeded: tick 0.01 × lot 0.0001 = one USDT minor unit (6 decimals); maker 0.08 %, taker 0.1 %. */
export const btcUsdtRow = (over: Partial<SpotPairRow> = {}) =>
  ({
    id: 1,
    symbol: 'BTC/USDT',
    base: 'BTC',
    quote: 'USDT',
    tickSize: '0.01',
    lotSize: '0.0001',
    minLots: 1,
    maxLots: 1_000_000,
    makerFeePpm: 800,
    takerFeePpm: 1000,
    protectionPpm: 50_000,
    ...over,
  }) as SpotPairRow;

/** Its grid (BTC 8 decimals, USDT 6). */
export const btcUsdtGrid = (over: Partial<SpotPairRow> = {}) => gridOf(btcUsdtRow(over), 8, 6);
