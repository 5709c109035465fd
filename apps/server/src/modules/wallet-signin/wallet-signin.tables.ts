import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * One-time nonces of Sign-In with Ethereum messages. A nonce is consumed (`used_at` set) by one
 * conditional UPDATE, so a replayed or raced message is accepted once. A `link` nonce belongs to the
 * signed-in account that asked for it; a `signin` nonce to nobody. Expired rows are swept.
 */
export const walletSignInNonces = pgTable(
  'wallet_signin_nonces',
  {
    nonce: text('nonce').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    index('wallet_signin_nonces_expires_idx').on(t.expiresAt),
    check(
      'wallet_signin_nonces_purpose_ck',
      sql`${t.purpose} in ('signin', 'link') and (${t.purpose} = 'signin') = (${t.userId} is null)`,
    ),
  ],
);

/** Wallets that sign in to an account: one account per address (EIP-55 checksummed). */
export const userWallets = pgTable(
  'user_wallets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    /** The chain named by the message that first proved the wallet. */
    chainId: integer('chain_id').notNull(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [uniqueIndex('user_wallets_address_uq').on(t.address), index('user_wallets_user_idx').on(t.userId)],
);
