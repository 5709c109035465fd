import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
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
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Loan products, defined by operators in the admin console (audited): the amount range, the terms
 * offered, the daily rate, the interest-free days, how many loans a user may have at once, and the
 * amount from which a verified identity is required ("0": every loan).
 */
export const loanProducts = pgTable(
  'loan_products',
  {
    id: serial('id').primaryKey(),
    /** Name per language code ({ en: '…', ar: '…' }); en always present. */
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    currency: text('currency').notNull(),
    minAmount: amount('min_amount').notNull(),
    maxAmount: amount('max_amount').notNull(),
    termDays: integer('term_days').array().notNull(),
    /** Share of the principal per day after the free days (e.g. 0.0005). */
    dailyRate: numeric('daily_rate', { precision: 12, scale: 8 }).notNull(),
    freeDays: integer('free_days').notNull(),
    maxActive: integer('max_active').notNull(),
    kycFrom: amount('kyc_from').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('loan_products_amounts', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount} and ${t.kycFrom} >= 0`),
    check('loan_products_rate', sql`${t.dailyRate} >= 0 and ${t.dailyRate} < 1`),
    check('loan_products_days', sql`${t.freeDays} >= 0 and ${t.maxActive} >= 1 and cardinality(${t.termDays}) >= 1`),
  ],
);

/**
 * A loan, from application to repayment (spec §4): pending → rejected | repaying → repaid | expired
 * (→ repaid). The terms are copied from the product when applying, so a later edit of the product
 * never changes a signed loan. The money is in the ledger (keys `loan:<id>:…`): the principal paid
 * out, each day's interest, the repayment; `accrued_days` and `interest_accrued` say how far the
 * daily accrual has gone, moved in the same transaction as each day's ledger entry.
 */
export const loans = pgTable(
  'loans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the user sees: random. */
    publicId: bigint('public_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => loanProducts.id),
    currency: text('currency').notNull(),
    principal: amount('principal').notNull(),
    termDays: integer('term_days').notNull(),
    dailyRate: numeric('daily_rate', { precision: 12, scale: 8 }).notNull(),
    freeDays: integer('free_days').notNull(),
    /** principal × daily rate, rounded half up once (the same every interest-bearing day). */
    dailyInterest: amount('daily_interest').notNull(),
    /** pending | rejected | repaying | repaid | expired */
    status: text('status').notNull().default('pending'),
    signed: boolean('signed').notNull(),
    reason: text('reason'),
    appliedAt: at('applied_at').notNull(),
    decidedAt: at('decided_at'),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    drawnAt: at('drawn_at'),
    dueAt: at('due_at'),
    accruedDays: integer('accrued_days').notNull().default(0),
    interestAccrued: amount('interest_accrued').notNull().default('0'),
    repaidAt: at('repaid_at'),
    repaidAmount: amount('repaid_amount'),
  },
  (t) => [
    uniqueIndex('loans_public_uq').on(t.publicId),
    index('loans_user').on(t.userId, t.id),
    index('loans_status').on(t.status, t.id),
    check('loans_status_ck', sql`${t.status} in ('pending', 'rejected', 'repaying', 'repaid', 'expired')`),
    check('loans_principal_ck', sql`${t.principal} > 0 and ${t.interestAccrued} >= 0 and ${t.accruedDays} >= 0`),
    check(
      'loans_drawn_ck',
      sql`${t.status} in ('pending', 'rejected') or (${t.drawnAt} is not null and ${t.dueAt} is not null)`,
    ),
  ],
);

/** The signed agreement of a loan: the PDF (terms, filled template, the signature) as it was signed. */
export const loanAgreements = pgTable('loan_agreements', {
  loanId: bigint('loan_id', { mode: 'number' })
    .primaryKey()
    .references(() => loans.id),
  /** The language the user read and signed it in. */
  lang: text('lang').notNull(),
  pdf: bytea('pdf').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: at('created_at').notNull(),
});
