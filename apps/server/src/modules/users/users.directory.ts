/**
 * The users table as the back office reads and changes it: search by name, email, phone or id, a
 * page at a time, and the operator's changes (status, withdrawal password reset), each answering
 * the row before and after for the audit log.
 */
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { type UserRow, users } from './users.tables.ts';

export type { UserRow };

const SORTS = {
  id: users.id,
  username: users.username,
  email: users.email,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
} as const;

export interface UserSearch {
  q?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  sort: keyof typeof SORTS;
  dir: 'asc' | 'desc';
  page: number;
  size: number;
}

export function createUsersDirectory({ db }: { db: Db }) {
  return {
    /**
     * One page of users, sorted on the server (ties broken by id). `q` matches an id exactly, or a
     * name, email or phone by substring (case-insensitive).
     */
    async search(q: UserSearch): Promise<{ rows: UserRow[]; total: number }> {
      const where: SQL[] = [];
      const term = q.q?.trim();
      if (term) {
        const like = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const digits = term.replace(/\D/g, '');
        const matches: SQL[] = [
          sql`lower(${users.username}) like ${like}`,
          sql`lower(coalesce(${users.email}, '')) like ${like}`,
        ];
        if (digits.length >= 3)
          matches.push(sql`(coalesce(${users.areaCode}, '') || ${users.phone}) like ${`%${digits}%`}`);
        if (/^\d{1,15}$/.test(term)) matches.push(eq(users.id, Number(term)));
        where.push(or(...matches) as SQL);
      }
      if (q.status) where.push(eq(users.status, q.status));
      const filter = where.length ? and(...where) : undefined;
      const column = SORTS[q.sort];
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(filter)
          .orderBy(
            q.dir === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`,
            q.dir === 'asc' ? asc(users.id) : desc(users.id),
          )
          .limit(q.size)
          .offset((q.page - 1) * q.size),
        db.select({ n: count() }).from(users).where(filter),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** Usernames by id, in one query (a page of a review queue). */
    async usernames(exec: Executor, ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await exec
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.username]));
    },

    async get(exec: Executor, id: number, lock = false): Promise<UserRow | null> {
      const q = exec.select().from(users).where(eq(users.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row ?? null;
    },

    async setStatus(exec: Executor, id: number, status: 'active' | 'disabled'): Promise<UserRow> {
      const [row] = await exec.update(users).set({ status }).where(eq(users.id, id)).returning();
      if (!row) throw new Error(`user ${id} vanished`);
      return row;
    },

    /** Clears the withdrawal password: the user sets a new one with a code sent to their address. */
    async clearWithdrawalPassword(exec: Executor, id: number): Promise<UserRow> {
      const [row] = await exec.update(users).set({ txPasswordHash: null }).where(eq(users.id, id)).returning();
      if (!row) throw new Error(`user ${id} vanished`);
      return row;
    },
  };
}

export type UsersDirectory = ReturnType<typeof createUsersDirectory>;
