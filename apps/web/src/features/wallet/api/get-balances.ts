import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-keys';
import { api } from '@/shared/lib/api-client';
import { useSession } from '@/shared/session/use-session';

/** Amounts are decimal strings: formatted for display, never parsed into JS numbers. */
export interface Balance {
  currency: string;
  name: string;
  available: string;
  locked: string;
  total: string;
  /** The total in USDT at a recorded tick's bid (rounded down); null without a price. */
  valueUsdt?: string | null;
  /** The recorded tick the value comes from. */
  priceTickId?: number | null;
}

export interface Balances {
  mode: 'real' | 'demo';
  balances: Balance[];
  /** The whole account in USDT: the sum of the valued balances. */
  totalUsdt?: string;
}

export async function getBalances(signal?: AbortSignal): Promise<Balances> {
  const { result } = await api.get<Balances>('user/getBalances', { signal });
  return {
    mode: result.mode,
    balances: result.balances ?? [],
    ...(result.totalUsdt !== undefined ? { totalUsdt: result.totalUsdt } : {}),
  };
}

/** The balances of the current account mode (the `virtually` header picks it; so does the key). */
export function useBalances() {
  const mode = useSession((s) => s.accountMode);
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: queryKeys.balancesFor(mode, token),
    queryFn: ({ signal }) => getBalances(signal),
    enabled: Boolean(token),
    staleTime: 15_000,
  });
}

/** True when a decimal string is zero ("0", "0.00", "-0"). */
export function isZeroAmount(value: string): boolean {
  return /^-?0*(\.0*)?$/.test(value.trim());
}
