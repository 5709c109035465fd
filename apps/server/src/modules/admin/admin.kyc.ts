/**
 * Identity verification in the back office: the KYC review queue (verify, or fail with a reason;
 * the first reviewer's decision stands, the user is notified in their language). Every decision
 * is audited with before and after in its own transaction.
 */
import type { AdminKycItem, AdminKycList } from '@openbourse/contracts/kyc.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { KycApplicationRow, KycApplicationStatus, KycService } from '../kyc/kyc.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import type { UsersDirectory } from '../users/users.directory.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminRepository as repo } from './admin.repository.ts';

const auditable = (r: KycApplicationRow) => ({ status: r.status, reason: r.reason, userId: r.userId });

export function createAdminKyc(deps: {
  db: Db;
  clock: Clock;
  kyc: KycService;
  directory: Pick<UsersDirectory, 'usernames'>;
  notify: Notify;
  /** After a decision that notified the user has committed: push it now. */
  published: () => void;
}) {
  const { db, clock, kyc } = deps;

  /** The rows with who applied (username) and who decided (the reviewer's email), in two queries. */
  async function views(rows: readonly KycApplicationRow[]): Promise<AdminKycItem[]> {
    const names = await deps.directory.usernames(db, [...new Set(rows.map((r) => r.userId))]);
    const reviewers = await repo.emails(db, [
      ...new Set(rows.flatMap((r) => (r.decidedBy === null ? [] : [r.decidedBy]))),
    ]);
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      username: names.get(r.userId) ?? '',
      firstName: r.firstName,
      lastName: r.lastName,
      birthDate: r.birthDate,
      sex: r.sex as AdminKycItem['sex'],
      country: r.country,
      address: r.address,
      phone: r.phone,
      documentType: r.documentType as AdminKycItem['documentType'],
      frontFileId: r.frontFileId,
      backFileId: r.backFileId,
      inHandFileId: r.inHandFileId,
      status: r.status as KycApplicationStatus,
      reason: r.reason,
      submittedAt: r.submittedAt.getTime(),
      decidedAt: r.decidedAt?.getTime() ?? null,
      decidedBy: r.decidedBy === null ? null : (reviewers.get(r.decidedBy) ?? null),
    }));
  }

  async function decide(actor: AdminActor, id: number, approve: boolean, reason: string | null) {
    const row = await db.transaction(async (tx) => {
      const { before, after } = await kyc.decide(tx, { id, approve, reason, adminId: actor.admin.id });
      await repo.auditAs(tx, actor, clock.now(), {
        action: approve ? 'kyc.approve' : 'kyc.reject',
        targetType: 'kyc',
        targetId: String(after.id),
        before: auditable(before),
        after: auditable(after),
      });
      await deps.notify(tx, {
        userId: after.userId,
        kind: approve ? 'kycVerified' : 'kycFailed',
        subject: { type: 'account' },
        params: after.reason ? { reason: after.reason } : {},
      });
      return after;
    });
    deps.published();
    const [view] = await views([row]);
    return view!;
  }

  return {
    async list(q: { status?: KycApplicationStatus | undefined; page: number; size: number }): Promise<AdminKycList> {
      const { rows, total } = await kyc.queue(q);
      return { list: await views(rows), total, page: q.page, size: q.size };
    },

    async get(id: number): Promise<AdminKycItem> {
      const [view] = await views([await kyc.get(db, id)]);
      return view!;
    },

    approve: (actor: AdminActor, id: number) => decide(actor, id, true, null),
    reject: (actor: AdminActor, id: number, reason: string) => decide(actor, id, false, reason),
  };
}

export type AdminKyc = ReturnType<typeof createAdminKyc>;
