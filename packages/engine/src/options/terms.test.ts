import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { capPrice, chargedRate, maxPayout, optionPayout, optionQuantity, stateModelValue } from './terms.ts';

describe('option terms (exact)', () => {
  it('charges the model rate plus the spread, rounded up to 8 decimals', () => {
    // 0.0116917463 × 1.05 = 0.012276333615 → up to 0.01227634.
    expect(chargedRate('0.0116917463', 500)).toBe('0.01227634');
    expect(chargedRate('0.0100000000', 0)).toBe('0.01000000');
    expect(chargedRate('0.0000000001', 0)).toBe('0.00000001');
    expect(chargedRate('0.0000000000', 500)).toBe('0.00000000');
    expect(() => chargedRate('0.01', -1)).toThrow(EngineError);
    expect(() => chargedRate('-0.01', 10)).toThrow(EngineError);
  });

  it('states a model value at its decimals', () => {
    expect(stateModelValue(0.011691746278932838, 10)).toBe('0.0116917463');
    expect(stateModelValue(0.62499, 4)).toBe('0.6250');
    expect(() => stateModelValue(Number.NaN, 4)).toThrow(RangeError);
  });

  it('buys amount / (strike × rate), rounded down to 8 decimals', () => {
    expect(optionQuantity('100', '95000.13', '0.012')).toBe('0.08771917');
    expect(optionQuantity('100.000000', '95000.1300', '0.01200000')).toBe('0.08771917');
    expect(optionQuantity('1', '1', '0.5')).toBe('2.00000000');
    expect(() => optionQuantity('1', '0', '0.5')).toThrow(EngineError);
  });

  it('caps the payout at amount × capMove / rate, rounded down to the currency scale', () => {
    expect(maxPayout('100', '0.05', '0.012', 6)).toBe('416.666666');
    expect(maxPayout('10', '0.02', '0.004', 2)).toBe('50.00');
    expect(() => maxPayout('10', '1', '0.004', 2)).toThrow(EngineError);
    expect(() => maxPayout('10', '0.02', '0.004', -1)).toThrow(EngineError);
  });

  it('states the cap price exactly', () => {
    expect(capPrice('call', '95000.13', '0.05')).toBe('99750.1365');
    expect(capPrice('put', '95000.13', '0.05')).toBe('90250.1235');
    expect(capPrice('call', '100', '0.5')).toBe('150');
  });

  // quantity 0.08771917 at strike 95000.13, capMove 0.05 (cap prices 99750.1365 / 90250.1235), USDT scale 6.
  it.each([
    ['at the money', '95000.13', '0.000000', '0.000000'],
    ['call in the money', '96000.5', '87.751626', '0.000000'],
    ['call exactly at the cap', '99750.1365', '416.666627', '0.000000'],
    ['call a tick beyond the cap', '99750.14', '416.666627', '0.000000'],
    ['call far beyond the cap', '120000', '416.666627', '0.000000'],
    ['put in the money', '94000', '0.000000', '87.730573'],
    ['put exactly at the cap', '90250.1235', '0.000000', '416.666627'],
    ['put far beyond the cap', '80000', '0.000000', '416.666627'],
  ])('pays by table: %s (S = %s) → call %s, put %s', (_, settle, call, put) => {
    const base = { quantity: '0.08771917', strike: '95000.13', settle, capMove: '0.05', scale: 6 };
    expect(optionPayout({ kind: 'call', ...base })).toBe(call);
    expect(optionPayout({ kind: 'put', ...base })).toBe(put);
  });

  it('never pays more than the maximum payout stated (rounding goes the platform’s way)', () => {
    const q = optionQuantity('100', '95000.13', '0.012');
    const paid = optionPayout({
      kind: 'call',
      quantity: q,
      strike: '95000.13',
      settle: '1000000',
      capMove: '0.05',
      scale: 6,
    });
    expect(Number(paid)).toBeLessThanOrEqual(Number(maxPayout('100', '0.05', '0.012', 6)));
  });

  it('pays nothing for a quantity of zero and refuses malformed prices', () => {
    expect(optionPayout({ kind: 'call', quantity: '0', strike: '1', settle: '2', capMove: '0.1', scale: 2 })).toBe(
      '0.00',
    );
    expect(() =>
      optionPayout({ kind: 'call', quantity: '1', strike: '1e3', settle: '2', capMove: '0.1', scale: 2 }),
    ).toThrow(EngineError);
  });
});
