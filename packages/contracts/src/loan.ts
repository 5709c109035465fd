import { z } from 'zod';
import { paged, pageQueryFields } from './paging.ts';

/**
 * Loans (spec §1 loans, §2 /loan, §3 loan, §4 loan states, §7 user/loan, user/listLoanRecord,
 * user/approveBack, §8 10022, 10023, 80002, 80003, 80005–80007, 90001–90008). Operators define the
 * products; a user borrows under a product after identity verification (KYC) where the product asks
 * for it, signing the agreement; a reviewer approves (the principal is paid from the platform's loan
 * account) or rejects; interest accrues daily after the interest-free days; the user repays.
 * Amounts are decimal strings at the currency's scale; every figure comes from `loanTerms`
 * (@openbourse/money), the same function on both sides.
 */

const DECIMAL_INPUT = /^(0|[1-9]\d*)(\.\d+)?$/;
const RATE_INPUT = /^0(\.\d{1,8})?$/;

/** A loan product as users see it on /loan. */
export const LoanProduct = z.object({
  id: z.number().int(),
  name: z.string().describe('In the request’s language where the operator wrote one, else English'),
  currency: z.string(),
  scale: z.number().int().describe('Decimals of the currency’s amounts'),
  minAmount: z.string(),
  maxAmount: z.string(),
  termDays: z.array(z.number().int()).describe('The terms offered, in days (10023 for any other)'),
  dailyRate: z.string().describe('Share of the principal per day after the free days, e.g. "0.0005"'),
  freeDays: z.number().int().describe('Days after drawing without interest'),
  maxActive: z.number().int().describe('Loans a user may have applying or in repayment at once (80003 beyond)'),
  kycFrom: z.string().describe('Loans of this amount or more need a verified identity (10022); "0": every loan'),
});
export type LoanProduct = z.infer<typeof LoanProduct>;

export const ListLoanProductsResult = z.object({ list: z.array(LoanProduct) });
export type ListLoanProductsResult = z.infer<typeof ListLoanProductsResult>;

/**
 * A PNG of the signature drawn in the box, as a data URL (at most 256 KiB). Missing or blank (no
 * ink) answers 40056 'not signed'.
 */
export const SIGNATURE_MAX_CHARS = 350_000;
export const Signature = z
  .string({ error: 'E40056' })
  .max(SIGNATURE_MAX_CHARS, { error: 'E40056' })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: 'E40056' });

export const LoanApplyRequest = z.object({
  productId: z.coerce.number({ error: 'E40001' }).int({ error: 'E40001' }).positive({ error: 'E40001' }),
  amount: z
    .string({ error: 'E40037' })
    .trim()
    .min(1, { error: 'E40037' })
    .max(40, { error: 'E40038' })
    .regex(DECIMAL_INPUT, { error: 'E40038' })
    .describe('The principal; outside the product’s range 80002'),
  termDays: z.coerce.number({ error: 'E10023' }).int({ error: 'E10023' }).positive({ error: 'E10023' }),
  signature: Signature,
  /** The box "I have read and agree" (90008); unticked is 'not signed' too. */
  agreed: z.literal(true, { error: 'E40056' }),
});
export type LoanApplyRequest = z.input<typeof LoanApplyRequest>;

export const LOAN_STATUSES = ['pending', 'rejected', 'repaying', 'repaid', 'expired'] as const;
export const LoanStatus = z
  .enum(LOAN_STATUSES, { error: 'E40001' })
  .describe(
    'pending: applying, waiting for review; rejected: with a reason; repaying: paid out, repayment in progress; repaid; expired: past maturity unpaid (overdue, still accruing)',
  );
export type LoanStatus = z.infer<typeof LoanStatus>;

export const LoanRecord = z.object({
  id: z.number().int().describe('Public id (random)'),
  productId: z.number().int(),
  productName: z.string(),
  currency: z.string(),
  principal: z.string(),
  termDays: z.number().int(),
  dailyRate: z.string(),
  freeDays: z.number().int(),
  dailyInterest: z.string(),
  totalInterest: z.string().describe('Interest due at maturity'),
  totalRepayment: z.string().describe('Principal and interest due at maturity'),
  status: LoanStatus,
  signed: z.boolean(),
  reason: z.string().nullable().describe('Why it was rejected'),
  appliedAt: z.number().int().describe('Epoch ms'),
  decidedAt: z.number().int().nullable(),
  drawnAt: z.number().int().nullable().describe('When the principal was paid'),
  dueAt: z.number().int().nullable().describe('Maturity: drawnAt + termDays days'),
  repaidAt: z.number().int().nullable(),
  accruedDays: z.number().int().describe('Days that have accrued interest so far'),
  interestAccrued: z.string().describe('Interest accrued so far (each day a ledger entry)'),
  owed: z.string().describe('What repaying now costs: principal + interest accrued; 0 once repaid'),
  repaidAmount: z.string().nullable(),
});
export type LoanRecord = z.infer<typeof LoanRecord>;

export const ListLoanRecordQuery = z.object({
  status: LoanStatus.optional(),
  ...pageQueryFields,
});
export type ListLoanRecordQuery = z.input<typeof ListLoanRecordQuery>;
export const ListLoanRecordResult = paged(LoanRecord);
export type ListLoanRecordResult = z.infer<typeof ListLoanRecordResult>;

export const ApproveBackRequest = z.object({
  id: z.coerce.number({ error: 'E80005' }).int({ error: 'E80005' }).positive({ error: 'E80005' }),
});
export type ApproveBackRequest = z.input<typeof ApproveBackRequest>;

// ------------------------------------------------------------------ the back office (admin API)

const AdminDecimal = z.string({ error: 'E40001' }).max(40, { error: 'E40001' }).regex(DECIMAL_INPUT, {
  error: 'E40001',
});

export const AdminLoanProduct = LoanProduct.extend({
  names: z.record(z.string(), z.string()).describe('Name per language code; en required'),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type AdminLoanProduct = z.infer<typeof AdminLoanProduct>;

export const AdminLoanProductInput = z.object({
  names: z
    .record(z.string().regex(/^[a-z]{2}$/, { error: 'E40001' }), z.string().trim().min(1).max(80))
    .refine((n) => Boolean(n.en), { error: 'E40001' }),
  currency: z.string({ error: 'E40001' }).regex(/^[A-Z0-9]{2,12}$/, { error: 'E40001' }),
  minAmount: AdminDecimal,
  maxAmount: AdminDecimal,
  termDays: z
    .array(z.number({ error: 'E40001' }).int({ error: 'E40001' }).min(1, { error: 'E40001' }).max(3650))
    .min(1, { error: 'E40001' })
    .max(12, { error: 'E40001' }),
  dailyRate: z.string({ error: 'E40001' }).regex(RATE_INPUT, { error: 'E40001' }),
  freeDays: z.number({ error: 'E40001' }).int({ error: 'E40001' }).min(0, { error: 'E40001' }).max(3650),
  maxActive: z.number({ error: 'E40001' }).int({ error: 'E40001' }).min(1, { error: 'E40001' }).max(100),
  kycFrom: AdminDecimal,
  enabled: z.boolean({ error: 'E40001' }),
  sort: z.number({ error: 'E40001' }).int({ error: 'E40001' }).min(0).max(10_000).default(0),
});
export type AdminLoanProductInput = z.input<typeof AdminLoanProductInput>;

export const AdminLoanProductsResult = z.object({ list: z.array(AdminLoanProduct) });
export type AdminLoanProductsResult = z.infer<typeof AdminLoanProductsResult>;

export const AdminLoan = LoanRecord.extend({
  userId: z.number().int(),
  username: z.string(),
  kycStatus: z.string(),
  decidedBy: z.string().nullable(),
});
export type AdminLoan = z.infer<typeof AdminLoan>;

export const AdminLoansQuery = z.object({ status: LoanStatus.optional(), ...pageQueryFields });
export const AdminLoansResult = paged(AdminLoan);
export type AdminLoansResult = z.infer<typeof AdminLoansResult>;

export const AdminLoanDecision = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve') }),
    z.object({
      decision: z.literal('reject'),
      reason: z.string({ error: 'E40001' }).trim().min(1, { error: 'E40001' }).max(500, { error: 'E40001' }),
    }),
  ],
  { error: 'E40001' },
);
export type AdminLoanDecision = z.infer<typeof AdminLoanDecision>;
