/**
 * Money in and out in the back office: the deposit and withdrawal review queues (approve or pay,
 * or reject with a reason; the first reviewer's decision stands, the user is notified in their
 * language) and the networks'
 * configuration (receiving addresses, minimums, withdrawal fees and limits). Every decision and edit
 * is audited with before and after in its own transaction.
 */
import type { AdminDeposit, AdminNetwork, AdminNetworkUpdate, AdminWithdrawal } from '@openbourse/contracts/funding.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import type { UsersDirectory } from '../users/users.directory.ts';
import {
  type DepositRow,
  type Deposits,
  type NetworkPatch,
  type NetworkRow,
  trimAmount,
} from '../wallet/wallet.deposits.ts';
import type { Withdrawals, WithdrawalRow } from '../wallet/wallet.withdrawals.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminRepository as repo } from './admin.repository.ts';

const networkView = (n: NetworkRow): AdminNetwork => ({
  id: n.id,
  currency: n.currency,
  network: n.network,
  enabled: n.enabled,
  address: n.address,
  minDeposit: trimAmount(n.minDeposit),
  withdrawFeeRate: trimAmount(n.withdrawFeeRate),
  minWithdraw: trimAmount(n.minWithdraw),
  dailyWithdrawLimit: trimAmount(n.dailyWithdrawLimit),
});

const auditableDeposit = (d: DepositRow) => ({ status: d.status, reason: d.reason, amount: trimAmount(d.amount) });

export function createAdminFunding(deps: {
  db: Db;
  clock: Clock;
  deposits: Deposits;
  withdrawals: Withdrawals;
  directory: UsersDirectory;
  notify: Notify;
  /** After a decision that notified the user has committed: push it now. */
  published: () => void;
}) {
  const { db, clock, deposits, directory } = deps;

  /** Who asked (username) and who decided (reviewer's email), for rows of either queue. */
  async function people(rows: readonly { userId: number; decidedBy: number | null }[]) {
    // One query each for the page's users and reviewers, whatever its size.
    const names = await directory.usernames(db, [...new Set(rows.map((r) => r.userId))]);
    const reviewers = await repo.emails(db, [
      ...new Set(rows.flatMap((r) => (r.decidedBy === null ? [] : [r.decidedBy]))),
    ]);
    return (r: { userId: number; decidedBy: number | null }) => ({
      user: { id: r.userId, username: names.get(r.userId) ?? '' },
      decidedBy: r.decidedBy === null ? null : (reviewers.get(r.decidedBy) ?? null),
    });
  }

  async function depositViews(rows: readonly DepositRow[]): Promise<AdminDeposit[]> {
    const who = await people(rows);
    return rows.map((r) => ({ ...deposits.view(r), ...who(r) }));
  }

  async function withdrawalViews(rows: readonly WithdrawalRow[]): Promise<AdminWithdrawal[]> {
    const who = await people(rows);
    return rows.map((r) => ({ ...deps.withdrawals.view(r), ...who(r) }));
  }

  const auditableWithdrawal = (w: WithdrawalRow) => ({
    status: w.status,
    reason: w.reason,
    payoutRef: w.payoutRef,
    amount: trimAmount(w.amount),
    fee: trimAmount(w.fee),
  });

  async function decideWithdrawal(
    actor: AdminActor,
    publicId: number,
    d: { pay: boolean; payoutRef: string | null; reason: string | null },
  ) {
    const row = await db.transaction(async (tx) => {
      const { before, after } = await deps.withdrawals.decide(tx, { publicId, ...d, adminId: actor.admin.id });
      await repo.auditAs(tx, actor, clock.now(), {
        action: d.pay ? 'withdrawals.pay' : 'withdrawals.reject',
        targetType: 'withdrawal',
        targetId: String(after.publicId),
        before: auditableWithdrawal(before),
        after: auditableWithdrawal(after),
      });
      await deps.notify(tx, {
        userId: after.userId,
        kind: d.pay ? 'withdrawalPaid' : 'withdrawalRejected',
        subject: { type: 'withdrawal', id: after.publicId },
        params: {
          amount: trimAmount(after.amount),
          currency: after.currency,
          network: after.network,
          ...(after.reason ? { reason: after.reason } : {}),
          ...(after.payoutRef ? { payoutRef: after.payoutRef } : {}),
        },
      });
      return after;
    });
    deps.published();
    const [view] = await withdrawalViews([row]);
    return view!;
  }

  async function decide(actor: AdminActor, publicId: number, approve: boolean, reason: string | null) {
    const row = await db.transaction(async (tx) => {
      const { before, after } = await deposits.decide(tx, { publicId, approve, reason, adminId: actor.admin.id });
      await repo.auditAs(tx, actor, clock.now(), {
        action: approve ? 'deposits.approve' : 'deposits.reject',
        targetType: 'deposit',
        targetId: String(after.publicId),
        before: auditableDeposit(before),
        after: auditableDeposit(after),
      });
      await deps.notify(tx, {
        userId: after.userId,
        kind: approve ? 'depositApproved' : 'depositRejected',
        subject: { type: 'deposit', id: after.publicId },
        params: {
          amount: trimAmount(after.amount),
          currency: after.currency,
          network: after.network,
          ...(after.reason ? { reason: after.reason } : {}),
        },
      });
      return after;
    });
    deps.published();
    const [view] = await depositViews([row]);
    return view!;
  }

  return {
    async deposits(q: { status?: 'pending' | 'approved' | 'rejected' | undefined; page: number; size: number }) {
      const { rows, total } = await deposits.queue(q);
      return { list: await depositViews(rows), total, page: q.page, size: q.size };
    },

    async deposit(publicId: number): Promise<AdminDeposit> {
      const [view] = await depositViews([await deposits.get(db, publicId)]);
      return view!;
    },

    async withdrawal(publicId: number): Promise<AdminWithdrawal> {
      const [view] = await withdrawalViews([await deps.withdrawals.get(db, publicId)]);
      return view!;
    },

    approve: (actor: AdminActor, publicId: number) => decide(actor, publicId, true, null),
    reject: (actor: AdminActor, publicId: number, reason: string) => decide(actor, publicId, false, reason),

    async withdrawals(q: { status?: 'pending' | 'success' | 'rejected' | undefined; page: number; size: number }) {
      const { rows, total } = await deps.withdrawals.queue(q);
      return { list: await withdrawalViews(rows), total, page: q.page, size: q.size };
    },

    pay: (actor: AdminActor, publicId: number, payoutRef: string) =>
      decideWithdrawal(actor, publicId, { pay: true, payoutRef, reason: null }),
    rejectWithdrawal: (actor: AdminActor, publicId: number, reason: string) =>
      decideWithdrawal(actor, publicId, { pay: false, payoutRef: null, reason }),

    async networks() {
      return { list: (await deposits.allNetworks()).map(networkView) };
    },

    async updateNetwork(actor: AdminActor, id: number, input: AdminNetworkUpdate): Promise<AdminNetwork> {
      const patch: NetworkPatch = {};
      if (input.enabled !== undefined) patch.enabled = input.enabled;
      if (input.address !== undefined) patch.address = input.address ? input.address : null;
      if (input.minDeposit !== undefined) patch.minDeposit = input.minDeposit;
      if (input.withdrawFeeRate !== undefined) patch.withdrawFeeRate = input.withdrawFeeRate;
      if (input.minWithdraw !== undefined) patch.minWithdraw = input.minWithdraw;
      if (input.dailyWithdrawLimit !== undefined) patch.dailyWithdrawLimit = input.dailyWithdrawLimit;
      const after = await db.transaction(async (tx) => {
        const change = await deposits.updateNetwork(tx, id, patch);
        await repo.auditAs(tx, actor, clock.now(), {
          action: 'networks.update',
          targetType: 'network',
          targetId: `${change.after.currency}/${change.after.network}`,
          before: networkView(change.before),
          after: networkView(change.after),
        });
        return change.after;
      });
      return networkView(after);
    },
  };
}

export type AdminFunding = ReturnType<typeof createAdminFunding>;
