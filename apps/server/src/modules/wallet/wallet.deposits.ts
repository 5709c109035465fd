/**
 * Deposits (spec §3, §7 user/recharge, user/listRecharge): the coins and networks the platform
 * receives on, a user's declaration of what they sent (with a proof image), and its review. An
 * approval credits the user's real account by one ledger transfer from the platform's deposit
 * account, keyed by the deposit, in the same transaction as the decision: approving twice (or two
 * reviewers at once) credits once.
 */
import {
  BANK_NETWORK,
  type Deposit,
  type DepositNetwork,
  type ListRechargeResult,
  type RechargeRequest,
} from '@openbourse/contracts/funding.ts';
import { formatDecimal, isMoneyError, parseDecimal } from '@openbourse/money';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileInfo } from '../files/files.service.ts';
import type { Viewer } from '../files/files.policy.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { invalidField } from '../../http/errors.ts';
import { isAddressOf } from './wallet.addresses.ts';
import { amountUnits, currencyScales, randomPublicId, trimAmount } from './wallet.amounts.ts';
import { walletErrors } from './wallet.errors.ts';
import {
  type DepositStatus,
  type NetworkPatch,
  type NewNetworkRow,
  walletRepository as repo,
} from './wallet.repository.ts';
import type { DepositRow, NetworkRow } from './wallet.tables.ts';

/** The networks seeded on first start (spec §9: minimum deposits USDT 120, BTC 0.015, ETH 0.2). */
export const DEFAULT_NETWORKS: readonly Omit<NewNetworkRow, 'updatedAt'>[] = [
  {
    currency: 'USDT',
    network: 'TRC20',
    sort: 1,
    minDeposit: '120',
    withdrawFeeRate: '0.005',
    minWithdraw: '10',
    dailyWithdrawLimit: '50000',
  },
  {
    currency: 'USDT',
    network: 'ERC20',
    sort: 2,
    minDeposit: '120',
    withdrawFeeRate: '0.005',
    minWithdraw: '20',
    dailyWithdrawLimit: '50000',
  },
  {
    currency: 'BTC',
    network: 'BTC',
    sort: 3,
    minDeposit: '0.015',
    withdrawFeeRate: '0.002',
    minWithdraw: '0.001',
    dailyWithdrawLimit: '2',
  },
  {
    currency: 'ETH',
    network: 'ERC20',
    sort: 4,
    minDeposit: '0.2',
    withdrawFeeRate: '0.003',
    minWithdraw: '0.01',
    dailyWithdrawLimit: '30',
  },
  // The other coins the markets trade, on their usual networks (operators set limits to taste).
  {
    currency: 'USDC',
    network: 'ERC20',
    sort: 6,
    minDeposit: '120',
    withdrawFeeRate: '0.005',
    minWithdraw: '20',
    dailyWithdrawLimit: '50000',
  },
  {
    currency: 'BNB',
    network: 'BEP20',
    sort: 7,
    minDeposit: '0.2',
    withdrawFeeRate: '0.003',
    minWithdraw: '0.02',
    dailyWithdrawLimit: '100',
  },
  {
    currency: 'TRX',
    network: 'TRON',
    sort: 8,
    minDeposit: '500',
    withdrawFeeRate: '0.003',
    minWithdraw: '50',
    dailyWithdrawLimit: '500000',
  },
  {
    currency: 'LTC',
    network: 'LTC',
    sort: 9,
    minDeposit: '1',
    withdrawFeeRate: '0.003',
    minWithdraw: '0.1',
    dailyWithdrawLimit: '500',
  },
  {
    currency: 'DOGE',
    network: 'DOGE',
    sort: 10,
    minDeposit: '500',
    withdrawFeeRate: '0.003',
    minWithdraw: '50',
    dailyWithdrawLimit: '500000',
  },
  // Bank payouts (withdrawals only: nothing is received on it), USDT paid out in the bank's money.
  {
    currency: 'USDT',
    network: BANK_NETWORK,
    sort: 20,
    minDeposit: '120',
    withdrawFeeRate: '0.01',
    minWithdraw: '50',
    dailyWithdrawLimit: '20000',
  },
];

/** Ethereum-family networks write their hashes with 0x; the others without. */
const HEX_PREFIXED: ReadonlySet<string> = new Set(['ERC20', 'BEP20', 'ETH']);

/** The ledger code and reference of a deposit's credit (the transaction record shows it as `deposit`). */
export const DEPOSIT_CODE = 'deposit';
const DEPOSIT_REF = 'wallet_deposit';

type RechargeInput = z.output<typeof RechargeRequest>;

/** Fits numeric(38, 18): at most 20 integer digits and 18 decimals. */
function fitsColumn(v: string): boolean {
  const [int = '', frac = ''] = v.split('.');
  return int.length <= 20 && frac.replace(/0+$/, '').length <= 18;
}

/** A positive amount with no more decimals than `scale` that fits the column. */
function positiveAt(v: string, scale: number): boolean {
  if (!fitsColumn(v)) return false;
  try {
    return parseDecimal(v, scale) > 0n;
  } catch (e) {
    if (isMoneyError(e)) return false;
    throw e;
  }
}

export interface DepositDecision {
  publicId: number;
  approve: boolean;
  reason: string | null;
  adminId: number;
}

export function createDeposits(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  files: { find(viewer: Viewer, id: string): Promise<FileInfo | null> };
  publicIds?: () => number;
}) {
  const { db, clock, ledger } = deps;
  const publicIds = deps.publicIds ?? randomPublicId;

  async function scaleOf(exec: Executor, currency: string): Promise<number> {
    const cur = await ledger.getCurrency(exec, currency);
    if (!cur) throw walletErrors.networkUnavailable();
    return cur.scale;
  }

  function view(row: DepositRow): Deposit {
    return {
      id: row.publicId,
      currency: row.currency,
      network: row.network,
      amount: trimAmount(row.amount),
      txHash: row.txHash,
      last6: row.last6,
      address: row.address,
      status: row.status as DepositStatus,
      reason: row.reason,
      proofFileId: row.proofFileId,
      createdAt: row.createdAt.getTime(),
      decidedAt: row.decidedAt?.getTime() ?? null,
    };
  }

  return {
    view,

    /** Inserts the default networks missing (existing rows are the operators'). */
    async seed(exec: Executor): Promise<void> {
      const now = clock.now();
      await repo.seedNetworks(
        exec,
        DEFAULT_NETWORKS.map((n) => ({ ...n, updatedAt: now })),
      );
    },

    /** The networks a user may deposit on, with their receiving address (null until the operator sets one). */
    async networks(): Promise<DepositNetwork[]> {
      const scales = await currencyScales(ledger, db);
      return (await repo.networks(db)).flatMap((n) => {
        const scale = scales.get(n.currency);
        if (!n.enabled || n.network === BANK_NETWORK || scale === undefined) return [];
        return [
          {
            currency: n.currency,
            network: n.network,
            minDeposit: trimAmount(n.minDeposit),
            scale,
            address: n.address,
          },
        ];
      });
    },

    /**
     * A user declares a deposit to the real account: the network must take the coin and have an
     * address, the amount reach its minimum, the hash be new (once per platform) and the proof be an
     * image the user uploaded as a deposit proof. Waits for review.
     */
    async declare(userId: number, mode: AccountMode, input: RechargeInput): Promise<Deposit> {
      if (mode !== 'real') throw walletErrors.realOnly();
      const network = await repo.network(db, input.currency, input.network);
      if (!network?.enabled || network.network === BANK_NETWORK) throw walletErrors.networkUnavailable();
      if (!network.address) throw walletErrors.noAddress();
      const cur = await ledger.getCurrency(db, network.currency);
      if (!cur) throw walletErrors.networkUnavailable();
      const amount = amountUnits(input.amount, cur.scale);
      if (amount < parseDecimal(trimAmount(network.minDeposit), cur.scale)) {
        throw walletErrors.belowMinimum(cur.code, trimAmount(network.minDeposit));
      }
      const prefixed = input.txHash.startsWith('0x');
      if (prefixed !== HEX_PREFIXED.has(network.network)) throw walletErrors.txHashWrong();
      const txHashKey = input.txHash.replace(/^0x/, '').toLowerCase();
      const proof = await deps.files.find({ kind: 'user', id: userId }, input.proofFileId);
      if (proof?.purpose !== 'deposit-proof') throw walletErrors.proofRequired();
      for (let draw = 0; draw < 5; draw++) {
        const row = await repo.insertDeposit(db, {
          publicId: publicIds(),
          userId,
          currency: network.currency,
          network: network.network,
          amount: formatDecimal(amount, cur.scale, { trim: true }),
          txHash: input.txHash,
          txHashKey,
          last6: input.last6,
          address: network.address,
          proofFileId: input.proofFileId,
          createdAt: clock.now(),
        });
        if (row) return view(row);
        // Left out: the hash was declared before, or (rarely) the random public id was drawn before.
        if (await repo.depositByTxKey(db, txHashKey)) throw walletErrors.txHashUsed();
      }
      throw new Error('wallet: no free public deposit id after 5 draws');
    },

    /** The user's deposits, newest first (user/listRecharge). */
    async list(
      userId: number,
      q: { status?: DepositStatus | undefined; page: number; size: number },
    ): Promise<ListRechargeResult> {
      const { rows, total } = await repo.deposits(db, {
        userId,
        ...(q.status ? { status: q.status } : {}),
        page: q.page,
        size: q.size,
      });
      return { list: rows.map(view), total, page: q.page, size: q.size };
    },

    /** Every user's deposits, waiting ones first (the review queue). */
    async queue(q: { status?: DepositStatus | undefined; page: number; size: number }) {
      return repo.deposits(db, { ...(q.status ? { status: q.status } : {}), page: q.page, size: q.size });
    },

    /** Every network as operators edit it. */
    async allNetworks(): Promise<NetworkRow[]> {
      return repo.networks(db);
    },

    /** An operator's edit of a network, in the caller's transaction (which audits it). */
    async updateNetwork(
      tx: Executor,
      id: number,
      patch: NetworkPatch,
    ): Promise<{ before: NetworkRow; after: NetworkRow }> {
      const before = await repo.networkById(tx, id, true);
      if (!before) throw walletErrors.noRecord();
      // A receiving address must be one of its network: users send real coins to it.
      if (patch.address && !isAddressOf(before.network, patch.address)) throw invalidField('address');
      // Amounts at the currency's scale, positive, and a fee rate below 1 at the column's 18 decimals:
      // refused on their field, never rounded by the column or failed by its checks.
      const scale = await scaleOf(tx, before.currency);
      for (const field of ['minDeposit', 'minWithdraw', 'dailyWithdrawLimit'] as const) {
        const v = patch[field];
        if (v !== undefined && !positiveAt(v, scale)) throw invalidField(field);
      }
      if (patch.withdrawFeeRate !== undefined) {
        const rate = patch.withdrawFeeRate;
        if (!fitsColumn(rate) || parseDecimal(rate, 18) >= 10n ** 18n) throw invalidField('withdrawFeeRate');
      }
      const after = await repo.updateNetwork(tx, id, patch, clock.now());
      return { before, after };
    },

    /** One deposit by its public id (the review screen's detail, after a 40036). */
    async get(exec: Executor, publicId: number): Promise<DepositRow> {
      const row = await repo.depositByPublicId(exec, publicId);
      if (!row) throw walletErrors.noRecord();
      return row;
    },

    /**
     * Decides a waiting deposit in the caller's transaction: approved (the user's real account
     * credited from the platform's deposit account, one transfer keyed by the deposit) or rejected
     * with its reason. A deposit decided meanwhile answers 40036 and nothing changes.
     */
    async decide(tx: Executor, d: DepositDecision): Promise<{ before: DepositRow; after: DepositRow }> {
      const before = await repo.depositByPublicId(tx, d.publicId, true);
      if (!before) throw walletErrors.noRecord();
      const after = await repo.decideDeposit(tx, before.id, {
        status: d.approve ? 'approved' : 'rejected',
        reason: d.approve ? null : d.reason,
        by: d.adminId,
        at: clock.now(),
      });
      if (!after) throw walletErrors.alreadyDecided();
      if (d.approve) {
        await ledger.transfer(tx, {
          key: `deposit:${after.id}`,
          debit: { platform: 'deposits', mode: 'real' },
          credit: { userId: after.userId, mode: 'real' },
          currency: after.currency,
          amount: trimAmount(after.amount),
          code: DEPOSIT_CODE,
          refType: DEPOSIT_REF,
          refId: String(after.publicId),
        });
      }
      return { before, after };
    },
  };
}

export type Deposits = ReturnType<typeof createDeposits>;
export type { DepositRow, NetworkPatch, NetworkRow };
export { trimAmount };
