import { describe, expect, it } from 'vitest';
import { createExpectations, type Owners, SUSPECT_MS } from '../spot.expect.ts';
import type { SubmitJob } from '../spot.writer.ts';

/** A buy of user `userId` holding from quote account `account`. */
const buy = (userId: number, account: number, extra: Partial<SubmitJob> = {}) =>
  ({
    kind: 'submit',
    userId,
    row: { clientOrderId: null },
    order: {
      side: 'buy',
      accounts: { quote: { available: { id: account } }, base: { available: { id: account + 1 } } },
    },
    ...extra,
  }) as unknown as SubmitJob;

describe('expected balances (spot.expect.ts)', () => {
  const setup = () => {
    const owners: Owners = new Map();
    let now = 0;
    const clock = () => now;
    return {
      owners,
      a: createExpectations(owners, clock),
      b: createExpectations(owners, clock),
      at: (t: number) => (now = t),
    };
  };

  it('knows a balance read and what its own batches changed, until another writer changes the account', () => {
    const { a, b } = setup();
    expect(a.balancesFor([buy(1, 10)])).toBeNull(); // nothing read yet
    a.discountsRead([1], new Map());
    a.planned(new Map([[10, 100n]]), new Map([[10, -30n]]), a.ownersOf([10]));
    expect(a.balancesFor([buy(1, 10)])).toEqual(new Map([[10, 70n]]));
    a.planned(
      new Map([[10, 70n]]),
      new Map([
        [10, -20n],
        [11, 5n],
      ]),
      null,
    );
    expect(a.balancesFor([buy(1, 10)])).toEqual(new Map([[10, 50n]]));
    // Another book's batch moves the same account: this writer reads it again.
    b.planned(new Map(), new Map([[10, 7n]]), null);
    expect(a.balancesFor([buy(1, 10)])).toBeNull();
  });

  it('keeps no read that another writer may have changed meanwhile', () => {
    const { a, b } = setup();
    a.discountsRead([1], new Map());
    const atRead = a.ownersOf([10]);
    b.planned(new Map(), new Map([[10, -5n]]), null); // planned while a's read was on its way
    a.planned(new Map([[10, 100n]]), new Map([[10, -30n]]), atRead);
    expect(a.balancesFor([buy(1, 10)])).toBeNull();
    // Read while another writer owns it: not kept either.
    a.planned(new Map([[10, 95n]]), new Map(), a.ownersOf([10]));
    expect(a.balancesFor([buy(1, 10)])).toBeNull();
  });

  it('needs every submitter known, with a discount, no clientOrderId and nothing to verify', () => {
    const { a } = setup();
    a.planned(
      new Map([
        [10, 100n],
        [20, 100n],
      ]),
      new Map(),
      a.ownersOf([10, 20]),
    );
    expect(a.balancesFor([buy(1, 10)])).toBeNull(); // discount not known
    a.discountsRead([1, 2], new Map([[2, 500]]));
    expect(a.discounts.get(2)).toBe(500);
    expect(a.balancesFor([buy(1, 10), buy(2, 20)])).toEqual(
      new Map([
        [10, 100n],
        [20, 100n],
      ]),
    );
    expect(a.balancesFor([buy(1, 10), buy(3, 30)])).toBeNull();
    expect(a.balancesFor([buy(1, 10, { verify: true })])).toBeNull();
    expect(a.balancesFor([buy(1, 10, { row: { clientOrderId: 'x' } } as never)])).toBeNull();
    a.forget();
    expect(a.balancesFor([buy(1, 10)])).toBeNull();
  });

  it('sends a suspect user the long way until SUSPECT_MS has passed', () => {
    const { a, at } = setup();
    a.discountsRead([1], new Map());
    a.planned(new Map([[10, 100n]]), new Map(), a.ownersOf([10]));
    a.suspect([1]);
    at(SUSPECT_MS - 1);
    expect(a.balancesFor([buy(1, 10)])).toBeNull();
    at(SUSPECT_MS);
    expect(a.balancesFor([buy(1, 10)])).toEqual(new Map([[10, 100n]]));
  });
});
