import type { SessionSpec } from '@openbourse/contracts/market.ts';
import { SESSIONS } from './market.session.ts';

/**
 * The instruments seeded on first start (idempotent by code; an operator's later edits are kept).
 * Prices are realistic late-2025 levels; volatility is annualised over open market time. Fee rates
 * are never below the fee schedule's margin rate, so the home page's "lowest fee" stays true.
 * `dailyVolume` (base units a day) only drives the simulated volume.
 */
export type AssetClass = 'forex' | 'metal' | 'crypto' | 'stock' | 'future' | 'etf';

export interface CatalogueEntry {
  code: string;
  name: string;
  type: 1 | 2 | 3 | 4 | 5;
  assetClass: AssetClass;
  base: string;
  quote: string;
  quoteToUsdt: 'direct' | 'inverse';
  tickSize: string;
  priceDecimals: number;
  contractSize: string;
  lotStep: string;
  minLots: string;
  maxLots: string;
  maxLeverage: number;
  feeRate: string;
  session: SessionSpec;
  volatility: string;
  initialPrice: string;
  /** Full bid/ask spread as a fraction of the price (at least one tick). */
  spreadRate: string;
  dailyVolume: string;
  /** Symbol on the real exchange feed (Binance), when one exists. */
  feedSymbol: string | null;
  /** Ticks a stop loss or take profit keeps at least from the closing price (see `stopsLevelOf`). */
  stopsLevel: number;
}

type Row = [code: string, name: string, initialPrice: string, volatility: string, dailyVolume: string];

type Entry = Omit<CatalogueEntry, 'stopsLevel'>;

function fx(
  [code, name, initialPrice, volatility, dailyVolume]: Row,
  o: { tickSize: string; priceDecimals: number; spreadRate?: string },
): Entry {
  const base = code.slice(0, 3);
  const quote = code.slice(3);
  return {
    code,
    name,
    type: 1,
    assetClass: 'forex',
    base,
    quote,
    quoteToUsdt: base === 'USD' ? 'inverse' : 'direct',
    tickSize: o.tickSize,
    priceDecimals: o.priceDecimals,
    contractSize: '100000',
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '100',
    maxLeverage: 200,
    feeRate: '0.0005',
    session: SESSIONS.forex,
    volatility,
    initialPrice,
    spreadRate: o.spreadRate ?? '0.00008',
    dailyVolume,
    feedSymbol: null,
  };
}

function metal(
  [code, name, initialPrice, volatility, dailyVolume]: Row,
  o: { tickSize: string; priceDecimals: number; contractSize: string },
): Entry {
  return {
    code,
    name,
    type: 1,
    assetClass: 'metal',
    base: code.slice(0, 3),
    quote: 'USD',
    quoteToUsdt: 'direct',
    tickSize: o.tickSize,
    priceDecimals: o.priceDecimals,
    contractSize: o.contractSize,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '50',
    maxLeverage: 100,
    feeRate: '0.0005',
    session: SESSIONS.forex,
    volatility,
    initialPrice,
    spreadRate: '0.0002',
    dailyVolume,
    feedSymbol: null,
  };
}

function crypto(
  [code, name, initialPrice, volatility, dailyVolume]: Row,
  o: { tickSize: string; priceDecimals: number; lotStep: string; maxLots: string; maxLeverage?: number },
): Entry {
  return {
    code,
    name,
    type: 2,
    assetClass: 'crypto',
    base: code.replace(/USDT$/, ''),
    quote: 'USDT',
    quoteToUsdt: 'direct',
    tickSize: o.tickSize,
    priceDecimals: o.priceDecimals,
    contractSize: '1',
    lotStep: o.lotStep,
    minLots: o.lotStep,
    maxLots: o.maxLots,
    maxLeverage: o.maxLeverage ?? 20,
    feeRate: '0.001',
    session: SESSIONS.always,
    volatility,
    initialPrice,
    spreadRate: '0.0002',
    dailyVolume,
    feedSymbol: code,
  };
}

function equity(type: 3 | 5, [code, name, initialPrice, volatility, dailyVolume]: Row): Entry {
  return {
    code,
    name,
    type,
    assetClass: type === 3 ? 'stock' : 'etf',
    base: code,
    quote: 'USD',
    quoteToUsdt: 'direct',
    tickSize: '0.01',
    priceDecimals: 2,
    contractSize: '1',
    lotStep: '1',
    minLots: '1',
    maxLots: '10000',
    maxLeverage: type === 3 ? 10 : 20,
    feeRate: type === 3 ? '0.0008' : '0.0006',
    session: SESSIONS.usEquity,
    volatility,
    initialPrice,
    spreadRate: '0.0002',
    dailyVolume,
    feedSymbol: null,
  };
}

function future(
  [code, name, initialPrice, volatility, dailyVolume]: Row,
  o: { tickSize: string; priceDecimals: number; contractSize: string },
): Entry {
  return {
    code,
    name,
    type: 4,
    assetClass: 'future',
    base: code,
    quote: 'USD',
    quoteToUsdt: 'direct',
    tickSize: o.tickSize,
    priceDecimals: o.priceDecimals,
    contractSize: o.contractSize,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '50',
    maxLeverage: 50,
    feeRate: '0.0005',
    session: SESSIONS.futures,
    volatility,
    initialPrice,
    spreadRate: '0.0002',
    dailyVolume,
    feedSymbol: null,
  };
}

const FIVE = { tickSize: '0.00001', priceDecimals: 5 };

/**
 * The stops level each class starts with, in ticks: 2 pips for forex, 50 ticks for metals, 10 for
 * futures, 4 cents for shares and ETFs, and about 0.01% of the price for crypto (whose ticks are
 * tiny next to its price). A tick count from the configuration, not an amount of money.
 */
function stopsLevelOf(e: Entry): number {
  switch (e.assetClass) {
    case 'forex':
      return 20;
    case 'metal':
      return 50;
    case 'future':
      return 10;
    case 'crypto':
      return Math.max(1, Math.round(Number(e.initialPrice) / Number(e.tickSize) / 10_000));
    default:
      return 4;
  }
}

const ENTRIES: readonly Entry[] = [
  // 1 — forex and metals
  fx(['EURUSD', 'EUR/USD', '1.16000', '0.075', '2500000000'], FIVE),
  fx(['GBPUSD', 'GBP/USD', '1.31500', '0.080', '1200000000'], FIVE),
  fx(['USDJPY', 'USD/JPY', '154.500', '0.095', '2000000000'], { tickSize: '0.001', priceDecimals: 3 }),
  fx(['AUDUSD', 'AUD/USD', '0.65200', '0.090', '800000000'], FIVE),
  fx(['USDCHF', 'USD/CHF', '0.80100', '0.080', '600000000'], FIVE),
  fx(['USDCAD', 'USD/CAD', '1.40300', '0.060', '700000000'], FIVE),
  fx(['NZDUSD', 'NZD/USD', '0.57000', '0.095', '300000000'], FIVE),
  metal(['XAUUSD', 'Gold / USD', '4050.00', '0.170', '20000000'], {
    tickSize: '0.01',
    priceDecimals: 2,
    contractSize: '100',
  }),
  metal(['XAGUSD', 'Silver / USD', '50.000', '0.200', '300000000'], {
    tickSize: '0.001',
    priceDecimals: 3,
    contractSize: '5000',
  }),
  metal(['XPTUSD', 'Platinum / USD', '1550.00', '0.200', '1000000'], {
    tickSize: '0.01',
    priceDecimals: 2,
    contractSize: '50',
  }),
  // 2 — crypto (24/7; these also exist on Binance's public stream)
  crypto(['BTCUSDT', 'Bitcoin', '95000.00', '0.60', '20000'], {
    tickSize: '0.01',
    priceDecimals: 2,
    lotStep: '0.001',
    maxLots: '50',
    maxLeverage: 50,
  }),
  crypto(['ETHUSDT', 'Ethereum', '3200.00', '0.70', '400000'], {
    tickSize: '0.01',
    priceDecimals: 2,
    lotStep: '0.01',
    maxLots: '500',
    maxLeverage: 50,
  }),
  crypto(['BNBUSDT', 'BNB', '920.00', '0.65', '300000'], {
    tickSize: '0.01',
    priceDecimals: 2,
    lotStep: '0.01',
    maxLots: '2000',
  }),
  crypto(['SOLUSDT', 'Solana', '140.00', '0.80', '3000000'], {
    tickSize: '0.01',
    priceDecimals: 2,
    lotStep: '0.1',
    maxLots: '10000',
  }),
  crypto(['XRPUSDT', 'XRP', '2.2000', '0.80', '500000000'], {
    tickSize: '0.0001',
    priceDecimals: 4,
    lotStep: '1',
    maxLots: '1000000',
  }),
  crypto(['ADAUSDT', 'Cardano', '0.4500', '0.80', '400000000'], {
    tickSize: '0.0001',
    priceDecimals: 4,
    lotStep: '1',
    maxLots: '2000000',
  }),
  crypto(['DOGEUSDT', 'Dogecoin', '0.16000', '0.80', '1500000000'], {
    tickSize: '0.00001',
    priceDecimals: 5,
    lotStep: '10',
    maxLots: '5000000',
  }),
  crypto(['AVAXUSDT', 'Avalanche', '15.00', '0.80', '3000000'], {
    tickSize: '0.01',
    priceDecimals: 2,
    lotStep: '0.1',
    maxLots: '50000',
  }),
  crypto(['DOTUSDT', 'Polkadot', '2.800', '0.80', '8000000'], {
    tickSize: '0.001',
    priceDecimals: 3,
    lotStep: '1',
    maxLots: '200000',
  }),
  crypto(['LINKUSDT', 'Chainlink', '14.00', '0.75', '3000000'], {
    tickSize: '0.01',
    priceDecimals: 2,
    lotStep: '0.1',
    maxLots: '50000',
  }),
  crypto(['LTCUSDT', 'Litecoin', '95.00', '0.70', '500000'], {
    tickSize: '0.01',
    priceDecimals: 2,
    lotStep: '0.01',
    maxLots: '10000',
  }),
  crypto(['TRXUSDT', 'TRON', '0.2900', '0.60', '600000000'], {
    tickSize: '0.0001',
    priceDecimals: 4,
    lotStep: '10',
    maxLots: '5000000',
  }),
  // 3 — US stocks (regular session only)
  equity(3, ['AAPL', 'Apple Inc.', '270.00', '0.28', '50000000']),
  equity(3, ['MSFT', 'Microsoft Corp.', '510.00', '0.25', '20000000']),
  equity(3, ['NVDA', 'NVIDIA Corp.', '185.00', '0.40', '180000000']),
  equity(3, ['AMZN', 'Amazon.com Inc.', '230.00', '0.32', '40000000']),
  equity(3, ['GOOGL', 'Alphabet Inc. Class A', '280.00', '0.30', '30000000']),
  equity(3, ['META', 'Meta Platforms Inc.', '600.00', '0.35', '12000000']),
  equity(3, ['TSLA', 'Tesla Inc.', '400.00', '0.40', '90000000']),
  equity(3, ['JPM', 'JPMorgan Chase & Co.', '300.00', '0.25', '9000000']),
  equity(3, ['V', 'Visa Inc.', '330.00', '0.25', '6000000']),
  equity(3, ['JNJ', 'Johnson & Johnson', '190.00', '0.25', '7000000']),
  equity(3, ['XOM', 'Exxon Mobil Corp.', '115.00', '0.27', '15000000']),
  equity(3, ['WMT', 'Walmart Inc.', '100.00', '0.25', '18000000']),
  // 4 — futures (continuous front-month contracts; no expiry is modelled)
  future(['CL', 'WTI Crude Oil', '60.00', '0.35', '300000'], {
    tickSize: '0.01',
    priceDecimals: 2,
    contractSize: '1000',
  }),
  future(['BZ', 'Brent Crude Oil', '64.00', '0.33', '200000'], {
    tickSize: '0.01',
    priceDecimals: 2,
    contractSize: '1000',
  }),
  future(['NG', 'Natural Gas', '4.000', '0.35', '150000'], {
    tickSize: '0.001',
    priceDecimals: 3,
    contractSize: '10000',
  }),
  future(['ES', 'E-mini S&P 500', '6700.00', '0.25', '1500000'], {
    tickSize: '0.25',
    priceDecimals: 2,
    contractSize: '50',
  }),
  future(['NQ', 'E-mini Nasdaq-100', '25000.00', '0.30', '500000'], {
    tickSize: '0.25',
    priceDecimals: 2,
    contractSize: '20',
  }),
  future(['YM', 'E-mini Dow', '47000', '0.25', '150000'], { tickSize: '1', priceDecimals: 0, contractSize: '5' }),
  future(['GC', 'Gold Futures', '4060.0', '0.25', '200000'], {
    tickSize: '0.1',
    priceDecimals: 1,
    contractSize: '100',
  }),
  future(['HG', 'Copper Futures', '5.0000', '0.28', '80000'], {
    tickSize: '0.0005',
    priceDecimals: 4,
    contractSize: '25000',
  }),
  // 5 — ETFs (US session)
  equity(5, ['SPY', 'SPDR S&P 500 ETF', '670.00', '0.17', '70000000']),
  equity(5, ['QQQ', 'Invesco QQQ Trust', '610.00', '0.20', '40000000']),
  equity(5, ['IWM', 'iShares Russell 2000 ETF', '245.00', '0.20', '30000000']),
  equity(5, ['DIA', 'SPDR Dow Jones Industrial Average ETF', '470.00', '0.16', '3000000']),
  equity(5, ['GLD', 'SPDR Gold Shares', '370.00', '0.17', '10000000']),
  equity(5, ['TLT', 'iShares 20+ Year Treasury Bond ETF', '90.00', '0.15', '35000000']),
  equity(5, ['EEM', 'iShares MSCI Emerging Markets ETF', '53.00', '0.18', '25000000']),
  equity(5, ['VTI', 'Vanguard Total Stock Market ETF', '330.00', '0.17', '4000000']),
];

export const CATALOGUE: readonly CatalogueEntry[] = ENTRIES.map((e) => ({ ...e, stopsLevel: stopsLevelOf(e) }));
