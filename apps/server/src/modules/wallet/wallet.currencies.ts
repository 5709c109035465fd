import type { Quote } from '@openbourse/contracts/market.ts';
import type { CurrencyListing } from '@openbourse/contracts/wallet.ts';

/** The quote currency: one of it is worth exactly one. */
const USDT = 'USDT';

/** A ledger currency as listed (the ledger's `Currency`, without its sort key). */
export interface LedgerCurrency {
  code: string;
  name: string;
  scale: number;
  kind: 'crypto' | 'fiat';
}

/**
 * Pure: each currency, in the order given, with the quote of its USDT market. A market without a
 * recorded tick yet (ts 0: the catalogue's opening price) prices nothing, so no figure shown is
 * made up; USDT is 1 and never changes.
 */
export function listCurrencies(
  currencies: readonly LedgerCurrency[],
  usdtQuotes: ReadonlyMap<string, Quote>,
): CurrencyListing[] {
  return currencies.map((c) => {
    const base = { code: c.code, name: c.name, scale: c.scale, kind: c.kind };
    if (c.code === USDT) {
      return { ...base, marketId: null, marketCode: null, priceUsdt: '1', change: '0', changePct: '0.00', ts: null };
    }
    const q = usdtQuotes.get(c.code);
    if (!q)
      return { ...base, marketId: null, marketCode: null, priceUsdt: null, change: null, changePct: null, ts: null };
    const recorded = q.ts > 0;
    return {
      ...base,
      marketId: q.id,
      marketCode: q.code,
      priceUsdt: recorded ? q.last : null,
      change: recorded ? q.change : null,
      changePct: recorded ? q.changePct : null,
      ts: recorded ? q.ts : null,
    };
  });
}
