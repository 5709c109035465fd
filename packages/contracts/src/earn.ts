import { z } from 'zod';
import { paged, pageQueryFields } from './paging.ts';

/**
 * Smart trading plans (spec §1 smart plans, §2 /trading, §3 smart trading plan, §4 smart plan states,
 * §5 investment and smart amounts, §6, §7 order/buySmart, order/listSmartOrder, §8 10010–10013, 10024,
 * 80001, §9 early exit; DESIGN §4 "Smart plans"). Operators define fixed-term products; a user invests
 * an amount for one of the product's terms from the real account; the principal is held in the ledger;
 * once a day the job runner pays the day's yield from the platform's earn treasury; at maturity the
 * principal is released ("profit shared"); an early exit releases the principal less the product's
 * disclosed penalty share, and the yields already paid are kept.
 *
 * "AI" is the product's name, not a claim: a plan pays the stated daily yield on the principal, from
 * the treasury, whatever the markets do. Every figure comes from `planTerms` (@openbourse/money,
 * packages/money/src/earn.ts), the same function on the page's calculator and on the server.
 *
 * Refusals: the demo account 40010; smart trading switched off (`smart_enabled` false) or the product
 * disabled 40058; unknown product 10010; a term the product does not offer 10012; an amount outside
 * the range (or malformed) 10013; the same product already earning when the product allows one at a
 * time 10024; the user's earning plans of the product at its maximum 80001; more than the available
 * balance 10011; the treasury unable to reserve the plan's whole yield 40059; early exit of a plan
 * that is not earning 40060; a plan that is not the user's 80005.
 */

const DECIMAL_INPUT = /^(0|[1-9]\d*)(\.\d+)?$/;
const SHARE_INPUT = /^0(\.\d{1,8})?$/;

/** The parameter switching smart trading on or off for everyone ("true"/"false", default true). */
export const SMART_ENABLED_PARAM = 'smart_enabled';

/** One term a product offers: its length and the daily yield on the principal during it. */
export const SmartTerm = z.object({
  days: z.number().int().describe('Timeframe in days'),
  dailyYield: z.string().describe('Share of the principal paid each day, e.g. "0.008" (0.8 % a day)'),
});
export type SmartTerm = z.infer<typeof SmartTerm>;

/** A smart plan product as users see it on /trading. */
export const SmartProduct = z.object({
  id: z.number().int(),
  name: z.string().describe('In the request’s language where the operator wrote one, else English'),
  description: z.string().describe('What the plan does, in the request’s language (English fallback)'),
  currency: z.string(),
  scale: z.number().int().describe('Decimals of the currency’s amounts'),
  minAmount: z.string(),
  maxAmount: z.string(),
  terms: z.array(SmartTerm).describe('Terms offered (10012 for any other)'),
  maxPlans: z.number().int().describe('Earning plans of this product a user may hold at once (80001 beyond)'),
  onePerUser: z.boolean().describe('true: one earning plan of this product at a time (10024 for a second)'),
  exitPenalty: z.string().describe('Share of the principal kept on early exit, e.g. "0.05"'),
  enabled: z.boolean().describe('false: shown, not sold (40058)'),
});
export type SmartProduct = z.infer<typeof SmartProduct>;

/** What the earn treasury holds, per currency: the yields of new plans are reserved from it. */
export const TreasuryFigure = z.object({
  currency: z.string(),
  available: z.string().describe('Free to back new plans: a plan is sold only if its whole yield fits'),
  reserved: z.string().describe('Set aside for the remaining yields of earning plans'),
});
export type TreasuryFigure = z.infer<typeof TreasuryFigure>;

export const ListSmartProductsResult = z.object({
  enabled: z.boolean().describe('Smart trading switched on (parameter smart_enabled)'),
  list: z.array(SmartProduct),
  treasury: z.array(TreasuryFigure),
});
export type ListSmartProductsResult = z.infer<typeof ListSmartProductsResult>;

export const BuySmartRequest = z.object({
  productId: z.coerce.number({ error: 'E10010' }).int({ error: 'E10010' }).positive({ error: 'E10010' }),
  days: z.coerce.number({ error: 'E10012' }).int({ error: 'E10012' }).positive({ error: 'E10012' }),
  amount: z
    .string({ error: 'E10013' })
    .trim()
    .min(1, { error: 'E10013' })
    .max(40, { error: 'E10013' })
    .regex(DECIMAL_INPUT, { error: 'E10013' })
    .describe('The principal: within the product’s range, at most the currency’s decimals (10013)'),
});
export type BuySmartRequest = z.input<typeof BuySmartRequest>;

export const SMART_STATUSES = ['earning', 'shared', 'exited'] as const;
export const SmartStatus = z
  .enum(SMART_STATUSES, { error: 'E40001' })
  .describe(
    'earning: paid daily; shared: profit shared, the term ran its course and the principal was returned; exited: ended early by the user (the spec’s "expired"), principal less the penalty returned',
  );
export type SmartStatus = z.infer<typeof SmartStatus>;

export const SmartPlan = z.object({
  id: z.number().int().describe('Public id (random)'),
  productId: z.number().int(),
  productName: z.string(),
  currency: z.string(),
  amount: z.string().describe('The principal'),
  days: z.number().int().describe('The term'),
  dailyYield: z.string(),
  dailyIncome: z.string().describe('Paid each day: amount × dailyYield, rounded down to the currency’s scale'),
  totalIncome: z.string().describe('dailyIncome × days: what the whole term pays'),
  exitPenalty: z.string().describe('The product’s penalty share when bought'),
  status: SmartStatus,
  paidDays: z.number().int().describe('Profit-sharing days: days paid so far'),
  income: z.string().describe('Cumulative income: the yields paid so far'),
  expectedToday: z.string().describe('What the next payout brings (0 once ended)'),
  nextEarningAt: z.number().int().nullable().describe('Epoch ms of the next payout (null once ended)'),
  startedAt: z.number().int().describe('Epoch ms; day k is paid at startedAt + k × 24 h'),
  maturesAt: z.number().int().describe('startedAt + days × 24 h: the last payout and the principal’s return'),
  endedAt: z.number().int().nullable(),
  exitCost: z
    .string()
    .describe('Earning: what exiting now keeps (amount × exitPenalty, rounded down); exited: what it kept'),
  exitReturn: z.string().describe('Earning: what exiting now returns (amount − exitCost); ended: what was returned'),
});
export type SmartPlan = z.infer<typeof SmartPlan>;

export const ListSmartOrderQuery = z.object({
  status: SmartStatus.optional(),
  ...pageQueryFields,
});
export type ListSmartOrderQuery = z.input<typeof ListSmartOrderQuery>;
export const ListSmartOrderResult = paged(SmartPlan);
export type ListSmartOrderResult = z.infer<typeof ListSmartOrderResult>;

export const ExitSmartRequest = z.object({
  id: z.coerce.number({ error: 'E80005' }).int({ error: 'E80005' }).positive({ error: 'E80005' }),
});
export type ExitSmartRequest = z.input<typeof ExitSmartRequest>;

// ------------------------------------------------------------------ the back office (admin API)

const AdminDecimal = z.string({ error: 'E40001' }).max(40, { error: 'E40001' }).regex(DECIMAL_INPUT, {
  error: 'E40001',
});
const Names = z
  .record(z.string().regex(/^[a-z]{2}$/, { error: 'E40001' }), z.string().trim().min(1).max(400))
  .refine((n) => Boolean(n.en), { error: 'E40001' });

export const AdminSmartProduct = SmartProduct.extend({
  names: z.record(z.string(), z.string()).describe('Name per language code; en required'),
  descriptions: z.record(z.string(), z.string()).describe('Description per language code; en required'),
  sort: z.number().int(),
  earning: z.number().int().describe('Plans earning now'),
  reserved: z.string().describe('Yields still to pay on its earning plans'),
});
export type AdminSmartProduct = z.infer<typeof AdminSmartProduct>;

export const AdminSmartProductInput = z.object({
  names: Names,
  descriptions: Names,
  currency: z.string({ error: 'E40001' }).regex(/^[A-Z0-9]{2,12}$/, { error: 'E40001' }),
  minAmount: AdminDecimal,
  maxAmount: AdminDecimal,
  terms: z
    .array(
      z.object({
        days: z.number({ error: 'E40001' }).int({ error: 'E40001' }).min(1, { error: 'E40001' }).max(3650),
        dailyYield: z.string({ error: 'E40001' }).regex(SHARE_INPUT, { error: 'E40001' }),
      }),
    )
    .min(1, { error: 'E40001' })
    .max(12, { error: 'E40001' }),
  maxPlans: z.number({ error: 'E40001' }).int({ error: 'E40001' }).min(1, { error: 'E40001' }).max(100),
  onePerUser: z.boolean({ error: 'E40001' }),
  exitPenalty: z.string({ error: 'E40001' }).regex(SHARE_INPUT, { error: 'E40001' }),
  enabled: z.boolean({ error: 'E40001' }),
  sort: z.number({ error: 'E40001' }).int({ error: 'E40001' }).min(0).max(10_000).default(0),
});
export type AdminSmartProductInput = z.input<typeof AdminSmartProductInput>;

export const AdminSmartProductsResult = z.object({ list: z.array(AdminSmartProduct) });
export type AdminSmartProductsResult = z.infer<typeof AdminSmartProductsResult>;

/** The earn treasury's figures per currency, with what its earning plans will still draw. */
export const AdminTreasuryResult = z.object({
  list: z.array(
    TreasuryFigure.extend({
      paidToday: z.string().describe('Yields paid since 00:00 UTC'),
      earningPlans: z.number().int(),
      principalHeld: z.string().describe('Principal of earning plans, held in users’ locked accounts'),
    }),
  ),
});
export type AdminTreasuryResult = z.infer<typeof AdminTreasuryResult>;

/** Moves house money (platform treasury) into the earn treasury; audited `earnTreasury.fund`. */
export const AdminTreasuryFundInput = z.object({
  currency: z.string({ error: 'E40001' }).regex(/^[A-Z0-9]{2,12}$/, { error: 'E40001' }),
  amount: AdminDecimal,
  memo: z.string().trim().min(3).max(200),
});
export type AdminTreasuryFundInput = z.input<typeof AdminTreasuryFundInput>;
