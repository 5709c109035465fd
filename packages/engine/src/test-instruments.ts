import { compileInstrument, type InstrumentSpec } from './instrument.ts';

// One instrument per asset class, with real-world contract sizes, for the unit tests.
const spec = (
  s: Partial<InstrumentSpec> & Pick<InstrumentSpec, 'symbol' | 'tickSize' | 'contractSize'>,
): InstrumentSpec => ({
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  maxLeverage: 100,
  feeRate: '0.0001',
  quoteScale: 6,
  quoteToUsdt: 'direct',
  ...s,
});

export const EURUSD = compileInstrument(
  spec({ symbol: 'EUR/USD', tickSize: '0.00001', contractSize: '100000', maxLeverage: 500 }),
);
export const XAUUSD = compileInstrument(
  spec({ symbol: 'XAU/USD', tickSize: '0.01', contractSize: '100', maxLots: '50' }),
);
export const BTCUSDT = compileInstrument(
  spec({
    symbol: 'BTC/USDT',
    tickSize: '0.01',
    contractSize: '1',
    lotStep: '0.001',
    minLots: '0.001',
    maxLots: '10',
    feeRate: '0.0005',
  }),
);
export const AAPL = compileInstrument(
  spec({
    symbol: 'AAPL',
    tickSize: '0.01',
    contractSize: '1',
    lotStep: '1',
    minLots: '1',
    maxLots: '10000',
    maxLeverage: 5,
    feeRate: '0.001',
  }),
);
/** Crude oil: 1000 barrels a lot. */
export const CL = compileInstrument(
  spec({
    symbol: 'CL',
    tickSize: '0.01',
    contractSize: '1000',
    lotStep: '0.1',
    minLots: '0.1',
    maxLeverage: 50,
    feeRate: '0.0002',
  }),
);
/** An equity index future: a 0.25 tick and a $50 multiplier. */
export const ES = compileInstrument(
  spec({
    symbol: 'ES',
    tickSize: '0.25',
    contractSize: '50',
    lotStep: '1',
    minLots: '1',
    maxLeverage: 20,
    feeRate: '0.0001',
  }),
);
export const SPY = compileInstrument(
  spec({
    symbol: 'SPY',
    tickSize: '0.01',
    contractSize: '1',
    lotStep: '1',
    minLots: '1',
    maxLots: '10000',
    maxLeverage: 5,
    feeRate: '0.0005',
  }),
);
/** Base USD: PnL comes out in JPY and is converted at the current price. */
export const USDJPY = compileInstrument(
  spec({
    symbol: 'USD/JPY',
    tickSize: '0.001',
    contractSize: '100000',
    maxLeverage: 500,
    feeRate: '0.00002',
    quoteToUsdt: 'inverse',
  }),
);

/** 1 USDT in minor units (quoteScale 6). */
export const USDT = 1_000_000n;
