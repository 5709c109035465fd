import type { SpotPair } from '@openbourse/contracts/spot.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal, toUnits } from '@/shared/lib/decimal';
import {
  buyHoldOf,
  feeOf,
  fromUnits,
  protectionPrice,
  quantityForShare,
  turnoverOf,
  validateOrder,
} from './order-math';

const btc: SpotPair = {
  id: 1,
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.0001',
  minQuantity: '0.0001',
  maxQuantity: '100',
  makerFeeRate: '0.0008',
  takerFeeRate: '0.001',
  marketProtection: '0.05',
  enabled: true,
  instrumentId: 11,
  lastPrice: '65000.5',
  referencePrice: '65010.25',
  change24h: '1.5',
  high24h: '66000',
  low24h: '64000',
  volume24h: '12.5',
  quoteVolume24h: '812500',
};

describe('spot order money', () => {
  it('computes turnover exactly and the fee rounded up to the quote currency’s unit', () => {
    expect(turnoverOf('65000.5', '0.0123')).toBe('799.50615');
    expect(feeOf('799.50615', '0.001', 'USDT')).toBe('0.799507');
    expect(feeOf('100', '0.001', 'USDT')).toBe('0.1');
    expect(feeOf('0.000001', '0.001', 'USDT')).toBe('0.000001');
    expect(fromUnits(-1500000n, 6)).toBe('-1.5');
  });

  it('sizes a buy’s hold as the server does: turnover + the fee at the higher rate, rounded up', () => {
    expect(buyHoldOf(btc, '65000.5', '0.0123')).toBe('800.305657');
    expect(buyHoldOf({ ...btc, makerFeeRate: '0.002' }, '100', '1')).toBe('100.2');
  });

  it('bounds a market order by its protection on the tick grid', () => {
    expect(protectionPrice(btc, 'buy', '65000')).toBe('68250');
    expect(protectionPrice(btc, 'sell', '65000')).toBe('61750');
    // Off the grid after the protection: a buy rounds down, a sell up.
    expect(protectionPrice(btc, 'buy', '100.01')).toBe('105.01');
    expect(protectionPrice(btc, 'sell', '100.01')).toBe('95.01');
    expect(protectionPrice({ ...btc, marketProtection: '1' }, 'sell', '0.01')).toBe('0.01');
  });

  it('turns a share of the balance into a quantity on the lot grid', () => {
    expect(quantityForShare(btc, 'sell', '1.23456789', 50, null)).toBe('0.6172');
    expect(quantityForShare(btc, 'sell', '500', 100, null)).toBe('100');
    expect(quantityForShare(btc, 'buy', '1000', 100, '65000')).toBe('0.0153');
    expect(quantityForShare(btc, 'buy', '1000', 25, '65000')).toBe('0.0038');
    expect(quantityForShare(btc, 'buy', '1', 100, '65000')).toBe('0');
    expect(quantityForShare(btc, 'buy', '1000', 100, null)).toBe('0');
    expect(quantityForShare(btc, 'sell', '0', 100, null)).toBe('0');
  });

  it('buys the most lots whose hold the share covers, never one more (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(25, 50, 75, 100),
        (availableMicro, priceCents, percent) => {
          const available = fromUnits(BigInt(availableMicro), 6);
          const price = fromUnits(BigInt(priceCents), 2);
          const qty = quantityForShare(btc, 'buy', available, percent, price);
          const share = fromUnits((BigInt(availableMicro) * BigInt(percent)) / 100n, 6);
          const holdOf = (q: string) => buyHoldOf(btc, price, q);
          if (qty !== '0') expect(compareDecimal(holdOf(qty), share)).toBeLessThanOrEqual(0);
          if (qty === btc.maxQuantity) return;
          const next = fromUnits(toUnits(qty, 4) + 1n, 4);
          expect(compareDecimal(holdOf(next), share)).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('names what is wrong with the form', () => {
    const ok = { type: 'limit' as const, price: '65000.5', quantity: '0.01' };
    expect(validateOrder(btc, ok)).toEqual({});
    expect(validateOrder(btc, { ...ok, quantity: 'x' }).quantity).toBe('quantity');
    expect(validateOrder(btc, { ...ok, quantity: '0' }).quantity).toBe('quantity');
    expect(validateOrder(btc, { ...ok, quantity: '101' }).quantity).toBe('quantityRange');
    expect(validateOrder(btc, { ...ok, quantity: '0.00015' }).quantity).toBe('quantityStep');
    expect(validateOrder(btc, { ...ok, price: '' }).price).toBe('priceRequired');
    expect(validateOrder(btc, { ...ok, price: '-1' }).price).toBe('price');
    expect(validateOrder(btc, { ...ok, price: '65000.505' }).price).toBe('priceStep');
    expect(validateOrder(btc, { ...ok, type: 'market', price: '' })).toEqual({});
  });
});
