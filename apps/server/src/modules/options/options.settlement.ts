/**
 * Settlement at expiry (job `options.settle`): an open order whose expiry has passed is settled at the
 * first recorded tick of its instrument at or after the expiry — not the last before it, nor a later
 * one — once that tick is written. Each order in its own transaction with its row locked: the tick
 * pinned, the payout (engine) paid from the platform's options account when positive (ledger key
 * `option:<id>:payout`), the order marked settled. A repeated or restarted run pays nothing twice:
 * the lock and the `status = 'open'` condition let one run settle an order, the key makes its
 * transfer once. Its owner is told in the same transaction (notification `optionWon` with the payout, or
 * `optionLost` out of the money), so the notice exists if and only if the settlement committed.
 */
import { optionPayout } from '@openbourse/engine';
import type { Db, Executor } from '../../db/client.ts';
import { trimAmount } from '../../lib/amounts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type Mode, PLATFORM_SHARDS } from '../ledger/ledger.types.ts';
import type { MarketService } from '../market/market.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { optionsRepository as repo } from './options.repository.ts';
import type { OptionOrderRow } from './options.tables.ts';

/** Orders read per query of the settlement's work list. */
const BATCH = 200;
/** Ledger codes of an option's two movements (the transaction record can name them). */
export const OPTION_CODES = { premium: 'option_premium', payout: 'option_payout' } as const;
/** The topic of a settled order's event (after commit: its owner's sockets are told, `{ ch: 'options' }`). */
export const OPTIONS_TOPIC = 'options.settled';
export interface OptionSettledEvent {
  userId: number;
  id: number;
  mode: Mode;
}

/** The reference of an option's transfers: `option` / the order's public id. */
export const OPTION_REF = 'option';

/** The platform's options account shard of an order: by its quote id, the same at purchase and settlement. */
export const shardOf = (quoteId: string) => Number.parseInt(quoteId.slice(0, 4), 16) % PLATFORM_SHARDS;

/** A stored price with at least the instrument's decimals ("95000" → "95000.00"), never fewer digits than it has. */
export function priceText(stored: string, decimals: number): string {
  const v = trimAmount(stored);
  const have = v.includes('.') ? v.length - v.indexOf('.') - 1 : 0;
  if (have >= decimals) return v;
  return `${v}${have === 0 ? '.' : ''}${'0'.repeat(decimals - have)}`;
}

const isZero = (amount: string) => /^0(\.0*)?$/.test(amount);

export function createOptionSettlement(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  market: MarketService;
  scaleOf: (exec: Executor, currency: string) => Promise<number | null>;
  /** Orders read per query (tests page with a small one). */
  batch?: number;
  /** The outbox: a settled order's event is written in its transaction and published after commit. */
  events?: { write(exec: Executor, topic: string, payload: unknown): Promise<unknown>; published(): void };
  /** The owner's inbox (notifications module), written in the settlement's transaction; none in unit tests. */
  notify?: Notify;
}) {
  const { db, clock, ledger, market } = deps;
  const batch = deps.batch ?? BATCH;

  /** Settles one expired order at its tick; false when another run settled it first. */
  async function settleOne(order: OptionOrderRow, tickId: number): Promise<boolean> {
    const mode = order.mode as Mode;
    const shard = shardOf(order.quoteId);
    const scale = await deps.scaleOf(db, order.currency);
    if (scale === null) throw new Error(`options: currency ${order.currency} unknown`);
    // The instrument's name for the notice, read outside the transaction (the market keeps it in memory).
    const inst = deps.notify ? await market.getInstrument(order.instrumentId).catch(() => null) : null;
    await Promise.all([
      ledger.getOrCreateUserAccount(db, order.userId, mode, order.currency),
      ledger.getOrCreatePlatformAccount(db, mode, order.currency, 'options', shard),
    ]);
    return ledger.runInTransaction(
      async (tx) => {
        const locked = await repo.lockOpen(tx, order.id);
        if (!locked) return false;
        const tick = await market.pinTick(tx, tickId);
        const payout = optionPayout({
          kind: locked.direction as 'call' | 'put',
          quantity: trimAmount(locked.quantity),
          strike: trimAmount(locked.strike),
          settle: tick.last,
          capMove: trimAmount(locked.capMove),
          scale,
        });
        if (!isZero(payout)) {
          await ledger.transfer(tx, {
            key: `option:${locked.id}:payout`,
            debit: { platform: 'options', mode, shard },
            credit: { userId: locked.userId, mode },
            currency: locked.currency,
            amount: payout,
            code: OPTION_CODES.payout,
            refType: OPTION_REF,
            refId: String(locked.publicId),
          });
        }
        const done = await repo.settle(tx, locked.id, {
          settlePrice: tick.last,
          settleTickId: tick.id,
          settleTickAt: tick.ts,
          settledAt: clock.now(),
          payout,
        });
        if (done && deps.events) {
          const event: OptionSettledEvent = { userId: done.userId, id: done.publicId, mode };
          await deps.events.write(tx, OPTIONS_TOPIC, event);
        }
        if (done && deps.notify) {
          const px = (v: string) => priceText(v, tick.priceDecimals);
          await deps.notify(tx, {
            userId: done.userId,
            kind: isZero(payout) ? 'optionLost' : 'optionWon',
            subject: { type: 'order', id: done.publicId, code: tick.code, mode },
            params: {
              orderNo: String(done.publicId),
              name: inst?.name ?? tick.code,
              direction: done.direction,
              strike: px(done.strike),
              price: px(tick.last),
              tickId: String(tick.id),
              tickAt: tick.ts.toISOString(),
              payout: trimAmount(payout),
              premium: trimAmount(done.amount),
              currency: done.currency,
            },
          });
        }
        return done !== undefined;
      },
      { retries: 3 },
    );
  }

  return {
    settleOne,

    /**
     * Settles every open order expired by now whose settling tick is recorded; the others wait for
     * the next run. Returns how many were settled and how many still wait for their tick.
     */
    async settleDue(): Promise<{ settled: number; waiting: number }> {
      const now = clock.now();
      let settled = 0;
      let waiting = 0;
      let after: { expiresAt: Date; id: number } | undefined;
      for (;;) {
        const rows = await repo.due(db, now, batch, after);
        for (const order of rows) {
          const tick = await market.firstTickAtOrAfter(order.instrumentId, order.expiresAt);
          if (!tick) {
            waiting += 1;
            continue;
          }
          if (await settleOne(order, tick.id)) settled += 1;
        }
        if (rows.length < batch) break;
        const last = rows[rows.length - 1]!;
        after = { expiresAt: last.expiresAt, id: last.id };
      }
      if (settled > 0) deps.events?.published();
      return { settled, waiting };
    },
  };
}

export type OptionSettlement = ReturnType<typeof createOptionSettlement>;
