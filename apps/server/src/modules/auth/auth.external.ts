/**
 * Accounts made by an outside identity (Google, an Ethereum wallet): no password until the owner
 * sets one (`repassword` type `set`), a username derived from the identity and made unique.
 */
import { type SignInOutcome, USERNAME_PATTERN } from '@openbourse/contracts/auth.ts';
import type { Language } from '@openbourse/contracts/languages.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { randomInt } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { inviteCode } from '../../lib/crypto.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UserRow, UsersService } from '../users/users.service.ts';

/** Tries before giving up on a free name (each with a wider random suffix). */
const NAME_TRIES = 8;

/**
 * A valid username (USERNAME_PATTERN: a letter, then 3–19 letters, digits or `_`) from a hint such as
 * an email's local part or a wallet address: other characters dropped, a letter put first, cut to fit.
 */
export function usernameFromHint(hint: string, fallback = 'user'): string {
  let name = hint.replace(/[^A-Za-z0-9_]/g, '');
  if (!/^[A-Za-z]/.test(name)) name = `${fallback}${name}`;
  name = name.slice(0, 14);
  while (name.length < 4) name += '_';
  return name;
}

function withSuffix(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const digits = Math.min(2 + attempt, 6);
  const suffix = String(randomInt(0, 10 ** digits)).padStart(digits, '0');
  return `${base.slice(0, 20 - suffix.length - 1)}_${suffix}`;
}

/**
 * The outcome of the sign-in that has just made its account, marked `created` (the client greets a new
 * user, not a returning one). A second-factor challenge stays as it is: a new account has none.
 */
export function madeAccount(outcome: SignInOutcome): SignInOutcome {
  return 'token' in outcome ? { ...outcome, created: true } : outcome;
}

export function createExternalAccounts(deps: { users: UsersService; clock: Clock }) {
  return {
    /**
     * Creates a password-less account in the caller's transaction. `email` must already be proved by
     * the identity (a verified Google address); a clash on it is the caller's to prevent (it looks the
     * address up first and asks the owner to link instead). A taken name gets a random suffix.
     */
    async create(
      exec: Executor,
      input: { usernameHint: string; email?: string | null; language: Language; fallbackName?: string },
    ): Promise<UserRow> {
      const base = usernameFromHint(input.usernameHint, input.fallbackName);
      for (let attempt = 0; attempt < NAME_TRIES; attempt++) {
        const username = withSuffix(base, attempt);
        if (!USERNAME_PATTERN.test(username)) continue;
        if (await deps.users.findByUsername(exec, username)) continue;
        const now = deps.clock.now();
        // ifAbsent: a name taken by a racing sign-up between the look-up and here is just another try.
        const row = await deps.users.create(
          exec,
          {
            username,
            email: input.email?.toLowerCase() ?? null,
            passwordHash: null,
            inviteCode: inviteCode(),
            language: input.language,
            createdAt: now,
            lastLoginAt: now,
          },
          { ifAbsent: true },
        );
        if (row) return row;
        // Nothing inserted: the name, or the address, was taken by a racing sign-up.
        if (input.email && (await deps.users.findByEmail(exec, input.email))) {
          throw new AppError(ErrorCode.EmailExists);
        }
      }
      throw new AppError(ErrorCode.UsernameExists);
    },
  };
}

export type ExternalAccounts = ReturnType<typeof createExternalAccounts>;
