import { describe, expect, it } from 'vitest';
import { computeIndicators } from './indicators';

const bars = (closes: number[]) => closes.map((close, i) => ({ time: i, close }));

describe('chart indicators', () => {
  it('start once they have their history: MA 20, Bollinger 20, EMA 50, RSI 14', () => {
    const { series } = computeIndicators(bars(Array.from({ length: 60 }, (_, i) => 100 + i)));
    expect(series.ma).toHaveLength(41);
    expect(series.ma[0]).toEqual({ time: 19, value: 109.5 }); // mean of 100…119
    expect(series.bollMiddle[0]?.value).toBe(109.5);
    expect(series.ema).toHaveLength(11);
    expect(series.rsi[0]?.time).toBe(14);
    expect(series.rsi.at(-1)?.value).toBe(100); // only gains
  });

  it('puts the Bollinger bands two standard deviations around their mean', () => {
    const closes = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 10 : 12));
    const { series } = computeIndicators(bars(closes));
    expect(series.bollMiddle[0]?.value).toBe(11);
    expect(series.bollUpper[0]?.value).toBeCloseTo(13, 10); // σ = 1
    expect(series.bollLower[0]?.value).toBeCloseTo(9, 10);
  });

  it('keeps the forming bar live: replacing its close moves the last value, not the history', () => {
    const closes = Array.from({ length: 20 }, () => 10);
    const { series, state } = computeIndicators(bars(closes));
    expect(series.ma.at(-1)?.value).toBe(10);
    expect(state.update(19, 30, true).ma?.value).toBe(11); // (19 × 10 + 30) / 20
    expect(state.update(19, 10, true).ma?.value).toBe(10);
    expect(state.update(20, 30, false).ma?.value).toBe(11);
  });
});
