/**
 * Withdrawals (spec §3, §7 user/withdrawal, user/listWithdrwal): to an address on a network or to a
 * bank account. Asked for with the withdrawal password (and the second factor once the user has one); the fee and the amount received are quoted
 * before; `amount + fee` is held from the real available balance in the same transaction as the
 * row (so 50 racing withdrawals of one balance never hold more than it), within the network's
 * minimum and the user's daily limit. A reviewer pays it out (the hold posted: the amount to the
 * platform's deposits account, the fee to its fees account) with the payout's reference, or rejects
 * it with a reason (the hold released).
 */
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import {
  BANK_NETWORK,
  type ListWithdrawalNetworksResult,
  type ListWithdrawalResult,
  type Withdrawal,
  type WithdrawalQuote,
  type WithdrawalRequest,
} from '@openbourse/contracts/funding.ts';
import { divRound, formatDecimal, parseDecimal, pow10 } from '@openbourse/money';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { RateLimiter } from '../limits/limits.service.ts';
import type { RelyingParty } from '../twofactor/twofactor.webauthn.ts';
import { isAddressOf } from './wallet.addresses.ts';
import { amountUnits, currencyScales, randomPublicId, trimAmount } from './wallet.amounts.ts';
import { walletErrors } from './wallet.errors.ts';
import { type WithdrawalStatus, walletRepository as repo } from './wallet.repository.ts';
import type { NetworkRow, WithdrawalRow } from './wallet.tables.ts';

type WithdrawalInput = z.output<typeof WithdrawalRequest>;

/** Ledger codes of a withdrawal's movements (the transaction record names them). */
export const WITHDRAWAL_CODES = {
  hold: 'withdrawal_hold',
  paid: 'withdrawal',
  fee: 'withdrawal_fee',
  release: 'withdrawal_release',
} as const;
const REF = 'wallet_withdrawal';

/** Withdrawal-password checks per user per 15 minutes, right or wrong (a guess costs as much as a try). */
const PASSWORD_RULE = { windowMs: 15 * 60_000, max: 10 };

/** A unique-index violation of `index` (Drizzle keeps the driver's error as the cause). */
function isUniqueViolation(e: unknown, index: string): boolean {
  for (let cur = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const err = cur as { code?: unknown; constraint?: unknown; message?: unknown };
    if (err.code === '23505' && (err.constraint === index || String(err.message ?? '').includes(index))) return true;
  }
  return false;
}

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

export function createWithdrawals(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  limiter: RateLimiter;
  /** The user's withdrawal password hash (null when none is set). */
  txPasswordHash: (userId: number) => Promise<string | null>;
  /**
   * The second factor (modules/twofactor verifyStepUp): passes when the user has none, else the
   * request's proof must be a current one. None wired: not asked.
   */
  secondFactor?: (userId: number, proof: WithdrawalInput['proof'], rp: RelyingParty | null) => Promise<void>;
  publicIds?: () => number;
}) {
  const { db, clock, ledger } = deps;
  const publicIds = deps.publicIds ?? randomPublicId;

  function view(row: WithdrawalRow): Withdrawal {
    return {
      id: row.publicId,
      method: row.method as 'crypto' | 'bank',
      currency: row.currency,
      network: row.network,
      address: row.address,
      bankHolder: row.bankHolder,
      bankAccount: row.bankAccount,
      bankType: row.bankType,
      amount: trimAmount(row.amount),
      fee: trimAmount(row.fee),
      status: row.status as WithdrawalStatus,
      reason: row.reason,
      payoutRef: row.payoutRef,
      createdAt: row.createdAt.getTime(),
      decidedAt: row.decidedAt?.getTime() ?? null,
    };
  }

  async function networkOf(exec: Executor, currency: string, network: string): Promise<NetworkRow> {
    const row = await repo.network(exec, currency, network);
    if (!row?.enabled) throw walletErrors.networkUnavailable();
    return row;
  }

  async function scaleOf(exec: Executor, currency: string): Promise<number> {
    const cur = await ledger.getCurrency(exec, currency);
    if (!cur) throw walletErrors.networkUnavailable();
    return cur.scale;
  }

  /** The fee on `amount` at the network's rate, rounded up to the currency's smallest unit. */
  function feeOf(amount: bigint, rate: string): bigint {
    const RATE_SCALE = 18;
    const r = parseDecimal(trimAmount(rate), RATE_SCALE);
    return divRound(amount * r, pow10(RATE_SCALE), 'up');
  }

  async function usedToday(exec: Executor, userId: number, currency: string, scale: number): Promise<bigint> {
    const sum = await repo.withdrawnSince(exec, userId, currency, startOfUtcDay(clock.now()));
    return parseDecimal(trimAmount(sum), scale);
  }

  return {
    view,

    /** The coins and networks (and BANK) a user may withdraw on, with their fee rate and limits. */
    async networks(): Promise<ListWithdrawalNetworksResult> {
      const scales = await currencyScales(ledger, db);
      const list = (await repo.networks(db)).flatMap((n) => {
        const scale = scales.get(n.currency);
        if (!n.enabled || scale === undefined) return [];
        return [
          {
            currency: n.currency,
            network: n.network,
            scale,
            feeRate: trimAmount(n.withdrawFeeRate),
            minWithdraw: trimAmount(n.minWithdraw),
            dailyLimit: trimAmount(n.dailyWithdrawLimit),
          },
        ];
      });
      return { list };
    },

    /** What a withdrawal would cost and what is left of today's limit, before the user confirms. */
    async quote(
      userId: number,
      q: { currency: string; network: string; amount?: string | undefined },
    ): Promise<WithdrawalQuote> {
      const n = await networkOf(db, q.currency, q.network);
      const scale = await scaleOf(db, n.currency);
      const balance = await ledger.balance(db, userId, 'real', n.currency);
      const fmt = (u: bigint) => formatDecimal(u, scale, { trim: true });
      const amount = q.amount ? amountUnits(q.amount, scale) : null;
      const fee = amount === null ? null : feeOf(amount, n.withdrawFeeRate);
      return {
        currency: n.currency,
        network: n.network,
        feeRate: trimAmount(n.withdrawFeeRate),
        minWithdraw: trimAmount(n.minWithdraw),
        dailyLimit: trimAmount(n.dailyWithdrawLimit),
        usedToday: fmt(await usedToday(db, userId, n.currency, scale)),
        available: trimAmount(balance.available),
        amount: amount === null ? null : fmt(amount),
        fee: fee === null ? null : fmt(fee),
        total: amount === null || fee === null ? null : fmt(amount + fee),
        received: amount === null ? null : fmt(amount),
      };
    },

    /**
     * Asks for a withdrawal from the real account: checked (method, target, password, minimum,
     * daily limit), then held and recorded in one transaction, waiting for review.
     */
    async request(
      userId: number,
      mode: AccountMode,
      input: WithdrawalInput,
      rp: RelyingParty | null = null,
    ): Promise<Withdrawal> {
      if (mode !== 'real') throw walletErrors.realOnly();
      const bank = input.method === 'bank';
      const network = bank ? BANK_NETWORK : input.network;
      if (!network || network === BANK_NETWORK) {
        if (!bank) throw walletErrors.networkUnavailable();
      }
      const n = await networkOf(db, input.currency, network as string);
      if (!bank) {
        if (!input.address) throw new AppError(ErrorCode.ReceivingAddressMissing, { field: 'address' });
        if (!isAddressOf(n.network, input.address)) {
          throw new AppError(ErrorCode.AddressWrongNetwork, { field: 'address', params: { network: n.network } });
        }
      } else {
        for (const field of ['bankHolder', 'bankAccount', 'bankType'] as const) {
          if (!input[field]) throw new AppError(ErrorCode.BankFieldRequired, { field });
        }
      }
      const scale = await scaleOf(db, n.currency);
      const amount = amountUnits(input.amount, scale);
      if (amount < parseDecimal(trimAmount(n.minWithdraw), scale)) {
        throw walletErrors.belowMinimum(n.currency, trimAmount(n.minWithdraw));
      }
      // The password last: a guess is counted, and only a well-formed request gets to make one.
      const hash = await deps.txPasswordHash(userId);
      if (!hash) throw new AppError(ErrorCode.WithdrawalPasswordNotSet, { field: 'txPassword' });
      const hit = await deps.limiter.hit(`wallet:txpw:${userId}`, PASSWORD_RULE);
      if (!hit.allowed) {
        const minutes = Math.max(1, Math.ceil(hit.retryAfterMs / 60_000));
        throw new AppError(ErrorCode.TooManyAttempts, { params: { minutes } });
      }
      if (!(await verifyPassword(hash, input.txPassword))) {
        throw new AppError(ErrorCode.WithdrawalPasswordWrong, { field: 'txPassword' });
      }
      // Then the second factor (a wrong password does not spend a code).
      await deps.secondFactor?.(userId, input.proof, rp);
      const fee = feeOf(amount, n.withdrawFeeRate);
      const fmt = (u: bigint) => formatDecimal(u, scale, { trim: true });
      const row = await db.transaction(async (tx) => {
        await repo.lockUserWithdrawals(tx, userId);
        const used = await usedToday(tx, userId, n.currency, scale);
        if (used + amount > parseDecimal(trimAmount(n.dailyWithdrawLimit), scale)) {
          throw new AppError(ErrorCode.WithdrawalAmountExceeded, { field: 'amount' });
        }
        for (let draw = 0; draw < 5; draw++) {
          const publicId = publicIds();
          const holdKey = `withdrawal:${publicId}`;
          const stored = await repo.insertWithdrawal(tx, {
            publicId,
            userId,
            method: input.method,
            currency: n.currency,
            network: n.network,
            address: bank ? null : (input.address ?? null),
            bankHolder: bank ? (input.bankHolder ?? null) : null,
            bankAccount: bank ? (input.bankAccount ?? null) : null,
            bankType: bank ? (input.bankType ?? null) : null,
            amount: fmt(amount),
            fee: fmt(fee),
            holdKey,
            createdAt: clock.now(),
          });
          if (!stored) continue;
          try {
            await ledger.hold(tx, {
              key: holdKey,
              userId,
              mode: 'real',
              currency: n.currency,
              amount: fmt(amount + fee),
              code: WITHDRAWAL_CODES.hold,
              refType: REF,
              refId: String(publicId),
            });
          } catch (e) {
            if (e instanceof AppError && e.code === ErrorCode.BalanceInsufficient) {
              throw new AppError(ErrorCode.BalanceInsufficient, { field: 'amount' });
            }
            throw e;
          }
          return stored;
        }
        throw new Error('wallet: no free public withdrawal id after 5 draws');
      });
      return view(row);
    },

    /** The user's withdrawals, newest first (user/listWithdrwal). */
    async list(
      userId: number,
      q: { status?: WithdrawalStatus | undefined; page: number; size: number },
    ): Promise<ListWithdrawalResult> {
      const { rows, total } = await repo.withdrawals(db, {
        userId,
        ...(q.status ? { status: q.status } : {}),
        page: q.page,
        size: q.size,
      });
      return { list: rows.map(view), total, page: q.page, size: q.size };
    },

    /** Every user's withdrawals, waiting ones first (the review queue). */
    async queue(q: { status?: WithdrawalStatus | undefined; page: number; size: number }) {
      return repo.withdrawals(db, { ...(q.status ? { status: q.status } : {}), page: q.page, size: q.size });
    },

    /** One withdrawal by its public id (the review screen's detail, after a 40036). */
    async get(exec: Executor, publicId: number): Promise<WithdrawalRow> {
      const row = await repo.withdrawalByPublicId(exec, publicId);
      if (!row) throw walletErrors.noRecord();
      return row;
    },

    /**
     * Decides a waiting withdrawal in the caller's transaction: paid (the hold posted: the amount to
     * the platform's deposits account, the fee to its fees account) with the payout's reference, or
     * rejected with a reason (the hold released). Decided meanwhile → 40036, nothing changes.
     */
    async decide(
      tx: Executor,
      d: { publicId: number; pay: boolean; payoutRef: string | null; reason: string | null; adminId: number },
    ): Promise<{ before: WithdrawalRow; after: WithdrawalRow }> {
      const before = await repo.withdrawalByPublicId(tx, d.publicId, true);
      if (!before) throw walletErrors.noRecord();
      const after = await repo
        .decideWithdrawal(tx, before.id, {
          status: d.pay ? 'success' : 'rejected',
          reason: d.pay ? null : d.reason,
          payoutRef: d.pay ? d.payoutRef : null,
          by: d.adminId,
          at: clock.now(),
        })
        .catch((e: unknown) => {
          if (isUniqueViolation(e, 'wallet_withdrawals_payout_uq')) {
            throw new AppError(ErrorCode.PayoutRefUsed, { field: 'payoutRef' });
          }
          throw e;
        });
      if (!after) throw walletErrors.alreadyDecided();
      const ref = { refType: REF, refId: String(after.publicId) };
      if (d.pay) {
        await ledger.postHold(tx, {
          holdKey: after.holdKey,
          key: `${after.holdKey}:paid`,
          amount: trimAmount(after.amount),
          to: { platform: 'deposits', mode: 'real' },
          code: WITHDRAWAL_CODES.paid,
          ...ref,
        });
        if (parseDecimal(trimAmount(after.fee), 18) > 0n) {
          await ledger.postHold(tx, {
            holdKey: after.holdKey,
            key: `${after.holdKey}:fee`,
            to: { platform: 'fees', mode: 'real' },
            code: WITHDRAWAL_CODES.fee,
            ...ref,
          });
        }
      } else {
        await ledger.voidHold(tx, {
          holdKey: after.holdKey,
          key: `${after.holdKey}:release`,
          code: WITHDRAWAL_CODES.release,
        });
      }
      return { before, after };
    },
  };
}

export type Withdrawals = ReturnType<typeof createWithdrawals>;
export type { WithdrawalRow };
