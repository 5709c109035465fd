/**
 * Admin accounts: the first owner (from ADMIN_EMAIL / ADMIN_PASSWORD on first start, or the CLI),
 * the owners' management of admins, and the audit log's reads. Every change is audited with its
 * before and after in the change's transaction; the last active owner can never be removed.
 */
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { type AdminActor, adminView } from './admin.auth.ts';
import { adminErrors } from './admin.errors.ts';
import { type AdminRow, type AuditFilter, adminRepository as repo } from './admin.repository.ts';
import type { AdminRole } from './admin.roles.ts';

export interface NewAdmin {
  email: string;
  name: string;
  password: string;
  role: AdminRole;
  totpRequired?: boolean | undefined;
}

export interface AdminChange {
  name?: string | undefined;
  role?: AdminRole | undefined;
  status?: 'active' | 'disabled' | undefined;
  totpRequired?: boolean | undefined;
  /** Clears the TOTP secret: the admin enrols again at the next sign-in. */
  resetTotp?: boolean | undefined;
}

const auditable = (a: AdminRow) => {
  const v = adminView(a);
  return {
    email: v.email,
    name: v.name,
    role: v.role,
    status: v.status,
    totpRequired: v.totpRequired,
    totpEnabled: v.totpEnabled,
  };
};

export function createAdminAccounts({ db, clock }: { db: Db; clock: Clock }) {
  async function insert(exec: Executor, input: NewAdmin): Promise<AdminRow> {
    const now = clock.now();
    const row = await repo.insert(exec, {
      email: input.email.trim().toLowerCase(),
      name: input.name.trim(),
      passwordHash: await hashPassword(input.password),
      role: input.role,
      totpRequired: input.totpRequired ?? true,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw adminErrors.emailExists();
    return row;
  }

  return {
    /**
     * The first owner, when there is no admin yet (first start with ADMIN_EMAIL / ADMIN_PASSWORD).
     * Answers the new owner, or null when admins exist already.
     */
    async bootstrapOwner(input: { email: string; password: string; name?: string }) {
      if ((await repo.count(db)) > 0) return null;
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          email: input.email.trim().toLowerCase(),
          name: input.name ?? 'Owner',
          passwordHash: await hashPassword(input.password),
          role: 'owner',
          totpRequired: true,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        });
        if (!row) return null;
        await repo.audit(tx, {
          adminId: null,
          role: null,
          action: 'admins.bootstrap',
          targetType: 'admin',
          targetId: String(row.id),
          after: auditable(row),
          at: clock.now(),
        });
        return adminView(row);
      });
    },

    /** An owner from the command line (any time: e.g. when every owner lost their authenticator). */
    async createOwnerFromCli(input: { email: string; password: string; name?: string }) {
      return db.transaction(async (tx) => {
        const row = await insert(tx, { ...input, name: input.name ?? 'Owner', role: 'owner' });
        await repo.audit(tx, {
          adminId: null,
          role: null,
          action: 'admins.createFromCli',
          targetType: 'admin',
          targetId: String(row.id),
          after: auditable(row),
          at: clock.now(),
        });
        return adminView(row);
      });
    },

    list: async () => (await repo.list(db)).map(adminView),

    async create(actor: AdminActor, input: NewAdmin) {
      return db.transaction(async (tx) => {
        const row = await insert(tx, input);
        await audit(tx, actor, 'admins.create', row, null, auditable(row));
        return adminView(row);
      });
    },

    async update(actor: AdminActor, id: number, change: AdminChange) {
      return db.transaction(async (tx) => {
        const before = await repo.byId(tx, id, true);
        if (!before) throw adminErrors.noRecord();
        const losesOwner =
          before.role === 'owner' &&
          before.status === 'active' &&
          ((change.role !== undefined && change.role !== 'owner') || change.status === 'disabled');
        if (losesOwner && (await repo.lockOtherActiveOwners(tx, id)) === 0) throw adminErrors.lastOwner();
        const now = clock.now();
        const after = await repo.update(tx, id, {
          ...(change.name !== undefined ? { name: change.name.trim() } : {}),
          ...(change.role !== undefined ? { role: change.role } : {}),
          ...(change.status !== undefined ? { status: change.status } : {}),
          ...(change.totpRequired !== undefined ? { totpRequired: change.totpRequired } : {}),
          ...(change.resetTotp ? { totpSecret: null, totpEnabledAt: null, totpLastStep: null } : {}),
          updatedAt: now,
        });
        // A disabled admin, a new role or a reset authenticator: their sessions end now.
        if (change.status === 'disabled' || (change.role && change.role !== before.role) || change.resetTotp) {
          await repo.revokeAll(tx, id, now);
        }
        await audit(tx, actor, 'admins.update', after, auditable(before), auditable(after));
        return adminView(after);
      });
    },

    async revokeSessions(actor: AdminActor, id: number) {
      return db.transaction(async (tx) => {
        const target = await repo.byId(tx, id);
        if (!target) throw adminErrors.noRecord();
        const revoked = await repo.revokeAll(tx, id, clock.now());
        await audit(tx, actor, 'admins.revokeSessions', target, null, { revoked });
        return { revoked };
      });
    },

    async auditPage(filter: AuditFilter) {
      const rows = await repo.auditPage(db, filter);
      return rows.map((r) => ({
        id: r.id,
        adminId: r.adminId,
        role: r.role,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        before: r.before,
        after: r.after,
        ip: r.ip,
        userAgent: r.userAgent,
        at: r.at.toISOString(),
      }));
    },
  };

  async function audit(
    tx: Executor,
    actor: AdminActor,
    action: string,
    target: AdminRow,
    before: unknown,
    after: unknown,
  ) {
    await repo.auditAs(tx, actor, clock.now(), {
      action,
      targetType: 'admin',
      targetId: String(target.id),
      before,
      after,
    });
  }
}

export type AdminAccounts = ReturnType<typeof createAdminAccounts>;
