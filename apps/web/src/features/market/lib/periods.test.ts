import { K_PERIODS as CONTRACT_PERIODS, PERIOD_MS as CONTRACT_MS } from '@openbourse/contracts/market.ts';
import { describe, expect, it } from 'vitest';
import { K_PERIODS, PERIOD_MS } from './periods';

describe('chart periods', () => {
  it('match the contracts', () => {
    expect([...K_PERIODS]).toEqual([...CONTRACT_PERIODS]);
    expect(PERIOD_MS).toEqual(CONTRACT_MS);
  });
});
