/**
 * Password flows: a first password for an account made by Google or wallet sign-in, a change
 * (signed in, the old password proved), a reset by a code to the account's address, and the
 * withdrawal password (set or changed by a code to the user's own address).
 */
import type { RepasswordRequest, RepasswordTxRequest } from '@openbourse/contracts/auth.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthedUser } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import type { UsersService } from '../users/users.service.ts';
import type { SessionStore } from './auth.session-store.ts';
import { phoneTarget, type SecurityNotices } from './auth.shared.ts';
import { sessions } from './auth.tables.ts';
import type { CodesService } from './codes.service.ts';
import type { LoginGuard } from './login-guard.ts';

type Repassword = z.output<typeof RepasswordRequest>;
type RepasswordTx = z.output<typeof RepasswordTxRequest>;

export function createPasswordFlows(deps: {
  db: Db;
  clock: Clock;
  users: UsersService;
  codes: CodesService;
  guard: LoginGuard;
  store: SessionStore;
  notices: SecurityNotices;
}) {
  const { db, clock, users: usersService, codes, guard, store, notices } = deps;

  /** An account made by Google or wallet sign-in gets its first password; it then signs in by name too. */
  async function setFirstPassword(newPassword: string, user: AuthedUser | null) {
    if (!user) throw new AppError(ErrorCode.Unauthorized);
    const passwordHash = await hashPassword(newPassword);
    const set = await db.transaction(async (tx) => {
      const done = await usersService.setFirstPasswordHash(tx, user.id, passwordHash);
      if (done) await notices.notice(tx, user.id, 'passwordChanged');
      return done;
    });
    if (!set) throw new AppError(ErrorCode.PasswordAlreadySet);
    notices.sent();
  }

  return {
    async repassword(req: Repassword, user: AuthedUser | null) {
      if (req.type === 'set') return setFirstPassword(req.newPassword, user);
      if (req.type === 'change') {
        if (!user) throw new AppError(ErrorCode.Unauthorized);
        const u = await usersService.byId(db, user.id);
        if (!u.passwordHash || !(await verifyPassword(u.passwordHash, req.oldPassword))) {
          throw new AppError(ErrorCode.PasswordWrong);
        }
        if (req.oldPassword === req.newPassword) throw new AppError(ErrorCode.PasswordSameAsOld);
        const passwordHash = await hashPassword(req.newPassword);
        await db.transaction(async (tx) => {
          await usersService.setPasswordHash(tx, Number(u.id), passwordHash);
          // Other devices are signed out; this one stays.
          await tx
            .update(sessions)
            .set({ revokedAt: clock.now() })
            .where(and(eq(sessions.userId, u.id), ne(sessions.id, user.sessionId), isNull(sessions.revokedAt)));
          await store.revoking(tx, Number(u.id));
          await notices.notice(tx, Number(u.id), 'passwordChanged');
        });
        store.revoked(Number(u.id));
        notices.sent();
        return;
      }
      // The schema guarantees email for channel 'email' and areaCode + phone for 'phone'.
      const byEmail = req.channel === 'email';
      const target = byEmail ? req.email! : phoneTarget(req.areaCode!, req.phone!);
      // The code first: an address without an account was never sent one, so it answers as a
      // wrong code does, and nothing tells whether the address has an account.
      const codeId = await codes.check('reset', target, req.code);
      const u = byEmail
        ? await usersService.findByEmail(db, req.email!)
        : await usersService.findByPhone(db, req.areaCode!, req.phone!);
      if (!u) throw new AppError(ErrorCode.SendCodeFirst);
      const passwordHash = await hashPassword(req.newPassword);
      await db.transaction(async (tx) => {
        await codes.consume(tx, codeId);
        await usersService.setPasswordHash(tx, Number(u.id), passwordHash);
        await tx
          .update(sessions)
          .set({ revokedAt: clock.now() })
          .where(and(eq(sessions.userId, u.id), isNull(sessions.revokedAt)));
        await store.revoking(tx, Number(u.id));
        await notices.notice(tx, Number(u.id), 'passwordReset');
      });
      store.revoked(Number(u.id));
      notices.sent();
      await guard.forgetAccount(Number(u.id));
    },

    async repasswordTx(req: RepasswordTx, user: AuthedUser) {
      const u = await usersService.byId(db, user.id);
      const target = u.email ?? (u.areaCode && u.phone ? `+${u.areaCode}${u.phone}` : null);
      if (!target) throw new AppError(ErrorCode.UserStatusWrong);
      const codeId = await codes.check('withdrawPassword', target, req.code);
      const txPasswordHash = await hashPassword(req.txPassword);
      await db.transaction(async (tx) => {
        await codes.consume(tx, codeId);
        await usersService.setTxPasswordHash(tx, Number(u.id), txPasswordHash);
        await notices.notice(tx, Number(u.id), u.txPasswordHash ? 'withdrawPasswordChanged' : 'withdrawPasswordSet');
      });
      notices.sent();
    },
  };
}
