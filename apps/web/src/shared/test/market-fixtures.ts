/** Market data as the server answers it, for tests: BTC/USDT's quote and its instrument details. */

export const btcQuote = {
  id: 11,
  code: 'BTCUSDT',
  name: 'Bitcoin',
  type: 2,
  last: '95000.00',
  bid: '94990.00',
  ask: '95010.00',
  change: '950.00',
  changePct: '1.01',
  high: '95500.00',
  low: '93000.00',
  volume: '10',
  ts: 1000,
  open: true,
  simulated: true,
  priceDecimals: 2,
};

/** index/getMarketInfo of a crypto instrument quoted in USDT, around `quote`. */
export const cryptoInfo = <Q extends typeof btcQuote>(quote: Q) => ({
  ...quote,
  assetClass: 'crypto',
  baseCurrency: 'BTC',
  quoteCurrency: 'USDT',
  quoteToUsdt: 'direct',
  tickSize: '0.01',
  contractSize: '1',
  lotStep: '0.001',
  minLots: '0.001',
  maxLots: '50',
  maxLeverage: 50,
  feeRate: '0.001',
  stopDistance: '9.50',
  volatility: '0.6',
  session: { kind: 'always', label: '24/7', windows: [] },
  feed: 'sim',
  nextSessionChange: null,
  quote,
});
