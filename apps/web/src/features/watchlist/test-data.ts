import { cryptoInfo } from '@/shared/test/market-fixtures';
import type { Quote } from '@openbourse/contracts/market.ts';
import type { PriceAlert } from '@openbourse/contracts/watchlist.ts';

/** Answers for the watchlist's tests: two crypto quotes, BTCUSDT's market info, alerts. */
export const quote = (id: number, code: string, name: string, last: string): Quote => ({
  id,
  code,
  name,
  type: 2,
  last,
  bid: last,
  ask: last,
  change: '0',
  changePct: '0.00',
  high: last,
  low: last,
  volume: '10',
  ts: 1000,
  open: true,
  simulated: true,
  priceDecimals: 2,
});

export const btc = quote(11, 'BTCUSDT', 'Bitcoin', '95000.00');
export const eth = quote(12, 'ETHUSDT', 'Ethereum', '3200.00');

export const btcInfo = cryptoInfo(btc);

export const alert = (over: Partial<PriceAlert> = {}): PriceAlert => ({
  id: 4_503_599_627_370_501,
  instrumentId: 11,
  code: 'BTCUSDT',
  name: 'Bitcoin',
  priceDecimals: 2,
  condition: 'above',
  price: '96000.00',
  status: 'active',
  createdAt: Date.UTC(2026, 10, 18, 15, 0),
  createdPrice: '95000.00',
  createdTickId: 70,
  firedAt: null,
  firedPrice: null,
  firedTickId: null,
  ...over,
});
