import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { compileInstrument, type Instrument, lotsToSteps, priceToTicks, type Side } from './instrument.ts';
import {
  closePosition,
  equityExact,
  feeMinor,
  marginLevel,
  accountMarginLevel,
  notionalMinor,
  openPosition,
  pnlExact,
  pnlMinor,
  requiredMarginMinor,
  stopOutTicks,
  unrealisedPnlMinor,
  validatePendingEntry,
  validatePendingStops,
  validateStops,
} from './margin.ts';
import { assertFreeMargin, quoteMarketOrder, quotePendingOrder } from './order.ts';
import { AAPL, BTCUSDT, CL, ES, EURUSD, SPY, USDJPY, USDT, XAUUSD } from './test-instruments.ts';

const px = (ins: Instrument, price: string) => priceToTicks(ins, price);
const lots = (ins: Instrument, l: string) => lotsToSteps(ins, l);
const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return `${e.code}:${e.field}`;
    throw e;
  }
  return undefined;
};

interface Case {
  ins: Instrument;
  side: Side;
  lots: string;
  entry: string;
  exit: string;
  leverage: number;
  notional: bigint;
  margin: bigint;
  fee: bigint;
  pnl: bigint;
}

// Hand-computed: notional = price × lots × contractSize; margin = notional / leverage (up);
// fee = notional × feeRate (up); pnl = ±(exit − entry) × lots × contractSize (toward zero).
const cases: Record<string, Case> = {
  // 1.1 × 1 × 100000 = 110000; /100 = 1100; ×0.0001 = 11; +0.0025 × 100000 = 250
  'forex EUR/USD, 100000 a lot': {
    ins: EURUSD,
    side: 'buy',
    lots: '1',
    entry: '1.10000',
    exit: '1.10250',
    leverage: 100,
    notional: 110_000n * USDT,
    margin: 1_100n * USDT,
    fee: 11n * USDT,
    pnl: 250n * USDT,
  },
  // 2350.25 × 0.5 × 100 = 117512.5; /100 = 1175.125; fee 11.75125; −4.5 × 50 = −225
  'metal XAU/USD, 100 oz a lot': {
    ins: XAUUSD,
    side: 'buy',
    lots: '0.5',
    entry: '2350.25',
    exit: '2345.75',
    leverage: 100,
    notional: 117_512_500_000n,
    margin: 1_175_125_000n,
    fee: 11_751_250n,
    pnl: -225n * USDT,
  },
  // 64321.12 × 0.125 = 8040.14; /20 = 402.007; fee 4.02007; short +1321.12 × 0.125 = 165.14
  'crypto BTC/USDT, 1 coin a lot (short)': {
    ins: BTCUSDT,
    side: 'sell',
    lots: '0.125',
    entry: '64321.12',
    exit: '63000.00',
    leverage: 20,
    notional: 8_040_140_000n,
    margin: 402_007_000n,
    fee: 4_020_070n,
    pnl: 165_140_000n,
  },
  // 189.37 × 10 = 1893.70; /5 = 378.74; ×0.001 = 1.8937; +0.63 × 10 = 6.30
  'stock AAPL, 1 share a lot': {
    ins: AAPL,
    side: 'buy',
    lots: '10',
    entry: '189.37',
    exit: '190.00',
    leverage: 5,
    notional: 1_893_700_000n,
    margin: 378_740_000n,
    fee: 1_893_700n,
    pnl: 6_300_000n,
  },
  // 78.43 × 2 × 1000 = 156860; /50 = 3137.2; ×0.0002 = 31.372; −0.52 × 2000 = −1040
  'future crude oil, 1000 barrels a lot': {
    ins: CL,
    side: 'buy',
    lots: '2',
    entry: '78.43',
    exit: '77.91',
    leverage: 50,
    notional: 156_860n * USDT,
    margin: 3_137_200_000n,
    fee: 31_372_000n,
    pnl: -1_040n * USDT,
  },
  // 5000.25 × 50 = 250012.5; /20 = 12500.625; fee 25.00125; +10.5 × 50 = 525 (0.25 tick)
  'future ES, ×50 multiplier': {
    ins: ES,
    side: 'buy',
    lots: '1',
    entry: '5000.25',
    exit: '5010.75',
    leverage: 20,
    notional: 250_012_500_000n,
    margin: 12_500_625_000n,
    fee: 25_001_250n,
    pnl: 525n * USDT,
  },
  // 512.34 × 3 = 1537.02; /5 = 307.404; ×0.0005 = 0.76851; short −2.66 × 3 = −7.98
  'ETF SPY, 1 unit a lot (short)': {
    ins: SPY,
    side: 'sell',
    lots: '3',
    entry: '512.34',
    exit: '515.00',
    leverage: 5,
    notional: 1_537_020_000n,
    margin: 307_404_000n,
    fee: 768_510n,
    pnl: -7_980_000n,
  },
  // base USD: notional 100000 USD whatever the price; PnL 1.5 × 100000 JPY / 151.5 = 990.0990099…
  'forex USD/JPY, inverse conversion': {
    ins: USDJPY,
    side: 'buy',
    lots: '1',
    entry: '150.000',
    exit: '151.500',
    leverage: 100,
    notional: 100_000n * USDT,
    margin: 1_000n * USDT,
    fee: 2n * USDT,
    pnl: 990_099_009n,
  },
};

describe.each(Object.entries(cases))('%s', (_name, c) => {
  const entryTicks = px(c.ins, c.entry);
  const exitTicks = px(c.ins, c.exit);
  const steps = lots(c.ins, c.lots);
  const other: Side = c.side === 'buy' ? 'sell' : 'buy';

  it('prices notional, margin and fee', () => {
    expect(notionalMinor(c.ins, entryTicks, steps)).toBe(c.notional);
    expect(requiredMarginMinor(c.ins, entryTicks, steps, c.leverage)).toBe(c.margin);
    expect(feeMinor(c.ins, entryTicks, steps)).toBe(c.fee);
  });

  it('computes PnL, and the opposite side gets exactly the opposite', () => {
    expect(pnlMinor(c.ins, c.side, entryTicks, exitTicks, steps)).toBe(c.pnl);
    expect(pnlMinor(c.ins, other, entryTicks, exitTicks, steps)).toBe(-c.pnl);
  });

  it('closes through closePosition with the same PnL and releases the whole margin', () => {
    const pos = openPosition(c.ins, { side: c.side, entryTicks, qtySteps: steps, leverage: c.leverage });
    expect(pos.marginMinor).toBe(c.margin);
    expect(unrealisedPnlMinor(c.ins, pos, exitTicks)).toBe(c.pnl);
    const closed = closePosition(c.ins, pos, steps, exitTicks);
    expect(closed.pnlMinor).toBe(c.pnl);
    expect(closed.marginReleasedMinor).toBe(c.margin);
    expect(closed.remaining).toBeNull();
    expect(closePosition(c.ins, pos, steps, entryTicks).pnlMinor).toBe(0n);
  });
});

describe('rounding', () => {
  it('rounds margin up to the minor unit: 0.01 lot EUR/USD at 1.23457, 30×', () => {
    // 1234.57 / 30 = 41.1523333… → 41.152334
    expect(requiredMarginMinor(EURUSD, 123_457n, 1n, 30)).toBe(41_152_334n);
  });

  it('rounds the fee up: 0.001 BTC at 100.01, 0.05 %', () => {
    // notional 0.10001 USDT × 0.0005 = 0.000050005 → 0.000051
    expect(feeMinor(BTCUSDT, 10_001n, 1n)).toBe(51n);
  });

  it('truncates PnL toward zero on both sides (USD/JPY closed at 149.000)', () => {
    // −1 × 100000 JPY / 149 = −671.140939597… → −671.140939; the short gets +671.140939
    expect(pnlMinor(USDJPY, 'buy', 150_000n, 149_000n, 100n)).toBe(-671_140_939n);
    expect(pnlMinor(USDJPY, 'sell', 150_000n, 149_000n, 100n)).toBe(671_140_939n);
  });

  it('converts an inverse pair at the exit price: PnL_USDT × price = PnL_JPY exactly', () => {
    const usdt = pnlExact(USDJPY, 'buy', 150_000n, 151_500n, 100n); // minor units of USDT
    // 150000 JPY at 151.500 JPY per USD; multiply back by the price to get JPY (× 10^6 minor)
    expect((usdt.num * 151_500n) / (usdt.den * 1000n)).toBe(150_000n * USDT);
    expect(notionalMinor(USDJPY, 90_000n, 100n)).toBe(notionalMinor(USDJPY, 200_000n, 100n));
  });
});

describe('partial close', () => {
  it('releases margin pro rata, the last part taking the remainder', () => {
    const pos = openPosition(USDJPY, { side: 'buy', entryTicks: 150_000n, qtySteps: 3n, leverage: 7 });
    expect(pos.marginMinor).toBe(428_571_429n); // 3000 USD / 7 = 428.5714285… → up
    const a = closePosition(USDJPY, pos, 1n, 151_500n);
    const b = closePosition(USDJPY, a.remaining!, 1n, 151_500n);
    const c = closePosition(USDJPY, b.remaining!, 1n, 151_500n);
    expect([a.marginReleasedMinor, b.marginReleasedMinor, c.marginReleasedMinor]).toEqual([
      142_857_143n,
      142_857_143n,
      142_857_143n,
    ]);
    expect(c.remaining).toBeNull();
    // 3 × 9.9009900990… = 29.702970297…: the parts sum to the full close, not to 3 × 9.900990
    const full = closePosition(USDJPY, pos, 3n, 151_500n).pnlMinor;
    expect(full).toBe(29_702_970n);
    expect(a.pnlMinor + b.pnlMinor + c.pnlMinor).toBe(full);
  });

  it('carries the exact fraction: each part pays what the running total newly crossed', () => {
    // 1 step of USD/JPY closed at 151.000 is worth 1000 JPY / 151 = 6.622516556… USDT. Truncating
    // each part alone would pay 10 × 6.622516 = 66.225160 and lose 5 minor units to rounding.
    const pos = openPosition(USDJPY, { side: 'buy', entryTicks: 150_000n, qtySteps: 10n, leverage: 100 });
    let p = pos;
    const paid: bigint[] = [];
    for (let i = 0; i < 9; i++) {
      const r = closePosition(USDJPY, p, 1n, 151_000n);
      paid.push(r.pnlMinor);
      p = r.remaining!;
    }
    paid.push(closePosition(USDJPY, p, 1n, 151_000n).pnlMinor);
    expect(paid.reduce((s, x) => s + x, 0n)).toBe(66_225_165n); // trunc(66.225165562…)
    expect(paid.reduce((s, x) => s + x, 0n)).toBe(closePosition(USDJPY, pos, 10n, 151_000n).pnlMinor);
    expect(new Set(paid)).toEqual(new Set([6_622_516n, 6_622_517n]));
  });

  it('refuses to close nothing, more than is open, or to leave less than minLots', () => {
    const pos = openPosition(CL, { side: 'buy', entryTicks: 7_843n, qtySteps: 3n, leverage: 10 });
    expect(codeOf(() => closePosition(CL, pos, 0n, 7_800n))).toBe('invalid_quantity:lots');
    expect(codeOf(() => closePosition(CL, pos, 4n, 7_800n))).toBe('invalid_quantity:lots');
    const big = { ...pos, qtySteps: 3n };
    const ins = { ...CL, minSteps: 2n };
    expect(codeOf(() => closePosition(ins, big, 2n, 7_800n))).toBe('lots_below_min:lots');
    expect(closePosition(ins, big, 3n, 7_800n).remaining).toBeNull();
  });
});

describe('stop loss / take profit validation', () => {
  const quote = { bidTicks: 110_000n, askTicks: 110_002n };

  it('long: SL below the bid, TP above it; equal is unreasonable', () => {
    expect(() => validateStops('buy', { stopLossTicks: 109_999n, takeProfitTicks: 110_001n }, quote)).not.toThrow();
    expect(codeOf(() => validateStops('buy', { stopLossTicks: 110_000n }, quote))).toBe('unreasonable_price:stopLoss');
    expect(codeOf(() => validateStops('buy', { takeProfitTicks: 110_000n }, quote))).toBe(
      'unreasonable_price:takeProfit',
    );
    expect(codeOf(() => validateStops('buy', { stopLossTicks: 110_001n }, quote))).toBe('unreasonable_price:stopLoss');
    expect(codeOf(() => validateStops('buy', { takeProfitTicks: 109_000n }, quote))).toBe(
      'unreasonable_price:takeProfit',
    );
  });

  it('short: SL above the ask, TP below it; equal is unreasonable', () => {
    expect(() => validateStops('sell', { stopLossTicks: 110_003n, takeProfitTicks: 110_001n }, quote)).not.toThrow();
    expect(codeOf(() => validateStops('sell', { stopLossTicks: 110_002n }, quote))).toBe('unreasonable_price:stopLoss');
    expect(codeOf(() => validateStops('sell', { takeProfitTicks: 110_002n }, quote))).toBe(
      'unreasonable_price:takeProfit',
    );
    expect(codeOf(() => validateStops('sell', { stopLossTicks: 110_001n }, quote))).toBe('unreasonable_price:stopLoss');
  });

  it('absent stops are fine; a pending order checks its stops against its entry', () => {
    expect(() => validateStops('buy', {}, quote)).not.toThrow();
    expect(() => validateStops('sell', { stopLossTicks: null, takeProfitTicks: null }, quote)).not.toThrow();
    expect(() =>
      validatePendingStops('buy', { stopLossTicks: 104_999n, takeProfitTicks: 105_001n }, 105_000n),
    ).not.toThrow();
    expect(codeOf(() => validatePendingStops('buy', { stopLossTicks: 105_000n }, 105_000n))).toBe(
      'unreasonable_price:stopLoss',
    );
    expect(codeOf(() => validatePendingStops('sell', { takeProfitTicks: 105_000n }, 105_000n))).toBe(
      'unreasonable_price:takeProfit',
    );
  });
});

describe('take profit beyond the entry, stops at the instrument’s distance', () => {
  const quote = { bidTicks: 110_000n, askTicks: 110_002n };
  const spec = EURUSD.spec;

  it('a long’s take profit inside the spread is refused: it would close at a loss (entry at the ask)', () => {
    const rule = { entryTicks: 110_002n };
    expect(codeOf(() => validateStops('buy', { takeProfitTicks: 110_001n }, quote, rule))).toBe(
      'unreasonable_price:takeProfit',
    );
    expect(codeOf(() => validateStops('buy', { takeProfitTicks: 110_002n }, quote, rule))).toBe(
      'unreasonable_price:takeProfit',
    );
    expect(() => validateStops('buy', { takeProfitTicks: 110_003n }, quote, rule)).not.toThrow();
    // A short mirrored: entry at the bid, take profit below it.
    const short = { entryTicks: 110_000n };
    expect(codeOf(() => validateStops('sell', { takeProfitTicks: 110_000n }, quote, short))).toBe(
      'unreasonable_price:takeProfit',
    );
    expect(() => validateStops('sell', { takeProfitTicks: 109_999n }, quote, short)).not.toThrow();
  });

  it('keeps the minimum distance from the close price: bid for a long, ask for a short', () => {
    const rule = { entryTicks: 110_002n, minDistanceTicks: 20n };
    expect(() =>
      validateStops('buy', { stopLossTicks: 109_980n, takeProfitTicks: 110_020n }, quote, rule),
    ).not.toThrow();
    expect(codeOf(() => validateStops('buy', { stopLossTicks: 109_981n }, quote, rule))).toBe(
      'unreasonable_price:stopLoss',
    );
    expect(codeOf(() => validateStops('buy', { takeProfitTicks: 110_019n }, quote, rule))).toBe(
      'unreasonable_price:takeProfit',
    );
    const short = { entryTicks: 110_000n, minDistanceTicks: 20n };
    expect(() =>
      validateStops('sell', { stopLossTicks: 110_022n, takeProfitTicks: 109_982n }, quote, short),
    ).not.toThrow();
    expect(codeOf(() => validateStops('sell', { stopLossTicks: 110_021n }, quote, short))).toBe(
      'unreasonable_price:stopLoss',
    );
    expect(codeOf(() => validateStops('sell', { takeProfitTicks: 109_983n }, quote, short))).toBe(
      'unreasonable_price:takeProfit',
    );
    // A pending order keeps the distance from its entry.
    expect(codeOf(() => validatePendingStops('buy', { stopLossTicks: 104_990n }, 105_000n, 20n))).toBe(
      'unreasonable_price:stopLoss',
    );
    expect(() => validatePendingStops('buy', { stopLossTicks: 104_980n }, 105_000n, 20n)).not.toThrow();
  });

  it('a market order applies both: the instrument’s stops level and its entry at the ask', () => {
    const ins = compileInstrument({ ...spec, stopsLevel: 20 });
    expect(ins.stopsLevel).toBe(20n);
    const base = { side: 'buy' as const, qtySteps: 100n, leverage: 100, quote };
    expect(codeOf(() => quoteMarketOrder(ins, { ...base, takeProfitTicks: 110_001n }))).toBe(
      'unreasonable_price:takeProfit',
    );
    expect(codeOf(() => quoteMarketOrder(ins, { ...base, stopLossTicks: 109_990n }))).toBe(
      'unreasonable_price:stopLoss',
    );
    expect(() => quoteMarketOrder(ins, { ...base, stopLossTicks: 109_980n, takeProfitTicks: 110_020n })).not.toThrow();
    expect(codeOf(() => compileInstrument({ ...spec, stopsLevel: -1 }))).toBe('invalid_spec:stopsLevel');
    expect(codeOf(() => compileInstrument({ ...spec, stopsLevel: 1.5 }))).toBe('invalid_spec:stopsLevel');
  });
});

describe('pending entry validation', () => {
  const quote = { bidTicks: 100n, askTicks: 102n };
  it.each([
    ['buy', 'limit', 101n, true],
    ['buy', 'limit', 102n, false],
    ['buy', 'stop', 103n, true],
    ['buy', 'stop', 102n, false],
    ['sell', 'limit', 101n, true],
    ['sell', 'limit', 100n, false],
    ['sell', 'stop', 99n, true],
    ['sell', 'stop', 100n, false],
  ] as const)('%s %s at %s when bid 100 / ask 102: ok=%s', (side, type, entry, ok) => {
    const check = () => validatePendingEntry(side, type, entry, quote);
    if (ok) expect(check).not.toThrow();
    else expect(codeOf(check)).toBe('unreasonable_price:price');
  });
});

describe('stop-out price', () => {
  const level = '0.5';
  it('EUR/USD 1 lot at 1.10000, 100×: margin 1100, stops out 550 USDT down', () => {
    const long = openPosition(EURUSD, { side: 'buy', entryTicks: 110_000n, qtySteps: 100n, leverage: 100 });
    const short = { ...long, side: 'sell' as const };
    expect(stopOutTicks(EURUSD, long, level)).toBe(109_450n);
    expect(stopOutTicks(EURUSD, short, level)).toBe(110_550n);
    // At the level exactly: equity = 550 = 0.5 × 1100
    expect(equityExact(EURUSD, long, 109_450n)).toEqual({ num: 550n * USDT, den: 1n });
  });

  it('rounds to the tick where equity first reaches the level (EUR/USD 0.01 lot at 1.23457, 30×)', () => {
    // margin 41.152334, loss to stop out 20.576167, 0.01 USDT per tick → 2057.6167 ticks → 2058
    const pos = openPosition(EURUSD, { side: 'buy', entryTicks: 123_457n, qtySteps: 1n, leverage: 30 });
    expect(stopOutTicks(EURUSD, pos, level)).toBe(121_399n);
    const half = { num: pos.marginMinor, den: 2n };
    const eq = (t: bigint) => equityExact(EURUSD, pos, t);
    expect(eq(121_399n).num * half.den <= half.num * eq(121_399n).den).toBe(true);
    expect(eq(121_400n).num * half.den > half.num * eq(121_400n).den).toBe(true);
  });

  it('USD/JPY (inverse) 1 lot at 150.000, 100×: long 149.253, short 150.754', () => {
    // long: p ≤ 150 × 100000 / 100500 = 149.2537…; short: p ≥ 150 × 100000 / 99500 = 150.7537…
    const long = openPosition(USDJPY, { side: 'buy', entryTicks: 150_000n, qtySteps: 100n, leverage: 100 });
    expect(stopOutTicks(USDJPY, long, level)).toBe(149_253n);
    expect(stopOutTicks(USDJPY, { ...long, side: 'sell' }, level)).toBe(150_754n);
  });

  it('is null when no positive price reaches the level (1×, level 0)', () => {
    const long = openPosition(EURUSD, { side: 'buy', entryTicks: 110_000n, qtySteps: 100n, leverage: 1 });
    expect(stopOutTicks(EURUSD, long, '0')).toBeNull();
    const short = openPosition(USDJPY, { side: 'sell', entryTicks: 150_000n, qtySteps: 100n, leverage: 1 });
    expect(stopOutTicks(USDJPY, short, '0')).toBeNull();
    expect(codeOf(() => stopOutTicks(EURUSD, long, '1'))).toBe('invalid_level:stopOutLevel');
  });
});

describe('order previews', () => {
  const quote = { bidTicks: 110_000n, askTicks: 110_002n };

  it('a market buy fills at the ask and shows margin, fee and cost', () => {
    const q = quoteMarketOrder(EURUSD, { side: 'buy', qtySteps: 100n, leverage: 100, quote, stopLossTicks: 109_000n });
    expect(q.entryTicks).toBe(110_002n);
    expect(q.marginMinor).toBe(1_100_020_000n);
    expect(q.feeMinor).toBe(11_000_200n);
    expect(q.costMinor).toBe(q.marginMinor + q.feeMinor);
    expect(() => assertFreeMargin(q.costMinor, q)).not.toThrow();
    expect(codeOf(() => assertFreeMargin(q.costMinor - 1n, q))).toBe('insufficient_margin:lots');
  });

  it('refuses leverage above the maximum, lots outside the range, unreasonable stops', () => {
    const base = { side: 'sell' as const, qtySteps: 100n, leverage: 100, quote };
    expect(codeOf(() => quoteMarketOrder(EURUSD, { ...base, leverage: 501 }))).toBe('invalid_leverage:leverage');
    expect(codeOf(() => quoteMarketOrder(EURUSD, { ...base, leverage: 0 }))).toBe('invalid_leverage:leverage');
    expect(codeOf(() => quoteMarketOrder(EURUSD, { ...base, leverage: 2.5 }))).toBe('invalid_leverage:leverage');
    expect(codeOf(() => quoteMarketOrder(EURUSD, { ...base, qtySteps: 0n }))).toBe('lots_below_min:lots');
    expect(codeOf(() => quoteMarketOrder(EURUSD, { ...base, qtySteps: 10_001n }))).toBe('lots_above_max:lots');
    expect(codeOf(() => quoteMarketOrder(EURUSD, { ...base, stopLossTicks: 110_002n }))).toBe(
      'unreasonable_price:stopLoss',
    );
  });

  it('a pending order is priced at its entry and must wait', () => {
    const q = quotePendingOrder(XAUUSD, {
      side: 'buy',
      type: 'limit',
      entryTicks: 230_000n,
      qtySteps: 10n,
      leverage: 50,
      quote: { bidTicks: 235_000n, askTicks: 235_020n },
      takeProfitTicks: 231_000n,
    });
    expect(q.marginMinor).toBe(460_000_000n); // 2300 × 0.1 × 100 / 50
    expect(
      codeOf(() =>
        quotePendingOrder(XAUUSD, {
          side: 'buy',
          type: 'limit',
          entryTicks: 235_020n,
          qtySteps: 10n,
          leverage: 50,
          quote: { bidTicks: 235_000n, askTicks: 235_020n },
        }),
      ),
    ).toBe('unreasonable_price:price');
  });
});

describe('marginLevel', () => {
  it('is (used + open) / used at 4 decimals, rounded down, and null without margin', () => {
    expect(marginLevel(220_000_000n, -33_333_333n)).toBe('0.8484');
    expect(marginLevel(100n, 0n)).toBe('1.0000');
    expect(marginLevel(3n, -4n)).toBe('-0.3334'); // −1/3 rounds down, away from zero
    expect(marginLevel(0n, 5n)).toBeNull();
  });
});

describe('accountMarginLevel', () => {
  it('is equity over used margin, 4 places rounded down, null without margin in use', () => {
    expect(accountMarginLevel(10_000_000_000n, 950_000_000n)).toBe('10.5263'); // 10,000 / 950
    expect(accountMarginLevel(1_049_000_000n, 950_000_000n)).toBe('1.1042');
    expect(accountMarginLevel(-1n, 3n)).toBe('-0.3334');
    expect(accountMarginLevel(5n, 0n)).toBeNull();
  });
});
