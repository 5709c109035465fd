import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type ChallengeRow,
  type PasskeyRow,
  twofactorChallenges as challenges,
  twofactorPasskeys as passkeys,
  twofactorRecoveryCodes as recovery,
  twofactorTotp as totp,
} from './twofactor.tables.ts';

/** Drizzle only; every method takes the executor (a transaction or the pool). */
export const twoFactorRepository = {
  async totp(exec: Executor, userId: number) {
    const [row] = await exec.select().from(totp).where(eq(totp.userId, userId));
    return row ?? null;
  },

  /** A pending (unconfirmed) secret, replacing any earlier pending one; never a confirmed one. */
  async putPendingTotp(exec: Executor, userId: number, secretEnc: string, now: Date): Promise<boolean> {
    const rows = await exec
      .insert(totp)
      .values({ userId, secretEnc, createdAt: now })
      .onConflictDoUpdate({
        target: totp.userId,
        set: { secretEnc, createdAt: now, lastStep: null },
        setWhere: isNull(totp.confirmedAt),
      })
      .returning({ userId: totp.userId });
    return rows.length === 1;
  },

  async confirmTotp(exec: Executor, userId: number, now: Date): Promise<boolean> {
    const rows = await exec
      .update(totp)
      .set({ confirmedAt: now })
      .where(and(eq(totp.userId, userId), isNull(totp.confirmedAt)))
      .returning({ userId: totp.userId });
    return rows.length === 1;
  },

  /** Takes a step once: only a step newer than the last accepted one passes (one conditional UPDATE). */
  async takeStep(exec: Executor, userId: number, step: number): Promise<boolean> {
    const rows = await exec
      .update(totp)
      .set({ lastStep: step })
      .where(and(eq(totp.userId, userId), or(isNull(totp.lastStep), lt(totp.lastStep, step))))
      .returning({ userId: totp.userId });
    return rows.length === 1;
  },

  async deleteTotp(exec: Executor, userId: number) {
    const rows = await exec.delete(totp).where(eq(totp.userId, userId)).returning({ userId: totp.userId });
    return rows.length === 1;
  },

  async passkeys(exec: Executor, userId: number): Promise<PasskeyRow[]> {
    return exec.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
  },

  async passkeyByCredential(exec: Executor, credentialId: string): Promise<PasskeyRow | null> {
    const [row] = await exec.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
    return row ?? null;
  },

  async insertPasskey(exec: Executor, row: typeof passkeys.$inferInsert) {
    const [stored] = await exec.insert(passkeys).values(row).onConflictDoNothing().returning();
    return stored ?? null;
  },

  /**
   * Records a use: the counter only moves forward (a cloned authenticator replaying an old counter
   * is refused); authenticators that keep no counter report 0 every time.
   */
  async usePasskey(exec: Executor, id: number, counter: number, now: Date): Promise<boolean> {
    const rows = await exec
      .update(passkeys)
      .set({ counter, lastUsedAt: now })
      .where(and(eq(passkeys.id, id), or(eq(passkeys.counter, 0), lt(passkeys.counter, counter))))
      .returning({ id: passkeys.id });
    return rows.length === 1;
  },

  async renamePasskey(exec: Executor, userId: number, id: number, name: string) {
    const rows = await exec
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id });
    return rows.length === 1;
  },

  async deletePasskey(exec: Executor, userId: number, id: number) {
    const rows = await exec
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id });
    return rows.length === 1;
  },

  async recoveryLeft(exec: Executor, userId: number): Promise<number> {
    const [row] = await exec
      .select({ n: count() })
      .from(recovery)
      .where(and(eq(recovery.userId, userId), isNull(recovery.usedAt)));
    return Number(row?.n ?? 0);
  },

  async replaceRecoveryCodes(exec: Executor, userId: number, hashes: string[], now: Date) {
    await exec.delete(recovery).where(eq(recovery.userId, userId));
    if (hashes.length) {
      await exec.insert(recovery).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    }
  },

  /** Uses a code once: one conditional UPDATE, so of racing uses one wins. */
  async useRecoveryCode(exec: Executor, userId: number, codeHash: string, now: Date): Promise<boolean> {
    const rows = await exec
      .update(recovery)
      .set({ usedAt: now })
      .where(and(eq(recovery.userId, userId), eq(recovery.codeHash, codeHash), isNull(recovery.usedAt)))
      .returning({ id: recovery.id });
    return rows.length === 1;
  },

  async insertChallenge(exec: Executor, row: typeof challenges.$inferInsert) {
    const [stored] = await exec.insert(challenges).values(row).returning();
    return stored as ChallengeRow;
  },

  async liveTicket(exec: Executor, ticketHash: string, now: Date): Promise<ChallengeRow | null> {
    const [row] = await exec
      .select()
      .from(challenges)
      .where(
        and(
          eq(challenges.ticketHash, ticketHash),
          eq(challenges.purpose, 'signin'),
          isNull(challenges.usedAt),
          gt(challenges.expiresAt, now),
        ),
      );
    return row ?? null;
  },

  async setWebauthnChallenge(exec: Executor, id: number, challenge: string) {
    await exec.update(challenges).set({ webauthnChallenge: challenge }).where(eq(challenges.id, id));
  },

  /** Consumes a live challenge once (`used_at` null and not expired, in the one UPDATE). */
  async consume(exec: Executor, id: number, now: Date): Promise<boolean> {
    const rows = await exec
      .update(challenges)
      .set({ usedAt: now })
      .where(and(eq(challenges.id, id), isNull(challenges.usedAt), gt(challenges.expiresAt, now)))
      .returning({ id: challenges.id });
    return rows.length === 1;
  },

  /** Consumes the user's live WebAuthn challenge of a purpose, by the challenge the browser signed. */
  async consumeWebauthn(
    exec: Executor,
    userId: number,
    purpose: 'register' | 'stepup',
    challenge: string,
    now: Date,
  ): Promise<boolean> {
    const rows = await exec
      .update(challenges)
      .set({ usedAt: now })
      .where(
        and(
          eq(challenges.userId, userId),
          eq(challenges.purpose, purpose),
          eq(challenges.webauthnChallenge, challenge),
          isNull(challenges.usedAt),
          gt(challenges.expiresAt, now),
        ),
      )
      .returning({ id: challenges.id });
    return rows.length === 1;
  },

  /** Expired challenges are dead weight (the twofactor.sweep job). */
  async sweep(exec: Executor, before: Date) {
    const gone = await exec.delete(challenges).where(lt(challenges.expiresAt, before)).returning({ id: challenges.id });
    return gone.length;
  },

  /** Which factors each of these users has (for UserInfo summaries). */
  async hasAny(exec: Executor, userId: number) {
    const [row] = await exec
      .execute(
        sql`select exists(select 1 from twofactor_totp where user_id = ${userId} and confirmed_at is not null) as totp,
                 exists(select 1 from twofactor_passkeys where user_id = ${userId}) as passkey`,
      )
      .then((r) => (r as unknown as { rows: { totp: boolean; passkey: boolean }[] }).rows);
    return { totp: Boolean(row?.totp), passkey: Boolean(row?.passkey) };
  },
};
