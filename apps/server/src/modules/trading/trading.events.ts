/**
 * Order events (private pushes): `emit` writes an order change to the outbox inside the
 * transaction that made it, so the push exists if and only if the change committed; after the
 * transaction, `published()` has the relay publish it at once. `onOrderChange` listeners hear it
 * from the bus, in whichever process their sockets are.
 */
import type { OrderPush, OrderPushEvent, OrderState } from '@openbourse/contracts/trading.ts';
import type { Executor } from '../../db/client.ts';
import type { BundlePart } from '../../db/raw.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { NotificationKind } from '@openbourse/contracts/notifications.ts';
import { type TradingContext, type TriggerFields, triggerFieldsOf } from './trading.context.ts';
import { trimDecimal } from './trading.pricing.ts';
import type { OrderRow } from './trading.repository.ts';

export type TradingEvents = ReturnType<typeof createTradingEvents>;

/**
 * The bus topic of order changes. The payload is `{ userId, push, trigger }`: the push for the
 * owner's sockets, and what the trigger runner needs (in whichever process holds the engine), with
 * `afterTickId`, the quote the change was made at (its triggers are checked from the next tick).
 */
export const ORDER_TOPIC = 'orders';

export interface OrderEvent {
  userId: number;
  push: OrderPush;
  trigger: TriggerFields & { afterTickId: number };
}

/** An order batch's changes travel as one outbox row and one bus message (`batchPart`). */
export interface OrderEventBatch {
  batch: OrderEvent[];
}

/** The order events a message of ORDER_TOPIC carries: one, or a batch's. */
export function orderEventsOf(payload: unknown): readonly OrderEvent[] {
  const p = payload as OrderEvent | OrderEventBatch | null;
  if (!p || typeof p !== 'object') return [];
  return 'batch' in p ? (Array.isArray(p.batch) ? p.batch : []) : [p];
}

/**
 * The notification an order change brings its owner: only what the market did on its own (a waiting
 * order filled, or cancelled for want of margin at its price; a stop loss, take profit or stop-out),
 * never what the user just did.
 */
export function notificationKindOf(event: OrderPushEvent, reason: string | null): NotificationKind | null {
  if (event === 'opened') return reason === 'entryLimit' || reason === 'entryStop' ? 'orderFilled' : null;
  if (event === 'cancelled') return reason === 'insufficientMargin' ? 'orderCancelled' : null;
  if (event === 'closed' || event === 'reduced') {
    return reason === 'stopLoss' || reason === 'takeProfit' || reason === 'stopOut' ? reason : null;
  }
  return null;
}

export function createTradingEvents({ events, log, notify, market }: TradingContext) {
  type Fill = { reason: string | null; price: string | null; tickId: number | null };
  const NO_FILL: Fill = { reason: null, price: null, tickId: null };

  function payloadOf(row: OrderRow, event: OrderPushEvent, fill: Fill): OrderEvent {
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
    // The quote now is the one the change was checked against or a later one: never an earlier one.
    const afterTickId = fill.tickId ?? market.currentQuote(row.instrumentId)?.tickId ?? 0;
    return { userId: row.userId, push, trigger: { ...triggerFieldsOf(row), afterTickId } };
  }

  /** Records that an order changed, in the transaction `exec` that changed it. */
  async function emit(exec: Executor, row: OrderRow, event: OrderPushEvent, fill: Fill = NO_FILL): Promise<void> {
    const payload = payloadOf(row, event, fill);
    await events.write(exec, ORDER_TOPIC, payload);
    const kind = notify ? notificationKindOf(event, fill.reason) : null;
    if (notify && kind) {
      const params: Record<string, string> = { orderNo: row.orderNo, price: fill.price ?? '' };
      if (event === 'closed' || event === 'reduced') {
        const pnl = trimDecimal(row.realisedPnl);
        params.pnl = pnl.startsWith('-') || /^0(\.0*)?$/.test(pnl) ? pnl : `+${pnl}`;
      }
      await notify(exec, {
        userId: row.userId,
        kind,
        subject: { type: 'order', id: row.publicId, code: row.instrumentCode, mode: row.mode as AccountMode },
        params,
      });
    }
  }

  /**
   * Several orders' changes as one event (an order batch): one outbox row for the whole batch, as
   * a part of the batch's bundle (db/raw.ts) named `name`, answering its id; the batch publishes it
   * itself once committed (`publish`), heard as each of its changes in turn. Only for changes that
   * notify no one (a market order's opening): the others go through `emit`.
   */
  function batchPart(
    name: string,
    changes: readonly { row: OrderRow; event: OrderPushEvent; fill: Fill }[],
  ): { part: BundlePart; publish(id: number): Promise<void> } {
    for (const c of changes) {
      if (notify && notificationKindOf(c.event, c.fill.reason)) throw new Error('trading: a batch event cannot notify');
    }
    const payload: OrderEventBatch = { batch: changes.map((c) => payloadOf(c.row, c.event, c.fill)) };
    return {
      part: events.ownPart(name, ORDER_TOPIC, payload),
      publish: (id) => events.publishOwn([{ id, topic: ORDER_TOPIC, payload }]),
    };
  }

  return {
    emit,
    batchPart,
    /** After a transaction that emitted has committed. */
    published: () => events.published(),

    /** Every committed order change as published (any process), for the trigger runner. */
    onOrderEvent(listener: (event: OrderEvent) => void): () => void {
      return events.subscribe(ORDER_TOPIC, (message) => {
        for (const event of orderEventsOf(message.payload)) if (event.trigger) listener(event);
      });
    },

    /**
     * Calls `listener` after each committed change of any order (placed, opened, closed, reduced,
     * cancelled, stops updated), with the owner's id. Returns the unsubscribe function.
     */
    onOrderChange(listener: (userId: number, push: OrderPush) => void): () => void {
      return events.subscribe(ORDER_TOPIC, (message) => {
        for (const { userId, push } of orderEventsOf(message.payload)) {
          try {
            listener(userId, push);
          } catch (err) {
            log.warn({ err }, 'trading: order listener failed');
          }
        }
      });
    },
  };
}
