import type { WalletNoncePurpose } from '@openbourse/contracts/wallet-signin.ts';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { userWallets, walletSignInNonces } from './wallet-signin.tables.ts';

export type WalletRow = typeof userWallets.$inferSelect;

/** Drizzle only; every method takes the executor (the database or a transaction). */
export function createWalletRepository() {
  return {
    async insertNonce(exec: Executor, row: typeof walletSignInNonces.$inferInsert) {
      await exec.insert(walletSignInNonces).values(row);
    },

    /**
     * Consumes a nonce of this purpose (and account, for a link) in one conditional UPDATE: of racing
     * consumers exactly one gets 'consumed'. Otherwise tells an expired nonce from an unknown or used one.
     */
    async consumeNonce(
      exec: Executor,
      q: { nonce: string; purpose: WalletNoncePurpose; userId: number | null; now: Date },
    ): Promise<'consumed' | 'expired' | 'unknown'> {
      const owner = q.userId === null ? isNull(walletSignInNonces.userId) : eq(walletSignInNonces.userId, q.userId);
      const mine = and(eq(walletSignInNonces.nonce, q.nonce), eq(walletSignInNonces.purpose, q.purpose), owner);
      const used = await exec
        .update(walletSignInNonces)
        .set({ usedAt: q.now })
        .where(and(mine, isNull(walletSignInNonces.usedAt), gt(walletSignInNonces.expiresAt, q.now)))
        .returning({ nonce: walletSignInNonces.nonce });
      if (used.length === 1) return 'consumed';
      const [row] = await exec.select({ usedAt: walletSignInNonces.usedAt }).from(walletSignInNonces).where(mine);
      return row && !row.usedAt ? 'expired' : 'unknown';
    },

    async sweep(exec: Executor, before: Date) {
      const gone = await exec
        .delete(walletSignInNonces)
        .where(lt(walletSignInNonces.expiresAt, before))
        .returning({ nonce: walletSignInNonces.nonce });
      return gone.length;
    },

    async byAddress(exec: Executor, address: string): Promise<WalletRow | undefined> {
      const [row] = await exec.select().from(userWallets).where(eq(userWallets.address, address));
      return row;
    },

    /** Null when the address is linked already (to anyone). */
    async insertWallet(
      exec: Executor,
      row: { userId: number; address: string; chainId: number; createdAt: Date },
    ): Promise<WalletRow | null> {
      const [inserted] = await exec.insert(userWallets).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async touch(exec: Executor, id: number, at: Date) {
      await exec.update(userWallets).set({ lastUsedAt: at }).where(eq(userWallets.id, id));
    },

    async ofUser(exec: Executor, userId: number): Promise<WalletRow[]> {
      return exec.select().from(userWallets).where(eq(userWallets.userId, userId)).orderBy(asc(userWallets.id));
    },

    async idsOfUser(exec: Executor, userId: number): Promise<number[]> {
      const rows = await exec.select({ id: userWallets.id }).from(userWallets).where(eq(userWallets.userId, userId));
      return rows.map((r) => r.id);
    },

    /**
     * Locks the account's ways in until the transaction ends: the advisory lock every unlink of a way
     * in takes (wallets here, Google identities in modules/oauth: `signin-ways:<userId>`), so they
     * queue, then its row. Answers whether the account has a password, read under those locks.
     */
    async lockAccount(exec: Executor, userId: number): Promise<{ hasPassword: boolean }> {
      await exec.execute(sql`select pg_advisory_xact_lock(hashtext(${`signin-ways:${userId}`}))`);
      const [row] = await queryRows<{ has_password: boolean }>(
        exec,
        sql`select password_hash is not null as has_password from users where id = ${userId} for update`,
      );
      return { hasPassword: Boolean(row?.has_password) };
    },

    async remove(exec: Executor, id: number) {
      await exec.delete(userWallets).where(eq(userWallets.id, id));
    },
  };
}
