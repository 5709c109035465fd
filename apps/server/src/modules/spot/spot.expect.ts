/**
 * What a book's writer (spot.writer.ts) expects its submitters' balances and VIP discounts to be,
 * so that a batch whose submitters it knows can be matched before anything is read and sent as one
 * write (db/pipeline.ts `only`): no first round trip.
 *
 * A balance is expected from a read (under the batch's lock, or at the book's batch number with the
 * batches in flight added: spot.balances.ts) plus the net changes of every batch this writer planned
 * since. It is trusted only while this writer was the last in the process to plan a change of the
 * account (`owners`, one map for all the books' writers): another book's batch that moves the same
 * USDT sends this book's next batch the long way, to read it again. Changes from outside the spot
 * books (a deposit, a withdrawal, a margin order) are not seen here, so an expected balance is only
 * ever a guess the database checks:
 *
 * - expected too high (the user spent elsewhere): the bundle's conditional debit fails the batch;
 *   the writer forgets everything it expected (it reloads the book), tries the batch's commands one
 *   by one, and sends its users' batches the long way for `SUSPECT_MS` (one user spending elsewhere
 *   cannot fail batch after batch);
 * - expected too low (a deposit): the order would be refused for want of balance; it is not
 *   answered but queued again to be admitted against a balance read under lock.
 *
 * A discount is known from the last read of it, and a batch that charged fees on known discounts
 * carries a part that fails it unless they are still those (levels change once a day).
 */
import type { SubmitJob } from './spot.writer.ts';

/** How long the users of a batch that failed on expected balances go the long way. */
export const SUSPECT_MS = 60_000;

/**
 * Most balances one writer keeps, and accounts the process-wide owners map keeps: past them all is
 * forgotten (what is not known is read; an account without an owner is nobody's to trust).
 */
const MAX_BALANCES = 200_000;
const MAX_OWNERS = 1_000_000;

/** Process-wide: the writer that last planned a change of each account (SpotContext `owners`). */
export type Owners = Map<number, object>;

/** The available account a submit holds from (buy: the quote, sell: the base). */
export const holdAccountOf = (j: SubmitJob) =>
  (j.order.side === 'buy' ? j.order.accounts.quote : j.order.accounts.base).available.id;

export function createExpectations(owners: Owners, now: () => number) {
  /** This writer's mark in `owners`. */
  const me = {};
  const balances = new Map<number, bigint>();
  /** Each known user's discount in basis points (0: none). */
  const discounts = new Map<number, number>();
  const suspects = new Map<number, number>();

  const trusted = (id: number) => owners.get(id) === me;

  return {
    /**
     * The balances `submits` would be admitted against without a read, or null when one of them
     * is not known well enough (unknown or another writer's since, a suspect user, an order that
     * must be inserted first, a discount not known).
     */
    balancesFor(submits: readonly SubmitJob[]): Map<number, bigint> | null {
      const out = new Map<number, bigint>();
      const t = now();
      for (const j of submits) {
        if (j.verify || j.row.clientOrderId !== null || !discounts.has(j.userId)) return null;
        const until = suspects.get(j.userId);
        if (until !== undefined) {
          if (until > t) return null;
          suspects.delete(j.userId);
        }
        const id = holdAccountOf(j);
        const v = balances.get(id);
        if (v === undefined || !trusted(id)) return null;
        out.set(id, v);
      }
      return out;
    },

    /** The owners of these accounts as a batch's read of them goes out (see `planned`). */
    ownersOf(ids: Iterable<number>): Map<number, object | undefined> {
      const m = new Map<number, object | undefined>();
      for (const id of ids) m.set(id, owners.get(id));
      return m;
    },

    /**
     * A batch was planned: `start` the balances it admitted against (read, or expected), `deltas` each
     * account's net change in it. A read balance is kept only if no other writer planned a change of
     * the account since before the read went out (`ownersAtRead`): that change may be missing from it.
     */
    planned(
      start: ReadonlyMap<number, bigint>,
      deltas: ReadonlyMap<number, bigint>,
      ownersAtRead: ReadonlyMap<number, object | undefined> | null,
    ): void {
      if (balances.size > MAX_BALANCES) balances.clear();
      if (discounts.size > MAX_BALANCES) discounts.clear();
      if (owners.size > MAX_OWNERS) owners.clear();
      if (suspects.size > MAX_BALANCES) {
        const t = now();
        for (const [u, until] of suspects) if (until <= t) suspects.delete(u);
      }
      for (const [id, v] of start) {
        const before = ownersAtRead ? ownersAtRead.get(id) : me;
        const owner = owners.get(id);
        if ((before === undefined || before === me) && (owner === undefined || owner === me)) {
          balances.set(id, v + (deltas.get(id) ?? 0n));
          owners.set(id, me);
        } else balances.delete(id);
      }
      for (const [id, d] of deltas) {
        if (start.has(id)) continue;
        const v = balances.get(id);
        if (v !== undefined && trusted(id)) balances.set(id, v + d);
        else balances.delete(id);
        owners.set(id, me);
      }
    },

    /** Discounts read for these users (absent from `read`: none). */
    discountsRead(userIds: Iterable<number>, read: ReadonlyMap<number, number>): void {
      for (const u of userIds) discounts.set(u, read.get(u) ?? 0);
    },

    /** The discounts as known (for a batch that reads none). */
    discounts: discounts as ReadonlyMap<number, number>,

    /** A batch that relied on these users' expected balances failed. */
    suspect(userIds: Iterable<number>): void {
      const until = now() + SUSPECT_MS;
      for (const u of userIds) suspects.set(u, until);
    },

    /** The book is read again: nothing expected is kept (suspects are). */
    forget(): void {
      balances.clear();
      discounts.clear();
    },
  };
}

export type Expectations = ReturnType<typeof createExpectations>;
