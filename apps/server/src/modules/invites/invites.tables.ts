import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * The one invite reward rule (row id 1), set by operators (audited): a share of each trading fee an
 * invitee pays in the real account, for `period_days` after joining, at most `cap_per_invitee` in all
 * (null: no cap), in `currency`. Disclosed on /profile/invite.
 */
export const inviteRule = pgTable(
  'invite_rule',
  {
    id: integer('id').primaryKey(),
    enabled: boolean('enabled').notNull(),
    share: numeric('share', { precision: 6, scale: 4 }).notNull(),
    periodDays: integer('period_days').notNull(),
    currency: text('currency').notNull(),
    capPerInvitee: amount('cap_per_invitee'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    check('invite_rule_one', sql`${t.id} = 1`),
    check('invite_rule_share', sql`${t.share} >= 0 and ${t.share} <= 1`),
    check('invite_rule_period', sql`${t.periodDays} > 0`),
  ],
);

/**
 * The UTC days the reward job has settled (each once, whatever the rule was then): the job's cursor,
 * so that a day missed during downtime is settled later and none twice.
 */
export const inviteRewardDays = pgTable('invite_reward_days', {
  day: text('day').primaryKey(),
  settledAt: at('settled_at').notNull(),
});

/**
 * One reward paid: an inviter's share of what one invitee paid in fees on one UTC day (the ledger
 * transfer `invite:<invitee>:<day>` pays it from the platform's fee account).
 */
export const inviteRewards = pgTable(
  'invite_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inviterId: bigint('inviter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    inviteeId: bigint('invitee_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    currency: text('currency').notNull(),
    fees: amount('fees').notNull(),
    amount: amount('amount').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('invite_rewards_invitee_day_uq').on(t.inviteeId, t.day),
    index('invite_rewards_inviter_idx').on(t.inviterId),
    check('invite_rewards_positive', sql`${t.amount} > 0`),
  ],
);

export type InviteRuleRow = typeof inviteRule.$inferSelect;
export type InviteRewardRow = typeof inviteRewards.$inferSelect;
