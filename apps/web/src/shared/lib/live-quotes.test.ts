import { describe, expect, it } from 'vitest';
import { applyQuoteBatch, getLiveQuote } from './live-quotes';

const tick = (ts: number, last: string) => ({
  id: 1,
  code: 'EURUSD',
  last,
  bid: last,
  ask: last,
  change: '0',
  changePct: '0.00',
  high: last,
  low: last,
  volume: '0',
  ts,
});

describe('live quotes', () => {
  it('keeps the newest tick per instrument and ignores late or malformed frames', () => {
    applyQuoteBatch([tick(2, '1.10000')]);
    applyQuoteBatch([tick(1, '1.00000'), { nonsense: true }, null]);
    expect(getLiveQuote(1)?.last).toBe('1.10000');
    applyQuoteBatch([tick(3, '1.20000')]);
    expect(getLiveQuote(1)?.last).toBe('1.20000');
  });
});
