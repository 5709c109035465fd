import type { UserInfo } from '@openbourse/contracts/auth.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { maskPhone } from './phone.ts';
import { type UserRow, users } from './users.tables.ts';

export function toUserInfo(u: UserRow): UserInfo {
  return {
    id: Number(u.id),
    username: u.username,
    email: u.email,
    areaCode: u.areaCode,
    phone: u.phone,
    phoneMasked: u.areaCode && u.phone ? maskPhone(u.areaCode, u.phone) : null,
    hasWithdrawalPassword: u.txPasswordHash !== null,
    kycStatus: u.kycStatus as UserInfo['kycStatus'],
    inviteCode: u.inviteCode,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}

/** Looks users up; the auth module owns credentials and sessions. */
export function createUsersService({ db }: { db: Db }) {
  return {
    async byId(exec: Executor, id: number): Promise<UserRow> {
      const [u] = await exec.select().from(users).where(eq(users.id, id));
      if (!u) throw new AppError(ErrorCode.UserNotFound);
      return u;
    },
    async findByUsername(exec: Executor, username: string) {
      const [u] = await exec.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
      return u;
    },
    async findByEmail(exec: Executor, email: string) {
      const [u] = await exec.select().from(users).where(eq(users.email, email.toLowerCase()));
      return u;
    },
    async findByPhone(exec: Executor, areaCode: string, phone: string) {
      const [u] = await exec
        .select()
        .from(users)
        .where(sql`${users.areaCode} = ${areaCode} and ${users.phone} = ${phone}`);
      return u;
    },
    async findByInviteCode(exec: Executor, code: string) {
      const [u] = await exec.select().from(users).where(eq(users.inviteCode, code.toUpperCase()));
      return u;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return Number(row?.n ?? 0);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
