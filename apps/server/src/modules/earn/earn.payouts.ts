/**
 * A smart plan's money in the ledger (README "Money"): the principal held, the whole yield reserved
 * from the earn treasury, each ended day's yield, the principal's return at maturity, an early exit
 * (the penalty to the treasury, the rest released, the unpaid yields back to the treasury). Every
 * function runs in the caller's transaction, with the plan's row locked (or being inserted), so the
 * plan's state and its transfers commit together; every transfer is keyed by the plan (and day), so
 * nothing is ever paid twice.
 */
import { formatDecimal, fromLedger, planDaysEnded, planPayoutAt, shareUnits } from '@openbourse/money';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { earnErrors } from './earn.errors.ts';
import { earnRepository as repo, type PlanRow } from './earn.repository.ts';

/** Transfer codes (ledger README). */
export const EARN_CODES = {
  /** user available → user locked: the principal held (the hold's code). */
  subscribe: 'earn_subscribe',
  /** platform earn_treasury → earn_reserved: the plan's whole yield set aside when it is sold. */
  reserve: 'earn_reserve',
  /** platform earn_reserved → user available: one day's yield. */
  yield: 'earn_yield',
  /** user locked → user available: the principal returned (maturity, or early exit less the penalty). */
  redeem: 'earn_redeem',
  /** user locked → platform earn_treasury: the early-exit penalty. */
  penalty: 'earn_penalty',
  /** platform earn_reserved → earn_treasury: the yields an early exit will not pay, released. */
  release: 'earn_release',
  /** platform treasury → earn_treasury: house money put in to back plans (seed, the back office). */
  fund: 'earn_fund',
} as const;

export const earnKeys = {
  principal: (id: number) => `earn:${id}:principal`,
  reserve: (id: number) => `earn:${id}:reserve`,
  day: (id: number, k: number) => `earn:${id}:day:${k}`,
  redeem: (id: number) => `earn:${id}:redeem`,
  penalty: (id: number) => `earn:${id}:penalty`,
  exit: (id: number) => `earn:${id}:exit`,
  release: (id: number) => `earn:${id}:release`,
  seed: (currency: string) => `earn-treasury:seed:${currency}`,
};

const REF = 'smart';
const REAL = 'real' as const;
/** The earn treasury and the reserve are one account each (shard 0): the treasury's check reads one balance. */
const treasury = { platform: 'earn_treasury' as const, mode: REAL };
const reserved = { platform: 'earn_reserved' as const, mode: REAL };

const isBalanceRefusal = (e: unknown) => e instanceof AppError && e.code === ErrorCode.BalanceInsufficient;

export function createEarnLedger({ ledger }: { ledger: LedgerService }) {
  async function scaleOf(exec: Executor, currency: string): Promise<number> {
    const cur = await ledger.getCurrency(exec, currency);
    if (!cur) throw new Error(`earn: unknown currency ${currency}`);
    return cur.scale;
  }

  const ref = (row: PlanRow) => ({ refType: REF, refId: String(row.publicId) });

  return {
    scaleOf,

    /**
     * Reserves the plan's whole yield from the currency's earn treasury — under the treasury's lock
     * its balance is read and the yield moved to the reserve, or 40059 when it does not cover it —
     * then holds the principal (10011 when the real available balance is short). The platform's
     * accounts are locked before the user's, as in a payout and an exit, so they do not deadlock.
     */
    async subscribe(tx: Executor, row: PlanRow): Promise<void> {
      const scale = await scaleOf(tx, row.currency);
      const total = fromLedger(row.dailyIncome, scale) * BigInt(row.days);
      if (total > 0n) {
        await repo.lockTreasury(tx, row.currency);
        const free = fromLedger(await ledger.platformBalance(tx, REAL, row.currency, 'earn_treasury'), scale);
        if (free < total) throw earnErrors.treasuryShort();
        await ledger.transfer(tx, {
          key: earnKeys.reserve(row.id),
          debit: treasury,
          credit: reserved,
          currency: row.currency,
          amount: formatDecimal(total, scale),
          code: EARN_CODES.reserve,
          ...ref(row),
        });
      }
      try {
        await ledger.hold(tx, {
          key: earnKeys.principal(row.id),
          userId: row.userId,
          mode: REAL,
          currency: row.currency,
          amount: formatDecimal(fromLedger(row.principal, scale), scale),
          code: EARN_CODES.subscribe,
          ...ref(row),
        });
      } catch (e) {
        if (isBalanceRefusal(e)) throw earnErrors.balanceInsufficient();
        throw e;
      }
    },

    /**
     * Pays every day ended by `now` and not yet paid: day k ends at startedAt + k × 24 h and pays
     * `dailyIncome` from the reserve (one transfer keyed by the day). At the last day, in the same
     * transaction, the principal is released and the plan is shared; otherwise the cursor moves to
     * the next day. Returns the row as it now stands. The row must be locked by the caller.
     */
    async payDays(tx: Executor, row: PlanRow, now: Date): Promise<PlanRow> {
      if (row.status !== 'earning') return row;
      const started = row.startedAt.getTime();
      const ended = planDaysEnded(started, row.days, now.getTime());
      if (ended <= row.paidDays) return row;
      const scale = await scaleOf(tx, row.currency);
      const daily = fromLedger(row.dailyIncome, scale);
      let income = fromLedger(row.income, scale);
      for (let k = row.paidDays + 1; k <= ended; k++) {
        if (daily > 0n) {
          await ledger.transfer(tx, {
            key: earnKeys.day(row.id, k),
            debit: reserved,
            credit: { userId: row.userId, mode: REAL },
            currency: row.currency,
            amount: formatDecimal(daily, scale),
            code: EARN_CODES.yield,
            memo: `day ${k}`,
            ...ref(row),
          });
        }
        income += daily;
      }
      if (ended < row.days) {
        return repo.setPaid(
          tx,
          row.id,
          ended,
          formatDecimal(income, scale),
          new Date(planPayoutAt(started, ended + 1)),
        );
      }
      await ledger.voidHold(tx, {
        holdKey: earnKeys.principal(row.id),
        key: earnKeys.redeem(row.id),
        code: EARN_CODES.redeem,
      });
      const shared = await repo.share(tx, row.id, {
        paidDays: ended,
        income: formatDecimal(income, scale),
        at: new Date(planPayoutAt(started, row.days)),
        returned: formatDecimal(fromLedger(row.principal, scale), scale),
      });
      if (!shared) throw new Error(`earn: plan ${row.id} was not earning`);
      return shared;
    },

    /**
     * Ends an earning plan early (its ended days paid first by the caller): the penalty share of the
     * principal goes to the earn treasury, the rest back to the user's available balance, and the
     * yields not yet paid are released from the reserve to the treasury. Returns the exit's figures.
     */
    async exit(tx: Executor, row: PlanRow): Promise<{ exitCost: string; returned: string }> {
      const scale = await scaleOf(tx, row.currency);
      const principal = fromLedger(row.principal, scale);
      const cost = shareUnits(principal, row.exitPenalty);
      // The platform's accounts first (as a purchase and a payout lock them), then the user's.
      const unpaid = fromLedger(row.dailyIncome, scale) * BigInt(row.days - row.paidDays);
      if (unpaid > 0n) {
        await ledger.transfer(tx, {
          key: earnKeys.release(row.id),
          debit: reserved,
          credit: treasury,
          currency: row.currency,
          amount: formatDecimal(unpaid, scale),
          code: EARN_CODES.release,
          ...ref(row),
        });
      }
      if (cost > 0n) {
        await ledger.postHold(tx, {
          holdKey: earnKeys.principal(row.id),
          key: earnKeys.penalty(row.id),
          amount: formatDecimal(cost, scale),
          to: treasury,
          code: EARN_CODES.penalty,
          ...ref(row),
        });
      }
      await ledger.voidHold(tx, {
        holdKey: earnKeys.principal(row.id),
        key: earnKeys.exit(row.id),
        code: EARN_CODES.redeem,
      });
      return { exitCost: formatDecimal(cost, scale), returned: formatDecimal(principal - cost, scale) };
    },

    /** Moves house money from the platform's treasury into a currency's earn treasury (key given by the caller). */
    async fund(tx: Executor, f: { key: string; currency: string; amount: string; memo?: string | null }) {
      // The reserve exists before any user's plan in the currency (see subscribe: platform first).
      await ledger.getOrCreatePlatformAccount(tx, REAL, f.currency, 'earn_reserved');
      return ledger.transfer(tx, {
        key: f.key,
        debit: { platform: 'treasury', mode: REAL },
        credit: treasury,
        currency: f.currency,
        amount: f.amount,
        code: EARN_CODES.fund,
        refType: 'earnTreasury',
        refId: f.currency,
        memo: f.memo ?? null,
      });
    },

    /** The earn treasury (free to back new plans) and the reserve (owed to earning plans) of a currency. */
    async figures(exec: Executor, currency: string): Promise<{ available: string; reserved: string }> {
      return {
        available: await ledger.platformBalance(exec, REAL, currency, 'earn_treasury'),
        reserved: await ledger.platformBalance(exec, REAL, currency, 'earn_reserved'),
      };
    },
  };
}

export type EarnLedger = ReturnType<typeof createEarnLedger>;
