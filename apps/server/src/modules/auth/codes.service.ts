import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { CodePurpose } from '@openbourse/contracts/auth.ts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
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

const digest = (purpose: string, target: string, code: string) => sha256(`${purpose}:${target}:${code}`);

/**
 * Verification codes: 6 digits, 10 minutes, one resend a minute, at most 5 wrong tries, single use.
 * Checking and consuming are separate steps: a wrong try is committed on its own (so the count
 * survives the caller's rollback) and consumption happens inside the caller's transaction with a
 * conditional update, so a replayed or raced code is accepted once only.
 */
export function createCodesService({ db, clock, mailer }: { db: Db; clock: Clock; mailer: Mailer }) {
  async function latest(exec: Executor, purpose: CodePurpose, target: string) {
    const [row] = await exec
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    return row;
  }

  return {
    async send(purpose: CodePurpose, target: CodeTarget, texts: { subject: string; body: (code: string) => string }) {
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
        await mailer.send(tx, {
          channel: target.channel,
          recipient: target.address,
          subject: texts.subject,
          body: texts.body(code),
        });
      });
      return { resendAfterSeconds: RESEND_AFTER_MS / 1000, expiresInSeconds: CODE_TTL_MS / 1000 };
    },

    /** Checks a code; a wrong one is counted (committed) and answered 10091. Returns the code's id. */
    async check(purpose: CodePurpose, target: string, code: string): Promise<number> {
      const row = await latest(db, purpose, target);
      if (!row || row.consumedAt) throw new AppError(ErrorCode.SendCodeFirst);
      if (row.expiresAt.getTime() <= clock.now().getTime()) throw new AppError(ErrorCode.CodeExpired);
      if (row.attempts >= MAX_CODE_ATTEMPTS) throw new AppError(ErrorCode.CodeTooManyTries);
      if (!safeEqual(row.codeHash, digest(purpose, target, code))) {
        await db
          .update(verificationCodes)
          .set({ attempts: sql`${verificationCodes.attempts} + 1` })
          .where(eq(verificationCodes.id, row.id));
        throw new AppError(ErrorCode.CodeWrong);
      }
      return row.id;
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
