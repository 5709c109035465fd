/**
 * The account centre's linked sign-ins: listed, and unlinked unless it is the account's only way in
 * (no password and no other sign-in). Unlinks of one account are serialised by an advisory lock on it, so two at
 * once cannot both pass the check and leave it locked out.
 */
import type { LinkedIdentities, SignInProviderId } from '@openbourse/contracts/oauth.ts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { UsersService } from '../users/users.service.ts';
import { oauthErrors } from './oauth.errors.ts';
import { oauthRepository as repo } from './oauth.repository.ts';

export function createIdentities(deps: {
  db: Db;
  users: UsersService;
  /** Other ways into an account than a password and these identities (linked wallets). None by default. */
  otherWaysIn?: (exec: Executor, userId: number) => Promise<number>;
}) {
  const { db, users } = deps;
  return {
    async list(userId: number): Promise<LinkedIdentities> {
      const [rows, user] = await Promise.all([repo.identitiesOf(db, userId), users.byId(db, userId)]);
      return {
        hasPassword: user.passwordHash !== null,
        identities: rows.map((r) => ({
          id: r.id,
          provider: r.provider as SignInProviderId,
          email: r.email,
          createdAt: r.createdAt.toISOString(),
          lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
        })),
      };
    },

    async unlink(userId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        // One account's changes to its ways in queue here (the wallet sign-in takes the same lock).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signin-ways:${userId}`}))`);
        const user = await users.byId(tx, userId);
        const mine = await repo.identitiesOf(tx, userId);
        if (!mine.some((r) => r.id === id)) throw oauthErrors.identityNotFound();
        const others = mine.length - 1 + ((await deps.otherWaysIn?.(tx, userId)) ?? 0);
        if (!user.passwordHash && others === 0) throw oauthErrors.lastWayIn();
        if (!(await repo.deleteIdentity(tx, userId, id))) throw oauthErrors.identityNotFound();
      });
    },

    /** How many identities sign in to the account (the wallets' unlink counts them as ways in). */
    async count(exec: Executor, userId: number): Promise<number> {
      return repo.countOf(exec, userId);
    },
  };
}

export type Identities = ReturnType<typeof createIdentities>;
