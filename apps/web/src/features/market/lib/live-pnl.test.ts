import type { QuoteTick } from '@openbourse/contracts/market.ts';
import type { UOrder } from '@openbourse/contracts/trading.ts';
import { describe, expect, it } from 'vitest';
import { liveMarginAccount } from '../hooks/use-live-positions';
import { closeEstimate, livePnl, sumDecimals } from './live-pnl';

const spec = (over: Record<string, unknown> = {}) => ({
  id: 1,
  code: 'EURUSD',
  tickSize: '0.00001',
  contractSize: '100000',
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  maxLeverage: 500,
  feeRate: '0.0001',
  quoteToUsdt: 'direct' as const,
  ...over,
});

const order = (over: Partial<UOrder> = {}): UOrder =>
  ({
    id: 1,
    orderNo: 'U1',
    instrumentId: 1,
    code: 'EURUSD',
    side: 'buy',
    state: 'open',
    lots: '1',
    openLots: '1',
    openPrice: '1.10000',
    marginHeld: '220',
    unrealisedProfit: '0',
    currentPrice: '1.10000',
    ...over,
  }) as UOrder;

const quote = (bid: string, ask: string, id = 1): QuoteTick => ({
  id,
  code: 'X',
  last: bid,
  bid,
  ask,
  change: '0',
  changePct: '0',
  high: ask,
  low: bid,
  volume: '0',
  ts: 1,
});

describe('livePnl', () => {
  it('prices a long at the bid and a short at the ask', () => {
    // 1 lot EUR/USD = 100,000 EUR; +10 pips = 100 USD.
    expect(livePnl(order(), spec(), quote('1.10100', '1.10102'))).toEqual({
      price: '1.10100',
      pnl: '100.000000',
      ts: 1,
    });
    expect(livePnl(order({ side: 'sell' }), spec(), quote('1.10100', '1.10102'))?.pnl).toBe('-102.000000');
  });

  it('converts an inverse pair at the exit price and truncates toward zero', () => {
    // USD/JPY 1 lot = 100,000 USD; 150.000 → 150.100 = +10,000 JPY = 66.622251… USDT.
    const usdjpy = spec({ code: 'USDJPY', tickSize: '0.001', quoteToUsdt: 'inverse' });
    const o = order({ openPrice: '150.000' });
    expect(livePnl(o, usdjpy, quote('150.100', '150.102'))?.pnl).toBe('66.622251');
    expect(livePnl({ ...o, side: 'sell' }, usdjpy, quote('149.900', '149.900'))?.pnl).toBe('66.711140');
  });

  it('uses the open lots after a partial close', () => {
    const gold = spec({ code: 'XAUUSD', tickSize: '0.01', contractSize: '100' });
    const o = order({ openPrice: '2000.00', lots: '1', openLots: '0.25' });
    expect(livePnl(o, gold, quote('2010.00', '2010.50'))?.pnl).toBe('250.000000');
  });

  it('keeps the server figure when the quote cannot be priced', () => {
    expect(livePnl(order(), spec(), quote('1.100005', '1.10002'))).toBeNull();
    expect(livePnl(order({ state: 'closed' }), spec(), quote('1.10100', '1.10102'))).toBeNull();
    expect(livePnl(order(), spec(), quote('1.10100', '1.10102', 2))).toBeNull();
  });
});

describe('closeEstimate', () => {
  it('settles a full close as the server would: the PnL, the whole margin back, the sum credited', () => {
    expect(closeEstimate(order(), spec(), quote('1.10100', '1.10102'), '1')).toEqual({
      price: '1.10100',
      pnl: '100.000000',
      released: '220.000000',
      credited: '320.000000',
    });
  });

  it('releases a partial close’s margin pro rata, rounded down', () => {
    const o = order({ marginHeld: '220.000001' });
    expect(closeEstimate(o, spec(), quote('1.09900', '1.09902'), '0.3')).toEqual({
      price: '1.09900',
      pnl: '-30.000000',
      released: '66.000000', // 220.000001 × 0.3, rounded down
      credited: '36.000000',
    });
  });

  it('never credits below zero (a loss is charged at most the margin released) and refuses what it cannot price', () => {
    expect(closeEstimate(order(), spec(), quote('1.00000', '1.00002'), '1')?.credited).toBe('0.000000');
    expect(closeEstimate(order(), spec(), quote('1.10100', '1.10102'), '2')).toBeNull();
    expect(closeEstimate(order(), spec(), quote('1.10100', '1.10102'), 'abc')).toBeNull();
  });
});

describe('liveMarginAccount', () => {
  const account = {
    mode: 'demo' as const,
    currency: 'USDT' as const,
    balance: '1000.000000',
    equity: '1000.000000',
    usedMargin: '220.000000',
    orderMargin: '0.000000',
    freeMargin: '780.000000',
    openProfit: '0.000000',
    marginLevel: '4.5454',
    stopOutLevel: '0.5',
  };
  const live = { order: order(), pnl: '-33.333333', price: '1.09967', live: true, quoteTs: 1, level: '0.8484' };

  it('re-prices open PnL, equity and the account margin level (equity / used margin) from live positions', () => {
    expect(liveMarginAccount(account, [live])).toMatchObject({
      openProfit: '-33.333333',
      equity: '966.666667',
      marginLevel: '4.3939', // 966.666667 / 220, rounded down
    });
  });

  it('keeps the server figures when the two answers describe different positions', () => {
    expect(liveMarginAccount(account, [{ ...live, order: order({ marginHeld: '110' }) }])).toBe(account);
    expect(liveMarginAccount(account, [{ ...live, live: false }])).toBe(account);
  });

  it('sums decimals exactly', () => {
    expect(sumDecimals(['0.1', '0.2', '-0.3'])).toBe('0.000000');
    expect(sumDecimals(['12345678901234567890.123456', '0.000001'])).toBe('12345678901234567890.123457');
  });
});
