import type { UserInfo } from '@openbourse/contracts/auth.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
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
    hasPassword: u.passwordHash !== null,
    hasWithdrawalPassword: u.txPasswordHash !== null,
    kycStatus: u.kycStatus as UserInfo['kycStatus'],
    inviteCode: u.inviteCode,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}

export type NewUser = typeof users.$inferInsert;
/** A user's identity verification state (users.kyc_status). */
export type KycStatus = UserInfo['kycStatus'];
export type { UserRow };

/**
 * The users table's one owner: look-ups and every write. The auth module decides credentials and
 * sessions and calls these with its transaction.
 */
export function createUsersService({ db }: { db: Db }) {
  return {
    /**
     * A signed-in request's identity (name, status), read when its session is (auth.session-cache.ts
     * keeps both for a few seconds and forgets them when the user's sessions are revoked, which
     * disabling a user does in the same transaction).
     */
    async identityForSession(id: number): Promise<{ username: string; status: string } | undefined> {
      const [row] = await db
        .select({ username: users.username, status: users.status })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    /** Inserts a user; with `ifAbsent`, a clash on a unique key answers undefined instead of throwing. */
    async create(exec: Executor, values: NewUser, opts: { ifAbsent?: boolean } = {}): Promise<UserRow | undefined> {
      const insert = exec.insert(users).values(values);
      const [row] = await (opts.ifAbsent ? insert.onConflictDoNothing() : insert).returning();
      return row;
    },
    async setPasswordHash(exec: Executor, id: number, passwordHash: string): Promise<void> {
      await exec.update(users).set({ passwordHash }).where(eq(users.id, id));
    },
    /** Sets the password of an account that has none; false when it already has one (a race loser too). */
    async setFirstPasswordHash(exec: Executor, id: number, passwordHash: string): Promise<boolean> {
      const rows = await exec
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.id, id), isNull(users.passwordHash)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    /** Binds or changes the email address (lower case) or the phone number, in the caller's transaction. */
    async setContact(
      exec: Executor,
      id: number,
      contact: { email: string } | { areaCode: string; phone: string },
    ): Promise<void> {
      await exec.update(users).set(contact).where(eq(users.id, id));
    },
    async setLanguage(exec: Executor, id: number, language: string): Promise<void> {
      await exec.update(users).set({ language }).where(eq(users.id, id));
    },
    async setTxPasswordHash(exec: Executor, id: number, txPasswordHash: string): Promise<void> {
      await exec.update(users).set({ txPasswordHash }).where(eq(users.id, id));
    },
    async recordLogin(exec: Executor, id: number, at: Date): Promise<UserRow> {
      const [row] = await exec.update(users).set({ lastLoginAt: at }).where(eq(users.id, id)).returning();
      if (!row) throw new AppError(ErrorCode.UserNotFound);
      return row;
    },
    /** What a request needs of its user: name and whether the account may act. */
    async byId(exec: Executor, id: number): Promise<UserRow> {
      const [u] = await exec.select().from(users).where(eq(users.id, id));
      if (!u) throw new AppError(ErrorCode.UserNotFound);
      return u;
    },
    /**
     * Mirrors the user's identity verification state (the kyc module, in its transaction): what
     * `user/info` shows and what loans and other KYC-gated actions read.
     */
    async setKycStatus(exec: Executor, id: number, kycStatus: KycStatus): Promise<void> {
      const [row] = await exec.update(users).set({ kycStatus }).where(eq(users.id, id)).returning({ id: users.id });
      if (!row) throw new AppError(ErrorCode.UserNotFound);
    },
    /** The user's identity verification state (none, pending, verified, failed). */
    async kycStatus(exec: Executor, id: number): Promise<KycStatus> {
      const [row] = await exec.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, id));
      if (!row) throw new AppError(ErrorCode.UserNotFound);
      return row.kycStatus as KycStatus;
    },
    async findById(exec: Executor, id: number) {
      const [u] = await exec.select().from(users).where(eq(users.id, id));
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
    /** The back office's figures: accounts, sign-ups since a time, users signed in since a time. */
    async activity(since: { signUps: Date; active: Date }) {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          signUps: sql<number>`(count(*) filter (where ${users.createdAt} >= ${since.signUps.toISOString()}::timestamptz))::int`,
          active: sql<number>`(count(*) filter (where ${users.lastLoginAt} >= ${since.active.toISOString()}::timestamptz))::int`,
        })
        .from(users);
      return { total: Number(row?.total ?? 0), signUps: Number(row?.signUps ?? 0), active: Number(row?.active ?? 0) };
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return Number(row?.n ?? 0);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
