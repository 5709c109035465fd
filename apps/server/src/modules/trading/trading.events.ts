/**
 * Order events (private pushes): the listeners of `onOrderChange` and `emit`, which every part
 * calls after its transaction committed. Nothing is sent from inside a transaction.
 */
import type { OrderPush, OrderPushEvent, OrderState } from '@openbourse/contracts/trading.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { TradingContext } from './trading.context.ts';
import type { OrderRow } from './trading.repository.ts';

export type TradingEvents = ReturnType<typeof createTradingEvents>;

export function createTradingEvents({ log }: TradingContext) {
  const orderListeners = new Set<(userId: number, push: OrderPush) => void>();

  /** Tells listeners (the WebSocket) that an order changed; called after its transaction committed. */
  function emit(
    row: OrderRow,
    event: OrderPushEvent,
    fill: { reason: string | null; price: string | null; tickId: number | null } = {
      reason: null,
      price: null,
      tickId: null,
    },
  ): void {
    if (orderListeners.size === 0) return;
    const push: OrderPush = {
      ch: 'orders',
      mode: row.mode as AccountMode,
      id: row.publicId,
      orderNo: row.orderNo,
      code: row.instrumentCode,
      state: row.status as OrderState,
      event,
      reason: fill.reason,
      price: fill.price,
      tickId: fill.tickId,
    };
    for (const listener of orderListeners) {
      try {
        listener(row.userId, push);
      } catch (err) {
        log.warn({ err }, 'trading: order listener failed');
      }
    }
  }

  return {
    emit,

    /**
     * Calls `listener` after each committed change of any order (placed, opened, closed, reduced,
     * cancelled, stops updated), with the owner's id. Returns the unsubscribe function.
     */
    onOrderChange(listener: (userId: number, push: OrderPush) => void): () => void {
      orderListeners.add(listener);
      return () => orderListeners.delete(listener);
    },
  };
}
