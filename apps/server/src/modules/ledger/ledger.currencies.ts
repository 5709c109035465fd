import type { Currency } from './ledger.types.ts';

/**
 * Currencies seeded on first start. The scale is data: every amount of the currency is checked
 * against it, and it must never change once balances exist (the seed never rewrites a row).
 */
export const DEFAULT_CURRENCIES: readonly Currency[] = [
  { code: 'USDT', name: 'Tether USD', scale: 6, kind: 'crypto', sort: 1 },
  { code: 'USD', name: 'US Dollar', scale: 2, kind: 'fiat', sort: 2 },
  { code: 'BTC', name: 'Bitcoin', scale: 8, kind: 'crypto', sort: 3 },
  { code: 'ETH', name: 'Ethereum', scale: 18, kind: 'crypto', sort: 4 },
  { code: 'USDC', name: 'USD Coin', scale: 6, kind: 'crypto', sort: 5 },
  { code: 'BNB', name: 'BNB', scale: 8, kind: 'crypto', sort: 6 },
  { code: 'SOL', name: 'Solana', scale: 9, kind: 'crypto', sort: 7 },
  { code: 'XRP', name: 'XRP', scale: 6, kind: 'crypto', sort: 8 },
  { code: 'DOGE', name: 'Dogecoin', scale: 8, kind: 'crypto', sort: 9 },
  { code: 'ADA', name: 'Cardano', scale: 6, kind: 'crypto', sort: 10 },
  { code: 'TRX', name: 'TRON', scale: 6, kind: 'crypto', sort: 11 },
  { code: 'LTC', name: 'Litecoin', scale: 8, kind: 'crypto', sort: 12 },
  { code: 'DOT', name: 'Polkadot', scale: 10, kind: 'crypto', sort: 13 },
  { code: 'EUR', name: 'Euro', scale: 2, kind: 'fiat', sort: 14 },
];

/** The currency every balance page shows even at zero, and the demo account's currency. */
export const QUOTE_CURRENCY = 'USDT';
