/**
 * Loans in the back office: the products' editor (create, edit, enable or disable; audited) and the
 * review queue (approve: the principal is paid; reject with a reason; the first reviewer's decision
 * stands, the user is notified in their language), with each loan's agreement PDF. Every decision
 * and edit is audited with before and after in its own transaction.
 */
import type { AdminLoan, AdminLoanProduct, AdminLoanProductInput } from '@openbourse/contracts/loan.ts';
import { formatDecimal, fromLedger } from '@openbourse/money';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LoanRow, Loans } from '../loans/loans.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import type { UsersDirectory } from '../users/users.directory.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminRepository as repo } from './admin.repository.ts';

type LoanStatus = AdminLoan['status'];

const auditableLoan = (l: LoanRow) => ({
  status: l.status,
  reason: l.reason,
  principal: l.principal,
  drawnAt: l.drawnAt?.toISOString() ?? null,
  dueAt: l.dueAt?.toISOString() ?? null,
});

export function createAdminLoans(deps: {
  db: Db;
  clock: Clock;
  loans: Loans;
  directory: UsersDirectory;
  notify: Notify;
  /** After a decision that notified the user has committed: push it now. */
  published: () => void;
}) {
  const { db, clock, loans, directory } = deps;

  async function adminViews(rows: readonly LoanRow[]): Promise<AdminLoan[]> {
    const userIds = [...new Set(rows.map((r) => r.userId))];
    const names = await directory.usernames(db, userIds);
    const kyc = new Map<number, string>();
    for (const id of userIds) kyc.set(id, (await directory.get(db, id))?.kycStatus ?? 'none');
    const reviewers = await repo.emails(db, [
      ...new Set(rows.flatMap((r) => (r.decidedBy === null ? [] : [r.decidedBy]))),
    ]);
    const views = await loans.views(db, rows, 'en');
    return rows.map((r, i) => ({
      ...views[i]!,
      userId: r.userId,
      username: names.get(r.userId) ?? '',
      kycStatus: kyc.get(r.userId) ?? 'none',
      decidedBy: r.decidedBy === null ? null : (reviewers.get(r.decidedBy) ?? null),
    }));
  }

  async function decide(actor: AdminActor, publicId: number, approve: boolean, reason: string | null) {
    const row = await db.transaction(async (tx) => {
      const { before, after } = await loans.decide(tx, { publicId, approve, reason, adminId: actor.admin.id });
      await repo.auditAs(tx, actor, clock.now(), {
        action: approve ? 'loans.approve' : 'loans.reject',
        targetType: 'loan',
        targetId: String(after.publicId),
        before: auditableLoan(before),
        after: auditableLoan(after),
      });
      const scale = await loans.scaleOf(tx, after.currency);
      await deps.notify(tx, {
        userId: after.userId,
        kind: approve ? 'loanApproved' : 'loanRejected',
        subject: { type: 'loan', id: after.publicId },
        params: {
          amount: formatDecimal(fromLedger(after.principal, scale), scale),
          currency: after.currency,
          ...(after.dueAt ? { due: after.dueAt.toISOString().slice(0, 10) } : {}),
          ...(after.reason ? { reason: after.reason } : {}),
        },
      });
      return after;
    });
    deps.published();
    const [view] = await adminViews([row]);
    return view!;
  }

  return {
    async loans(q: { status?: LoanStatus | undefined; page: number; size: number }) {
      const { rows, total } = await loans.queue(q);
      return { list: await adminViews(rows), total, page: q.page, size: q.size };
    },

    async loan(publicId: number): Promise<AdminLoan> {
      const [view] = await adminViews([await loans.get(db, publicId)]);
      return view!;
    },

    approve: (actor: AdminActor, publicId: number) => decide(actor, publicId, true, null),
    reject: (actor: AdminActor, publicId: number, reason: string) => decide(actor, publicId, false, reason),

    agreement: (publicId: number) => loans.agreement(publicId),

    async products(): Promise<{ list: AdminLoanProduct[] }> {
      return { list: await loans.products.adminList() };
    },

    async createProduct(actor: AdminActor, input: z.output<typeof AdminLoanProductInput>): Promise<AdminLoanProduct> {
      return db.transaction(async (tx) => {
        const created = await loans.products.create(tx, input);
        await repo.auditAs(tx, actor, clock.now(), {
          action: 'loanProducts.create',
          targetType: 'loanProduct',
          targetId: String(created.id),
          after: created,
        });
        return created;
      });
    },

    async updateProduct(
      actor: AdminActor,
      id: number,
      input: z.output<typeof AdminLoanProductInput>,
    ): Promise<AdminLoanProduct> {
      return db.transaction(async (tx) => {
        const { before, after } = await loans.products.update(tx, id, input);
        await repo.auditAs(tx, actor, clock.now(), {
          action: 'loanProducts.update',
          targetType: 'loanProduct',
          targetId: String(id),
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type AdminLoans = ReturnType<typeof createAdminLoans>;
