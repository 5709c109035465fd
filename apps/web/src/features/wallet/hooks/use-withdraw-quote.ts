import type { WithdrawalQuoteQuery } from '@openbourse/contracts/funding.ts';
import { useMemo } from 'react';
import { useWithdrawalQuote } from '../api/withdrawal-quote';
import { useDebounced } from '@/shared/hooks/use-debounced';

const QUOTE_DELAY_MS = 300;

/** An amount the server can quote: a positive decimal within the currency's scale. */
function quotable(amount: string, scale: number): boolean {
  const v = amount.trim();
  if (!/^(0|[1-9]\d{0,14})(\.\d+)?$/.test(v)) return false;
  if ((v.split('.')[1]?.length ?? 0) > scale) return false;
  return /[1-9]/.test(v);
}

/**
 * The server's quote of a withdrawal, following the typed amount after a pause; without a quotable
 * amount, only the terms. `data` is the quote of the chosen currency and network (kept while the
 * next one loads), `current` whether it is the quote of this very amount, `pending` whether a newer
 * one is on its way.
 */
export function useWithdrawQuote(target: { currency: string; network: string; scale: number } | null, amount: string) {
  const query: WithdrawalQuoteQuery | null = target
    ? {
        currency: target.currency,
        network: target.network,
        ...(quotable(amount, target.scale) ? { amount } : {}),
      }
    : null;
  const key = query ? JSON.stringify(query) : null;
  const debouncedKey = useDebounced(key, QUOTE_DELAY_MS);
  const debouncedQuery = useMemo(
    () => (debouncedKey ? (JSON.parse(debouncedKey) as WithdrawalQuoteQuery) : null),
    [debouncedKey],
  );
  const quote = useWithdrawalQuote(debouncedQuery);
  const data =
    quote.data && target && quote.data.currency === target.currency && quote.data.network === target.network
      ? quote.data
      : undefined;
  const current = Boolean(data && !quote.isPlaceholderData && debouncedKey === key && data.amount !== null);
  return { quote, data, current, pending: quote.isFetching || debouncedKey !== key };
}
