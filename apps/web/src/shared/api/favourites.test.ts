import { describe, expect, it } from 'vitest';
import { favouritesFirst } from './favourites';

describe('favouritesFirst', () => {
  it('puts favourites first, each group in the order given', () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(favouritesFirst(items, new Set([4, 2])).map((i) => i.id)).toEqual([2, 4, 1, 3]);
    expect(favouritesFirst(items, new Set()).map((i) => i.id)).toEqual([1, 2, 3, 4]);
    expect(favouritesFirst(items, new Set([9])).map((i) => i.id)).toEqual([1, 2, 3, 4]);
  });
});
