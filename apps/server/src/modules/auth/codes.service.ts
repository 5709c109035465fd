import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { CodePurpose } from '@openbourse/contracts/auth.ts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { safeEqual, sha256, sixDigitCode } from '../../lib/crypto.ts';
import type { Mailer } from '../mail/mailer.ts';
import { verificationCodes } from './auth.tables.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_AFTER_MS = 60_000;
export const MAX_CODE_ATTEMPTS = 5;

export interface CodeTarget {
  channel: 'email' | 'sms';
  /** email (lower case) or "+<area><phone>" */
  address: string;
}

/**
 * The public purposes, the account centre's contact change (a code to the old address, one to the new)
 * and the proof that links a third-party sign-in to an existing account (modules/oauth).
 */
export type AnyPurpose = CodePurpose | 'changeOld' | 'changeNew' | 'link';

const digest = (purpose: string, target: string, code: string) => sha256(`${purpose}:${target}:${code}`);

/**
 * Verification codes: 6 digits, 10 minutes, one resend a minute, at most 5 tries, single use.
 *
 * A try is counted before the code is compared, in the same statement that checks the count
 * (`attempts < 5` in the UPDATE's WHERE, which PostgreSQL re-evaluates on the locked row), so a
 * thousand concurrent guesses compare at most five. Consumption happens inside the caller's
 * transaction with a conditional update, so a replayed or raced code is accepted once only.
 */
export function createCodesService({ db, clock, mailer }: { db: Db; clock: Clock; mailer: Mailer }) {
  async function latest(exec: Executor, purpose: AnyPurpose, target: string) {
    const [row] = await exec
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    return row;
  }

  return {
    /**
     * Issues a code. With `deliver: false` (a reset for an address that has no account) the code
     * is recorded but never sent, so the answer, its timing and the resend rule are the same as
     * for an address that has one.
     */
    async send(
      purpose: AnyPurpose,
      target: CodeTarget,
      texts: { subject: string; body: (code: string) => string },
      opts: { deliver: boolean } = { deliver: true },
    ) {
      const now = clock.now();
      const code = sixDigitCode();
      await db.transaction(async (tx) => {
        // Serialise sends per target so two racing requests cannot both pass the resend check.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${purpose}:${target.address}`}))`);
        const last = await latest(tx, purpose, target.address);
        if (last && now.getTime() - last.createdAt.getTime() < RESEND_AFTER_MS) {
          throw new AppError(ErrorCode.DoNotSendRepeatedly);
        }
        await tx.insert(verificationCodes).values({
          purpose,
          target: target.address,
          codeHash: digest(purpose, target.address, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        });
        const message = {
          channel: target.channel,
          recipient: target.address,
          subject: texts.subject,
          body: texts.body(code),
        };
        if (opts.deliver) await mailer.enqueue(tx, message);
        else await mailer.skip(tx, message, 'no account for this address');
      });
      mailer.sent();
      return { resendAfterSeconds: RESEND_AFTER_MS / 1000, expiresInSeconds: CODE_TTL_MS / 1000 };
    },

    /**
     * Counts a try of the newest code for the target and compares it; answers 10090 (none, or used),
     * 40007 (expired), 40008 (tries used up) or 10091 (wrong). Returns the code's id.
     */
    async check(purpose: AnyPurpose, target: string, code: string): Promise<number> {
      const now = clock.now().toISOString();
      const [counted] = await queryRows<{ id: string | number; code_hash: string }>(
        db,
        sql`update verification_codes set attempts = attempts + 1
            where id = (select id from verification_codes where purpose = ${purpose} and target = ${target}
                        order by created_at desc, id desc limit 1)
              and consumed_at is null and expires_at > ${now}::timestamptz and attempts < ${MAX_CODE_ATTEMPTS}
            returning id, code_hash`,
      );
      if (!counted) {
        const row = await latest(db, purpose, target);
        if (!row || row.consumedAt) throw new AppError(ErrorCode.SendCodeFirst);
        if (row.expiresAt.getTime() <= clock.now().getTime()) throw new AppError(ErrorCode.CodeExpired);
        throw new AppError(ErrorCode.CodeTooManyTries);
      }
      if (!safeEqual(counted.code_hash, digest(purpose, target, code))) throw new AppError(ErrorCode.CodeWrong);
      return Number(counted.id);
    },

    /** Marks a checked code used, inside the caller's transaction; a second use fails (replay). */
    async consume(exec: Executor, id: number): Promise<void> {
      const done = await exec
        .update(verificationCodes)
        .set({ consumedAt: clock.now() })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      if (done.length === 0) throw new AppError(ErrorCode.SendCodeFirst);
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
