import type { UOrder } from '@openbourse/contracts/trading.ts';
import { describe, expect, it } from 'vitest';
import { positionLines, snapToTick } from './chart-lines';

const order = (over: Partial<UOrder>): UOrder =>
  ({
    id: 1,
    instrumentId: 11,
    state: 'open',
    openPrice: '95010.00',
    stopLoss: null,
    takeProfit: null,
    ...over,
  }) as UOrder;

describe('chart position lines', () => {
  it('draws entry, stop loss and take profit of the open positions on the shown instrument only', () => {
    const lines = positionLines(
      [
        order({ id: 1, stopLoss: '94000.00', takeProfit: '97000.00' }),
        order({ id: 2 }),
        order({ id: 3, instrumentId: 12, stopLoss: '1' }),
        order({ id: 4, state: 'pending', openPrice: null }),
      ],
      11,
    );
    expect(lines.map((l) => [l.key, l.price, l.draggable])).toEqual([
      ['1:entry', '95010.00', false],
      ['1:sl', '94000.00', true],
      ['1:tp', '97000.00', true],
      ['2:entry', '95010.00', false],
    ]);
  });

  it('snaps a dragged price to the nearest tick of the grid', () => {
    expect(snapToTick(95123.456, '0.01', 2)).toBe('95123.46');
    expect(snapToTick(1.234567, '0.00001', 5)).toBe('1.23457');
    expect(snapToTick(4012.6, '0.25', 2)).toBe('4012.50');
    expect(snapToTick(4012.63, '0.25', 2)).toBe('4012.75');
    expect(snapToTick(0, '0.01', 2)).toBeNull();
    expect(snapToTick(-5, '0.01', 2)).toBeNull();
    expect(snapToTick(Number.NaN, '0.01', 2)).toBeNull();
  });
});
