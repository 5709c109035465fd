import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import { sessions } from './auth.tables.ts';

export interface LoginGuardRules {
  /** Tries one client may make at one account (a success forgets them). */
  perAccountClient: LimitRule;
  /** Tries all unfamiliar clients together may make at one account (slows a distributed guess). */
  perAccount: LimitRule;
  /** A client that signed in to the account within this many days is familiar: only its own tries count. */
  familiarDays: number;
}

export const DEFAULT_LOGIN_GUARD: LoginGuardRules = {
  perAccountClient: { windowMs: 15 * 60_000, max: 5 },
  perAccount: { windowMs: 15 * 60_000, max: 20 },
  familiarDays: 90,
};

/**
 * Failed sign-ins, counted so that nobody can lock an owner out and nobody can guess in parallel.
 *
 * Every try is counted before the password is verified, in one atomic step (the shared limiter),
 * so 24 simultaneous wrong passwords get 5 verifications and 19 refusals; a success forgets the
 * client's count. The count is per account (whether the name or the email was typed) and per
 * client address: an attacker's tries lock the attacker's address out of that account, not the
 * owner. Clients the account has never signed in from also share one budget per account, so a
 * guess spread over many addresses stays slow; the owner's familiar addresses are exempt from it.
 * A window that passes forgets its tries. Unknown names are counted the same way, so a refusal
 * says nothing about whether the account exists.
 */
export function createLoginGuard(deps: { db: Db; clock: Clock; limiter: RateLimiter; rules: LoginGuardRules }) {
  const { db, clock, limiter, rules } = deps;
  const accountKey = (subject: string) => `login:${subject}`;
  const clientKey = (subject: string, ip: string) => `login:${subject}:${ip}`;

  async function familiar(userId: number | null, ip: string): Promise<boolean> {
    const since = new Date(clock.now().getTime() - rules.familiarDays * 86_400_000);
    // Run for unknown names too (user 0 has no sessions), so both take the same work.
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId ?? 0), eq(sessions.ip, ip), gt(sessions.createdAt, since)))
      .limit(1);
    return Boolean(row);
  }

  const refuse = (retryAfterMs: number) =>
    new AppError(ErrorCode.TooManyAttempts, { params: { minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)) } });

  return {
    /**
     * Counts one try by `ip` at the account (`userId`, or the typed name when there is none) and
     * answers 40015 when over a limit. Returns what to forget when the password proves right.
     */
    async admit(subject: { userId: number | null; name: string }, ip: string): Promise<string[]> {
      const who = subject.userId === null ? `n:${subject.name.toLowerCase()}` : `u${subject.userId}`;
      const mine = clientKey(who, ip);
      const own = await limiter.hit(mine, rules.perAccountClient);
      if (!own.allowed) throw refuse(own.retryAfterMs);
      if (await familiar(subject.userId, ip)) return [mine];
      const all = await limiter.hit(accountKey(who), rules.perAccount);
      if (!all.allowed) throw refuse(all.retryAfterMs);
      return [mine, accountKey(who)];
    },

    async forget(keys: string[]) {
      await limiter.reset(...keys);
    },

    /** A password reset proves the owner: every client's count at the account starts again. */
    async forgetAccount(userId: number) {
      await limiter.resetPrefix(`login:u${userId}:`);
      await limiter.reset(accountKey(`u${userId}`));
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
