/**
 * Users as the back office sees them: search, a user's detail (balances in both books, sessions as
 * the sign-in history), statement and orders; and the support desk's changes — disable and enable
 * (disabling ends the user's sessions), end sessions, reset the withdrawal password — each audited
 * with its reason, before and after, in the change's transaction.
 */
import type { Db, Executor } from '../../db/client.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SessionsDirectory } from '../auth/auth.sessions.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { TradingService } from '../trading/trading.service.ts';
import type { UserRow, UserSearch, UsersDirectory } from '../users/users.directory.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminErrors } from './admin.errors.ts';
import { adminRepository as repo } from './admin.repository.ts';

const rowOf = (u: UserRow) => ({
  id: u.id,
  username: u.username,
  email: u.email,
  phone: u.phone ? `+${u.areaCode ?? ''} ${u.phone}` : null,
  status: u.status as 'active' | 'disabled',
  kycStatus: u.kycStatus,
  createdAt: u.createdAt.toISOString(),
  lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
});

const auditable = (u: UserRow) => ({ status: u.status, hasWithdrawalPassword: u.txPasswordHash !== null });

export function createAdminUsers(deps: {
  db: Db;
  clock: Clock;
  directory: UsersDirectory;
  sessions: SessionsDirectory;
  ledger: LedgerService;
  trading: TradingService;
  /** After a change that ended sessions has committed: announce it now (auth.session-cache.ts). */
  published?: () => void;
}) {
  const { db, clock, directory, sessions, ledger, trading } = deps;

  async function audit(tx: Executor, actor: AdminActor, action: string, u: UserRow, before: unknown, after: unknown) {
    await repo.auditAs(tx, actor, clock.now(), { action, targetType: 'user', targetId: String(u.id), before, after });
  }

  async function existing(id: number): Promise<UserRow> {
    const u = await directory.get(db, id);
    if (!u) throw adminErrors.noRecord();
    return u;
  }

  /** One locked change of a user, audited; answers the user's row after. */
  async function change(
    actor: AdminActor,
    id: number,
    action: string,
    reason: string,
    apply: (tx: Executor, before: UserRow) => Promise<{ row: UserRow; extra?: object }>,
  ) {
    const done = await db.transaction(async (tx) => {
      const before = await directory.get(tx, id, true);
      if (!before) throw adminErrors.noRecord();
      const { row, extra } = await apply(tx, before);
      await audit(tx, actor, action, row, auditable(before), { ...auditable(row), reason, ...extra });
      return rowOf(row);
    });
    deps.published?.();
    return done;
  }

  return {
    async search(q: UserSearch) {
      const { rows, total } = await directory.search(q);
      return { items: rows.map(rowOf), total };
    },

    async detail(id: number) {
      const u = await existing(id);
      const line = (b: { currency: string; available: string; locked: string; total: string }) => ({
        currency: b.currency,
        available: b.available,
        locked: b.locked,
        total: b.total,
      });
      const [real, demo, list] = await Promise.all([
        ledger.balances(db, id, 'real'),
        ledger.balances(db, id, 'demo'),
        sessions.ofUser(id),
      ]);
      return {
        user: { ...rowOf(u), hasWithdrawalPassword: u.txPasswordHash !== null, inviteCode: u.inviteCode },
        balances: { real: real.map(line), demo: demo.map(line) },
        sessions: list,
      };
    },

    async statement(id: number, q: { mode: AccountMode; page: number; size: number }) {
      await existing(id);
      const { entries, total } = await ledger.statement(db, id, q.mode, { page: q.page, size: q.size });
      return { total, entries: entries.map((e) => ({ ...e, time: e.time.toISOString() })) };
    },

    async orders(id: number, q: { mode: AccountMode; page: number; size: number }) {
      await existing(id);
      return trading.list(id, q.mode, { page: q.page, size: q.size } as Parameters<TradingService['list']>[2]);
    },

    setStatus(actor: AdminActor, id: number, status: 'active' | 'disabled', reason: string) {
      return change(actor, id, status === 'disabled' ? 'users.disable' : 'users.enable', reason, async (tx) => {
        const row = await directory.setStatus(tx, id, status);
        // A disabled user is signed out everywhere at once.
        const revoked = status === 'disabled' ? await sessions.revokeAll(tx, id) : 0;
        return { row, extra: { revokedSessions: revoked } };
      });
    },

    revokeSessions(actor: AdminActor, id: number, reason: string) {
      return change(actor, id, 'users.revokeSessions', reason, async (tx, before) => ({
        row: before,
        extra: { revokedSessions: await sessions.revokeAll(tx, id) },
      }));
    },

    resetWithdrawalPassword(actor: AdminActor, id: number, reason: string) {
      return change(actor, id, 'users.resetWithdrawalPassword', reason, async (tx) => ({
        row: await directory.clearWithdrawalPassword(tx, id),
      }));
    },
  };
}

export type AdminUsers = ReturnType<typeof createAdminUsers>;
