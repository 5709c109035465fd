import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });
const share = (name: string) => numeric(name, { precision: 12, scale: 8 });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** One term a product offers: its length in days and the share of the principal paid each day. */
export interface SmartTermRow {
  days: number;
  dailyYield: string;
}

/**
 * Smart plan products, defined by operators in the admin console (audited): names and descriptions
 * per language, the currency and amount range, the terms offered with their daily yields, how many
 * earning plans a user may hold at once (and whether only one), the early-exit penalty share.
 */
export const smartProducts = pgTable(
  'smart_products',
  {
    id: serial('id').primaryKey(),
    /** Name per language code ({ en: '…', ar: '…' }); en always present. */
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    /** What the plan does, per language code; en always present. */
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
    currency: text('currency').notNull(),
    minAmount: amount('min_amount').notNull(),
    maxAmount: amount('max_amount').notNull(),
    /** Ascending by days, one entry per length. */
    terms: jsonb('terms').$type<SmartTermRow[]>().notNull(),
    maxPlans: integer('max_plans').notNull(),
    onePerUser: boolean('one_per_user').notNull().default(false),
    /** Share of the principal kept on early exit (e.g. 0.05). */
    exitPenalty: share('exit_penalty').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('smart_products_amounts', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check('smart_products_penalty', sql`${t.exitPenalty} >= 0 and ${t.exitPenalty} < 1`),
    check('smart_products_plans', sql`${t.maxPlans} >= 1`),
  ],
);

/**
 * A smart plan a user bought (spec §4): earning → shared (the term ran its course, the principal
 * returned with the last day's yield) | exited (ended early by the user). The terms are copied from
 * the product when buying, so a later edit never changes a plan. The money is in the ledger (keys
 * `earn:<id>:…`): the principal held, the whole yield reserved from the treasury, each day's yield;
 * `paid_days` and `income` say how far the payouts have gone, moved in the same transaction as each
 * day's ledger entry. `next_payout_at` is when the job has work on the plan (null once it ended).
 */
export const smartPlans = pgTable(
  'smart_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the user sees: random. */
    publicId: bigint('public_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => smartProducts.id),
    currency: text('currency').notNull(),
    principal: amount('principal').notNull(),
    days: integer('days').notNull(),
    dailyYield: share('daily_yield').notNull(),
    /** principal × dailyYield rounded down once (the same every day). */
    dailyIncome: amount('daily_income').notNull(),
    exitPenalty: share('exit_penalty').notNull(),
    /** earning | shared | exited */
    status: text('status').notNull().default('earning'),
    paidDays: integer('paid_days').notNull().default(0),
    /** The yields paid so far. */
    income: amount('income').notNull().default('0'),
    startedAt: at('started_at').notNull(),
    nextPayoutAt: at('next_payout_at'),
    endedAt: at('ended_at'),
    /** What an early exit kept (exited only). */
    exitCost: amount('exit_cost'),
    /** The principal returned (shared: all of it; exited: less the exit cost). */
    returned: amount('returned'),
  },
  (t) => [
    uniqueIndex('smart_plans_public_uq').on(t.publicId),
    index('smart_plans_user').on(t.userId, t.id),
    index('smart_plans_user_product').on(t.userId, t.productId, t.status),
    index('smart_plans_due').on(t.status, t.nextPayoutAt),
    check('smart_plans_status_ck', sql`${t.status} in ('earning', 'shared', 'exited')`),
    check(
      'smart_plans_amounts_ck',
      sql`${t.principal} > 0 and ${t.dailyIncome} >= 0 and ${t.income} >= 0 and ${t.days} >= 1 and ${t.paidDays} >= 0 and ${t.paidDays} <= ${t.days}`,
    ),
    check(
      'smart_plans_ended_ck',
      sql`(${t.status} = 'earning') = (${t.endedAt} is null) and (${t.status} = 'earning') = (${t.nextPayoutAt} is not null)`,
    ),
  ],
);
