import { describe, expect, it } from 'vitest';
import { marketTypeOfSearch } from './list-market-by-type';

describe('the market list a visit to /market starts with', () => {
  it('follows ?type=, shows forex without one, waits for the instrument when ?id= picks it, and fetches none for the spot view', () => {
    expect(marketTypeOfSearch('?type=crypto')).toBe(2);
    expect(marketTypeOfSearch('?type=etf&id=SPY')).toBe(5);
    expect(marketTypeOfSearch('')).toBe(1);
    expect(marketTypeOfSearch('?type=nonsense')).toBe(1);
    expect(marketTypeOfSearch('?type=toString')).toBe(1);
    expect(marketTypeOfSearch('?id=BTCUSDT')).toBeNull();
    // The spot view lists pairs (its own call), so no instrument list is fetched for it.
    expect(marketTypeOfSearch('?type=spot&pair=1')).toBeNull();
  });
});
