import type { MarginAccount, UOrder } from '@openbourse/contracts/trading.ts';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLiveQuotes } from '@/shared/lib/live-quotes';
import { getMarketInfo } from '../api/market-info';
import { ORDER_LIST_STATUS, useOrderList } from '../api/orders';
import { accountMarginLevel, marginLevel } from '@openbourse/engine';
import { compareDecimal, toUnits } from '@/shared/lib/decimal';
import { livePnl, sumDecimals, USDT_SCALE } from '../lib/live-pnl';

export interface LivePosition {
  order: UOrder;
  /** Unrealised PnL (USDT): from the latest pushed quote when there is one, else the server's. */
  pnl: string;
  /** The price the position would close at now. */
  price: string | null;
  /** Whether `pnl` comes from a pushed quote (true) or the last server answer (false). */
  live: boolean;
  /** Time of the quote `pnl` is priced on (pushed quotes only). */
  quoteTs: number | null;
  /** The position's own margin level, (margin + pnl) / margin: what the stop-out watches. */
  level: string | null;
}

/**
 * The open positions of the current book, re-priced on every quote the WebSocket pushes for their
 * instruments with the engine the server settles with. The list itself is polled, so positions a
 * stop loss, take profit or stop-out closed on the server leave within a few seconds.
 */
export function useLivePositions() {
  const list = useOrderList(ORDER_LIST_STATUS.open);
  const orders = list.data?.list;
  const ids = useMemo(() => [...new Set((orders ?? []).map((o) => o.instrumentId))].sort((a, b) => a - b), [orders]);
  const specs = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['market', 'info', String(id)],
      queryFn: ({ signal }: { signal: AbortSignal }) => getMarketInfo(id, signal),
      staleTime: 5 * 60_000,
    })),
  });
  const quotes = useLiveQuotes(ids);
  const specData = specs.map((s) => s.data);
  const specKey = specs.map((s) => s.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: specKey stands for specData by value.
  const positions = useMemo<LivePosition[] | undefined>(() => {
    if (!orders) return undefined;
    return orders.map((order) => {
      const spec = specData.find((s) => s?.id === order.instrumentId);
      const quote = quotes.get(order.instrumentId);
      const live = spec && quote ? livePnl(order, spec, quote) : null;
      const priced = live
        ? { order, pnl: live.pnl, price: live.price, live: true, quoteTs: live.ts }
        : { order, pnl: order.unrealisedProfit ?? '0', price: order.currentPrice, live: false, quoteTs: null };
      return {
        ...priced,
        level: marginLevel(toUnits(order.marginHeld, USDT_SCALE), toUnits(priced.pnl, USDT_SCALE)),
      };
    });
  }, [orders, quotes, specKey]);
  return { ...list, positions };
}

/**
 * The margin account with its open PnL, equity and margin level re-priced from live positions.
 * Only when both answers describe the same positions (their margins agree); otherwise the
 * server's figures are shown as they are until the next poll brings them in line.
 */
export function liveMarginAccount(
  account: MarginAccount,
  positions: readonly LivePosition[] | undefined,
): MarginAccount {
  if (!positions) return account;
  const held = sumDecimals(positions.map((p) => p.order.marginHeld));
  if (compareDecimal(held, account.usedMargin) !== 0 || !positions.some((p) => p.live)) return account;
  const open = sumDecimals(positions.map((p) => p.pnl));
  const equity = sumDecimals([account.balance, open]);
  return {
    ...account,
    openProfit: open,
    equity,
    marginLevel: accountMarginLevel(toUnits(equity, USDT_SCALE), toUnits(account.usedMargin, USDT_SCALE)),
  };
}
